import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// `linkwell serve`'s decisions, which follow the generated nginx snippet.
@Suite struct LocalServingTests {
    @Test func answersAsTheGeneratedConfigurationDoes() throws {
        let (result, files, _) = Fixtures.buildBundled(Fixtures.text("../../site.yaml"))
        let serving = LocalServing(site: try #require(result.site))
        let paths = Set(files.map(\.path))
        func answer(_ host: String, _ path: String) -> LocalServing.Answer { serving.answer(host: host, path: path) { paths.contains($0) } }

        #expect(
            answer("m.example.com", "/.well-known/assetlinks.json")
                == .file(path: "m.example.com/.well-known/assetlinks.json", contentType: "application/json"))
        #expect(
            answer("m.example.com", "/u/42") == .file(path: "m.example.com/_linkwell/profile.html", contentType: "text/html; charset=utf-8")
        )
        #expect(answer("m.example.com", "/u/alex") == .file(path: "m.example.com/u/alex.html", contentType: "text/html; charset=utf-8"))
        #expect(
            answer("m.example.com", "/U/42") == .notFoundPage(path: "m.example.com/404.html"),
            "routes are case-sensitive, as the rewrites; what no route takes gets the host's not-found page")
        #expect(answer("m.example.com", "/") == .file(path: "m.example.com/index.html", contentType: "text/html; charset=utf-8"))
        #expect(
            answer("go.example.com", "/Zx81q")
                == .file(path: "go.example.com/_linkwell/invite.html", contentType: "text/html; charset=utf-8"),
            "a code without a short link gets the short host's catch-all page")
        #expect(
            answer("go.example.com", "/Ab3dE.html") == .file(path: "go.example.com/Ab3dE.html", contentType: "text/html; charset=utf-8"))
        #expect(answer("go.example.com", "/") == .file(path: "go.example.com/index.html", contentType: "text/html; charset=utf-8"))
        #expect(answer("go.example.com", "/spring") == .redirect(location: "https://m.example.com/aa/landto/?page=9&ref=spring26"))
        #expect(answer("m.example.com", "/nginx.conf") == .notFound)
        #expect(answer("m.example.com", "/../go.example.com/robots.txt") == .notFound)
        #expect(answer("m.example.com", "/%2e%2e/go.example.com/robots.txt") == .notFound)
        #expect(answer("www.example.com", "/robots.txt") == .notFound, "not a host of the manifest")
        // A missing association file is a 404, never a page.
        #expect(serving.answer(host: "m.example.com", path: "/.well-known/assetlinks.json") { _ in false } == .notFound)
    }

    /// Every configuration file a provider writes into a host folder is refused by `serve` and
    /// named in the nginx, Apache and Caddy files' "not content" rules, from one table
    /// (`HostingFiles.File.Kind`): a new kind cannot be forgotten there.
    @Test func everyConfigurationFileIsNeverServed() throws {
        let (result, files, _) = Fixtures.buildBundled(Fixtures.text("../../site.yaml"))
        let serving = LocalServing(site: try #require(result.site))
        let configurations = HostingFiles.File.Kind.allCases.filter(\.isConfiguration)
        #expect(configurations.count == HostingFiles.File.Kind.allCases.count - 1)
        let nginx = try #require(files.first { $0.path == "m.example.com/nginx.conf" }?.contents)
        let apache = try #require(files.first { $0.path == "m.example.com/.htaccess" }?.contents)
        let caddy = try #require(files.first { $0.path == "m.example.com/Caddyfile" }?.contents)
        for kind in configurations {
            #expect(serving.answer(host: "m.example.com", path: "/" + kind.fileName) { _ in true } == .notFound, "\(kind)")
            let escaped = kind.fileName.replacingOccurrences(of: ".", with: "\\.")
            #expect(nginx.contains(escaped) && apache.contains(escaped) && caddy.contains("/" + kind.fileName), "\(kind)")
        }
    }
}
