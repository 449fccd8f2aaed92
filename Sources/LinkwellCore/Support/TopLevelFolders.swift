/// The top-level folders of the paths seen so far — a site's hosts, a few — each found by
/// comparing bytes: an item build's bookkeeping per page (its host's page count, its writer's
/// lane) made a string of the folder and hashed it for every page.
package struct TopLevelFolders: Sendable {
    private var names: [[UInt8]] = []

    package init() {}

    /// The number of `path`'s top-level folder (the empty name for a path without `/`), in the
    /// order folders were first seen.
    package mutating func number(of path: String) -> Int {
        var path = path
        return path.withUTF8 { bytes in
            let folder = UnsafeBufferPointer(rebasing: bytes[..<(bytes.firstIndex(of: UInt8(ascii: "/")) ?? 0)])
            if let known = names.firstIndex(where: { $0.withUnsafeBufferPointer { $0.sameBytes(as: folder) } }) { return known }
            names.append(Array(folder))
            return names.count - 1
        }
    }

    package func name(_ number: Int) -> String { String(decoding: names[number], as: UTF8.self) }
}
