import LinkwellCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An output folder opened once, so that each of its files is opened relative to it: the kernel
/// then walks the file's own path, not the folder's again (`check` opens every page). `root`
/// is opened by its path where the folder cannot be.
final class FolderDescriptor: Sendable {
    let root: String
    private let descriptor: Int32

    init(_ root: String) {
        self.root = root
        descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// `open(2)` of `path` (relative to the folder); `mode` for a file it creates.
    func openFile(_ path: String, _ flags: Int32, mode: mode_t = 0) -> Int32 {
        descriptor >= 0 ? openat(descriptor, path, flags, mode) : open(root + "/" + path, flags, mode)
    }

    /// The folder `path` (relative to this one), opened a component at a time without following
    /// a link: a link in place of a folder of the output never leads a read or a write outside
    /// it. -1 and `errno` (`ELOOP` or `ENOTDIR` for a link) where a component cannot be opened.
    func openFolder(_ path: String) -> Int32 {
        let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        var current = descriptor >= 0 ? dup(descriptor) : open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        for component in path.split(separator: "/") where current >= 0 {
            let next = openat(current, String(component), flags)
            let error = errno
            close(current)
            errno = error
            current = next
        }
        return current
    }
}

/// The folders of a few files opened relative to the output (or staging) folder, so that each
/// file is opened relative to its own folder: the kernel then looks up one name, not every
/// folder of the path again (a page's host folder and type folder were two of its three lookups;
/// a staged page's path named the staging folder's own folders too). Item pages alternate
/// between a pair's hosts, so the last four folders are kept. Not for sharing between threads:
/// each comparing batch, and each writing lane, has its own.
final class FolderDescriptorCache {
    private let folder: FolderDescriptor
    /// A folder's path, its descriptor, and why it could not be opened (`errno`) where it is -1.
    private var recent: [(path: [UInt8], descriptor: Int32, error: Int32)] = []

    init(_ folder: FolderDescriptor) { self.folder = folder }

    deinit { for entry in recent where entry.descriptor >= 0 { close(entry.descriptor) } }

    /// `open(2)` of `path` (relative to the output folder) with `flags` (and `mode`, for a file
    /// it creates); -1 and `errno` as it sets them, or as opening the file's folder did.
    func openFile(_ path: String, _ flags: Int32, mode: mode_t = 0) -> Int32 {
        var text = path
        let (descriptor, error, slash) = text.withUTF8 { bytes -> (Int32, Int32, Int?) in
            var slash = bytes.count - 1
            while slash > 0, bytes[slash] != UInt8(ascii: "/") { slash -= 1 }
            guard slash > 0 else { return (-1, 0, nil) }
            let parent = UnsafeBufferPointer(rebasing: bytes[..<slash])
            // By index: `first(where:)` copied each entry out (a retain of its path).
            for index in recent.indices where recent[index].path.withUnsafeBufferPointer({ $0.sameBytes(as: parent) }) {
                return (recent[index].descriptor, recent[index].error, slash)
            }
            let descriptor = folder.openFolder(String(decoding: parent, as: UTF8.self))
            let error = descriptor < 0 ? errno : 0
            recent.insert((Array(parent), descriptor, error), at: 0)
            if recent.count > 4, let oldest = recent.popLast(), oldest.descriptor >= 0 { close(oldest.descriptor) }
            return (descriptor, error, slash)
        }
        guard let slash else { return folder.openFile(path, flags, mode: mode) }
        guard descriptor >= 0 else {
            errno = error
            return -1
        }
        // The name is the rest of the path: its C string from past the last slash.
        return path.withCString { openat(descriptor, $0 + slash + 1, flags, mode) }
    }
}
