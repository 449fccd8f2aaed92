import Foundation
import LinkwellCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `verify`'s HTTP: Foundation's URLSession with redirects refused (the 3xx itself is the
/// answer), no cache, no cookies.
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
        session = URLSession(configuration: configuration, delegate: RefuseRedirects(), delegateQueue: nil)
        self.timeout = timeout
    }

    func fetch(_ request: HTTPRequest) async throws(HTTPFetchError) -> HTTPResponse {
        guard let url = URL(string: request.url) else { throw HTTPFetchError("'\(request.url)' is not a URL") }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: timeout)
        urlRequest.setValue("linkwell-verify", forHTTPHeaderField: "User-Agent")
        if let host = request.host { urlRequest.setValue(host, forHTTPHeaderField: "Host") }
        let session = session
        let result: Result<HTTPResponse, HTTPFetchError> = await withCheckedContinuation { continuation in
            session.dataTask(with: urlRequest) { data, response, error in
                guard let response = response as? HTTPURLResponse else {
                    let reason = error.map { ($0 as NSError).localizedDescription } ?? "no HTTP response"
                    continuation.resume(returning: .failure(HTTPFetchError("no answer from \(request.url): \(reason)")))
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
}
