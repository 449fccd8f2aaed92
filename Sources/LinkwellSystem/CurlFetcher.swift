import CCurl
import Dispatch
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

/// `verify`'s HTTP: one GET through the system's libcurl, bounded three ways — one deadline for
/// the whole exchange (a server that drips a byte a second still stops at `--timeout`), at most
/// `request.maxBodyBytes` of body, no compression asked for or decoded (a small gzip bomb stays
/// small) — redirects never followed (the 3xx itself is the answer), no cookies, no cache.
package struct CurlFetcher: HTTPFetching {
    /// A header block larger than this is not one a CDN sends.
    package static let maxHeaderBytes = 64 * 1024

    private let timeout: Double

    /// Fails, in words, when libcurl is not installed.
    package init(timeout: Double) throws(HTTPFetchError) {
        var error = [CChar](repeating: 0, count: 256)
        guard lw_http_load(&error, error.count) == 0 else {
            throw HTTPFetchError(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.timeout = timeout
    }

    package func fetch(_ request: HTTPRequest) async throws(HTTPFetchError) -> HTTPResponse {
        let timeout = timeout
        // libcurl blocks its thread for the whole exchange: one of Dispatch's threads, never one
        // of the few the Swift concurrency pool runs every task on.
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: Self.get(request, timeout: timeout)) }
        }
        return try result.get()
    }

    private static func get(_ request: HTTPRequest, timeout: Double) -> Result<HTTPResponse, HTTPFetchError> {
        var headers = [
            "User-Agent: linkwell-verify",
            // What Apple's CDN and Android's verifier are sent: the file as it is, no compression.
            "Accept-Encoding: identity",
        ]
        if let host = request.host { headers.append("Host: \(host)") }
        var result = lw_http_result()
        defer { lw_http_result_free(&result) }
        let pointers = headers.map { strdup($0) }
        defer { for pointer in pointers { free(pointer) } }
        let constPointers = pointers.map { UnsafePointer($0) }
        constPointers.withUnsafeBufferPointer { list in
            lw_http_get(
                request.url, list.baseAddress, list.count, Int(timeout * 1000), request.maxBodyBytes, maxHeaderBytes, &result)
        }
        let curlError = withUnsafeBytes(of: result.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if result.body_over_limit != 0 || result.code == 63 {
            return .failure(
                HTTPFetchError("the answer from \(request.url) is over \(ByteCount(request.maxBodyBytes)); reading stopped there"))
        }
        if result.headers_over_limit != 0 {
            return .failure(
                HTTPFetchError("the answer from \(request.url) has over \(ByteCount(maxHeaderBytes)) of headers; reading stopped there"))
        }
        guard result.code == 0 else {
            return .failure(HTTPFetchError(words(code: result.code, detail: curlError, url: request.url, timeout: timeout)))
        }
        let headerBlock = String(decoding: UnsafeBufferPointer(start: result.headers, count: result.headers_length), as: UTF8.self)
        let body = Array(UnsafeBufferPointer(start: result.body, count: result.body_length))
        return .success(HTTPResponse(status: result.status, headers: Self.headerFields(headerBlock), body: body))
    }

    /// The fields of a header block (its status line and any folded or malformed line skipped);
    /// a repeated field keeps its first value.
    package static func headerFields(_ block: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in block.split(whereSeparator: \.isNewline).dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex, line.first != " ", line.first != "\t" else { continue }
            let name = line[..<colon].lowercased()
            if fields[name] == nil { fields[name] = line[line.index(after: colon)...].trimmingSpaces() }
        }
        return fields
    }

    /// A libcurl failure in words, never a bare error code; libcurl's own words are added where
    /// ours are general (which certificate problem, what was wrong with the answer).
    package static func words(code: Int32, detail: String, url: String, timeout: Double) -> String {
        let reason: String
        var addsDetail = false
        switch code {
        case 28: reason = "timed out after \(timeout == timeout.rounded() ? "\(Int(timeout))" : "\(timeout)") s (--timeout)"
        case 6: reason = "the host name does not resolve"
        case 7: reason = "the connection was refused"
        case 52: reason = "the server closed the connection without answering"
        case 55, 56: reason = "the connection dropped during the exchange"
        case 18: reason = "the answer ended before its announced length"
        case 1, 3: reason = "not an http:// or https:// URL"
        case 8:
            reason = "the answer is not valid HTTP"
            addsDetail = true
        case 35, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98:
            reason = "the TLS handshake failed (certificate or protocol)"
            addsDetail = true
        default:
            reason = "no HTTP answer"
            addsDetail = true
        }
        let said = addsDetail && !detail.isEmpty ? " (libcurl: \(detail.hasSuffix(".") ? String(detail.dropLast()) : detail))" : ""
        return "no answer from \(url): \(reason)\(said)"
    }
}

/// "128 KB", "4 MB": a byte limit as the user reads it (binary units, as the limits are set).
package struct ByteCount: CustomStringConvertible {
    package var bytes: Int
    package init(_ bytes: Int) { self.bytes = bytes }
    package var description: String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }
}
