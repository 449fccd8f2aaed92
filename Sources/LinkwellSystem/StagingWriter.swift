import LinkwellCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Compares produced files with the folder in place and writes the ones that differ into the
/// staging folder (made at the first difference), as `OutputFolder` describes.
struct StagingWriter {
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
    private let inFolder: FolderDescriptorCache
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

    /// The folder that holds the output and the staging folder, and what builds made there.
    private let parent: Folder
    var beside: BesideEntries

    init(root: String, staging: String, parent: Folder, beside: BesideEntries) {
        self.root = root
        self.staging = staging
        self.parent = parent
        self.beside = beside
        inPlace = access(root, F_OK) == 0
        inFolder = FolderDescriptorCache(FolderDescriptor(root))
        files = StagedFileWriter(root: root, staging: staging)
    }

    mutating func add(_ file: OutputFile) throws {
        count += 1
        if inPlace { produced.insert(BuildRecord.hash(file.path)) }
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

    /// Creates the staging folder, made new (an entry of its name is never reused), and lists it
    /// as made here before any file goes into it; the files that differ go there.
    mutating func startStaging() throws {
        guard !staged else { return }
        staged = true
        let name = FileTree.split(staging).name
        guard mkdirat(parent.descriptor, name, 0o755) == 0 else {
            throw OutputFolderError.system("cannot write '\(root)': cannot create a folder beside it")
        }
        // Killed now, the build leaves it empty and unlisted; the next build removes it as such
        // (`Leftovers.isEmptyRemains`). Unlisted for good (no cache folder), a killed build's
        // staging folder with files in it is not removed by the next build, which names it for
        // the user to remove.
        SwapPause.announce("staging made")
        if let info = parent.status(of: name) { beside.remember([(name, info)]) }
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
        try files.write(file.bytes, path: file.path)
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
        // bytes too (the UTF-8 view's `lastIndex` walks it by characters).
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
