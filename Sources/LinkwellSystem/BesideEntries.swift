import LinkwellCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What builds on this machine made beside an output folder and have not removed yet (a staging
/// folder, a journal), each with the device and inode it was made with: the proof that an entry
/// named like a leftover of a killed build is one. It is kept where the build record is, outside
/// the project (`CacheFolder`), so nothing a pull request commits can forge it: a committed
/// `Output.linkwell-journal` or `Output.linkwell-old-1` is in no list here, and a build refuses
/// to act on it rather than trust its name.
///
/// One line an entry: device, inode and name, separated by spaces. Read and written only under
/// the folder's lock (`FolderLock`).
package struct BesideEntries {
    package struct Entry: Equatable {
        package var name: String
        package var device: UInt64
        package var inode: UInt64
    }

    private let file: String?
    package private(set) var entries: [Entry]

    /// The list for the output folder `root` (empty without one, or without a cache folder).
    package init(root: String) {
        file = CacheFolder.file(for: root, suffix: "beside")
        guard let file, case .success(let bytes) = RegularFile.bytes(file) else {
            entries = []
            return
        }
        entries = bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 2)
            guard fields.count == 3, let device = UInt64(String(decoding: fields[0], as: UTF8.self)),
                let inode = UInt64(String(decoding: fields[1], as: UTF8.self))
            else { return nil }
            return Entry(name: String(decoding: fields[2], as: UTF8.self), device: device, inode: inode)
        }
    }

    /// Whether the entry `info` describes (an `lstat` of `name` beside the folder) is the one a
    /// build here made under that name.
    package func made(_ name: String, _ info: stat) -> Bool {
        entries.contains { $0.name == name && $0.device == UInt64(info.st_dev) && $0.inode == UInt64(info.st_ino) }
    }

    /// Notes that a build made `name` beside the folder, as `info` describes it; written before
    /// the build relies on it (false when it cannot be: then a killed build's entry cannot be
    /// proved, and the next build asks the user to remove it).
    @discardableResult
    package mutating func remember(_ made: [(name: String, info: stat)]) -> Bool {
        for (name, info) in made {
            entries.removeAll { $0.name == name }
            entries.append(Entry(name: name, device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
        }
        return save()
    }

    /// Notes that `names` are gone.
    package mutating func forget(_ names: [String]) {
        let before = entries.count
        entries.removeAll { names.contains($0.name) }
        if entries.count != before { save() }
    }

    @discardableResult
    private func save() -> Bool {
        guard let file else { return false }
        if entries.isEmpty { return unlink(file) == 0 || errno == ENOENT }
        let text = entries.map { "\($0.device) \($0.inode) \($0.name)\n" }.joined()
        return CacheFolder.replace(file, with: Array(text.utf8))
    }
}

/// Where Linkwell keeps what it knows of an output folder outside the project:
/// `$XDG_CACHE_HOME/linkwell`, else `~/.cache/linkwell`, one file a folder and purpose, named by
/// the hash of the folder's real path.
package enum CacheFolder {
    /// The file for `root` ending in `.suffix`; nil without a home or cache folder.
    package static func file(for root: String, suffix: String) -> String? {
        guard let base = base() else { return nil }
        let folder = base + "/linkwell"
        guard (try? FileTree.makeFolders(folder)) != nil else { return nil }
        return folder + "/" + String(BuildRecord.hash(root), radix: 16) + "." + suffix
    }

    private static func base() -> String? {
        if let cache = getenv("XDG_CACHE_HOME").map({ String(cString: $0) }), !cache.isEmpty { return cache }
        return getenv("HOME").map { String(cString: $0) + "/.cache" }
    }

    /// Writes `bytes` to a temporary file beside `file` and renames it over it: whole or absent.
    package static func replace(_ file: String, with bytes: [UInt8]) -> Bool {
        let temporary = file + ".\(getpid()).new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let written = writeAll(descriptor, bytes)
        close(descriptor)
        guard written, rename(temporary, file) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
