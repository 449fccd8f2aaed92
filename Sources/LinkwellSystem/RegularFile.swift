import LinkwellCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens a file a user named (manifest, template, data file, a file for `match`) only if it is a
/// regular file: a FIFO would block a build forever waiting for a writer, a device would never
/// end. What cannot be read is said in words, never as an error domain and code.
package enum RegularFile {
    /// An open descriptor (the caller closes it), or why not.
    package static func descriptor(_ path: String) -> Result<Int32, UnreadableFile> {
        // Non-blocking, so opening a FIFO returns at once instead of waiting for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(UnreadableFile(reason(errno))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let problem = reason(errno)
            close(descriptor)
            return .failure(UnreadableFile(problem))
        }
        if let kind = kind(info.st_mode) {
            close(descriptor)
            return .failure(UnreadableFile(kind))
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return .success(descriptor)
    }

    /// The whole file.
    package static func bytes(_ path: String) -> Result<[UInt8], UnreadableFile> {
        descriptor(path).flatMap(bytes(reading:))
    }

    /// The rest of an open file, whole; the descriptor is closed.
    package static func bytes(reading descriptor: Int32) -> Result<[UInt8], UnreadableFile> {
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { return .failure(UnreadableFile(reason(errno))) }
            if count == 0 { return .success(bytes) }
            bytes += block[..<count]
        }
    }

    /// The file in 64 KB chunks, read as they are asked for; the descriptor is closed at the end.
    package static func chunks(_ path: String) -> Result<AnyIterator<[UInt8]>, UnreadableFile> {
        descriptor(path).map(chunks(reading:))
    }

    /// An open file in 64 KB chunks; the descriptor is closed at the end.
    package static func chunks(reading descriptor: Int32) -> AnyIterator<[UInt8]> {
        var reading = true
        return AnyIterator {
            guard reading else { return nil }
            var block = [UInt8](repeating: 0, count: 1 << 16)
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                close(descriptor)
                reading = false
                return nil
            }
            return Array(block[..<count])
        }
    }

    /// What a non-regular file is, in words; nil for a regular file.
    static func kind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "it is a folder"
        case S_IFIFO: "it is a FIFO (named pipe), not a file"
        case S_IFSOCK: "it is a socket, not a file"
        case S_IFCHR, S_IFBLK: "it is a device, not a file"
        default: "it is not a regular file"
        }
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES, EPERM: "permission denied"
        case ENOTDIR: "a folder on its path is a file"
        case ENAMETOOLONG: "the path is too long"
        case ELOOP: "too many symbolic links on its path"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}
