import LinkwellCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file into one reused buffer and compares it with produced bytes: the same, different
/// (a link, a FIFO or other bytes) or missing. The buffer is memory set aside, not an array:
/// `check` reads each batch of pages into a reader of its own, and zeroing an array first cost
/// more than comparing the page.
final class FileReader {
    private var buffer: UnsafeMutableRawBufferPointer

    init(capacity: Int = 1 << 16) { buffer = .allocate(byteCount: max(capacity, 1), alignment: 16) }

    deinit { buffer.deallocate() }

    /// Compares the file at `path` (relative to the folder `folders` opens files in) with `bytes`.
    func compare(_ path: String, in folders: FolderDescriptorCache, with bytes: [UInt8]) -> OutputFile.OnDisk {
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
