import LinkwellCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output in large writes, so `--stdin` over a million URLs is not bound by printing.
package struct BufferedOutput {
    package var lines = MatchOutputLines()

    package init() {}

    package mutating func write(_ line: String) {
        lines.append(line: line)
        flushIfFull()
    }

    package mutating func flushIfFull() {
        if lines.bytes.count > 1 << 18 { flush() }
    }

    package mutating func flush() {
        _ = writeAll(STDOUT_FILENO, lines.bytes)
        lines.removeAll()
    }

    /// When standard output is a pipe, asks Linux for a 1 MB buffer (the default is 64 KB, and
    /// each time it fills, `match` waits for the reader). On a file,
    /// a terminal or another system the request fails and nothing changes.
    package static func enlargePipe() {
        #if os(Linux)
            // F_SETPIPE_SZ, which Glibc's header declares only for _GNU_SOURCE.
            let setPipeSize: Int32 = 1031
            _ = fcntl(STDOUT_FILENO, setPipeSize, 1 << 20)
        #endif
    }
}
