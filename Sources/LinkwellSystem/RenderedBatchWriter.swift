import Dispatch
import LinkwellCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creates a batch of item pages in the staging folder of a build into a new folder, on the
/// core that rendered them (`ItemBuild.run`'s `inspect`): the page's bytes are written while
/// they are in that core's cache, freed by the thread that allocated them, and never cross to a
/// writer lane. (Handed to the lanes, each page was copied into the kernel from another core's
/// cache, freed by another thread than the one that allocated it, and queued twice.)
///
/// Only where nothing is compared: a new folder's files are all new. A file it cannot create is
/// left as it was (its bytes kept, `written` unset) for `StagedFileWriter`, which meets the same
/// failure and reports it in the build's order, as it does every other file's.
package final class RenderedBatchWriter: Sendable {
    private let staging: String
    private let root: String
    private let folder: FolderDescriptor
    private let record: BuildRecord.Draft?
    /// Set once the build is done with the staging folder: a batch still rendering then (the
    /// build threw while batches were in flight) writes nothing.
    private let closed = Atomic<Bool>(false)
    private let writing = DispatchGroup()
    /// The staging folder's folders made so far, each with the claim a batch holds while it
    /// creates files there.
    private let made = Mutex<[[UInt8]: Claim]>([:])

    /// A folder's claim: the kernel creates a folder's files one at a time (its lock), and two
    /// cores creating files in one folder spin on it; a batch rather creates its files in
    /// another of its folders first.
    private final class Claim: Sendable {
        let lock = Mutex(())
    }

    /// `staging` must exist.
    package init(root: String, staging: String, record: BuildRecord.Draft?) {
        self.root = root
        self.staging = staging
        folder = FolderDescriptor(staging)
        self.record = record
    }

    /// Creates each file of the batch that is not written yet; a file created is marked `written`
    /// and its bytes let go.
    ///
    /// A batch's files are created folder by folder (a row's pages alternate between a pair's
    /// hosts), each folder's while no other batch creates files there if it can be: a folder
    /// another batch holds is left for later, and when every folder left is held, the first is
    /// written all the same: both cores creating files in one folder spin on its kernel lock.
    /// Waiting for the claim instead spins as long in the kernel (a `Mutex` waits on a
    /// priority-inheriting futex), and waiting asleep (a semaphore) leaves cores idle.
    package func write(_ files: inout [OutputFile]) {
        // Entered before `closed` is read, so that `close` either waits for this batch or this
        // batch sees it closed.
        writing.enter()
        defer { writing.leave() }
        guard !closed.load(ordering: .sequentiallyConsistent) else { return }
        let folders = Subfolders(folder)
        var entries: [UInt8] = []
        let parents = Self.folders(of: files)
        var pending = parents.names.indices.compactMap { number in claim(parents.names[number]).map { (number: number, claim: $0) } }
        func create(in number: Int) {
            for index in files.indices where parents.of[index] == number && !files[index].provedUnchanged && !files[index].written {
                let failure = StagedFileWriter.create(
                    files[index].path, bytes: files[index].bytes, fingerprint: files[index].fingerprint, in: folders, staging: staging,
                    root: root, recording: record != nil, entries: &entries)
                guard failure == nil else { continue }
                files[index].written = true
                files[index].bytes = []
            }
        }
        while !pending.isEmpty {
            let free = pending.indices.first { at in
                pending[at].claim.lock.withLockIfAvailable { _ in create(in: pending[at].number) } != nil
            }
            if let free { pending.remove(at: free) } else { create(in: pending.removeFirst().number) }
        }
        if let record, !entries.isEmpty { record.append(entries) }
    }

    /// Stops any batch that would still write, and waits for those writing.
    package func close() {
        closed.store(true, ordering: .sequentiallyConsistent)
        writing.wait()
    }

    /// `folder`'s claim (a path under the staging folder), the folder made if it was not; nil
    /// if it cannot be made (its files are left to `StagedFileWriter`, which says why).
    private func claim(_ folder: [UInt8]) -> Claim? {
        if let known = made.withLock({ $0[folder] }) { return known }
        if !folder.isEmpty {
            guard (try? FileTree.makeFolders(String(decoding: folder, as: UTF8.self), in: staging)) != nil else { return nil }
        }
        return made.withLock { made in
            if let known = made[folder] { return known }
            let claim = Claim()
            made[folder] = claim
            return claim
        }
    }

    /// Each file's folder, as a number of `names` (the folders in the order they first come;
    /// empty for a file at the top).
    private static func folders(of files: [OutputFile]) -> (names: [[UInt8]], of: [Int]) {
        var names: [[UInt8]] = []
        var of: [Int] = []
        of.reserveCapacity(files.count)
        for index in files.indices {
            var path = files[index].path
            let number = path.withUTF8 { bytes -> Int in
                let folder = UnsafeBufferPointer(rebasing: bytes[..<(bytes.lastIndex(of: UInt8(ascii: "/")) ?? 0)])
                if let known = names.firstIndex(where: { $0.withUnsafeBufferPointer { $0.sameBytes(as: folder) } }) { return known }
                names.append(Array(folder))
                return names.count - 1
            }
            of.append(number)
        }
        return (names, of)
    }
}
