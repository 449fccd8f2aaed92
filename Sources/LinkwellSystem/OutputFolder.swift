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
/// - Builds of one folder take a lock, and a build removes what an earlier killed build left
///   beside the folder (`<name>.linkwell-new-*`, `<name>.linkwell-old-*`) once any journal is
///   completed.
///
/// Files arrive one at a time (item pages are streamed). New files are created by
/// `StagedFileWriter`'s threads while the next ones are produced: a few small batches wait at a
/// time, and every one is written (or the build fails) before the staging folder is used. Into
/// a new folder, item pages are created on the cores that render them (`RenderedBatchWriter`):
/// those threads then take the other files, and any page it could not create.
package struct OutputFolder {
    /// Hands each produced file to the folder; throwing stops the build.
    package typealias Producer = (_ emit: (OutputFile) throws -> Void) throws -> Void
    /// The same, also handed what writes a batch of pages on the core that rendered it (for
    /// `ItemBuild.run`'s `inspect`), when the build is into a new folder; nil otherwise.
    package typealias BatchProducer = (
        _ emit: (OutputFile) throws -> Void, _ writeBatch: (@Sendable (inout [OutputFile]) -> Void)?
    ) throws -> Void

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
        let folders = Subfolders(FolderDescriptor(root))
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
        // whatever was read through it, and listed whatever the counts say: a page `comparer`
        // read without an `fstat` (a FIFO that gave the page's bytes), or a link in place of a
        // page folder, through which its pages read the same (and are counted as there).
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
    /// buffer, each page opened relative to its own folder (`Subfolders`).
    /// Only for files `changes` then takes (each file's bytes are let go once compared): a file
    /// is read without an `fstat` (`FileReader.compareTypesWalked`), and the walk `changes`
    /// waits for finds every entry that is not a regular file.
    package func comparer() throws -> @Sendable (inout [OutputFile]) -> Void {
        let folder = FolderDescriptor(try resolvedRoot())
        return { files in
            // Sized once for the batch's longest page and the byte past it (read by index: a key
            // path, or a map that copies each file, cost a fiftieth of a record-less `check`).
            var longest = 0
            for index in files.indices { longest = max(longest, files[index].bytes.count) }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: longest + 1, alignment: 16)
            defer { buffer.deallocate() }
            let subfolders = Subfolders(folder)
            for index in files.indices where !files[index].provedUnchanged {
                files[index].onDisk = FileReader.compareTypesWalked(
                    files[index].path, in: subfolders, with: files[index].bytes, buffer: buffer)
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
    /// A `record` draft gets every item page's entry when there is no folder yet (see
    /// `BuildRecord.Draft`); it is told so if the staging folder became the output. `finish`
    /// runs once the folder is as produced, while the build still holds the folder's lock: the
    /// build record is written there (after the lock, another build could replace a page
    /// before the record reads its identity, and the record would vouch for that build's bytes).
    package func replace(record: BuildRecord.Draft? = nil, produce: Producer, finish: (Summary) -> Void = { _ in }) throws -> (
        summary: Summary, count: Int
    ) {
        try withoutActuallyEscaping(produce) { produce in
            try replace(record: record, producingBatches: { emit, _ in try produce(emit) }, finish: finish)
        }
    }

    /// The same, for a producer that can write batches of pages where it rendered them: a build
    /// into a new folder hands it a `RenderedBatchWriter` on the staging folder.
    package func replace(
        record: BuildRecord.Draft? = nil, producingBatches produce: BatchProducer, finish: (Summary) -> Void = { _ in }
    ) throws -> (summary: Summary, count: Int) {
        let root = try resolvedRoot()
        try refuseMountPoint(root)
        let lock = try FolderLock(beside: root)
        defer { lock.release() }
        try Journal.complete(root)
        FileTree.removeLeftovers(of: root)
        let staging = root + ".linkwell-new-\(getpid())"
        var writer = StagingWriter(root: root, staging: staging, record: record)
        let counting = writer.inPlace ? FileTree.Counting(root) : nil
        var batches: RenderedBatchWriter?
        do {
            if !writer.inPlace {
                try writer.startStaging()
                batches = RenderedBatchWriter(root: root, staging: staging, record: record)
            }
            var writeBatch: (@Sendable (inout [OutputFile]) -> Void)?
            if let batches { writeBatch = { files in batches.write(&files) } }
            try produce({ file in try writer.add(file) }, writeBatch)
            batches?.close()
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
                try Journal.write(root: root, staging: staging, removals: try writer.removals(existing: existing))
            } else {
                // No output folder yet (the lock is held): the staging folder becomes it.
                guard rename(staging, root) == 0 else { throw OutputFolderError.system("cannot move '\(staging)' to '\(root)'") }
                record?.holdsEveryPage()
            }
        } catch {
            // No file may still be on its way into the folder being removed.
            batches?.close()
            try? writer.finishWriting()
            FileTree.remove(staging)
            throw error
        }
        if writer.inPlace {
            try Journal.complete(root, pausing: true)
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
                "'\(entry)' in '\(path)' is a link to a folder: a build writes only files and folders of its own, and would write through it; remove the link and build again"
            )
        }
    }

    /// Whether a build was killed while it replaced files: its journal is still beside the folder
    /// (the next build completes it first).
    package var hasUnfinishedBuild: Bool {
        guard let root = try? resolvedRoot() else { return false }
        return access(Journal.path(root), F_OK) == 0
    }

    /// The folder's real path (a symbolic link to a folder is followed, so the link stays and
    /// the folder it names is replaced); refuses a path that is a file.
    package func resolvedRoot() throws -> String {
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

/// Compares produced files with the folder in place and writes the ones that differ into the
/// staging folder (made at the first difference), as `OutputFolder` describes.
private struct StagingWriter {
    let root: String
    let staging: String
    var summary = OutputFolder.Summary()
    var count = 0
    /// Produced files that were already in the folder.
    var existed = 0
    private var staged = false
    private var folders: Set<String> = []
    /// The folders of the last few files (`prepare`), most recent first.
    private var recentFolders: [[UInt8]] = []
    private let reader = FileReader()
    /// The output folder's, for comparing each file in place.
    private let inFolder: Subfolders
    private var files: StagedFileWriter
    /// True when the output folder exists: only what differs is staged, and the journal puts it in
    /// place (see `OutputFolder`). False when there is none yet: every file is new, none is looked
    /// for, and the staging folder becomes the output.
    let inPlace: Bool
    /// In place: every produced path's hash, to find the files a build removes.
    private var produced: Set<UInt64> = []

    /// In place: whether `path` is (by its hash) one of the files produced so far.
    func produces(_ path: String) -> Bool {
        produced.contains(BuildRecord.hash(path))
    }

    init(root: String, staging: String, record: BuildRecord.Draft?) {
        self.root = root
        self.staging = staging
        inPlace = access(root, F_OK) == 0
        inFolder = Subfolders(FolderDescriptor(root))
        // In place, files move into the folder one by one, which changes their identities.
        files = StagedFileWriter(root: root, staging: staging, record: inPlace ? nil : record)
    }

    mutating func add(_ file: OutputFile) throws {
        count += 1
        if inPlace { produced.insert(BuildRecord.hash(file.path)) }
        // Created where it was rendered (a new folder's page, see `RenderedBatchWriter`).
        if file.written {
            summary.added += 1
            return
        }
        let state: OutputFile.OnDisk =
            file.provedUnchanged ? .same : inPlace ? reader.compare(file.path, in: inFolder, with: file.bytes) : .missing
        switch state {
        case .same:
            existed += 1
            return
        case .different:
            existed += 1
            summary.changed += 1
        case .missing:
            summary.added += 1
        }
        try startStaging()
        try write(file)
    }

    /// Creates the staging folder; the files that differ go there.
    mutating func startStaging() throws {
        guard !staged else { return }
        staged = true
        guard mkdir(staging, 0o755) == 0 else {
            throw OutputFolderError.system("cannot write '\(root)': cannot create a folder beside it")
        }
    }

    /// In place: the folder's files no produced path names, `existing` of them in all.
    func removals(existing: Int) throws -> [String] {
        guard existing > existed else { return [] }
        let found = FileTree.paths(root, notIn: produced)
        // Counted exactly (every produced file that exists is one of the folder's): fewer found
        // means two paths share a hash, and a file would stay that should go.
        guard found.count == existing - existed else {
            throw OutputFolderError(
                "cannot tell which files of '\(root)' to remove (two paths share a hash); remove the folder and build again")
        }
        return found
    }

    /// Hands the file to the writer, its folder made (see StagedFileWriter).
    private mutating func write(_ file: OutputFile) throws {
        try prepare(file.path)
        try files.write(file.bytes, path: file.path, fingerprint: file.fingerprint)
    }

    /// Waits for every staged file; a build calls this before it uses (or removes) the staging
    /// folder, and a failure to write is thrown here at the latest.
    mutating func finishWriting() throws {
        try files.finish()
    }

    /// Creates the folders of the file's path in staging.
    private mutating func prepare(_ path: String) throws {
        // Item pages of a host's page type share a folder: the last few are compared as bytes
        // before a string of the folder is made and looked up. The last `/` is found in the
        // bytes too (the UTF-8 view's `lastIndex` cost a fiftieth of a fresh build).
        var bytes = path
        let (length, recent) = bytes.withUTF8 { bytes -> (Int?, Bool) in
            guard let length = bytes.lastIndex(of: UInt8(ascii: "/")) else { return (nil, false) }
            let folder = UnsafeBufferPointer(rebasing: bytes[..<length])
            return (length, recentFolders.contains { $0.withUnsafeBufferPointer { $0.sameBytes(as: folder) } })
        }
        if let length {
            if recent { return }
            let folder = String(decoding: bytes.utf8.prefix(length), as: UTF8.self)
            if !folders.contains(folder) {
                try FileTree.makeFolders(folder, in: staging)
                folders.insert(folder)
            }
            recentFolders.insert(Array(folder.utf8), at: 0)
            if recentFolders.count > 4 { recentFolders.removeLast() }
        }
    }
}

/// Reads a file into one reused buffer and compares it with produced bytes: the same, different
/// (a link, a FIFO or other bytes) or missing. The buffer is memory set aside, not an array:
/// `check` reads each batch of pages into a reader of its own, and zeroing an array first cost
/// more than comparing the page.
private final class FileReader {
    private var buffer: UnsafeMutableRawBufferPointer

    init(capacity: Int = 1 << 16) { buffer = .allocate(byteCount: max(capacity, 1), alignment: 16) }

    deinit { buffer.deallocate() }

    /// `compare` for a caller that learns from a walk of the folder (`FileTree.tally`) which
    /// entries are not regular files, and counts those as different whatever this says: no
    /// `fstat` (a tenth of a record-less `check`'s system time). The file is read once into
    /// `buffer` (more than `bytes.count` long), asking for a byte more than the page: one that
    /// gives exactly the page's bytes is the page, since a regular file gives fewer bytes than
    /// asked only when no more are left (POSIX `read`; or after a signal handler ran, and this
    /// process installs none).
    static func compareTypesWalked(
        _ path: String, in folders: Subfolders, with bytes: [UInt8], buffer: UnsafeMutableRawBufferPointer
    ) -> OutputFile.OnDisk {
        precondition(buffer.count > bytes.count, "the buffer holds the page and the byte past it")
        let descriptor = folders.openFile(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ELOOP ? .different : .missing }
        defer { close(descriptor) }
        guard let start = buffer.baseAddress, read(descriptor, start, bytes.count + 1) == bytes.count else { return .different }
        let same = bytes.withUnsafeBytes { produced in
            guard let right = produced.baseAddress else { return true }
            return memcmp(start, right, produced.count) == 0
        }
        return same ? .same : .different
    }

    /// Compares the file at `path` (relative to the folder `folders` opens files in) with `bytes`.
    func compare(_ path: String, in folders: Subfolders, with bytes: [UInt8]) -> OutputFile.OnDisk {
        // Non-blocking, not through a symbolic link, and only a regular file is read: a FIFO, a
        // device or a link left in the output folder is different (and replaced), not waited on
        // or followed.
        let descriptor = folders.openFile(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ELOOP ? .different : .missing }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .different }
        // The size from the same `fstat`: another length is a difference without a read, and a
        // file of the expected length is read once (no second read to find its end).
        guard info.st_size == off_t(bytes.count) else { return .different }
        if buffer.count < bytes.count {
            buffer.deallocate()
            buffer = .allocate(byteCount: bytes.count, alignment: 16)
        }
        guard let start = buffer.baseAddress else { return .different }
        var total = 0
        while total < bytes.count {
            let count = read(descriptor, start + total, bytes.count - total)
            if count < 0 { return .different }
            if count == 0 { break }
            total += count
        }
        guard total == bytes.count else { return .different }
        let same = bytes.withUnsafeBytes { produced in
            guard let right = produced.baseAddress else { return total == 0 }
            return memcmp(start, right, total) == 0
        }
        return same ? .same : .different
    }
}

/// Walks, counts and removes trees with `opendir`/`readdir` (file types from the directory
/// entries, no `stat` per file).
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
        guard let directory = opendir(root) else { return Tally(files: -1) }
        closedir(directory)
        var tally = Tally()
        countFiles(in: root, prefix: "", into: &tally)
        return tally
    }

    /// `count(root)`, taken on a thread of its own from now on, for a caller that leaves `root`
    /// as it is meanwhile (`check` reads it; a build stages beside it): the walk runs while the
    /// pages render instead of alone after them (a tenth of a `check` without a record was that
    /// walk, one core busy). `value` waits for it.
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

    /// The walk of `tally`: names are read in place, and only folders' (and the rare special
    /// files') become strings. `prefix`: the folder's path relative to the root, `/`-ended.
    private static func countFiles(in folder: String, prefix: String, into tally: inout Tally) {
        guard let directory = opendir(folder) else { return }
        let descriptor = dirfd(directory)
        var folders: [String] = []
        while let entry = readdir(directory) {
            let kind = withUnsafeBytes(of: &entry.pointee.d_name) { name -> mode_t? in
                let dot = UInt8(ascii: ".")
                if name[0] == dot && (name[1] == 0 || (name[1] == dot && name[2] == 0)) { return nil }
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR): return S_IFDIR
                case Int32(DT_REG): return S_IFREG
                case Int32(DT_UNKNOWN):
                    var info = stat()
                    guard let base = name.baseAddress,
                        fstatat(descriptor, base.assumingMemoryBound(to: CChar.self), &info, AT_SYMLINK_NOFOLLOW) == 0
                    else { return nil }
                    return info.st_mode & S_IFMT
                default: return S_IFIFO  // a link, FIFO, device or socket: which one does not matter here
                }
            }
            guard let kind else { continue }
            func name() -> String { withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) } }
            if kind == S_IFDIR {
                folders.append(name())
                continue
            }
            tally.files += 1
            if kind != S_IFREG { tally.special.append(prefix + name()) }
        }
        closedir(directory)
        for name in folders { countFiles(in: folder + "/" + name, prefix: prefix + name + "/", into: &tally) }
    }

    /// Calls `visit` with everything below `root` that is not a folder (files, and the links or
    /// FIFOs a build never writes), `/`-separated and relative to it.
    /// With each one's `lstat`, taken relative to its folder (one name to look up, not the
    /// whole path: a build record takes one for every page). `prefix` goes before each path (the
    /// folder's own, when it is one part of a tree walked in parts).
    package static func forEachFile(_ root: String, prefix: String = "", _ visit: (String, stat) -> Void) {
        walk(root, prefix: prefix, withStatus: true, visit)
    }

    /// The names of the folders directly in `root`, in the directory's order.
    package static func folders(in root: String) -> [String] {
        var folders: [String] = []
        forEachEntry(of: root, withStatus: false) { name, isFolder, _ in
            if isFolder { folders.append(name) }
        }
        return folders
    }

    /// The files below `root` whose paths' hashes (`BuildRecord.hash`) are not in `produced`:
    /// what a build did not write.
    package static func paths(_ root: String, notIn produced: Set<UInt64>) -> [String] {
        var found: [String] = []
        walk(root, prefix: "") { path, _ in
            if !produced.contains(BuildRecord.hash(path)) { found.append(path) }
        }
        return found
    }

    /// Removes the folders above `path` (relative to `root`) that are left empty, nearest first.
    package static func removeEmptyFolders(above path: String, in root: String) {
        var folder = Substring(path)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            guard rmdir(root + "/" + folder) == 0 else { return }
        }
    }

    /// Every regular file below `root`, `/`-separated and relative to it.
    package static func paths(_ root: String) -> [String] {
        var paths: [String] = []
        walk(root, prefix: "") { path, _ in paths.append(path) }
        return paths
    }

    /// `visit` gets each entry's `lstat` when `withStatus` (else an empty one).
    private static func walk(_ folder: String, prefix: String, withStatus: Bool = false, _ visit: (String, stat) -> Void) {
        forEachEntry(of: folder, withStatus: withStatus) { name, isFolder, info in
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            if isFolder {
                walk(folder + "/" + name, prefix: relative, withStatus: withStatus, visit)
            } else {
                // Symbolic links, FIFOs and the like too: none is what a build writes, so each is drift.
                visit(relative, info)
            }
        }
    }

    /// Each entry of `folder` but `.` and `..`: its name, whether it is a folder (from the
    /// directory entry; an `lstat` only where the file system does not say), and its `lstat`
    /// when `withStatus` and it is not a folder. An entry that vanished meanwhile is skipped.
    private static func forEachEntry(of folder: String, withStatus: Bool, _ body: (String, Bool, stat) -> Void) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let type = Int32(entry.pointee.d_type)
            var info = stat()
            if type == Int32(DT_UNKNOWN) || (withStatus && type != Int32(DT_DIR)) {
                guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            }
            body(name, type == Int32(DT_DIR) || (type == Int32(DT_UNKNOWN) && info.st_mode & S_IFMT == S_IFDIR), info)
        }
    }

    /// Removes a tree, ignoring what is already gone.
    package static func remove(_ path: String) {
        guard let directory = opendir(path) else {
            unlink(path)
            return
        }
        var folders: [String] = []
        var files: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            if Int32(entry.pointee.d_type) == Int32(DT_DIR) { folders.append(name) } else { files.append(name) }
        }
        closedir(directory)
        for file in files where unlink(path + "/" + file) != 0 && errno == EISDIR { remove(path + "/" + file) }
        for folder in folders { remove(path + "/" + folder) }
        rmdir(path)
    }

    /// Staging and retired folders of `root`, and the build record's clock probe
    /// (`BuildRecord.ChangeTime.now(beside:)`), left by a build that was killed (callers hold the
    /// folder's lock, so no running build owns them).
    package static func removeLeftovers(of root: String) {
        let (parent, name) = split(root)
        guard let directory = opendir(parent) else { return }
        var leftovers: [String] = []
        // Made once: the folder that holds the output can hold many other entries.
        let (staged, old, journal) = (name + ".linkwell-new-", name + ".linkwell-old-", name + ".linkwell-journal.new")
        let probe = name + ".linkwell-clock-"
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if entryName.hasPrefix(staged) || entryName.hasPrefix(old) || entryName == journal || entryName.hasPrefix(probe) {
                leftovers.append(parent + "/" + entryName)
            }
        }
        closedir(directory)
        for leftover in leftovers { remove(leftover) }
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

/// What an in-place build still has to do once its staged files are complete: which staging
/// folder to move in and which files to remove, beside the output as `<name>.linkwell-journal`.
/// Completing it is idempotent (a staged file that was moved is no longer in the staging folder,
/// a removed file is gone), so a build killed while completing it is completed by the next.
private enum Journal {
    static func path(_ root: String) -> String { root + ".linkwell-journal" }

    /// The staging folder's name, then each file to remove, each ended by a 0 byte; written to a
    /// temporary name and renamed, so the journal is whole or absent.
    static func write(root: String, staging: String, removals: [String]) throws {
        var bytes = Array(FileTree.split(staging).name.utf8) + [0]
        for removal in removals {
            bytes += removal.utf8
            bytes.append(0)
        }
        let temporary = path(root) + ".new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputFolderError.system("cannot write '\(temporary)'") }
        let written = writeAll(descriptor, bytes)
        close(descriptor)
        guard written, rename(temporary, path(root)) == 0 else {
            unlink(temporary)
            throw OutputFolderError.system("cannot write '\(path(root))'")
        }
    }

    /// Removes the journal's files, moves its staged files over the old ones, then removes the
    /// staging folder and the journal. Nothing to do without a journal.
    static func complete(_ root: String, pausing: Bool = false) throws {
        guard access(path(root), F_OK) == 0 else { return }
        guard case .success(let bytes) = RegularFile.bytes(path(root)) else {
            throw OutputFolderError.system("cannot read '\(path(root))'")
        }
        let parts = bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast()
        guard let name = parts.first, !name.isEmpty else {
            unlink(path(root))
            return
        }
        let staging = FileTree.split(root).parent + "/" + String(decoding: name, as: UTF8.self)
        // Removals first: a file may give way to a folder of the same name.
        for removal in parts.dropFirst() {
            let relative = String(decoding: removal, as: UTF8.self)
            let target = root + "/" + relative
            if unlink(target) != 0, errno != ENOENT { FileTree.remove(target) }
            FileTree.removeEmptyFolders(above: relative, in: root)
        }
        var failed: String?
        var announced = false
        // Listed first, then moved: the staging folder is not read while entries leave it.
        for relative in FileTree.paths(staging) {
            let target = root + "/" + relative
            if let slash = relative.lastIndex(of: "/") { try? FileTree.makeFolders(String(relative[..<slash]), in: root) }
            if rename(staging + "/" + relative, target) != 0 {
                // A folder where the file goes (what it held was removed above, so it goes too);
                // any other failure leaves the old file and the journal for the next build.
                guard errno == EISDIR || errno == ENOTEMPTY || errno == EEXIST else {
                    failed = relative
                    break
                }
                FileTree.remove(target)
                if rename(staging + "/" + relative, target) != 0 {
                    failed = relative
                    break
                }
            }
            // For the durability suite: a moment with some files replaced and others not yet.
            if pausing, !announced {
                announced = true
                SwapPause.announce("replacing")
            }
        }
        if let failed { throw OutputFolderError.system("cannot move '\(failed)' into '\(root)'") }
        if pausing { SwapPause.announce("swapped") }
        FileTree.remove(staging)
        unlink(path(root))
    }
}

/// An exclusive lock on the builds of one folder: `flock` on the folder that holds it (no lock
/// file to commit or ignore), held until the build ends; the kernel drops it if the process dies.
private struct FolderLock {
    let descriptor: Int32

    init(beside root: String) throws {
        let parent = FileTree.split(root).parent
        try FileTree.makeFolders(parent)
        descriptor = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputFolderError.system("cannot open '\(parent)'") }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            _ = writeAll(STDERR_FILENO, Array("linkwell: another build is writing in '\(parent)'; waiting for it\n".utf8))
            guard flock(descriptor, LOCK_EX) == 0 else {
                close(descriptor)
                throw OutputFolderError.system("cannot lock '\(parent)'")
            }
        }
    }

    func release() {
        close(descriptor)
    }
}

/// For the durability suite only: with `LINKWELL_TEST_SWAP_PAUSE=<milliseconds>`, a build says on
/// standard error when its staging folder is complete (`linkwell-test: staged`), when it has
/// replaced its first file (`linkwell-test: replacing`) and when every file is in place
/// (`linkwell-test: swapped`), and waits that long after each, so a test can kill it at those
/// moments rather than at ones it can only hope to hit.
private enum SwapPause {
    static let milliseconds: UInt32? = getenv("LINKWELL_TEST_SWAP_PAUSE").flatMap { UInt32(String(cString: $0)) }

    static func announce(_ moment: String) {
        guard let milliseconds else { return }
        _ = writeAll(STDERR_FILENO, Array("linkwell-test: \(moment)\n".utf8))
        usleep(milliseconds * 1000)
    }
}

package struct OutputFolderError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }

    package static func system(_ what: String) -> OutputFolderError {
        OutputFolderError("\(what): \(String(cString: strerror(errno)).lowercased())")
    }
}
