import LinkwellCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder a project's files are read from, and the only place they may come from.
///
/// Git stores symbolic links, so a pull request can commit `Templates/x.mustache -> ~/.ssh/id`:
/// a build that opened project files by path would copy the key into a published page. Every
/// project file is therefore reached from the project's root one name at a time (`openat` with
/// `O_NOFOLLOW`), and a link is resolved here, by its text, against the names walked so far:
/// one that leads inside the project is followed, one that leads out (an absolute path elsewhere,
/// or `..` above the root) is refused, naming the link and where it points. Nothing is opened
/// by a path string the kernel would resolve past the root.
///
/// The root is the git work tree that holds the manifest's folder (so a monorepo's sites can
/// share templates), or that folder itself.
package struct ProjectFolder: Sendable {
    /// The root, as the kernel resolved it when the project was found.
    package let root: String
    /// The manifest's folder, as names below the root.
    package let manifestFolder: [String]

    /// A link chain longer than this is refused, as the kernel refuses one (`ELOOP`).
    static let linkLimit = 40

    package init(root: String, manifestFolder: [String]) {
        self.root = root
        self.manifestFolder = manifestFolder
    }

    /// The project of the manifest at `manifestPath` (a path the user typed: the only one the
    /// kernel resolves as it likes); nil when its folder does not exist.
    package init?(manifestPath: String) {
        let folder = PathText.folder(of: manifestPath)
        guard let real = Self.realPath(folder.isEmpty ? "." : folder) else { return nil }
        let top = Self.workTree(holding: real) ?? real
        let below = real == top ? "" : String(real.dropFirst(top == "/" ? 1 : top.count + 1))
        self.init(root: top, manifestFolder: below.split(separator: "/").map(String.init))
    }

    /// Opens the regular file at `path` (relative to the manifest's folder) for reading: the
    /// descriptor (the caller closes it), or why not in words.
    package func openFile(_ path: String) -> Result<Int32, UnreadableFile> {
        walk(path, folder: false).flatMap { descriptor in
            var info = stat()
            guard fstat(descriptor, &info) == 0 else {
                let reason = RegularFile.reason(errno)
                close(descriptor)
                return .failure(UnreadableFile(reason))
            }
            if let kind = RegularFile.kind(info.st_mode) {
                close(descriptor)
                return .failure(UnreadableFile(kind))
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            return .success(descriptor)
        }
    }

    /// Opens the folder at `path` (relative to the manifest's folder).
    package func openFolder(_ path: String) -> Result<Int32, UnreadableFile> {
        walk(path, folder: true)
    }

    /// The walk from the root: `names` are the names below the root still to open, `depth` the
    /// descriptors of the folders entered so far (the root first).
    private func walk(_ path: String, folder: Bool) -> Result<Int32, UnreadableFile> {
        let rootDescriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootDescriptor >= 0 else { return .failure(UnreadableFile("cannot open the project folder '\(root)'")) }
        var entered: [(descriptor: Int32, name: String)] = [(rootDescriptor, "")]
        defer { for folder in entered { close(folder.descriptor) } }
        var names = ArraySlice(manifestFolder + Self.components(path))
        var links = 0
        while let name = names.first {
            names = names.dropFirst()
            if name == ".." {
                guard entered.count > 1 else { return .failure(.outside(path, root: root)) }
                close(entered.removeLast().descriptor)
                continue
            }
            let last = names.isEmpty
            let flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | (last && !folder ? O_NONBLOCK : O_DIRECTORY)
            let here = entered[entered.count - 1].descriptor
            let descriptor = openat(here, name, flags)
            if descriptor >= 0 {
                if last { return .success(descriptor) }
                entered.append((descriptor, name))
                continue
            }
            let failure = errno
            guard failure == ELOOP || failure == ENOTDIR || failure == EMLINK, let target = Self.linkText(in: here, name) else {
                return .failure(
                    UnreadableFile(
                        failure == ENOTDIR ? (last ? "it is not a folder" : "a folder on its path is a file") : RegularFile.reason(failure))
                )
            }
            links += 1
            let link = (entered.dropFirst().map(\.name) + [name]).joined(separator: "/")
            guard links <= Self.linkLimit else { return .failure(UnreadableFile("too many symbolic links on its path")) }
            if target.hasPrefix("/") {
                guard let inside = Self.below(root, target) else { return .failure(.link(link, to: target, root: root)) }
                for folder in entered.dropFirst() { close(folder.descriptor) }
                entered.removeSubrange(1...)
                names = ArraySlice(inside + names)
            } else {
                // The target's `..` climbs from the link's own folder; above the root is outside.
                guard Self.settles(Self.components(target), below: entered.count - 1) else {
                    return .failure(.link(link, to: target, root: root))
                }
                names = ArraySlice(Self.components(target) + names)
            }
        }
        // The path named the root itself, or a folder already entered.
        guard folder else { return .failure(UnreadableFile("it is a folder")) }
        return .success(dup(entered[entered.count - 1].descriptor))
    }

    /// Whether a relative link's names, walked from `depth` folders below the root, never
    /// climb above it (a `..` after a name is taken back by that name).
    private static func settles(_ names: [String], below depth: Int) -> Bool {
        var level = depth
        for name in names {
            level += name == ".." ? -1 : 1
            if level < 0 { return false }
        }
        return true
    }

    /// A path's names, without empty ones and `.`.
    static func components(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init).filter { $0 != "." }
    }

    /// The names of `path` below `root`, or nil when it is not below it.
    static func below(_ root: String, _ path: String) -> [String]? {
        let names = components(path)
        let rootNames = components(root)
        guard !names.contains(".."), names.count >= rootNames.count, Array(names.prefix(rootNames.count)) == rootNames else { return nil }
        return Array(names.dropFirst(rootNames.count))
    }

    /// The text of the link `name` in a folder, or nil when it is not a link.
    private static func linkText(in folder: Int32, _ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlinkat(folder, name, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The nearest folder at or above `folder` that holds `.git` (a work tree, a linked worktree
    /// or a submodule).
    private static func workTree(holding folder: String) -> String? {
        var candidate = folder
        while true {
            var info = stat()
            if lstat(candidate == "/" ? "/.git" : candidate + "/.git", &info) == 0 { return candidate }
            guard candidate != "/" else { return nil }
            let parent = PathText.folder(of: candidate)
            candidate = parent.isEmpty ? "/" : parent
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension UnreadableFile {
    /// A link in the project that leads outside it.
    static func link(_ link: String, to target: String, root: String) -> UnreadableFile {
        UnreadableFile(
            "'\(TerminalText.escaped(link))' is a link to '\(TerminalText.escaped(target))', outside the project folder '\(TerminalText.escaped(root))'; "
                + "Linkwell reads project files only from inside the project (a link committed to a repository can point anywhere on the machine that builds it)",
            isLinkOutside: true)
    }

    /// A path whose `..` climbs above the project's root.
    static func outside(_ path: String, root: String) -> UnreadableFile {
        UnreadableFile(
            "'\(TerminalText.escaped(path))' leads outside the project folder '\(TerminalText.escaped(root))'; "
                + "Linkwell reads project files only from inside the project", isLinkOutside: true)
    }
}
