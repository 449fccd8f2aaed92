import ArgumentParser
import Dispatch
import LinkwellCore
import LinkwellSystem

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

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the output folder locally with the generated configuration's headers, rewrites and redirects, every host at once.",
        discussion: """
            Each host gets its own port, from --port up, in manifest order; a request whose Host header names a host of \
            the manifest is served as that host on any port (map the names to this machine, or use a tunnel). Pages \
            reached by port have links to the manifest's hosts rewritten to the matching local ports, so "Open in app" \
            and the fallbacks can be clicked through locally; pages reached by host name are sent byte for byte.
            """)

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var outputOptions: OutputOptions

    @Option(help: "The first port; each further host gets the next one.")
    var port: Int = 8080

    @Option(help: "The address to listen on (0.0.0.0 to reach it from a phone on the same network).")
    var bind: String = "127.0.0.1"

    func run() throws {
        let result = try Console.build(manifestOptions, quiet: true)
        guard let site = result.site else { throw ExitCode.failure }
        var isFolder = false
        guard FileManager.default.fileExists(atPath: outputOptions.output, isDirectory: &isFolder), isFolder else {
            Console.error("'\(outputOptions.output)' does not exist; run 'linkwell build' first")
            throw ExitCode.failure
        }
        let ports = Dictionary(uniqueKeysWithValues: site.hosts.enumerated().map { ($1, port + $0) })
        let server = LocalServer(
            serving: LocalServing(site: site), root: outputOptions.output, ports: ports, address: bind == "0.0.0.0" ? "127.0.0.1" : bind)
        do {
            for (offset, host) in site.hosts.enumerated() {
                try HTTPServer.listen(address: bind, port: port + offset) { request in server.respond(to: request, defaultHost: host) }
                LocalServer.log("\(host) → http://\(bind == "0.0.0.0" ? "127.0.0.1" : bind):\(port + offset)/")
            }
        } catch {
            Console.error("\(error)")
            throw ExitCode.failure
        }
        LocalServer.log("serving \(outputOptions.output) (Ctrl-C stops)")
        while true { sleep(3600) }
    }
}

/// Answers requests from the output folder as `LocalServing` decides, and logs each one.
struct LocalServer: Sendable {
    let serving: LocalServing
    let root: String
    let ports: [String: Int]
    /// The address links and `Location`s name when a page is reached by port: the server's own,
    /// never a name a request sent.
    let address: String
    /// The output folder with every link resolved: a file is served only when its own resolved
    /// path lies inside it, so a link planted in the folder never serves a file from outside.
    private let resolvedRoot: String?

    init(serving: LocalServing, root: String, ports: [String: Int], address: String) {
        self.serving = serving
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

    func respond(to request: HTTPServer.Request, defaultHost: String) -> HTTPServer.Response {
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
        Self.log(
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

    static func log(_ line: String) {
        StandardStreams.output(line + "\n")
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
