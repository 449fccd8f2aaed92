/// The file-level half of a diff: which built files appear, disappear or change, and by how
/// many lines (a binary file by its bytes).
enum FileChanges {
    static func between(_ base: [OutputFile], _ head: [OutputFile]) -> [ManifestDiff.FileChange] {
        let before = Dictionary(base.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(head.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        var changes: [ManifestDiff.FileChange] = []
        for path in Set(before.keys).union(after.keys).sorted() {
            // A binary file (a font) is counted in bytes: its "lines" are noise.
            if [before[path], after[path]].compactMap({ $0 }).contains(where: isBinary), before[path] != after[path] {
                let kind: OutputChange.Kind = before[path] == nil ? .added : after[path] == nil ? .removed : .changed
                changes.append(
                    .init(
                        path: path, kind: kind, addedLines: 0, removedLines: 0,
                        bytes: (before[path]?.count ?? 0, after[path]?.count ?? 0)))
                continue
            }
            switch (before[path].map(text), after[path].map(text)) {
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

    /// Bytes no text holds: a NUL, or a sequence that is not UTF-8.
    static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.contains(0) || String(validating: bytes, as: UTF8.self) == nil
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

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
