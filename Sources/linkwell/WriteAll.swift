#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes every byte to a file descriptor, however many `write` calls that takes; false (with
/// `errno` set) when one fails. The one write loop of the executable's POSIX files and streams.
func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
        var written = 0
        while written < buffer.count {
            let count = write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            guard count > 0 else { return false }
            written += count
        }
        return true
    }
}
