import LinkwellCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an in-place build still has to do once its staged files are complete: which staging
/// folder to move in and which files to remove, beside the output as `<name>.linkwell-journal`.
/// Completing it is idempotent (a staged file that was moved is no longer in the staging folder,
/// a removed file is gone), so a build killed while completing it is completed by the next.
///
/// A journal is acted on only when a build on this machine wrote it (`BesideEntries`), and even
/// then each of its entries is checked: the staging folder is a real folder of the expected name
/// that a build here made, every path is a plain relative one, and every removal and move is done
/// from folder descriptors, never through a link. Anything else is refused before a file moves.
enum Journal {
    /// The journal's name beside the output folder `root`.
    static func name(of root: String) -> String { FileTree.split(root).name + ".linkwell-journal" }

    /// The staging folder's name, then each file to remove, each ended by a 0 byte; written to a
    /// temporary name and renamed, so the journal is whole or absent, and listed as made here
    /// under both names before it is renamed.
    /// Returns the journal's size.
    @discardableResult
    static func write(root: String, staging: String, removals: [String], in parent: Folder, beside: inout BesideEntries) throws -> Int {
        var bytes = Array(staging.utf8) + [0]
        for removal in removals {
            bytes += removal.utf8
            bytes.append(0)
        }
        let name = name(of: root)
        let temporary = name + ".new"
        let descriptor = openat(parent.descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputFolderError.system("cannot write '\(root).linkwell-journal.new'") }
        // Killed now, the build leaves it empty and unlisted (`Leftovers.isEmptyRemains`).
        SwapPause.announce("journal made")
        var info = stat()
        let written = fstat(descriptor, &info) == 0 && beside.remember([(temporary, info), (name, info)]) && writeAll(descriptor, bytes)
        close(descriptor)
        guard written, renameat(parent.descriptor, temporary, parent.descriptor, name) == 0 else {
            unlinkat(parent.descriptor, temporary, 0)
            beside.forget([temporary, name])
            throw OutputFolderError.system("cannot write '\(root).linkwell-journal'")
        }
        return bytes.count
    }

    /// Removes the journal's files, moves its staged files over the old ones, then removes the
    /// staging folder and the journal. Nothing to do without a journal; one a build here did not
    /// write, or one that names anything but files of the output and its own staging folder, is
    /// refused with what to remove.
    /// `size`: the journal's size when this build wrote it; else it is bounded by the output's.
    static func complete(root: String, in parent: Folder, beside: inout BesideEntries, size: Int? = nil, pausing: Bool = false) throws {
        let name = name(of: root)
        guard let info = parent.status(of: name) else { return }
        guard Folder.kind(of: info) == .file, beside.made(name, info) else {
            throw Leftovers.notMade([(name, info)], root: root)
        }
        let plan = try read(name, root: root, in: parent, beside: beside, size: size)
        guard let output = Folder(path: root) else { throw OutputFolderError.system("cannot open '\(root)'") }
        // Removals first: a file may give way to a folder of the same name.
        for removal in plan.removals {
            let folders = removal.dropLast()
            guard let folder = output.folder(at: folders) else {
                if errno == ENOENT { continue }
                throw crossesALink(removal, root: root)
            }
            folder.removeTree(String(removal[removal.count - 1]))
            output.removeEmptyFolders(Array(folders))
        }
        if let staged = parent.folder(plan.staging) {
            try move(staged, into: output, root: root, pausing: pausing)
        }
        if pausing { SwapPause.announce("swapped") }
        parent.removeTree(plan.staging)
        if pausing { SwapPause.announce("staging removed") }
        unlinkat(parent.descriptor, name, 0)
        beside.forget([plan.staging, name, name + ".new"])
    }

    /// The journal's staging folder and removals, each checked.
    private static func read(_ name: String, root: String, in parent: Folder, beside: BesideEntries, size: Int?) throws -> (
        staging: String, removals: [[Substring]]
    ) {
        // At most one entry a file the output holds, each a path of at most PATH_MAX bytes.
        let bound = size ?? (max(FileTree.count(root), 0) * (Int(PATH_MAX) + 1) + Int(PATH_MAX) + 1)
        guard let bytes = parent.contents(of: name, limit: bound) else {
            throw OutputFolderError(
                "'\(root).linkwell-journal' is larger than a journal of this folder can be, or cannot be read; remove it and build again")
        }
        let parts = bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast()
        let staging = parts.first.map { String(decoding: $0, as: UTF8.self) } ?? ""
        // No staging folder: the build completing this journal was killed after it had moved
        // every file and removed the folder, before it removed the journal; nothing is left to move.
        let info = parent.status(of: staging)
        let gone = info == nil && errno == ENOENT
        guard Leftovers.isStagingName(staging, of: root),
            gone || info.map({ Folder.kind(of: $0) == .folder && beside.made(staging, $0) }) == true
        else {
            throw OutputFolderError(
                "'\(root).linkwell-journal' names '\(TerminalText.escaped(staging))' as its staging folder, which is not a folder a build here made beside '\(root)'; remove the journal and build again"
            )
        }
        let removals = try parts.dropFirst().map { part in
            let path = String(decoding: part, as: UTF8.self)
            guard let components = RelativePath.components(path) else {
                throw OutputFolderError(
                    "'\(root).linkwell-journal' names '\(TerminalText.escaped(path))', which is not a path inside the folder; remove the journal and build again"
                )
            }
            return components
        }
        return (staging, removals)
    }

    /// Moves every staged file over its place in the output, folder by folder from descriptors.
    private static func move(_ staged: Folder, into output: Folder, root: String, pausing: Bool) throws {
        var files: [(path: String, kind: Folder.Kind)] = []
        // Listed first, then moved: the staging folder is not read while entries leave it.
        staged.walk { path, kind in files.append((path, kind)) }
        var announced = false
        var folders: (path: Substring, from: Folder, to: Folder)?
        for (path, kind) in files {
            guard kind == .file, let components = RelativePath.components(path) else { continue }
            let folderPath = path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
            if folders?.path != folderPath {
                guard let from = staged.folder(at: components.dropLast()) else { continue }
                guard let to = output.folder(at: components.dropLast(), creating: true) else { throw crossesALink(components, root: root) }
                folders = (folderPath, from, to)
            }
            guard let (_, from, to) = folders else { continue }
            let name = String(components[components.count - 1])
            if renameat(from.descriptor, name, to.descriptor, name) != 0 {
                // A folder where the file goes (what it held was removed above, so it goes too);
                // any other failure leaves the old file and the journal for the next build.
                guard errno == EISDIR || errno == ENOTEMPTY || errno == EEXIST, to.removeTree(name),
                    renameat(from.descriptor, name, to.descriptor, name) == 0
                else { throw OutputFolderError.system("cannot move '\(TerminalText.escaped(path))' into '\(root)'") }
            }
            // For the durability suite: a moment with some files replaced and others not yet.
            if pausing, !announced {
                announced = true
                SwapPause.announce("replacing")
            }
        }
    }

    private static func crossesALink(_ components: [Substring], root: String) -> OutputFolderError {
        OutputFolderError(
            "cannot complete the build of '\(root)': the way to '\(TerminalText.escaped(components.joined(separator: "/")))' passes an entry that is not a real folder (a link?); a build never writes through a link: remove it and build again"
        )
    }
}
