#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes straight to the process's standard error or output, unbuffered, so each line shows
/// as it happens also when the stream is a file or a pipe.
enum StandardStreams {
    static func error(_ text: String) {
        _ = writeAll(STDERR_FILENO, Array(text.utf8))
    }

    static func output(_ text: String) {
        _ = writeAll(STDOUT_FILENO, Array(text.utf8))
    }

    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
