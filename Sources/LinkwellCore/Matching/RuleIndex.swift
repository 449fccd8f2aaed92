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

    /// A byte trie as it is built: each node's children a linked list (first child, next
    /// sibling), so inserting allocates nothing per node; then flattened for lookups.
    private struct TrieBuilder {
        var byte: [UInt8] = [0]
        var firstChild: [Int32] = [-1]
        var nextSibling: [Int32] = [-1]
        var nodeRules: [[Int]] = [[]]

        mutating func insert(_ prefix: [UInt8], rule: Int) {
            var node = 0
            for wanted in prefix {
                var child = Int(firstChild[node])
                while child >= 0, byte[child] != wanted { child = Int(nextSibling[child]) }
                if child < 0 {
                    child = byte.count
                    byte.append(wanted)
                    firstChild.append(-1)
                    nextSibling.append(firstChild[node])
                    nodeRules.append([])
                    firstChild[node] = Int32(child)
                }
                node = child
            }
            nodeRules[node].append(rule)
        }

        /// A node's children as (byte, node), in byte order.
        func children(of node: Int, into list: inout [(byte: UInt8, node: Int)]) {
            list.removeAll(keepingCapacity: true)
            var child = Int(firstChild[node])
            while child >= 0 {
                list.append((byte[child], child))
                child = Int(nextSibling[child])
            }
            list.sort { $0.byte < $1.byte }
        }
    }

    /// The flat trie, immutable: a class, so a lookup retains it once, not each of its arrays.
    private final class Trie: Sendable {
        /// Per node `n`: its children are `childBytes[childStart[n]..<childStart[n + 1]]` with
        /// the nodes in `childNodes`, its rules `rules[ruleStart[n]..<ruleStart[n + 1]]`. A node
        /// with many children (a rule list's `/`, or `/u1` over `/u10`…`/u19`) also has a table
        /// of 256 next nodes (-1: none) at `tables[tableStart[n]...]`, so its byte is one read,
        /// not a scan; `tableStart[n]` is -1 for the others.
        private let childStart: [Int32]
        private let childBytes: [UInt8]
        private let childNodes: [Int32]
        private let ruleStart: [Int32]
        private let rules: [Int]
        private let tableStart: [Int32]
        private let tables: [Int32]

        /// Fewer children than this are scanned.
        private static let tableThreshold = 5

        init(_ builder: TrieBuilder) {
            var childStart: [Int32] = []
            var childBytes: [UInt8] = []
            var childNodes: [Int32] = []
            var ruleStart: [Int32] = []
            var rules: [Int] = []
            var tableStart: [Int32] = []
            var tables: [Int32] = []
            var children: [(byte: UInt8, node: Int)] = []
            for node in builder.byte.indices {
                builder.children(of: node, into: &children)
                childStart.append(Int32(childBytes.count))
                for (byte, next) in children {
                    childBytes.append(byte)
                    childNodes.append(Int32(next))
                }
                ruleStart.append(Int32(rules.count))
                rules += builder.nodeRules[node]
                if children.count >= Self.tableThreshold {
                    tableStart.append(Int32(tables.count))
                    tables += repeatElement(-1, count: 256)
                    for (byte, next) in children { tables[tables.count - 256 + Int(byte)] = Int32(next) }
                } else {
                    tableStart.append(-1)
                }
            }
            childStart.append(Int32(childBytes.count))
            ruleStart.append(Int32(rules.count))
            (self.childStart, self.childBytes, self.childNodes, self.ruleStart, self.rules, self.tableStart, self.tables) =
                (childStart, childBytes, childNodes, ruleStart, rules, tableStart, tables)
        }

        /// Appends the rules of every node along `subject`, ASCII letters lower-cased first
        /// when `foldingASCII`. Over the arrays' storage: checked indexing was most of the walk.
        func collect(along subject: UnsafeBufferPointer<UInt8>, foldingASCII: Bool, into candidates: inout [Int]) {
            childStart.withUnsafeBufferPointer { childStart in
                childBytes.withUnsafeBufferPointer { childBytes in
                    childNodes.withUnsafeBufferPointer { childNodes in
                        ruleStart.withUnsafeBufferPointer { ruleStart in
                            rules.withUnsafeBufferPointer { rules in
                                tableStart.withUnsafeBufferPointer { tableStart in
                                    tables.withUnsafeBufferPointer { tables in
                                        var node = 0
                                        for rule in Int(ruleStart[0])..<Int(ruleStart[1]) { candidates.append(rules[rule]) }
                                        for written in subject {
                                            let byte = foldingASCII && written >= 0x41 && written <= 0x5A ? written + 0x20 : written
                                            var next = -1
                                            if tableStart[node] >= 0 {
                                                next = Int(tables[Int(tableStart[node]) + Int(byte)])
                                            } else {
                                                for child in Int(childStart[node])..<Int(childStart[node + 1])
                                                where childBytes[child] == byte {
                                                    next = Int(childNodes[child])
                                                    break
                                                }
                                            }
                                            guard next >= 0 else { return }
                                            node = next
                                            for rule in Int(ruleStart[node])..<Int(ruleStart[node + 1]) { candidates.append(rules[rule]) }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private let tries: [(form: SubjectForm, trie: Trie)]

    /// `prefixes[i]` is rule i's form and the literal bytes every path it matches starts with.
    init(_ prefixes: [(form: SubjectForm, prefix: [UInt8])]) {
        var byForm: [SubjectForm: TrieBuilder] = [:]
        var order: [SubjectForm] = []
        for (rule, entry) in prefixes.enumerated() {
            if byForm[entry.form] == nil { order.append(entry.form) }
            byForm[entry.form, default: TrieBuilder()].insert(entry.prefix, rule: rule)
        }
        tries = order.compactMap { form in byForm[form].map { (form, Trie($0)) } }
    }

    /// The rules that may match `path`, in rule order.
    func candidates(for path: String) -> [Int] {
        var candidates: [Int] = []
        for (form, trie) in tries {
            // The path as written (trimmed for components) is walked in place, not copied; so is
            // an ASCII path to fold, as folding ASCII is lower-casing it byte by byte. Decoding,
            // or folding beyond ASCII (where `lowercased()` may change lengths), makes a subject.
            var written = form.trimmed ? PathMatcher.trimmingTrailingSlashes(Substring(path)) : Substring(path)
            let walked =
                !form.decoded
                && written.withUTF8 { bytes in
                    guard !form.folded || bytes.allSatisfy({ $0 < 0x80 }) else { return false }
                    trie.collect(along: bytes, foldingASCII: form.folded, into: &candidates)
                    return true
                }
            if !walked {
                Self.subject(path, form).withUnsafeBufferPointer { trie.collect(along: $0, foldingASCII: false, into: &candidates) }
            }
        }
        if !candidates.isSorted { candidates.sort() }
        // A rule sits in one trie only, so the lists never share an index: no duplicates.
        return candidates
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
