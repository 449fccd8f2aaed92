/// The file-level half of a diff: which built files appear, disappear or change, and by how
/// many lines.
enum FileChanges {
    static func between(_ base: [OutputFile], _ head: [OutputFile]) -> [ManifestDiff.FileChange] {
        let before = Dictionary(base.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(head.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        var changes: [ManifestDiff.FileChange] = []
        for path in Set(before.keys).union(after.keys).sorted() {
            switch (before[path], after[path]) {
            case (nil, let new?):
                changes.append(.init(path: path, kind: .added, addedLines: lines(new).count, removedLines: 0))
            case (let old?, nil):
                changes.append(.init(path: path, kind: .removed, addedLines: 0, removedLines: lines(old).count))
            case (let old?, let new?) where old != new:
                let (added, removed) = lineCounts(old, new)
                changes.append(.init(path: path, kind: .changed, addedLines: added, removedLines: removed))
            default: break
            }
        }
        return changes
    }

    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
    }

    /// Lines added and removed, counted as a multiset: a line that moved counts as neither.
    /// Cheaper than a real diff (linear), and the same figure whenever lines only appear or
    /// disappear, which is how built files change.
    static func lineCounts(_ old: String, _ new: String) -> (added: Int, removed: Int) {
        var balance: [Substring: Int] = [:]
        for line in lines(old) { balance[line, default: 0] -= 1 }
        for line in lines(new) { balance[line, default: 0] += 1 }
        return (balance.values.filter { $0 > 0 }.reduce(0, +), -balance.values.filter { $0 < 0 }.reduce(0, +))
    }
}
