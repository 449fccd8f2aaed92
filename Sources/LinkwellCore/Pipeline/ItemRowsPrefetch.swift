import Dispatch
import Synchronization

/// A data file's first rows, read on a thread of their own while the rest of the manifest is
/// validated and built: until the first item page, one of two cores would have nothing to do.
/// Started as soon as the manifest is read, before it is validated.
/// The item stage takes the rows read so far and the reader where it stopped, and goes on
/// reading in order: the same rows and diagnostics as reading them there.
///
/// At most `limit` rows are held (about 2.5 MB of a 10,000-row build's 24 MB peak: the manifest's
/// build is over before that many are read here), and reading stops as soon as they are taken. A
/// build that fails never takes them; its thread stops at the limit.
package final class ItemRowsPrefetch: Sendable {
    /// The reader and the rows read so far: the reading thread holds the lock while it reads (it
    /// is the only one then), `take` waits for it and moves both out. Nil once taken.
    private let state: Mutex<(reader: ItemRows, rows: [Result<ItemRow, Diagnostic>])?>
    private let stop = Atomic<Bool>(false)
    private let taken = Atomic<Bool>(false)

    package init(_ reader: sending ItemRows, limit: Int = 8_192) {
        state = Mutex((reader, []))
        DispatchQueue.global().async { [self] in
            state.withLock { state in
                // Taken before this thread started: nothing to read ahead.
                guard var read = state.take() else { return }
                while read.rows.count < limit, !stop.load(ordering: .relaxed), let next = read.reader.next() {
                    read.rows.append(consume next)
                }
                state = read
            }
        }
    }

    /// The rows read so far, in order, and the reader to go on with; nil after the first call.
    /// The rows are handed over, not shared: kept here too, all of them were freed at once when
    /// the build's result was, after the last page, on the command's critical path.
    package func take() -> (rows: [Result<ItemRow, Diagnostic>], reader: ItemRows)? {
        guard !taken.exchange(true, ordering: .acquiringAndReleasing) else { return nil }
        stop.store(true, ordering: .relaxed)
        guard let read = state.withLock({ $0.take() }) else { return nil }
        return (read.rows, read.reader)
    }

    /// A prefetch of each data file the manifest names that can be opened, by its path (the
    /// manifest's value): what `ItemBuild.run` reads first. Given the paths as the manifest's
    /// page types write them, before the manifest is validated (the resolved site has the same
    /// values): only a path validation would take (`Validation.isDataFilePath`) is opened.
    package static func start(items paths: [String], project: some ProjectFiles) -> [String: ItemRowsPrefetch] {
        var started: [String: ItemRowsPrefetch] = [:]
        for path in paths where started[path] == nil && Validation.isDataFilePath(path) {
            guard let format = ItemRows.format(of: path), case .success(let chunks) = project.chunks(of: path) else { continue }
            started[path] = ItemRowsPrefetch(ItemRows(file: path, format: format, chunks: chunks))
        }
        return started
    }
}
