import Foundation

/// What `verify` needs from HTTP, so the judging can be tested without a network: one GET,
/// redirects never followed (Apple's CDN and Android's verifier do not follow them either).
public protocol HTTPFetching: Sendable {
    func fetch(_ request: HTTPRequest) async throws(HTTPFetchError) -> HTTPResponse
}

public struct HTTPRequest: Sendable, Hashable {
    public var url: String
    /// Sent as the `Host` header when the URL names another server (`--base-url`).
    public var host: String?
    /// A longer body is not read: the fetch fails, saying so.
    public var maxBodyBytes: Int

    /// What a page or robots.txt may weigh: pages are tens of KB; this leaves room for a big one.
    public static let pageLimit = 4 << 20
    /// Apple's limit for an association file (128 KB; a larger one is ignored by iOS).
    public static let associationFileLimit = 128 << 10

    public init(url: String, host: String? = nil, maxBodyBytes: Int = pageLimit) {
        self.url = url
        self.host = host
        self.maxBodyBytes = maxBodyBytes
    }
}

public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    /// Header names lower-cased.
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// The media type without parameters, lower-cased; nil when the header is absent.
    public var mediaType: String? {
        headers["content-type"].map { $0.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    public var isRedirect: Bool { (300..<400).contains(status) && headers["location"] != nil }
}

/// A request that got no HTTP answer at all (no connection, TLS failure, timeout).
public struct HTTPFetchError: Error, Sendable, Hashable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
