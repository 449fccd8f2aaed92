import Foundation
import LinkwellCore
import LinkwellSystem
import LinkwellTestSupport
import Synchronization
import Testing

/// `serve`'s answers, called without a socket: a Host header naming a manifest host is served
/// as that host byte for byte; any other reaches the port's own host with links to the
/// manifest's hosts rewritten to local ports; a Host header that is not a plain name never
/// reaches a page or a `Location`; a link planted in the folder never serves a file outside it.
@Suite struct LocalServerTests {
    final class Lines: Sendable {
        let list = Mutex<[String]>([])
        var last: String? { list.withLock { $0.last } }
    }

    final class Served {
        let root: String
        let server: LocalServer
        let lines = Lines()

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("linkwell-serve-\(UUID().uuidString)").path
            let project = InMemoryProjectFiles([:])
            let result = Linkwell.build(SourceFile(path: "site.yaml", text: Fixtures.validManifest), project: project)
            let site = try #require(result.site, "\(result.diagnostics)")
            var files: [(String, String)] = []
            _ = BuildOutput.files(of: result, project: project) { files.append(($0.path, $0.contents)) }
            for (path, contents) in files {
                let full = root + "/" + path
                try FileManager.default.createDirectory(
                    atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try contents.write(toFile: full, atomically: false, encoding: .utf8)
            }
            let ports = Dictionary(uniqueKeysWithValues: site.hosts.enumerated().map { ($1, 8_000 + $0) })
            let lines = lines
            server = LocalServer(
                serving: LocalServing(site: site), root: root, ports: ports, address: "127.0.0.1",
                log: { line in lines.list.withLock { $0.append(line) } })
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func get(_ target: String, host: String, port: String = "m.example.com") -> HTTPServer.Response {
            server.respond(to: HTTPServer.Request(method: "GET", target: target, hostName: host), defaultHost: port)
        }
    }

    @Test func aManifestHostByNameIsServedByteForByte() throws {
        let served = try Served()
        let response = served.get("/", host: "mlink.example.com")
        #expect(response.status == 200)
        let onDisk = try String(contentsOfFile: served.root + "/mlink.example.com/index.html", encoding: .utf8)
        #expect(String(decoding: response.body, as: UTF8.self) == onDisk)
        #expect(onDisk.contains("https://m.example.com"), "the page links to the other host")
    }

    @Test func byPortLinksToTheManifestsHostsGoToTheirLocalPorts() throws {
        let served = try Served()
        let response = served.get("/", host: "localhost", port: "mlink.example.com")
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(response.status == 200)
        #expect(!body.contains("https://m.example.com"))
        #expect(body.contains("http://127.0.0.1:8000"))
        #expect(served.lines.last?.hasPrefix("mlink.example.com GET / → 200") == true, "\(served.lines.last ?? "")")
    }

    @Test func aHostHeaderThatIsNotAPlainNameIsServedAsThePortsHost() throws {
        let served = try Served()
        for host in ["m.example.com\"><script>", "m.example.com/../x", "evil.example"] {
            let response = served.get("/", host: host, port: "mlink.example.com")
            #expect(response.status == 200)
            let body = String(decoding: response.body, as: UTF8.self)
            #expect(!body.contains("<script>alert") && !body.contains("evil.example"), "\(host)")
            #expect(body.contains("http://127.0.0.1:"), "by port: rewritten (\(host))")
        }
    }

    @Test func aLinkPlantedInTheFolderNeverServesAFileOutsideIt() throws {
        let served = try Served()
        let outside = served.root + "-outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try "secret\n".write(toFile: outside + "/index.html", atomically: false, encoding: .utf8)
        let page = served.root + "/m.example.com/index.html"
        try FileManager.default.removeItem(atPath: page)
        try FileManager.default.createSymbolicLink(atPath: page, withDestinationPath: outside + "/index.html")
        let response = served.get("/", host: "m.example.com")
        #expect(!String(decoding: response.body, as: UTF8.self).contains("secret"))
        #expect(response.status == 404)
    }
}
