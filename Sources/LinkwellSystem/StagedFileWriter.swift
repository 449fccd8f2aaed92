import Dispatch
import LinkwellCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creates the staging folder's new files on queues of their own while the build goes on
/// producing the next ones: on two cores a fresh build was the kernel's write loop and
/// everything else (reading rows, checking them) one after the other on one thread.
///
/// Each top-level folder (a host) goes to one of two lanes, so files of one folder are created
/// in order by one thread, and two threads never wait on one folder's lock. Files go out in
/// batches, and only a few batches wait at a time (memory stays a few pages' worth).
///
/// The failure reported is the first failing file in the build's order, whatever the lanes'
/// timing (`EarliestFailure`): a lane skips only files that come after a failure already known.
/// It is thrown by the next `write` or by `finish`, which a build calls before it uses or
/// removes the staging folder — so the folder is complete, or the build fails, as when files
/// were written in line.
package struct StagedFileWriter {
    private struct Job: Sendable {
        var order: Int
        var path: String
        var bytes: [UInt8]
        /// An item page's: its entry goes to the record draft, if any.
        var fingerprint: PageFingerprint?
    }

    private final class Lane: Sendable {
        let queue: DispatchQueue
        /// Batches handed over and not yet written.
        let slots = DispatchSemaphore(value: StagedFileWriter.batchesAhead)
        /// The lane's open folders, made at its first file (the staging folder exists by then):
        /// each file is created relative to its own folder (`Subfolders`), not by the staging
        /// folder's whole path. Only the lane's queue takes the lock.
        let folders = Mutex<Subfolders?>(nil)

        init(_ number: Int) { queue = DispatchQueue(label: "linkwell.staged-files.\(number)") }
    }

    /// 128 pages in flight a lane, as batches of 32 four ahead had, in half as many hand-overs:
    /// each was a wake-up of the lane's thread or the caller's (1,160 → 780 context switches a
    /// fresh build of 20,000 pages; 0.94–0.96× its time, 31 interleaved pairs; batches of 128
    /// were 0.97× and 5 MB more).
    private static let batchSize = 64
    private static let batchesAhead = 2

    /// The output folder, for messages: a file is named where the build puts it.
    package let root: String
    /// Where the files are created.
    package let staging: String
    private let lanes = [Lane(0), Lane(1)]
    private let failure = EarliestFailure<OutputFolderError>()
    /// Each lane's files not handed over yet.
    private var batches: [[Job]] = [[], []]
    /// Files queued so far: the next one's place in the build's order.
    private var count = 0
    private var folders = TopFolders()
    /// Where item pages' entries go as their files are created (see `BuildRecord.Draft`).
    private let record: BuildRecord.Draft?

    package init(root: String, staging: String, record: BuildRecord.Draft? = nil) {
        self.root = root
        self.staging = staging
        self.record = record
    }

    /// Queues `bytes` for a new file at the build's `path` in the staging folder; its folder
    /// must exist.
    package mutating func write(_ bytes: [UInt8], path: String, fingerprint: PageFingerprint? = nil) throws {
        if failure.first != nil { try finish() }
        let lane = lane(of: path)
        batches[lane].append(Job(order: count, path: path, bytes: bytes, fingerprint: fingerprint))
        count += 1
        if batches[lane].count == Self.batchSize { submit(lane) }
    }

    /// Waits until every queued file is written; throws the first failure.
    package mutating func finish() throws {
        for lane in lanes.indices { submit(lane) }
        for lane in lanes { lane.queue.sync {} }
        if let first = failure.first { throw first }
    }

    /// Files of one top-level folder share a lane; folders take the lanes in turn as they first
    /// come (a site's two mirror hosts, whose item pages alternate, get one each).
    private mutating func lane(of path: String) -> Int {
        folders.number(of: path) % lanes.count
    }

    private mutating func submit(_ number: Int) {
        guard !batches[number].isEmpty else { return }
        let jobs = batches[number]
        batches[number] = []
        let lane = lanes[number]
        let failure = failure
        let root = root
        let staging = staging
        let record = record
        lane.slots.wait()
        lane.queue.async {
            defer { lane.slots.signal() }
            var entries: [UInt8] = []
            lane.folders.withLock { opened in
                let folders = opened ?? Subfolders(FolderDescriptor(staging))
                opened = folders
                // Read in place: a loop over the array copied each job, a retain and a release
                // of its path and bytes, made on the core that rendered them.
                jobs.withUnsafeBufferPointer { jobs in
                    for index in jobs.indices where !failure.isKnownBefore(jobs[index].order) {
                        if let error = Self.create(
                            jobs[index], in: folders, staging: staging, root: root, recording: record != nil, entries: &entries)
                        {
                            failure.record(error, at: jobs[index].order)
                        }
                    }
                }
            }
            if let record, !entries.isEmpty { record.append(entries) }
        }
    }

    /// Creates the file, refusing one that exists: two files of one build with the same path.
    /// When `recording`, an item page's record entry is added to `entries` from its file's `fstat`.
    private static func create(
        _ job: Job, in folders: Subfolders, staging: String, root: String, recording: Bool, entries: inout [UInt8]
    ) -> OutputFolderError? {
        // The journal moves each file into place by its whole path, which the system takes up to
        // PATH_MAX bytes: a file whose staged path is longer fails here, before anything is moved,
        // as it did when it was created by that path.
        guard staging.utf8.count + 1 + job.path.utf8.count < Int(PATH_MAX) else {
            errno = ENAMETOOLONG
            return OutputFolderError.system("cannot write '\(root)/\(job.path)'")
        }
        let descriptor = folders.openFile(job.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST { return OutputFolderError("two files of the build have the path '\(job.path)'") }
            return OutputFolderError.system("cannot write '\(root)/\(job.path)'")
        }
        defer { close(descriptor) }
        guard writeAll(descriptor, job.bytes) else { return OutputFolderError.system("cannot write '\(root)/\(job.path)'") }
        if recording, let fingerprint = job.fingerprint {
            var info = stat()
            if fstat(descriptor, &info) == 0 { BuildRecord.Draft.entry(path: job.path, fingerprint: fingerprint, info: info, to: &entries) }
        }
        return nil
    }
}
