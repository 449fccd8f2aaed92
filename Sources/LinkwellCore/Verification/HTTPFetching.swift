#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `verify` needs from HTTP, so the judging can be tested without a network: one GET,
/// redirects never followed (Apple's CDN and Android's verifier do not follow them either).
package protocol HTTPFetching: Sendable {
    func fetch(_ request: HTTPRequest) async throws(HTTPFetchError) -> HTTPResponse
}

package struct HTTPRequest: Sendable, Hashable {
    package var url: String
    /// Sent as the `Host` header when the URL names another server (`--base-url`).
    package var host: String?
    /// A longer body is not read: the fetch fails, saying so.
    package var maxBodyBytes = HTTPRequest.pageLimit

    /// What a page or robots.txt may weigh: pages are tens of KB; this leaves room for a big one.
    package static let pageLimit = 4 << 20
    /// Apple's limit for an association file (128 KB; a larger one is ignored by iOS).
    package static let associationFileLimit = 128 << 10
}

package struct HTTPResponse: Sendable, Hashable {
    package var status: Int
    /// Header names lower-cased.
    package var headers: [String: String]
    package var body: [UInt8]

    package init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// The media type without parameters, lower-cased; nil when the header is absent.
    package var mediaType: String? {
        headers["content-type"].map { $0.prefix { $0 != ";" }.trimmingSpaces().lowercased() }
    }

    package var isRedirect: Bool { (300..<400).contains(status) && headers["location"] != nil }
}

/// A request that got no HTTP answer at all (no connection, TLS failure, timeout).
package struct HTTPFetchError: Error, Sendable, Hashable {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }
}
