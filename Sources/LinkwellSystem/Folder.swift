import LinkwellCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder opened by descriptor, and everything below it reached from there one name at a time
/// without following a symbolic link (`openat` with `O_NOFOLLOW`, `unlinkat`, `renameat`).
///
/// Anything inside or beside the output folder may have come from a pull request: a link named
/// like a folder of the output, or like a leftover of a killed build, must never lead a build to
/// read, remove or rename a file outside the output. A path string handed to the kernel follows
/// every link on its way; a walk from a descriptor this process opened cannot.
package final class Folder: Sendable {
    package let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// A folder this process opened some other way (`ProjectFolder`); the folder closes it.
    package static func adopting(_ descriptor: Int32) -> Folder { Folder(descriptor: descriptor) }

    deinit { close(descriptor) }

    /// The folder at `path`, which the user named (the output folder, or the one that holds it):
    /// the only path followed as the kernel resolves it.
    package convenience init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.init(descriptor: descriptor)
    }

    /// The folder `name` directly in this one; nil (and `errno`) when it is missing, is not a
    /// folder, or is a link (`ELOOP` or `ENOTDIR`).
    package func folder(_ name: String) -> Folder? {
        let descriptor = openat(self.descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        return descriptor >= 0 ? Folder(descriptor: descriptor) : nil
    }

    /// The folder `components` below this one, each opened without following a link; with
    /// `creating`, a missing one is made. Nil (and `errno`) where one is missing or is not a real
    /// folder.
    package func folder(at components: some Collection<Substring>, creating: Bool = false) -> Folder? {
        var current = self
        for component in components {
            let name = String(component)
            if let next = current.folder(name) {
                current = next
                continue
            }
            guard creating, errno == ENOENT, mkdirat(current.descriptor, name, 0o755) == 0 || errno == EEXIST,
                let made = current.folder(name)
            else { return nil }
            current = made
        }
        return current
    }

    /// What a directory entry is, from the entry itself (an `lstat` only where the file system
    /// does not say): a link is never a folder here.
    package enum Kind: Equatable, Sendable {
        case folder
        case file
        /// A symbolic link, FIFO, device or socket: never what a build writes.
        case special
    }

    /// The entries of the folder but `.` and `..`, in the directory's order.
    package func entries() -> [(name: String, kind: Kind)] {
        var entries: [(name: String, kind: Kind)] = []
        forEachEntry { name, kind in entries.append((name, kind)) }
        return entries
    }

    /// Each entry of the folder but `.` and `..`; the name is handed as bytes, so a caller that
    /// keeps few names makes few strings.
    package func forEachEntry(_ body: (String, Kind) -> Void) {
        let copy = dup(descriptor)
        guard copy >= 0 else { return }
        guard let directory = fdopendir(copy) else {
            close(copy)
            return
        }
        defer { closedir(directory) }
        rewinddir(directory)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let kind: Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): kind = .folder
            case Int32(DT_REG): kind = .file
            case Int32(DT_UNKNOWN):
                guard let info = status(of: name) else { continue }
                kind = Self.kind(of: info)
            default: kind = .special
            }
            body(name, kind)
        }
    }

    /// The `lstat` of `name` in this folder (a link's own, never its target's).
    package func status(of name: String) -> stat? {
        var info = stat()
        return fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    }

    package static func kind(of info: stat) -> Kind {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: .folder
        case S_IFREG: .file
        default: .special
        }
    }

    /// Removes the entry `name` and, if it is a real folder, everything in it; a link is removed
    /// itself, never followed. What is already gone is not an error; false when something stays.
    @discardableResult
    package func removeTree(_ name: String) -> Bool {
        if unlinkat(descriptor, name, 0) == 0 || errno == ENOENT { return true }
        // Linux says EISDIR for a folder, POSIX allows EPERM.
        guard errno == EISDIR || errno == EPERM, let inner = folder(name) else { return false }
        var whole = true
        for (entry, _) in inner.entries() where !inner.removeTree(entry) { whole = false }
        return unlinkat(descriptor, name, AT_REMOVEDIR) == 0 && whole
    }

    /// Removes the empty folders `components` names below this one, deepest first, stopping at
    /// the first that is not empty (or is not a folder).
    package func removeEmptyFolders(_ components: [Substring]) {
        var depth = components.count
        while depth > 0 {
            guard let parent = folder(at: components.prefix(depth - 1)),
                unlinkat(parent.descriptor, String(components[depth - 1]), AT_REMOVEDIR) == 0
            else { return }
            depth -= 1
        }
    }

    /// Every entry below this folder that is not a folder, `/`-separated and relative to it,
    /// with its kind; folders are entered only when they are real folders.
    package func walk(prefix: String = "", _ visit: (String, Kind) -> Void) {
        forEachEntry { name, kind in
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            if kind == .folder {
                folder(name)?.walk(prefix: relative, visit)
            } else {
                visit(relative, kind)
            }
        }
    }
}

/// A `/`-separated path below a folder, as a build's journal or a produced file names it: never
/// absolute, never empty, no `.` or `..` component, no empty component.
package enum RelativePath {
    /// The path's components, or nil when it is not a plain relative path.
    package static func components(_ path: String) -> [Substring]? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return nil }
        return components
    }
}

extension Folder {
    /// The regular file `name` in this folder, read whole if it is at most `limit` bytes; nil
    /// for a link, a FIFO, a device, a larger file or one that cannot be read.
    package func contents(of name: String, limit: Int) -> [UInt8]? {
        let descriptor = openat(self.descriptor, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, Folder.kind(of: info) == .file, info.st_size <= off_t(limit) else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let start = buffer.baseAddress else { return 0 }
                return read(descriptor, start + total, buffer.count - total)
            }
            guard count > 0 else { return nil }
            total += count
        }
        return bytes
    }
}
