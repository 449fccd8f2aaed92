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

/// Answers requests from the output folder as `LocalServing` decides, and logs each one.
package struct LocalServer: Sendable {
    let serving: LocalServing
    let root: String
    let ports: [String: Int]
    /// Where each request's line goes (standard output for `serve`).
    package let log: @Sendable (String) -> Void
    /// The address links and `Location`s name when a page is reached by port: the server's own,
    /// never a name a request sent.
    let address: String
    /// The output folder with every link resolved: a file is served only when its own resolved
    /// path lies inside it, so a link planted in the folder never serves a file from outside.
    private let resolvedRoot: String?

    package init(serving: LocalServing, root: String, ports: [String: Int], address: String, log: @escaping @Sendable (String) -> Void) {
        self.serving = serving
        self.log = log
        self.root = root
        self.ports = ports
        self.address = address
        resolvedRoot = Self.resolved(root)
    }

    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// `path` under the folder, when it is a regular file whose resolved path stays inside it.
    private func insideFile(_ path: String) -> String? {
        guard let resolvedRoot, let full = Self.resolved(root + "/" + path), full.hasPrefix(resolvedRoot + "/") else { return nil }
        var isFolder = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder else { return nil }
        return full
    }

    package func respond(to request: HTTPServer.Request, defaultHost: String) -> HTTPServer.Response {
        // A Host header that is not a plain host name never reaches a page or a Location.
        let plain = request.hostName.utf8.allSatisfy { $0.isASCIILetterOrDigitOrDot }
        let requestName = plain ? request.hostName : ""
        let byName = ports[requestName] != nil
        let host = byName ? requestName : defaultHost
        let answer = serving.answer(host: host, path: request.path) { path in insideFile(path) != nil }
        // By port, links to the manifest's hosts go to their local ports instead.
        let rewrite: (String) -> String =
            byName
            ? { $0 }
            : { text in
                ports.reduce(text) { text, entry in
                    text.replacingEvery("https://\(entry.key)", with: "http://\(address):\(entry.value)")
                }
            }
        var response: HTTPServer.Response
        switch answer {
        case .redirect(let location):
            response = HTTPServer.Response(status: 302, headers: [("Location", rewrite(location)), ("Cache-Control", "no-store")])
        case .notFound:
            response = HTTPServer.Response(
                status: 404, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array("404 not found\n".utf8))
        case .file(let path, let contentType):
            response = page(path, contentType: contentType, status: 200, rewrite: byName ? nil : rewrite)
        case .notFoundPage(let path):
            response = page(path, contentType: "text/html; charset=utf-8", status: 404, rewrite: byName ? nil : rewrite)
        }
        log(
            "\(host) \(TerminalText.escaped(request.method)) \(TerminalText.escaped(request.target)) → \(response.status)"
                + (answer.pagePath.map { " \($0)" } ?? ""))
        return response
    }

    /// A file of the output folder as the answer; HTML reached by port gets its links rewritten.
    private func page(_ path: String, contentType: String, status: Int, rewrite: ((String) -> String)?) -> HTTPServer.Response {
        guard let file = insideFile(path), var data = FileManager.default.contents(atPath: file) else {
            return HTTPServer.Response(status: 404)
        }
        if contentType.hasPrefix("text/html"), let rewrite { data = Data(rewrite(String(decoding: data, as: UTF8.self)).utf8) }
        return HTTPServer.Response(
            status: status, headers: [("Content-Type", contentType), ("Cache-Control", "no-store")], body: Array(data))
    }

}

extension LocalServing.Answer {
    var pagePath: String? {
        switch self {
        case .file(let path, _), .notFoundPage(let path): path
        case .redirect, .notFound: nil
        }
    }
}

extension UInt8 {
    fileprivate var isASCIILetterOrDigitOrDot: Bool {
        (self >= 0x30 && self <= 0x39) || (self >= 0x61 && self <= 0x7A) || self == 0x2E || self == 0x2D
    }
}
