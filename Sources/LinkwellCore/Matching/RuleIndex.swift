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

    /// A rule's place in the index: the form it reads paths in, and the literal bytes every path
    /// it matches starts with, in that form.
    struct Entry: Sendable {
        var form: SubjectForm
        var prefix: [UInt8]

        /// A rule without a path pattern: every path is a candidate.
        static let anyPath = Entry(form: SubjectForm(trimmed: false, decoded: false, folded: false), prefix: [])
    }

    /// One path in each form rules read it, made when first needed: what a lookup without the
    /// index compares each rule's start with. A rule is a candidate exactly when the index would
    /// collect it.
    struct Subjects {
        private let path: String
        private var made: [(form: SubjectForm, bytes: [UInt8])] = []

        init(_ path: String) {
            self.path = path
        }

        /// Whether the path, in the entry's form, starts with the entry's prefix.
        mutating func startWith(_ entry: Entry) -> Bool {
            guard !entry.prefix.isEmpty else { return true }
            if let known = made.first(where: { $0.form == entry.form }) { return known.bytes.starts(with: entry.prefix) }
            let bytes = RuleIndex.subject(path, entry.form)
            made.append((entry.form, bytes))
            return bytes.starts(with: entry.prefix)
        }
    }

    /// A byte trie as it is built: each node's children and each node's rules are linked lists
    /// (first, next), so inserting allocates nothing per node or rule; then flattened for lookups.
    private struct TrieBuilder {
        var byte: [UInt8] = [0]
        var firstChild: [Int32] = [-1]
        var nextSibling: [Int32] = [-1]
        /// A node's rules, in the order inserted: `ruleEntries[firstRule[node]]`, then on by
        /// `nextRule`.
        var firstRule: [Int32] = [-1]
        var lastRule: [Int32] = [-1]
        var ruleEntries: [Int] = []
        var nextRule: [Int32] = []

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
                    firstRule.append(-1)
                    lastRule.append(-1)
                    firstChild[node] = Int32(child)
                }
                node = child
            }
            let entry = Int32(ruleEntries.count)
            ruleEntries.append(rule)
            nextRule.append(-1)
            if lastRule[node] >= 0 { nextRule[Int(lastRule[node])] = entry } else { firstRule[node] = entry }
            lastRule[node] = entry
        }

        func hasRules(_ node: Int) -> Bool { firstRule[node] >= 0 }

        /// Appends a node's rules to `list`, in the order inserted.
        func appendRules(of node: Int, to list: inout [Int]) {
            var entry = Int(firstRule[node])
            while entry >= 0 {
                list.append(ruleEntries[entry])
                entry = Int(nextRule[entry])
            }
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

    /// The trie for lookups, immutable (a class, so a lookup retains it once): chains of nodes
    /// with one child and no rule are merged into one edge with a label of several bytes, and
    /// each node's fields sit together, so a walk reads a few nodes, not one per byte.
    private final class Trie: Sendable {
        struct Node {
            /// This node's children: `childBytes`/`childNodes[childStart..<childStart + childCount]`,
            /// by the first byte of their label.
            var childStart: Int32 = 0
            var childCount: Int32 = 0
            /// `rules[ruleStart..<ruleStart + ruleCount]`: the rules whose prefix ends here.
            var ruleStart: Int32 = 0
            var ruleCount: Int32 = 0
            /// The edge into this node: `labels[labelStart..<labelStart + labelCount]`.
            var labelStart: Int32 = 0
            var labelCount: Int32 = 0
            /// With many children, a table of 256 next nodes (-1: none) at `tables[table...]`,
            /// so the byte is one read, not a scan; -1 for the others.
            var table: Int32 = -1
        }

        private let nodes: [Node]
        private let childBytes: [UInt8]
        private let childNodes: [Int32]
        private let rules: [Int]
        private let labels: [UInt8]
        private let tables: [Int32]

        /// Fewer children than this are scanned.
        private static let tableThreshold = 5

        init(_ builder: TrieBuilder) {
            var nodes = [Node()]
            var childBytes: [UInt8] = []
            var childNodes: [Int32] = []
            var rules: [Int] = []
            var labels: [UInt8] = []
            var tables: [Int32] = []
            var children: [(byte: UInt8, node: Int)] = []
            var chain: [(byte: UInt8, node: Int)] = []
            // Breadth first: a node's children are appended together, so they are one run.
            var pending = [(built: 0, node: 0)]
            var next = 0
            while next < pending.count {
                let (built, node) = pending[next]
                next += 1
                nodes[node].ruleStart = Int32(rules.count)
                builder.appendRules(of: built, to: &rules)
                nodes[node].ruleCount = Int32(rules.count) - nodes[node].ruleStart
                builder.children(of: built, into: &children)
                nodes[node].childStart = Int32(childBytes.count)
                nodes[node].childCount = Int32(children.count)
                if children.count >= Self.tableThreshold {
                    nodes[node].table = Int32(tables.count)
                    tables += repeatElement(-1, count: 256)
                }
                for (byte, child) in children {
                    // Follow the chain while it has one way on and nothing to collect.
                    var end = child
                    let labelStart = labels.count
                    labels.append(byte)
                    while !builder.hasRules(end) {
                        builder.children(of: end, into: &chain)
                        guard chain.count == 1 else { break }
                        labels.append(chain[0].byte)
                        end = chain[0].node
                    }
                    var merged = Node()
                    merged.labelStart = Int32(labelStart)
                    merged.labelCount = Int32(labels.count - labelStart)
                    let index = nodes.count
                    nodes.append(merged)
                    childBytes.append(byte)
                    childNodes.append(Int32(index))
                    if nodes[node].table >= 0 { tables[Int(nodes[node].table) + Int(byte)] = Int32(index) }
                    pending.append((end, index))
                }
            }
            (self.nodes, self.childBytes, self.childNodes, self.rules, self.labels, self.tables) =
                (nodes, childBytes, childNodes, rules, labels, tables)
        }

        /// Appends the rules of every node along `subject`, ASCII letters lower-cased first
        /// when `foldingASCII`. Over the arrays' storage: checked indexing was most of the walk.
        func collect(along subject: UnsafeBufferPointer<UInt8>, foldingASCII: Bool, into candidates: inout [Int]) {
            func byte(_ index: Int) -> UInt8 {
                foldingASCII ? subject[index].asciiLowercased : subject[index]
            }
            nodes.withUnsafeBufferPointer { nodes in
                childBytes.withUnsafeBufferPointer { childBytes in
                    childNodes.withUnsafeBufferPointer { childNodes in
                        rules.withUnsafeBufferPointer { rules in
                            labels.withUnsafeBufferPointer { labels in
                                tables.withUnsafeBufferPointer { tables in
                                    var node = nodes[0]
                                    var position = 0
                                    while true {
                                        for rule in Int(node.ruleStart)..<Int(node.ruleStart + node.ruleCount) {
                                            candidates.append(rules[rule])
                                        }
                                        guard position < subject.count else { return }
                                        let first = byte(position)
                                        var next = -1
                                        if node.table >= 0 {
                                            next = Int(tables[Int(node.table) + Int(first)])
                                        } else {
                                            for child in Int(node.childStart)..<Int(node.childStart + node.childCount)
                                            where childBytes[child] == first {
                                                next = Int(childNodes[child])
                                                break
                                            }
                                        }
                                        guard next >= 0 else { return }
                                        node = nodes[next]
                                        // The label's first byte is the one just found; the rest must follow.
                                        let count = Int(node.labelCount)
                                        guard position + count <= subject.count else { return }
                                        for offset in 1..<count where byte(position + offset) != labels[Int(node.labelStart) + offset] {
                                            return
                                        }
                                        position += count
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

    /// `entries[i]` is rule i's.
    init(_ entries: [Entry]) {
        // In the order forms first appear. There are at most eight forms, so finding a rule's is
        // a short scan, not a hash per rule.
        var builders: [(form: SubjectForm, builder: TrieBuilder)] = []
        for (rule, entry) in entries.enumerated() {
            if let known = builders.firstIndex(where: { $0.form == entry.form }) {
                builders[known].builder.insert(entry.prefix, rule: rule)
            } else {
                var builder = TrieBuilder()
                builder.insert(entry.prefix, rule: rule)
                builders.append((entry.form, builder))
            }
        }
        tries = builders.map { ($0.form, Trie($0.builder)) }
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
