#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes straight to the process's standard error or output, unbuffered, so each line shows
/// as it happens also when the stream is a file or a pipe.
package enum StandardStreams {
    package static func error(_ text: String) {
        _ = writeAll(STDERR_FILENO, Array(text.utf8))
    }

    package static func output(_ text: String) {
        _ = writeAll(STDOUT_FILENO, Array(text.utf8))
    }

    package static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
