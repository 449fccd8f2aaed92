#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program run to its end, its output and error output read in full. Both pipes are read as
/// they fill (with `poll`), so a child that writes much to one while the other is unread never
/// blocks. `diff --base` runs git this way.
package struct ChildProcess {
    package struct Finished {
        package var status: Int32
        package var output: [UInt8]
        package var errors: [UInt8]
    }

    package struct CannotStart: Error {
        package var reason: String
    }

    /// Runs `arguments[0]`, found on `PATH`, with the rest as its arguments; `input` is its
    /// standard input, small enough to fit a pipe's buffer (a line or two), or none.
    package static func run(_ arguments: [String], input: [UInt8] = []) throws(CannotStart) -> Finished {
        var outputPipe: [Int32] = [0, 0]
        var errorPipe: [Int32] = [0, 0]
        var inputPipe: [Int32] = [0, 0]
        guard pipe(&outputPipe) == 0 else { throw CannotStart(reason: systemReason()) }
        guard pipe(&errorPipe) == 0 else {
            closeAll(outputPipe)
            throw CannotStart(reason: systemReason())
        }
        guard pipe(&inputPipe) == 0 else {
            closeAll(outputPipe + errorPipe)
            throw CannotStart(reason: systemReason())
        }
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
        #else
            var actions: posix_spawn_file_actions_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], STDERR_FILENO)
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], STDIN_FILENO)
        for descriptor in outputPipe + errorPipe + inputPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }

        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, arguments[0], &actions, nil, cArguments, environ)
        close(outputPipe[1])
        close(errorPipe[1])
        close(inputPipe[0])
        guard spawned == 0 else {
            close(outputPipe[0])
            close(errorPipe[0])
            close(inputPipe[1])
            throw CannotStart(reason: String(cString: strerror(spawned)))
        }
        // Within a pipe's buffer the write never waits for the child to read.
        _ = input.withUnsafeBytes { write(inputPipe[1], $0.baseAddress, $0.count) }
        close(inputPipe[1])
        let (output, errors) = readBoth(outputPipe[0], errorPipe[0])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        // The exit code when the child exited; 128 + the signal when a signal ended it, as a shell says.
        let exited = (status & 0x7F) == 0
        return Finished(status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), output: output, errors: errors)
    }

    /// Reads two descriptors to their ends, whichever has data first, and closes them.
    private static func readBoth(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
        var results: [[UInt8]] = [[], []]
        var watched = [pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while watched.contains(where: { $0.fd >= 0 }) {
            guard poll(&watched, nfds_t(watched.count), -1) >= 0 || errno == EINTR else { break }
            for index in watched.indices where watched[index].fd >= 0 && watched[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(watched[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    results[index] += buffer[..<count]
                } else if count == 0 || errno != EINTR {
                    close(watched[index].fd)
                    watched[index].fd = -1
                }
            }
        }
        return (results[0], results[1])
    }

    private static func closeAll(_ descriptors: [Int32]) {
        for descriptor in descriptors { close(descriptor) }
    }

    private static func systemReason() -> String { String(cString: strerror(errno)) }
}
