import Dispatch
import LinkwellCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walks, counts and removes trees with `opendir`/`readdir` (file types from the directory
/// entries, no `stat` per file, but where the file system gives none).
package enum FileTree {
    /// Everything below `root` that is not a folder; -1 when `root` does not exist.
    package static func count(_ root: String) -> Int {
        tally(root).files
    }

    /// What `count` walks: how many entries below the root are not folders (-1 when the root
    /// does not exist), and the paths (relative to it) of those that are not regular files
    /// either — links, FIFOs, devices, sockets: never what a build writes.
    package struct Tally: Sendable {
        package var files = 0
        package var special: [String] = []
    }

    package static func tally(_ root: String) -> Tally {
        guard let folder = Folder(path: root) else { return Tally(files: -1) }
        var tally = Tally()
        countFiles(in: folder, prefix: "", into: &tally)
        return tally
    }

    /// `count(root)`, taken on a thread of its own from now on, for a caller that leaves `root`
    /// as it is meanwhile (`check` reads it; a build stages beside it): the walk runs while the
    /// pages render instead of alone after them, with one core busy. `value` waits for it.
    package final class Counting: Sendable {
        private let result = Mutex<Tally?>(nil)
        private let done = DispatchSemaphore(value: 0)

        package init(_ root: String) {
            DispatchQueue(label: "linkwell.count").async { [self] in
                let tally = FileTree.tally(root)
                result.withLock { $0 = tally }
                done.signal()
            }
        }

        package var value: Int { tally.files }

        /// The walk's whole answer (`FileTree.tally`).
        package var tally: Tally {
            if let known = result.withLock({ $0 }) { return known }
            done.wait()
            done.signal()
            return result.withLock { $0 } ?? Tally(files: -1)
        }
    }

    /// The walk of `tally`. `prefix`: the folder's path relative to the root, `/`-ended. Each
    /// folder below is opened from its parent's descriptor without following a link.
    private static func countFiles(in folder: Folder, prefix: String, into tally: inout Tally) {
        folder.forEachEntry { name, kind in
            // A folder replaced by a link since it was listed is an entry that is not a folder.
            if kind == .folder, let inner = folder.folder(name) {
                return countFiles(in: inner, prefix: prefix + name + "/", into: &tally)
            }
            tally.files += 1
            if kind != .file { tally.special.append(prefix + name) }
        }
    }

    /// Calls `visit` with everything below `root` that is not a folder (files, and the links or
    /// FIFOs a build never writes), `/`-separated and relative to it, with each one's `lstat`
    /// taken relative to its folder (one name to look up, not the whole path: a build record
    /// takes one for every page). `prefix` goes before each path (the folder's own, when it is
    /// one part of a tree walked in parts). Folders are entered from their parent's descriptor,
    /// never through a link.
    package static func forEachFile(_ root: Folder, prefix: String = "", _ visit: (String, stat) -> Void) {
        forEachFile(in: root, prefix: prefix, visit)
    }

    private static func forEachFile(in folder: Folder, prefix: String, _ visit: (String, stat) -> Void) {
        folder.forEachEntry { name, kind in
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            if kind == .folder {
                if let inner = folder.folder(name) { forEachFile(in: inner, prefix: relative, visit) }
            } else if let info = folder.status(of: name) {
                visit(relative, info)
            }
        }
    }

    /// The names of the real folders directly in `root`, in the directory's order.
    package static func folders(in root: Folder) -> [String] {
        root.entries().filter { $0.kind == .folder }.map(\.name)
    }

    /// The files below `root` whose paths' hashes (`BuildRecord.hash`) are not in `produced`:
    /// what a build did not write.
    package static func paths(_ root: String, notIn produced: Set<UInt64>) -> [String] {
        var found: [String] = []
        Folder(path: root)?.walk { path, _ in
            if !produced.contains(BuildRecord.hash(path)) { found.append(path) }
        }
        return found
    }

    /// Creates `path` (`/`-separated, below `base`) and the folders above it that are missing.
    package static func makeFolders(_ path: String, in base: String = "") throws {
        var partial = base
        for component in path.split(separator: "/") {
            partial += "/" + component
            guard mkdir(partial, 0o755) == 0 || errno == EEXIST else { throw OutputFolderError.system("cannot create '\(partial)'") }
        }
    }

    /// An absolute path's folder and last component.
    package static func split(_ path: String) -> (parent: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let parent = String(path[..<slash])
        return (parent.isEmpty ? "/" : parent, String(path[path.index(after: slash)...]))
    }
}
