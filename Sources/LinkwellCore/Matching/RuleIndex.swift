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

    /// A byte trie, flattened once built: each node's children are a run of (byte, node) pairs
    /// and its rules a run of indices, so a lookup is array reads, not hashing.
    private struct Trie: Sendable {
        private var children: [[UInt8: Int]] = [[:]]
        private var nodeRules: [[Int]] = [[]]
        // The flat form, filled by `freeze`.
        private var childStart: [Int32] = []
        private var childBytes: [UInt8] = []
        private var childNodes: [Int32] = []
        private var ruleStart: [Int32] = []
        private var rules: [Int] = []

        mutating func insert(_ prefix: [UInt8], rule: Int) {
            var node = 0
            for byte in prefix {
                if let next = children[node][byte] {
                    node = next
                } else {
                    children.append([:])
                    nodeRules.append([])
                    children[node][byte] = children.count - 1
                    node = children.count - 1
                }
            }
            nodeRules[node].append(rule)
        }

        mutating func freeze() {
            for node in children.indices {
                childStart.append(Int32(childBytes.count))
                for (byte, next) in children[node].sorted(by: { $0.key < $1.key }) {
                    childBytes.append(byte)
                    childNodes.append(Int32(next))
                }
                ruleStart.append(Int32(rules.count))
                rules += nodeRules[node]
            }
            childStart.append(Int32(childBytes.count))
            ruleStart.append(Int32(rules.count))
            children = []
            nodeRules = []
        }

        func collect(along subject: some Sequence<UInt8>, into candidates: inout [Int]) {
            var node = 0
            candidates += rules[Int(ruleStart[0])..<Int(ruleStart[1])]
            for byte in subject {
                var next = -1
                for child in Int(childStart[node])..<Int(childStart[node + 1]) where childBytes[child] == byte {
                    next = Int(childNodes[child])
                    break
                }
                guard next >= 0 else { return }
                node = next
                candidates += rules[Int(ruleStart[node])..<Int(ruleStart[node + 1])]
            }
        }
    }

    private var tries: [(form: SubjectForm, trie: Trie)] = []

    /// `prefixes[i]` is rule i's form and the literal bytes every path it matches starts with.
    init(_ prefixes: [(form: SubjectForm, prefix: [UInt8])]) {
        var byForm: [SubjectForm: Trie] = [:]
        var order: [SubjectForm] = []
        for (rule, entry) in prefixes.enumerated() {
            if byForm[entry.form] == nil { order.append(entry.form) }
            byForm[entry.form, default: Trie()].insert(entry.prefix, rule: rule)
        }
        tries = order.compactMap { form in
            guard var trie = byForm[form] else { return nil }
            trie.freeze()
            return (form, trie)
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
