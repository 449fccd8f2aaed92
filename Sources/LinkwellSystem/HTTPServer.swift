import Dispatch
import LinkwellCore
import Synchronization

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

/// The smallest HTTP/1.1 server `serve` needs, on POSIX sockets: GET and HEAD, one request per
/// connection (`Connection: close`), a thread per connection. A local preview server has no use
/// for a network framework, which would be most of Linkwell's build (NIO, Hummingbird and their
/// packages were more than half its compile steps).
///
/// A client gets 10 seconds in all to send its request line and headers (16 KB at most): a
/// connection that never finishes them, or drips them a byte at a time, is closed, not held. At
/// most 64 connections are served at once. One more closes the oldest connection that has not
/// finished its request yet, so half-open connections cannot shut complete requests out; only
/// when all 64 are past their request is it answered 503 at once and closed.
package struct HTTPServer: Sendable {
    package struct Request: Sendable {
        package var method: String
        /// The request target as sent (`/path?query`).
        package var target: String
        /// The Host header, lower-cased, without its port.
        package var hostName: String
        package var path: String {
            String(target.prefix { $0 != "?" && $0 != "#" })
        }

        package init(method: String, target: String, hostName: String) {
            self.method = method
            self.target = target
            self.hostName = hostName
        }
    }

    package struct Response: Sendable {
        package var status: Int
        package var headers: [(String, String)] = []
        package var body: [UInt8] = []

        package init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
            (self.status, self.headers, self.body) = (status, headers, body)
        }
    }

    package typealias Handler = @Sendable (Request) -> Response

    package static let headerLimit = 16 * 1024
    package static let headerTimeout = 10
    package static let connectionLimit = 64
    private static let openConnections = Atomic<Int>(0)
    /// The connections still reading their request, each with the moment it was accepted (a
    /// connection is in it only while its descriptor is open).
    private static let incomplete = Mutex<[Int32: UInt64]>([:])

    /// Listens on `address:port` and answers each connection with `handler` on its own thread;
    /// returns once the socket listens (throws if it cannot).
    package static func listen(address: String, port: Int, handler: @escaping Handler) throws {
        let socket = try openSocket(address: address, port: port)
        // The accept loop blocks for good, so it gets a thread of its own.
        spawn {
            while true {
                let connection = accept(socket, nil, nil)
                guard connection >= 0 else {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    return
                }
                #if canImport(Darwin)
                    // Darwin has no MSG_NOSIGNAL: a client that hung up must not kill the server.
                    var yes: Int32 = 1
                    setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
                #endif
                guard openConnections.add(1, ordering: .relaxed).newValue <= connectionLimit || closeOldestIncomplete() else {
                    openConnections.subtract(1, ordering: .relaxed)
                    refuse(connection)
                    continue
                }
                incomplete.withLock { $0[connection] = DispatchTime.now().uptimeNanoseconds }
                // A thread of its own, not a Dispatch worker: a connection blocks in reads and
                // writes, and Dispatch's pool (a few threads per core) would let a handful of
                // slow clients hold every worker while other requests wait.
                spawn {
                    serve(connection, handler: handler)
                    openConnections.subtract(1, ordering: .relaxed)
                }
            }
        }
    }

    /// Runs `body` on a new detached thread (a small stack: a connection needs little).
    private static func spawn(_ body: @escaping @Sendable () -> Void) {
        final class Box: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        // Allocated, not `pthread_attr_t()`: C's zero initializer is not visible in every module.
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        pthread_attr_init(attributes)
        defer {
            pthread_attr_destroy(attributes)
            attributes.deallocate()
        }
        pthread_attr_setdetachstate(attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(attributes, 512 * 1024)
        #if canImport(Glibc) || canImport(Musl)
            var thread = pthread_t()
        #else
            var thread: pthread_t?
        #endif
        let started = pthread_create(
            &thread, attributes,
            { context in
                guard let context else { return nil }
                Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, context)
        if started != 0 {
            // No thread to be had: run it here rather than drop the connection.
            Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
        }
    }

    private static func openSocket(address: String, port: Int) throws -> Int32 {
        let opened = try StreamSocket.withAddress(address, port: port, passive: true) { info in
            let descriptor = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
            guard descriptor >= 0 else { throw ServeError("cannot listen on \(address):\(port): \(String(cString: strerror(errno)))") }
            var yes: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            guard bind(descriptor, info.ai_addr, info.ai_addrlen) == 0, startListening(descriptor, 128) == 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw ServeError("cannot listen on \(address):\(port): \(reason)")
            }
            return descriptor
        }
        guard let opened else { throw ServeError("cannot listen on \(address):\(port): not an address of this machine") }
        return opened
    }

    /// Past the connection limit, ends the connection that has waited longest for its request
    /// (its read returns at once and its thread ends); false when every connection has sent
    /// its request.
    private static func closeOldestIncomplete() -> Bool {
        incomplete.withLock { waiting in
            guard let oldest = waiting.min(by: { $0.value < $1.value })?.key else { return false }
            waiting[oldest] = nil
            shutdown(oldest, Int32(SHUT_RDWR))
            return true
        }
    }

    /// Past the connection limit: a 503 without reading the request (the send is bounded by a
    /// short timeout, so a client that reads nothing cannot hold the accepting thread).
    private static func refuse(_ connection: Int32) {
        defer { close(connection) }
        setTimeout(connection, SO_SNDTIMEO, milliseconds: 200)
        let body = Array("503 too many connections\n".utf8)
        write(Response(status: 503, headers: [("Retry-After", "1")], body: body), headOnly: false, to: connection)
    }

    private static func setTimeout(_ connection: Int32, _ option: Int32, milliseconds: Int) {
        var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: .init(milliseconds % 1000 * 1000))
        setsockopt(connection, SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    private static func serve(_ connection: Int32, handler: Handler) {
        defer { close(connection) }
        setTimeout(connection, SO_SNDTIMEO, milliseconds: headerTimeout * 1000)
        let response: Response
        var method = "GET"
        let request = readRequest(connection)
        // Out of the waiting list before the descriptor can be closed and its number reused.
        incomplete.withLock { $0[connection] = nil }
        switch request {
        case .success(let request):
            method = request.method
            response =
                request.method == "GET" || request.method == "HEAD"
                ? handler(request) : Response(status: 405, headers: [("Allow", "GET, HEAD")], body: Array("405 method not allowed\n".utf8))
        case .failure(let status):
            guard status.rawValue > 0 else { return }  // The client went away or never finished.
            response = Response(status: status.rawValue, body: Array("\(status.rawValue) \(status.reason)\n".utf8))
        }
        write(response, headOnly: method == "HEAD", to: connection)
    }

    private enum Failure: Error {
        case closed, tooLarge, malformed

        var rawValue: Int {
            switch self {
            case .closed: 0
            case .tooLarge: 431
            case .malformed: 400
            }
        }

        var reason: String {
            switch self {
            case .closed: ""
            case .tooLarge: "request header fields too large"
            case .malformed: "bad request"
            }
        }
    }

    private static func readRequest(_ connection: Int32) -> Result<Request, Failure> {
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 4096)
        let end = Array("\r\n\r\n".utf8)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(headerTimeout) * 1_000_000_000
        while true {
            if let range = bytes.firstRange(of: end) {
                bytes.removeSubrange(range.lowerBound...)
                break
            }
            guard bytes.count < headerLimit else { return .failure(.tooLarge) }
            // The time left of the whole allowance, not a fresh one per read.
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return .failure(.closed) }
            setTimeout(connection, SO_RCVTIMEO, milliseconds: max(1, Int((deadline - now) / 1_000_000)))
            let count = block.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return .failure(.closed) }
            bytes += block[..<count]
        }
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1."), requestLine[1].hasPrefix("/") else {
            return .failure(.malformed)
        }
        var hostName = ""
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            if line[..<colon].lowercased() == "host" {
                let value = line[line.index(after: colon)...].trimmingSpaces().lowercased()
                hostName = String(value.split(separator: ":").first ?? "")
            }
        }
        return .success(Request(method: String(requestLine[0]), target: String(requestLine[1]), hostName: hostName))
    }

    private static func write(_ response: Response, headOnly: Bool, to connection: Int32) {
        var head = "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\nServer: linkwell\r\n\r\n"
        var bytes = Array(head.utf8)
        if !headOnly { bytes += response.body }
        // One allowance for the whole answer: a client that reads a byte now and then cannot
        // extend it (SO_SNDTIMEO alone bounds each send, not their sum).
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(headerTimeout) * 1_000_000_000
        var written = 0
        while written < bytes.count {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return }
            setTimeout(connection, SO_SNDTIMEO, milliseconds: max(1, Int((deadline - now) / 1_000_000)))
            let count = bytes.withUnsafeBytes {
                send(connection, $0.baseAddress.map { $0 + written }, $0.count - written, noSignal)
            }
            guard count > 0 else { return }
            written += count
        }
    }

    package static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 302: "Found"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 503: "Service Unavailable"
        case 431: "Request Header Fields Too Large"
        default: "Status"
        }
    }
}

package struct ServeError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

// `listen` by its module's name (the server has a `listen` of its own).
#if canImport(Glibc)
    private let startListening = Glibc.listen
#else
    private let startListening = Darwin.listen
#endif

#if canImport(Glibc)
    private let noSignal = Int32(MSG_NOSIGNAL)
#else
    private let noSignal: Int32 = 0  // SO_NOSIGPIPE is set on each connection instead
#endif
