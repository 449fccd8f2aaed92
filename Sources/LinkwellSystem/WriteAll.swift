#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes every byte to a file descriptor, however many `write` calls that takes; false (with
/// `errno` set) when one fails. The one write loop of the executable's POSIX files and streams.
package func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
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

/// A file that could not be written, in words: the path and the system's reason.
package struct FileWriteError: Error, CustomStringConvertible {
    package var path: String
    package var reason: String
    package var verb = "write"

    package var description: String { "cannot \(verb) '\(path)': \(reason)" }
}

/// A whole small file (a manifest, its schema, a template), written beside its place and moved
/// in, so a failure or a kill never leaves half a file. The one way `init` and `import` write;
/// the output folder has its own staging and swap (`OutputFolder`). Without `replacing`, a file
/// already at `path` (one that appeared since the command checked) is kept and the write fails.
package func writeFileAtomically(_ text: String, to path: String, replacing: Bool = true) throws(FileWriteError) {
    let temporary = path + ".linkwell-new-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw FileWriteError(path: path, reason: String(cString: strerror(errno)).lowercased()) }
    let written = writeAll(descriptor, Array(text.utf8))
    let reason = written ? "" : String(cString: strerror(errno)).lowercased()
    guard close(descriptor) == 0, written else {
        unlink(temporary)
        throw FileWriteError(path: path, reason: reason.isEmpty ? "the file could not be closed" : reason)
    }
    // `link` refuses an existing name where `rename` would replace it.
    guard (replacing ? rename(temporary, path) : link(temporary, path)) == 0 else {
        let reason = errno == EEXIST ? "it already exists" : String(cString: strerror(errno)).lowercased()
        unlink(temporary)
        throw FileWriteError(path: path, reason: reason)
    }
    if !replacing { unlink(temporary) }
}

/// Writes `text` to the file the user named, itself: a regular file is created or truncated, a
/// FIFO or a device (`/dev/stdout`) is written to — never replaced by a file renamed over it, as
/// a write beside and a move would. For reports a command writes where it is told.
package func writeFile(_ text: String, to path: String) throws(FileWriteError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw FileWriteError(path: path, reason: String(cString: strerror(errno)).lowercased()) }
    let written = writeAll(descriptor, Array(text.utf8))
    let reason = written ? "" : String(cString: strerror(errno)).lowercased()
    guard close(descriptor) == 0 || !written, written else {
        throw FileWriteError(path: path, reason: reason.isEmpty ? "the file could not be closed" : reason)
    }
}

/// Makes `path` and any missing folder above it (`mkdir -p`); a folder already there is fine.
/// A failure names the folder that could not be made and the system's reason.
package func createFolders(_ path: String) throws(FileWriteError) {
    var made = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
        made += (made.isEmpty || made.hasSuffix("/") ? "" : "/") + component
        guard mkdir(made, 0o755) != 0 else { continue }
        let reason = errno
        var status = stat()
        guard reason == EEXIST, stat(made, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            let words = reason == EEXIST ? "a file is in the way" : String(cString: strerror(reason)).lowercased()
            throw FileWriteError(path: made, reason: words, verb: "create")
        }
    }
}
