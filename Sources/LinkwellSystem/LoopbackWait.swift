#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waiting for a server this machine is starting: `linkwell serve &` returns before it listens,
/// so `verify --base-url http://127.0.0.1:8080` pasted right after it would find nobody there.
/// Only a loopback address is waited for; a deployment is asked as it is.
package enum LoopbackWait {
    /// Whether `host:port` accepts a connection within `seconds`, trying every 50 ms; false at
    /// once for an address that is not this machine's loopback.
    package static func untilListening(host: String, port: Int, seconds: Double) -> Bool {
        guard ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) else { return false }
        let attempts = max(1, Int(seconds / 0.05))
        for _ in 0..<attempts {
            if connects(host: host == "[::1]" ? "::1" : host, port: port) { return true }
            usleep(50_000)
        }
        return false
    }

    private static func connects(host: String, port: Int) -> Bool {
        StreamSocket.withAddress(host, port: port, passive: false) { info in
            let descriptor = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            return connect(descriptor, info.ai_addr, info.ai_addrlen) == 0
        } ?? false
    }
}
