/// Finds, for one URL, the few rules of a long list that can match it at all: every rule sits
/// in a byte trie under its path's literal start, so a lookup walks the URL's path once and
/// collects only the rules whose start it shares. The candidates are then evaluated in their
/// original order, so first-match semantics are untouched.
struct RuleIndex: Sendable {
    /// How a rule reads the path, which decides the subject its prefix is compared with.
    struct SubjectForm: Hashable, Sendable {
        /// Components trim trailing slashes; legacy paths compare the path as written.
        var trimmed: Bool
        var decoded: Bool
        var folded: Bool
    }

    private struct Trie: Sendable {
        var children: [[UInt8: Int]] = [[:]]
        var rules: [[Int]] = [[]]

        mutating func insert(_ prefix: [UInt8], rule: Int) {
            var node = 0
            for byte in prefix {
                if let next = children[node][byte] {
                    node = next
                } else {
                    children.append([:])
                    rules.append([])
                    children[node][byte] = children.count - 1
                    node = children.count - 1
                }
            }
            rules[node].append(rule)
        }

        func collect(along subject: some Sequence<UInt8>, into candidates: inout [Int]) {
            var node = 0
            candidates += rules[0]
            for byte in subject {
                guard let next = children[node][byte] else { return }
                node = next
                candidates += rules[node]
            }
        }
    }

    private var tries: [SubjectForm: Trie] = [:]

    /// `prefixes[i]` is rule i's form and the literal bytes every path it matches starts with.
    init(_ prefixes: [(form: SubjectForm, prefix: [UInt8])]) {
        for (rule, entry) in prefixes.enumerated() {
            tries[entry.form, default: Trie()].insert(entry.prefix, rule: rule)
        }
    }

    /// The rules that may match `path`, in rule order.
    func candidates(for path: String) -> [Int] {
        var candidates: [Int] = []
        for (form, trie) in tries {
            if form.decoded || form.folded {
                trie.collect(along: Self.subject(path, form), into: &candidates)
            } else {
                // The path as written (trimmed for components): walked in place, not copied.
                trie.collect(
                    along: form.trimmed ? PathMatcher.trimmingTrailingSlashes(Substring(path)).utf8 : Substring(path).utf8,
                    into: &candidates)
            }
        }
        if tries.count == 1 { return candidates.isSorted ? candidates : candidates.sorted() }
        return Array(Set(candidates)).sorted()
    }

    static func subject(_ path: String, _ form: SubjectForm) -> [UInt8] {
        var text = form.decoded ? PercentDecoding.decode(path) : path
        if form.trimmed { text = String(PathMatcher.trimmingTrailingSlashes(Substring(text))) }
        return Array((form.folded ? text.lowercased() : text).utf8)
    }
}

extension Array where Element == Int {
    fileprivate var isSorted: Bool {
        indices.dropFirst().allSatisfy { self[$0 - 1] <= self[$0] }
    }
}
