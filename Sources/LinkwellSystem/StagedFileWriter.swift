import Dispatch
import LinkwellCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creates the staging folder's new files on threads of their own while the build goes on
/// producing the next ones: on two cores a fresh build was the kernel's write loop and
/// everything else (reading rows, checking them) one after the other on one thread.
///
/// Each top-level folder (a host) belongs to one of two lanes, so files of one folder are mostly
/// created in order by one thread, and two threads seldom wait on one folder's lock. Files go
/// out in batches, and only a few batches wait at a time (memory stays a few pages' worth).
/// A lane whose own batches are written takes the other's oldest waiting one: otherwise the
/// lane that shares its core with the renderer falls behind, the build waits for room in it,
/// and the other lane's core idles.
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
    }

    /// The lanes' threads and the batches waiting for them, from the first batch to `finish`.
    private final class Lanes: Sendable {
        private struct Waiting {
            /// Each lane's batches, oldest first.
            var batches: [[[Job]]] = [[], []]
        }

        private let waiting = Mutex(Waiting())
        /// One signal a batch handed over, and one a lane when no more will come.
        private let ready = DispatchSemaphore(value: 0)
        /// Batches handed over and not yet written, all lanes together.
        private let room = DispatchSemaphore(value: StagedFileWriter.batchesInFlight)
        private let queues = (0..<2).map { DispatchQueue(label: "linkwell.staged-files.\($0)") }
        private let closed = Atomic<Bool>(false)

        init(write: @escaping @Sendable (_ lane: Int, _ jobs: UnsafeBufferPointer<Job>) -> Void) {
            for (lane, queue) in queues.enumerated() {
                queue.async { [self] in
                    while let jobs = take(lane) {
                        jobs.withUnsafeBufferPointer { write(lane, $0) }
                        room.signal()
                    }
                }
            }
        }

        /// Waits for room, then queues `jobs` on `lane`.
        func hand(_ jobs: [Job], to lane: Int) {
            room.wait()
            waiting.withLock { $0.batches[lane].append(jobs) }
            ready.signal()
        }

        /// The lane's oldest batch, else the other lane's; nil once no more will come. Every
        /// signal is a batch queued before it or a lane's end, and each wake takes at most one
        /// batch: a wake that finds none took an end.
        private func take(_ lane: Int) -> [Job]? {
            ready.wait()
            return waiting.withLock { waiting in
                for lane in [lane, 1 - lane] where !waiting.batches[lane].isEmpty { return waiting.batches[lane].removeFirst() }
                return nil
            }
        }

        /// Lets the lanes end once the batches queued are written, and waits for them.
        func close() {
            guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
            for _ in queues { ready.signal() }
            for queue in queues { queue.sync {} }
        }
    }

    /// A lane's open folders, made at its first file (the staging folder exists by then): each
    /// file is created relative to its own folder (`FolderDescriptorCache`), not by the staging folder's
    /// whole path. Only the lane's thread takes the lock.
    private final class LaneFolders: Sendable {
        let opened = Mutex<FolderDescriptorCache?>(nil)
    }

    /// Ends the lanes when the last copy of the writer goes without `finish` (a build that threw
    /// before it): their threads would wait for batches forever.
    private final class Closer: Sendable {
        let lanes: Lanes
        init(_ lanes: Lanes) { self.lanes = lanes }
        deinit { lanes.close() }
    }

    /// 64 pages a batch; four batches in flight: fewer context switches than smaller batches,
    /// less memory than larger ones (the figures are in the commit that chose them).
    private static let batchSize = 64
    private static let batchesInFlight = 4

    /// The output folder, for messages: a file is named where the build puts it.
    package let root: String
    /// Where the files are created.
    package let staging: String
    private var lanes: Closer?
    private let failure = EarliestFailure<OutputFolderError>()
    /// Each lane's files not handed over yet.
    private var batches: [[Job]] = [[], []]
    /// Files queued so far: the next one's place in the build's order.
    private var count = 0
    private var folders = TopLevelFolders()

    package init(root: String, staging: String) {
        self.root = root
        self.staging = staging
    }

    /// Queues `bytes` for a new file at the build's `path` in the staging folder; its folder
    /// must exist.
    package mutating func write(_ bytes: [UInt8], path: String) throws {
        if failure.first != nil { try finish() }
        let lane = lane(of: path)
        batches[lane].append(Job(order: count, path: path, bytes: bytes))
        count += 1
        if batches[lane].count == Self.batchSize { submit(lane) }
    }

    /// Waits until every queued file is written; throws the first failure.
    package mutating func finish() throws {
        for lane in batches.indices { submit(lane) }
        lanes?.lanes.close()
        lanes = nil
        if let first = failure.first { throw first }
    }

    /// Files of one top-level folder share a lane; folders take the lanes in turn as they first
    /// come (a site's two mirror hosts, whose item pages alternate, get one each).
    private mutating func lane(of path: String) -> Int {
        folders.number(of: path) % batches.count
    }

    private mutating func submit(_ lane: Int) {
        guard !batches[lane].isEmpty else { return }
        let jobs = batches[lane]
        batches[lane] = []
        if lanes == nil { lanes = Closer(Lanes(write: writer())) }
        lanes?.lanes.hand(jobs, to: lane)
    }

    /// What a lane does with a batch.
    private func writer() -> @Sendable (Int, UnsafeBufferPointer<Job>) -> Void {
        let failure = failure
        let root = root
        let staging = staging
        let folders = [LaneFolders(), LaneFolders()]
        return { lane, jobs in
            folders[lane].opened.withLock { opened in
                let folders = opened ?? FolderDescriptorCache(FolderDescriptor(staging))
                opened = folders
                // Read in place: a loop over the array copied each job, a retain and a release
                // of its path and bytes, made on the core that rendered them.
                for index in jobs.indices where !failure.isKnownBefore(jobs[index].order) {
                    if let error = Self.create(jobs[index].path, bytes: jobs[index].bytes, in: folders, staging: staging, root: root) {
                        failure.record(error, at: jobs[index].order)
                    }
                }
            }
        }
    }

    /// Creates the file, refusing one that exists: two files of one build with the same path.
    /// A file that fails once created is removed (a caller may hand it to another writer, which
    /// must meet the same failure, not this file).
    static func create(
        _ path: String, bytes: [UInt8], in folders: FolderDescriptorCache, staging: String, root: String
    ) -> OutputFolderError? {
        // The journal moves each file into place by its whole path, which the system takes up to
        // PATH_MAX bytes: a file whose staged path is longer fails here, before anything is moved,
        // as it did when it was created by that path.
        guard staging.utf8.count + 1 + path.utf8.count < Int(PATH_MAX) else {
            errno = ENAMETOOLONG
            return OutputFolderError.system("cannot write '\(root)/\(path)'")
        }
        let descriptor = folders.openFile(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST { return OutputFolderError("two files of the build have the path '\(path)'") }
            return OutputFolderError.system("cannot write '\(root)/\(path)'")
        }
        guard writeAll(descriptor, bytes) else {
            let failure = OutputFolderError.system("cannot write '\(root)/\(path)'")
            close(descriptor)
            unlink(staging + "/" + path)
            return failure
        }
        close(descriptor)
        return nil
    }
}
