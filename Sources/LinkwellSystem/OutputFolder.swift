import Dispatch
import LinkwellCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The output folder on disk. It belongs to Linkwell: a build makes it equal to the rendered
/// files and costs about one read of the folder plus what changed: a one-row change writes that
/// row's pages, not the catalogue.
///
/// - Each produced file is first compared with the file already there. While every file is
///   equal nothing is written at all: a no-op build reads, it never writes.
/// - Changed and new files are written into a staging folder beside the output
///   (`<name>.linkwell-new-<pid>`); the output is not touched while the build renders, so a
///   failed build, or one killed then, leaves the old output whole.
/// - Then a journal beside the output (`<name>.linkwell-journal`, written to a temporary name
///   and renamed into place) names the staging folder and the files to remove, and the build
///   removes those files and renames each staged file over its old one. Every file is whole at
///   every moment (a rename replaces it in one step), and a build killed while it replaces files
///   leaves the journal: the next build (its first step) completes the replacement, and `check`
///   says it is unfinished. The journal goes last.
/// - A folder that does not exist yet is staged whole and renamed into place.
/// - Builds of one folder take a lock. A killed build's journal and staging folder are completed
///   or removed by the next build only when a build on this machine made them (`Leftovers`,
///   `BesideEntries`); any other entry named like one stops the build before anything changes.
///   Everything below and beside the folder is reached from folder descriptors without
///   following a link (`Folder`).
///
/// Files arrive one at a time (item pages are streamed). New files are created by
/// `StagedFileWriter`'s threads while the next ones are produced: a few small batches wait at a
/// time, and every one is written (or the build fails) before the staging folder is used.
package struct OutputFolder {
    /// Hands each produced file to the folder; throwing stops the build.
    package typealias Producer = (_ emit: (OutputFile) throws -> Void) throws -> Void

    package let path: String

    package init(path: String) { self.path = path }

    /// What a build would add, change or remove, in path order. Memory holds 8 bytes a file
    /// (its path's hash) besides the changes: whether anything was removed is exact from the
    /// counts (every produced file that exists is one of the folder's), and only then are the
    /// folder's files looked up by hash to name them. `counting`: the folder's files, counted
    /// since the caller started it (`startCounting`), else from now on.
    package func changes(counting: FileTree.Counting? = nil, produce: Producer) throws -> (changes: [OutputChange], count: Int) {
        let root = try resolvedRoot()
        var changes: [OutputChange] = []
        var produced: Set<UInt64> = []
        var count = 0
        var existed = 0
        let reader = FileReader()
        let folders = FolderDescriptorCache(FolderDescriptor(root))
        let counting = counting ?? FileTree.Counting(root)
        try produce { file in
            count += 1
            produced.insert(BuildRecord.hash(file.path))
            let onDisk: OutputFile.OnDisk =
                if file.provedUnchanged { .same } else { file.onDisk ?? reader.compare(file.path, in: folders, with: file.bytes) }
            switch onDisk {
            case .missing: changes.append(OutputChange(kind: .added, path: file.path))
            case .different:
                existed += 1
                changes.append(OutputChange(kind: .changed, path: file.path))
            case .same: existed += 1
            }
        }
        let tally = counting.tally
        let existing = tally.files
        // An entry that is not a regular file is never what a build writes, so it is drift
        // whatever was read through it, and listed whatever the counts say: a link in place of
        // a page folder, through which its pages read the same (and are counted as there).
        var special: Set<String> = []
        for path in tally.special {
            special.insert(path)
            if !produced.contains(BuildRecord.hash(path)) {
                changes.append(OutputChange(kind: .removed, path: path))
            } else if !changes.contains(where: { $0.path == path }) {
                changes.append(OutputChange(kind: .changed, path: path))
            }
        }
        let unlisted = existing - existed - changes.count { $0.kind == .removed }
        if unlisted > 0 {
            let removed = FileTree.paths(root, notIn: produced).filter { !special.contains($0) }
            changes += removed.map { OutputChange(kind: .removed, path: $0) }
            // Two paths with one hash could hide a removed file from the list, never from the count.
            if removed.count < unlisted {
                changes.append(OutputChange(kind: .removed, path: "(\(unlisted - removed.count) more)"))
            }
        }
        return (changes.sorted { $0.path < $1.path }, count)
    }

    /// The folder's files, counted on a thread of their own from now on, for `changes`: a
    /// caller that reads the manifest first starts it before (one core is otherwise idle then).
    /// Nil when the folder's path cannot be resolved (`changes` says why).
    package func startCounting() -> FileTree.Counting? {
        (try? resolvedRoot()).map(FileTree.Counting.init)
    }

    /// Compares produced files with their copies in the folder and says so in each file
    /// (`OutputFile.onDisk`), on whichever thread calls it: `changes` then does not read them
    /// again. Files proved unchanged are left as they are. For `ItemBuild.run`'s `inspect`, so
    /// the folder is read on every core that renders: a batch of pages at a time, with one
    /// reader, each page opened relative to its own folder (`FolderDescriptorCache`).
    /// Only for files `changes` then takes (each file's bytes are let go once compared).
    package func comparer() throws -> @Sendable (inout [OutputFile]) -> Void {
        let folder = FolderDescriptor(try resolvedRoot())
        return { files in
            let reader = FileReader()
            let subfolders = FolderDescriptorCache(folder)
            for index in files.indices where !files[index].provedUnchanged {
                files[index].onDisk = reader.compare(files[index].path, in: subfolders, with: files[index].bytes)
                // `changes` takes the answer and never reads the bytes again: they are freed
                // here, on the thread that allocated them, not by the thread that emits the batch.
                files[index].bytes = []
            }
        }
    }

    /// How many files a build added, changed and removed: counts, not lists, so that a build of
    /// many item pages holds nothing per file beyond its path.
    package struct Summary {
        package var added = 0
        package var changed = 0
        package var removed = 0
        package var isEmpty: Bool { added + changed + removed == 0 }
    }

    /// Makes the folder equal what `produce` emits (see the type's comment for how).
    /// `finish` runs once the folder is as produced, while the build still holds the folder's lock: the
    /// build record is written there (after the lock, another build could replace a page
    /// before the record reads its identity, and the record would vouch for that build's bytes).
    package func replace(produce: Producer, finish: (Summary) -> Void = { _ in }) throws -> (
        summary: Summary, count: Int
    ) {
        let root = try resolvedRoot()
        try refuseMountPoint(root)
        let lock = try FolderLock(beside: root)
        defer { lock.release() }
        var beside = BesideEntries(root: root)
        try Leftovers.clear(root: root, in: lock.parent, beside: &beside)
        let stagingName = Leftovers.stagingName(of: root, pid: getpid())
        let staging = FileTree.split(root).parent + "/" + stagingName
        var writer = StagingWriter(root: root, staging: staging, parent: lock.parent, beside: beside)
        let counting = writer.inPlace ? FileTree.Counting(root) : nil
        var journalSize: Int?
        do {
            if !writer.inPlace { try writer.startStaging() }
            try produce({ file in try writer.add(file) })
            try writer.finishWriting()
            if let counting { try refuseLinkedFolders(counting.tally.special.filter { !writer.produces($0) }, in: root) }
            let existing = counting?.value ?? -1
            writer.summary.removed = max(existing, 0) - writer.existed
            if writer.summary.isEmpty, existing >= 0 {
                finish(writer.summary)
                return (writer.summary, writer.count)
            }
            try writer.startStaging()
            SwapPause.announce("staged")
            if writer.inPlace {
                journalSize = try Journal.write(
                    root: root, staging: stagingName, removals: try writer.removals(existing: existing), in: lock.parent,
                    beside: &writer.beside)
            } else {
                // No output folder yet (the lock is held): the staging folder becomes it.
                let name = FileTree.split(root).name
                guard renameat(lock.parent.descriptor, stagingName, lock.parent.descriptor, name) == 0 else {
                    throw OutputFolderError.system("cannot move '\(staging)' to '\(root)'")
                }
                writer.beside.forget([stagingName])
            }
        } catch {
            // No file may still be on its way into the folder being removed.
            try? writer.finishWriting()
            lock.parent.removeTree(stagingName)
            writer.beside.forget([stagingName])
            throw error
        }
        if writer.inPlace {
            try Journal.complete(root: root, in: lock.parent, beside: &writer.beside, size: journalSize, pausing: true)
        } else {
            SwapPause.announce("swapped")
        }
        finish(writer.summary)
        return (writer.summary, writer.count)
    }

    /// A link to a folder inside the output where a build writes no file of its own (found by the
    /// walk among the entries that are not regular files): the files a build compares through it
    /// read the same, so they are neither written nor counted as missing, and a build that
    /// removed the link would lose them. Said before anything changes, for the user to remove;
    /// `check` lists it as drift. (A link where a build writes a file is replaced by that file.)
    private func refuseLinkedFolders(_ special: [String], in root: String) throws {
        for entry in special {
            var info = stat()
            guard stat(root + "/" + entry, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            throw OutputFolderError(
                "'\(TerminalText.escaped(entry))' in '\(path)' is a link to a folder: a build writes only files and folders of its own, and would write through it; remove the link and build again"
            )
        }
    }

    /// What `check` fails on even when every file matches: a killed build's journal or leftover
    /// beside the folder, or an entry named like one that no build here made (`Leftovers`).
    package func besideProblems() -> [String] {
        guard let root = try? resolvedRoot() else { return [] }
        return Leftovers.problems(root: root)
    }

    /// The folder's real path; refuses a path that is a file, and a relative path through a
    /// symbolic link. A relative path names a folder of the project, where a pull request can
    /// commit a link in place of the output (`Output -> ..`): followed, a build would make the
    /// folder it names equal to the rendered files, removing everything else in it. An absolute
    /// path is the user's own choice, and its links are followed.
    package func resolvedRoot() throws -> String {
        try refuseLinkedPath()
        var info = stat()
        guard stat(path, &info) == 0 else {
            guard errno == ENOENT else { throw OutputFolderError.system("cannot use '\(path)'") }
            return Self.absolute(path)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw OutputFolderError("'\(path)' exists and is not a folder") }
        guard let real = realpath(path, nil) else { return Self.absolute(path) }
        defer { free(real) }
        return String(cString: real)
    }

    private func refuseLinkedPath() throws {
        guard !path.hasPrefix("/") else { return }
        var partial = ""
        for component in path.split(separator: "/") where component != "." {
            partial += (partial.isEmpty ? "" : "/") + component
            var info = stat()
            guard lstat(partial, &info) == 0 else { return }
            guard info.st_mode & S_IFMT != S_IFLNK else {
                throw OutputFolderError(
                    "'\(partial)' is a symbolic link: Linkwell builds only into a real folder of the project, so that a link committed in its place cannot send a build elsewhere; to build into the folder it names, give its absolute path (--output /path/to/folder)"
                )
            }
        }
    }

    /// The build stages beside the folder and renames files (or, for a new folder, the folder)
    /// into place, which cannot be done to a mount point (a bind mount, a volume): said before
    /// anything is written, with what to do, rather than as the kernel's "invalid cross-device
    /// link" or "device or resource busy".
    private func refuseMountPoint(_ root: String) throws {
        var folder = stat()
        var parent = stat()
        guard stat(root, &folder) == 0, stat(root + "/..", &parent) == 0, folder.st_dev != parent.st_dev else { return }
        throw OutputFolderError(
            "'\(path)' is a mount point (another file system than the folder that holds it): a build stages files beside the folder and moves them in, which cannot be done across file systems; mount the folder above it instead, or build into a folder inside it (--output '\(path)/site')"
        )
    }

    private static func absolute(_ path: String) -> String {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed.hasPrefix("/") { return trimmed }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return trimmed }
        let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return directory + "/" + (trimmed == "." ? "" : trimmed)
    }
}

package struct OutputFolderError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }

    package static func system(_ what: String) -> OutputFolderError {
        OutputFolderError("\(what): \(String(cString: strerror(errno)).lowercased())")
    }
}
