#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket's address: the first `getaddrinfo` gives for a numeric port, handed to `body`
/// while it lasts; nil when there is none (`serve` listens on it, `LoopbackWait` connects to it).
enum StreamSocket {
    static func withAddress<Result>(_ host: String, port: Int, passive: Bool, _ body: (addrinfo) throws -> Result) rethrows
        -> Result?
    {
        var hints = addrinfo()
        hints.ai_flags = (passive ? AI_PASSIVE : 0) | AI_NUMERICSERV
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let info = found else { return nil }
        defer { freeaddrinfo(found) }
        return try body(info.pointee)
    }
}
