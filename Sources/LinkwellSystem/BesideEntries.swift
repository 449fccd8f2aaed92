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
    /// By name: a build looks an entry up, and replaces or forgets it, in constant time.
    private var byName: [String: Entry]
    package var entries: [Entry] { byName.values.sorted { $0.name < $1.name } }

    /// A build makes a handful of entries and forgets them when it is done: a list longer than
    /// this was not written by builds here (a restored CI cache can hold anything), so it is
    /// read as empty, and a leftover it would have vouched for is left for the user to remove.
    static let sizeLimit = 64 * 1024

    /// The list for the output folder `root` (empty without one, or without a cache folder).
    package init(root: String) {
        file = CacheFolder.file(for: root, suffix: "beside")
        byName = [:]
        guard let file, let bytes = CacheFolder.contents(of: file, limit: Self.sizeLimit) else { return }
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 2)
            guard fields.count == 3, let device = UInt64(String(decoding: fields[0], as: UTF8.self)),
                let inode = UInt64(String(decoding: fields[1], as: UTF8.self))
            else { continue }
            let name = String(decoding: fields[2], as: UTF8.self)
            byName[name] = Entry(name: name, device: device, inode: inode)
        }
    }

    /// Whether the entry `info` describes (an `lstat` of `name` beside the folder) is the one a
    /// build here made under that name.
    package func made(_ name: String, _ info: stat) -> Bool {
        byName[name].map { $0.device == UInt64(info.st_dev) && $0.inode == UInt64(info.st_ino) } ?? false
    }

    /// Notes that a build made `name` beside the folder, as `info` describes it; written before
    /// the build relies on it (false when it cannot be: then a killed build's entry cannot be
    /// proved, and the next build asks the user to remove it).
    @discardableResult
    package mutating func remember(_ made: [(name: String, info: stat)]) -> Bool {
        for (name, info) in made {
            byName[name] = Entry(name: name, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }
        return save()
    }

    /// Notes that `names` are gone.
    package mutating func forget(_ names: [String]) {
        let before = byName.count
        for name in names { byName[name] = nil }
        if byName.count != before { save() }
    }

    @discardableResult
    private func save() -> Bool {
        guard let file else { return false }
        if byName.isEmpty { return unlink(file) == 0 || errno == ENOENT }
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

    /// The regular file `file` (never through a link), whole when it holds at most `limit`
    /// bytes; nil when it is missing, larger or not a regular file.
    package static func contents(of file: String, limit: Int) -> [UInt8]? {
        guard let folder = Folder(path: PathText.folder(of: file)) else { return nil }
        return folder.contents(of: PathText.lastComponent(of: file), limit: limit)
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
