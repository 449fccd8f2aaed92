import Foundation
import LinkwellCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `verify`'s HTTP: Foundation's URLSession with redirects refused (the 3xx itself is the
/// answer), no cache, no cookies, no compression asked for, one deadline for the whole exchange.
///
/// Not bounded here: the size of a body. FoundationNetworking on Linux hands a body to the
/// delegate queue faster than any delegate takes it and does not stop on `cancel()` while it
/// does, so an endless body grows memory until the deadline (issue 15 note; an own HTTP client
/// is the fix).
struct URLSessionFetcher: HTTPFetching {
    /// Refusing the new request makes URLSession hand back the redirect response.
    private final class RefuseRedirects: NSObject, URLSessionTaskDelegate, Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest,
            completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }

    private let session: URLSession
    private let timeout: Double

    init(timeout: Double) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        session = URLSession(configuration: configuration, delegate: RefuseRedirects(), delegateQueue: nil)
        self.timeout = timeout
    }

    func fetch(_ request: HTTPRequest) async throws(HTTPFetchError) -> HTTPResponse {
        guard let url = URL(string: request.url) else { throw HTTPFetchError("'\(request.url)' is not a URL") }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: timeout)
        urlRequest.setValue("linkwell-verify", forHTTPHeaderField: "User-Agent")
        // What Apple's CDN and Android's verifier are sent: the file as it is, no compression.
        urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        if let host = request.host { urlRequest.setValue(host, forHTTPHeaderField: "Host") }
        let session = session
        let timeout = timeout
        let result: Result<HTTPResponse, HTTPFetchError> = await withCheckedContinuation { continuation in
            session.dataTask(with: urlRequest) { data, response, error in
                guard let response = response as? HTTPURLResponse else {
                    continuation.resume(returning: .failure(HTTPFetchError(Self.words(for: error, url: request.url, timeout: timeout))))
                    return
                }
                let headers = Dictionary(
                    response.allHeaderFields.compactMap { key, value in (key as? String).map { ($0, "\(value)") } },
                    uniquingKeysWith: { first, _ in first })
                continuation.resume(
                    returning: .success(HTTPResponse(status: response.statusCode, headers: headers, body: Array(data ?? Data()))))
            }.resume()
        }
        return try result.get()
    }

    /// A transport error in words, never a raw error domain and code.
    static func words(for error: (any Error)?, url: String, timeout: Double) -> String {
        let reason: String
        switch (error as NSError?)?.code {
        case nil: reason = "no HTTP response"
        case NSURLErrorTimedOut:
            reason = "timed out after \(timeout == timeout.rounded() ? "\(Int(timeout))" : "\(timeout)") s (--timeout)"
        case NSURLErrorCannotConnectToHost, NSURLErrorNetworkConnectionLost: reason = "the connection was refused or dropped"
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: reason = "the host name does not resolve"
        case NSURLErrorNotConnectedToInternet: reason = "this machine is offline"
        case NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateUntrusted, NSURLErrorServerCertificateHasBadDate,
            NSURLErrorServerCertificateHasUnknownRoot, NSURLErrorServerCertificateNotYetValid:
            reason = "the TLS handshake failed (certificate or protocol)"
        case NSURLErrorBadServerResponse: reason = "the response is not valid HTTP"
        default: reason = (error as NSError?)?.localizedDescription ?? "no HTTP response"
        }
        return "no answer from \(url): \(reason)"
    }
}
