import ArgumentParser
import Foundation
import Hummingbird
import LinkwellCore

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the output folder locally with the generated configuration's headers, rewrites and redirects, every host at once.",
        discussion: """
            Each host gets its own port, from --port up, in manifest order; a request whose Host header names a host of
            the manifest is served as that host on any port (map the names to this machine, or use a tunnel). Pages
            reached by port have links to the manifest's hosts rewritten to the matching local ports, so "Open in app"
            and the fallbacks can be clicked through locally; pages reached by host name are sent byte for byte.
            """)

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var outputOptions: OutputOptions

    @Option(help: "The first port; each further host gets the next one.")
    var port: Int = 8080

    @Option(help: "The address to listen on (0.0.0.0 to reach it from a phone on the same network).")
    var bind: String = "127.0.0.1"

    func run() async throws {
        let result = try Console.build(manifestOptions, quiet: true)
        guard let site = result.site else { throw ExitCode.failure }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: outputOptions.output, isDirectory: &isFolder), isFolder.boolValue else {
            Console.error("'\(outputOptions.output)' does not exist; run 'linkwell build' first")
            throw ExitCode.failure
        }
        let ports = Dictionary(uniqueKeysWithValues: site.hosts.enumerated().map { ($1, port + $0) })
        let server = LocalServer(serving: LocalServing(site: site), root: outputOptions.output, ports: ports)
        for host in site.hosts { LocalServer.log("\(host) → http://\(bind == "0.0.0.0" ? "127.0.0.1" : bind):\(ports[host]!)/") }
        LocalServer.log("serving \(outputOptions.output) (Ctrl-C stops)")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for host in site.hosts {
                let application = Application(
                    responder: CallbackResponder { (request: Request, _: BasicRequestContext) in
                        server.respond(to: request, defaultHost: host)
                    },
                    configuration: .init(address: .hostname(bind, port: ports[host]!), serverName: "linkwell"))
                group.addTask { try await application.runService() }
            }
            try await group.next()
            group.cancelAll()
        }
    }
}

/// Answers requests from the output folder as `LocalServing` decides, and logs each one.
struct LocalServer: Sendable {
    let serving: LocalServing
    let root: String
    let ports: [String: Int]

    func respond(to request: Request, defaultHost: String) -> Response {
        let authority = request.head.authority ?? ""
        let requestName = String(authority.split(separator: ":").first ?? "").lowercased()
        let byName = ports[requestName] != nil
        let host = byName ? requestName : defaultHost
        let answer = serving.answer(host: host, path: request.uri.path) { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        // By port, links to the manifest's hosts go to their local ports instead.
        let rewrite: (String) -> String =
            byName
            ? { $0 }
            : { text in
                ports.reduce(text) { text, entry in
                    text.replacingOccurrences(
                        of: "https://\(entry.key)", with: "http://\(requestName.isEmpty ? "127.0.0.1" : requestName):\(entry.value)")
                }
            }
        let response: Response
        switch answer {
        case .redirect(let location):
            response = Response(status: .found, headers: [.location: rewrite(location), .cacheControl: "no-store"])
        case .notFound:
            response = Response(
                status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "404 not found\n")))
        case .file(let path, let contentType):
            guard var data = FileManager.default.contents(atPath: root + "/" + path) else {
                return Response(status: .notFound)
            }
            if contentType.hasPrefix("text/html"), !byName { data = Data(rewrite(String(decoding: data, as: UTF8.self)).utf8) }
            response = Response(
                status: .ok, headers: [.contentType: contentType, .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        Self.log("\(host) \(request.method) \(request.uri) → \(response.status.code)" + (answer.filePath.map { " \($0)" } ?? ""))
        return response
    }

    /// Unbuffered, so each line shows as it happens also when standard output is a file or a pipe.
    static func log(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

extension LocalServing.Answer {
    var filePath: String? {
        if case .file(let path, _) = self { return path }
        return nil
    }
}
