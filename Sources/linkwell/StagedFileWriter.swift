import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creates the staging folder's new files on a queue of its own, in the order they come, while
/// the build goes on producing the next ones: on two cores a fresh build was the kernel's write
/// loop and everything else (reading rows, checking them) one after the other on one thread.
///
/// Files go out in batches, and only a few batches wait at a time (memory stays a few pages'
/// worth). The first failure, in file order, stops the writing and is thrown by the next
/// `write` or by `finish`, which a build calls before it uses the staging folder — so the
/// folder is complete, or the build fails, exactly as when files were written in line.
struct StagedFileWriter {
    private struct Job {
        var target: String
        var path: String
        var bytes: [UInt8]
    }

    /// The output folder, for messages: a file is named where the build puts it.
    let root: String

    private final class Shared: Sendable {
        let failure = Mutex<OutputFolderError?>(nil)
        /// Batches handed over and not yet written.
        let slots = DispatchSemaphore(value: StagedFileWriter.batchesAhead)
    }

    private static let batchSize = 32
    private static let batchesAhead = 4

    private let shared = Shared()
    private let queue = DispatchQueue(label: "linkwell.staged-files")
    private var batch: [Job] = []

    init(root: String) { self.root = root }

    /// Queues `bytes` for a new file at `target`, the staged place of the build's `path`; its
    /// folder must exist.
    mutating func write(_ bytes: [UInt8], to target: String, path: String) throws {
        if let failure = shared.failure.withLock({ $0 }) { throw failure }
        batch.append(Job(target: target, path: path, bytes: bytes))
        if batch.count == Self.batchSize { submit() }
    }

    /// Waits until every queued file is written; throws the first failure.
    mutating func finish() throws {
        submit()
        queue.sync {}
        if let failure = shared.failure.withLock({ $0 }) { throw failure }
    }

    private mutating func submit() {
        guard !batch.isEmpty else { return }
        let jobs = batch
        batch = []
        let shared = shared
        let root = root
        shared.slots.wait()
        queue.async {
            defer { shared.slots.signal() }
            guard shared.failure.withLock({ $0 == nil }) else { return }
            for job in jobs {
                if let failure = Self.create(job, root: root) {
                    shared.failure.withLock { $0 = failure }
                    return
                }
            }
        }
    }

    /// Creates the file, refusing one that exists: two files of one build with the same path.
    private static func create(_ job: Job, root: String) -> OutputFolderError? {
        let descriptor = open(job.target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST { return OutputFolderError("two files of the build have the path '\(job.path)'") }
            return OutputFolderError.system("cannot write '\(root)/\(job.path)'")
        }
        defer { close(descriptor) }
        guard writeAll(descriptor, job.bytes) else { return OutputFolderError.system("cannot write '\(root)/\(job.path)'") }
        return nil
    }
}
