import Foundation
import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// `verify`'s judging, against a host played in memory: a deployment equal to the build
/// passes, and each way of breaking one gets its own finding.
@Suite struct DeploymentCheckTests {
    /// Serves the built files per host as the generated configuration would, with `change`
    /// applied to each answer.
    struct FakeHost: HTTPFetching {
        let files: [String: String]
        let site: Site
        var change: @Sendable (HTTPRequest, HTTPResponse) -> HTTPResponse = { $1 }

        func fetch(_ request: HTTPRequest) async throws(HTTPFetchError) -> HTTPResponse {
            guard let url = URLParts(request.url) else { throw HTTPFetchError("bad URL") }
            let host = request.host ?? url.host
            return change(request, answer(host: host, url: url))
        }

        func answer(host: String, url: URLParts) -> HTTPResponse {
            let html = ["Content-Type": "text/html; charset=utf-8"]
            let path = PercentDecoding.decode(url.path)
            if let link = site.shortLinks.first(where: { "/\($0.code)" == url.path }), host == site.shortHost {
                return HTTPResponse(status: 302, headers: ["Location": "https://m.example.com\(link.target)"], body: [])
            }
            if let page = files["\(host)\(path == "/" ? "/index" : path).html"] {
                return HTTPResponse(status: 200, headers: html, body: Array(page.utf8))
            }
            if let file = files["\(host)\(url.path)"] {
                let type = url.path.hasSuffix(".txt") ? "text/plain; charset=utf-8" : "application/json"
                return HTTPResponse(status: 200, headers: ["Content-Type": type], body: Array(file.utf8))
            }
            if let link = site.shortLinks.first(where: { "/\($0.code)" == url.path }), host == site.shortHost {
                return HTTPResponse(status: 302, headers: ["Location": "https://m.example.com\(link.target)"], body: [])
            }
            if let rule = PageRouting(site: site).rule(for: url.path, on: host),
                let page = files[PagePaths.routePage(host: host, pageType: rule.pageType)]
            {
                return HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: Array(page.utf8))
            }
            return HTTPResponse(status: 404, headers: html, body: Array((files["\(host)/404.html"] ?? "<html>not found").utf8))
        }
    }

    static let bundled = Fixtures.buildBundled(Fixtures.text("../../site.yaml"))

    func report(
        hosts: [String]? = nil, appleCDN: String? = nil, hosting: [HostingProvider] = HostingProvider.allCases,
        change: @escaping @Sendable (HTTPRequest, HTTPResponse) -> HTTPResponse = { $1 }
    ) async throws -> DeploymentReport {
        let (result, files, _) = Self.bundled
        let site = try #require(result.site)
        let probes = DeploymentProbe.probes(site: site, files: files, hosts: hosts ?? site.hosts, appleCDN: appleCDN)
        let host = FakeHost(
            files: Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { a, _ in a }), site: site, change: change)
        return await DeploymentReport.run(probes, files: files, base: "http://127.0.0.1:1", fetcher: host, hosting: hosting)
    }

    func findings(_ report: DeploymentReport, _ host: String, _ target: String) -> [String] {
        report.results.filter { $0.probe.host == host && $0.probe.target == target }.flatMap(\.findings).map {
            "\($0.severity.rawValue): \($0.message)"
        }
    }

    static let aasa = "/.well-known/apple-app-site-association"

    @Test func aDeploymentEqualToTheBuildPasses() async throws {
        let report = try await report()
        #expect(report.errors == 0 && report.warnings == 0, "\(report.text)")
        // 3 association files + robots on each of 3 hosts, 5 page routes on 2 hosts, the short host's catch-all, a
        // home page on 3 hosts, a not-found page on the 2 without a catch-all, 4 item pages on 2 hosts, 2 short links
        // and the 2 pages they end at.
        #expect(report.results.count == 40)
        #expect(report.text.hasSuffix("40 checks on 3 hosts: 0 errors, 0 warnings"))
        #expect(report.results.allSatisfy { $0.url.hasPrefix("http://127.0.0.1:1/") })
    }

    /// A deploy missing an item page, with a stale one, or without its home page fails; a host
    /// that answers every URL is told it hides its not-found page.
    @Test func itemHomeAndNotFoundPagesAreChecked() async throws {
        let report = try await report { request, response in
            guard let url = URLParts(request.url) else { return response }
            var response = response
            switch (request.host, url.path) {
            case ("m.example.com", "/u/alex"):
                let route = Self.bundled.files.first { $0.path == "m.example.com/_linkwell/profile.html" }!.contents
                response.body = Array(route.utf8)
            case ("m.example.com", "/u/sam"):
                response.body = Array(String(decoding: response.body, as: UTF8.self).replacingOccurrences(of: "Sam", with: "Old").utf8)
            case ("mlink.example.com", "/"):
                response = HTTPResponse(status: 404, headers: [:], body: [])
            case ("mlink.example.com", DeploymentProbe.missingPath):
                response.status = 200
            default: break
            }
            return response
        }
        #expect(
            findings(report, "m.example.com", "/u/alex") == [
                // The route's rewrite answering for a missing item page is the item page missing, not a wrong rewrite.
                "error: serves the route page m.example.com/_linkwell/profile.html, not the item page m.example.com/u/alex.html: the item page is not deployed (the route's rewrite answers for it); deploy the whole built folder"
            ])
        #expect(
            findings(report, "m.example.com", "/u/sam") == [
                "error: serves a page that is not the built m.example.com/u/sam.html: a stale deploy, or the site's own fallback page answers"
            ])
        #expect(
            findings(report, "mlink.example.com", "/").first?.hasPrefix(
                "error: answers 404, not the home page mlink.example.com/index.html: the host does not serve the folder's index.html at '/'"
            ) == true)
        #expect(
            findings(report, "mlink.example.com", DeploymentProbe.missingPath).first?.hasPrefix("warning: answers 200, not 404") == true)
        #expect(report.errors == 3 && report.warnings == 1, "\(report.text)")
    }

    /// A short link is followed to where it ends: a target page that is not deployed fails even
    /// though the redirect itself is right; a target on the web origin is asked there (never
    /// through --base-url) and only an error answer fails.
    @Test func aShortLinkIsFollowedToWhereItEnds() async throws {
        let report = try await report { request, response in
            guard let url = URLParts(request.url), request.host == "m.example.com", url.path == "/i/Ab3dE" else { return response }
            return HTTPResponse(status: 404, headers: [:], body: Array("<html>gone".utf8))
        }
        let ends = report.results.filter { $0.probe.server != nil }
        #expect(ends.map(\.probe.target) == ["/i/Ab3dE?ref=share", "/aa/landto/?page=9&ref=spring26"])
        #expect(ends.allSatisfy { $0.probe.host == "go.example.com" && $0.url.hasPrefix("http://127.0.0.1:1/") })
        #expect(findings(report, "go.example.com", "/Ab3dE").isEmpty, "the redirect itself is right")
        #expect(
            findings(report, "go.example.com", "/i/Ab3dE?ref=share").first?.hasPrefix(
                "error: answers 404, not the preview page m.example.com/")
                == true, "\(report.text)")
        #expect(report.text.contains("✗ https://m.example.com/i/Ab3dE?ref=share (where short link /Ab3dE ends)"), "\(report.text)")
        #expect(report.errors == 1, "\(report.text)")

        var site = try #require(Self.bundled.result.site)
        site.shortLinks[0].target = "https://www.example.com/help"
        let web = DeploymentProbe.probes(site: site, files: Self.bundled.files, hosts: site.hosts, appleCDN: nil).filter {
            if case .webTarget = $0.expectation { true } else { false }
        }
        #expect(web.map { $0.request(base: "http://127.0.0.1:1").url } == ["https://www.example.com/help"])
        let check = DeploymentCheck(files: Self.bundled.files)
        for (status, expected) in [(200, [String]()), (500, ["error: answers 500: short link /Ab3dE ends at an error on the web origin"])] {
            let judged = check.judge(web[0], url: "", response: .success(HTTPResponse(status: status, headers: [:], body: [])))
            #expect(judged.findings.map { "\($0.severity.rawValue): \($0.message)" } == expected)
        }
        #expect(
            DeploymentProbe.probes(site: site, files: Self.bundled.files, hosts: site.hosts, appleCDN: nil, webTargets: false).allSatisfy {
                if case .webTarget = $0.expectation { false } else { true }
            })
    }

    /// A key rotation that was not deployed: the served statement list names the old key.
    @Test func aStaleSigningKeyIsNamedAsSuch() async throws {
        let upload = "B1:35:8E:4C:9F:0A:61:D2:77:C3:28:5E:4A:0B:9D:13:6F:E2:81:C7:3A:55:D4:0E:92:B8:1F:6C:07:E9:A3:44"
        let old = "00:35:8E:4C:9F:0A:61:D2:77:C3:28:5E:4A:0B:9D:13:6F:E2:81:C7:3A:55:D4:0E:92:B8:1F:6C:07:E9:A3:44"
        let report = try await report { request, response in
            guard request.host == "m.example.com", request.url.hasSuffix("/.well-known/assetlinks.json") else { return response }
            var response = response
            response.body = Array(String(decoding: response.body, as: UTF8.self).replacingOccurrences(of: upload, with: old).utf8)
            return response
        }
        let found = findings(report, "m.example.com", "/.well-known/assetlinks.json")
        #expect(
            found.first
                == "error: lists other signing keys than the build; not deployed: \(upload); deployed but no longer built: \(old): apps signed "
                + "with a missing key do not verify (deploy the built assetlinks.json)", "\(found)")
        #expect(found.count == 2 && found[1].hasPrefix("error: differs from the built file"))
    }

    @Test func githubPagesGetsAdviceItCanFollow() async throws {
        let report = try await report(hosting: [.githubPages]) { request, response in
            var response = response
            if request.url.hasSuffix("/apple-app-site-association") { response.headers["content-type"] = "application/octet-stream" }
            return response
        }
        let found = findings(report, "m.example.com", Self.aasa)
        #expect(
            found.count == 1
                && found[0].hasPrefix(
                    "warning: Content-Type is 'application/octet-stream', not application/json: GitHub Pages cannot set headers.")
        )
        #expect(report.errors == 0)
    }

    @Test func eachBrokenAnswerIsNamed() async throws {
        let report = try await report { request, response in
            guard let url = URLParts(request.url) else { return response }
            var response = response
            switch (request.host, url.path) {
            case ("m.example.com", Self.aasa):
                response.headers["location"] = "https://www.example.com/.well-known/apple-app-site-association"
                response.status = 301
            case ("mlink.example.com", Self.aasa):
                response.headers["content-type"] = "text/plain"
            case ("m.example.com", "/apple-app-site-association"):
                // The right bytes as text/html: a Content-Type error, not "an HTML page answers".
                response.headers["content-type"] = "text/html"
            case ("go.example.com", Self.aasa):
                response = HTTPResponse(status: 200, headers: ["Content-Type": "text/html"], body: Array("<!doctype html><p>app".utf8))
            case ("m.example.com", "/.well-known/assetlinks.json"):
                response.body = Array(String(decoding: response.body, as: UTF8.self).replacingOccurrences(of: "\n", with: "").utf8)
            case ("mlink.example.com", "/.well-known/assetlinks.json"):
                response.body = Array("[{\"relation\": [],}]".utf8)
            case ("go.example.com", "/.well-known/assetlinks.json"):
                response.body = Array("[]\n".utf8)
            case ("m.example.com", "/robots.txt"):
                response.body = Array("User-agent: *\nDisallow: /.well-known/\n".utf8)
            case ("m.example.com", "/u/sample"):
                response = HTTPResponse(status: 404, headers: [:], body: [])
            case ("mlink.example.com", "/u/sample"):
                let other = Self.bundled.files.first { $0.path == "mlink.example.com/_linkwell/like.html" }!.contents
                response.body = Array(other.utf8)
            case ("go.example.com", "/Ab3dE"):
                response.headers["location"] = "https://m.example.com/"
            case ("go.example.com", "/spring"):
                response.status = 301
            default: break
            }
            return response
        }
        #expect(
            findings(report, "m.example.com", Self.aasa) == [
                "error: redirects (301) to https://www.example.com/.well-known/apple-app-site-association: Apple's CDN and Android's verifier do not follow redirects, so links open the browser"
            ])
        #expect(
            findings(report, "mlink.example.com", Self.aasa) == [
                "error: Content-Type is 'text/plain', not application/json: deploy the generated host configuration, which sets it"
            ])
        #expect(findings(report, "go.example.com", Self.aasa).first?.hasPrefix("error: an HTML page answers instead of the file") == true)
        #expect(
            findings(report, "m.example.com", "/apple-app-site-association") == [
                "error: Content-Type is 'text/html', not application/json: deploy the generated host configuration, which sets it"
            ])
        #expect(
            findings(report, "m.example.com", "/.well-known/assetlinks.json") == [
                "warning: holds the same JSON as the built file in other bytes: the host rewrites it (minifies or reformats)"
            ])
        #expect(
            findings(report, "mlink.example.com", "/.well-known/assetlinks.json") == [
                "error: is not valid JSON (1:18: trailing comma before '}'), so it is ignored"
            ])
        #expect(
            findings(report, "go.example.com", "/.well-known/assetlinks.json") == [
                "error: differs from the built file (a stale deploy?): line 1: built '[', served '[]'",
                "error: is rejected as a whole by Android's verifier (the statement list is empty): no app link on this host is verified",
            ])
        let robots = findings(report, "m.example.com", "/robots.txt")
        #expect(
            robots.contains(
                "error: line 2 'Disallow: /.well-known/' blocks /.well-known/assetlinks.json for user agent '*' (RFC 9309 longest match)"))
        #expect(robots.last == "warning: differs from the built robots.txt (a stale deploy, or the site's own file)")
        // With the usual reason on each server the manifest names (here every one).
        #expect(
            findings(report, "m.example.com", "/u/sample") == [
                "error: answers 404, not the preview page m.example.com/_linkwell/profile.html: the host does not rewrite this route (deploy the generated configuration for your host); Apache reads the generated .htaccess only where AllowOverride allows it (AllowOverride FileInfo Indexes, or All; the default is None) and needs mod_rewrite and mod_headers; nginx: include the generated nginx.conf in the server block (include …/nginx.conf;); Caddy: import the generated Caddyfile in the site block"
            ])
        #expect(
            findings(report, "mlink.example.com", "/u/sample") == [
                "error: serves mlink.example.com/_linkwell/like.html instead of mlink.example.com/_linkwell/profile.html: the host's rewrites are not the generated ones"
            ])
        #expect(
            findings(report, "go.example.com", "/Ab3dE") == [
                "error: redirects to https://m.example.com/, not to https://m.example.com/i/Ab3dE?ref=share"
            ])
        #expect(findings(report, "go.example.com", "/spring").first?.hasPrefix("warning: redirects permanently (301)") == true)
        #expect(report.text.contains("  ✗ /.well-known/apple-app-site-association  301 → https://www.example.com/"))
    }

    @Test func noAnswerIsAnErrorExceptAtApplesCDN() async throws {
        let report = try await report(hosts: ["m.example.com"], appleCDN: "https://cdn.test/a/v1/") { request, response in
            request.url.hasPrefix("https://cdn.test/") ? HTTPResponse(status: 404, headers: [:], body: []) : response
        }
        let cdn = try #require(report.results.first { $0.probe.target == "https://cdn.test/a/v1/m.example.com" })
        #expect(cdn.url == "https://cdn.test/a/v1/m.example.com", "Apple's CDN is asked directly, not through --base-url")
        #expect(cdn.findings.map(\.severity) == [.warning])
        #expect(report.errors == 0)

        struct Unreachable: HTTPFetching {
            func fetch(_ request: HTTPRequest) async throws(HTTPFetchError) -> HTTPResponse { throw HTTPFetchError("connection refused") }
        }
        let (result, _, _) = Self.bundled
        let site = try #require(result.site)
        let down = await DeploymentReport.run(
            DeploymentProbe.probes(site: site, files: result.files, hosts: ["go.example.com"], appleCDN: nil), files: result.files,
            base: nil,
            fetcher: Unreachable())
        // One cause (the host does not answer), said once with its count: one error.
        #expect(down.results.allSatisfy { $0.answer == "no answer" && $0.severity == .error })
        #expect(down.errors == Set(down.results.flatMap(\.findings)).count && down.errors < down.results.count, "\(down.text)")
        #expect(down.text.contains("error, \(down.results.count) URLs ("), "\(down.text)")
        #expect(down.results.first?.url == "https://go.example.com/.well-known/apple-app-site-association")
    }

    /// A server's Location and Content-Type reach the terminal escaped (ESC and BEL as `\u{…}`),
    /// and the whole run has a deadline: requests not started by then are errors that say so.
    @Test func whatAServerSendsIsPrintedEscapedAndTheRunEndsByItsDeadline() async throws {
        struct Hostile: HTTPFetching {
            func fetch(_ request: HTTPRequest) async throws(HTTPFetchError) -> HTTPResponse {
                HTTPResponse(
                    status: 302,
                    headers: ["Location": "https://x/\u{1B}[2J\u{1B}[H0 errors", "Content-Type": "text/html\u{1B}]0;title\u{7}"], body: [])
            }
        }
        struct Slow: HTTPFetching {
            func fetch(_ request: HTTPRequest) async throws(HTTPFetchError) -> HTTPResponse {
                try? await Task.sleep(for: .milliseconds(100))
                throw HTTPFetchError("slow")
            }
        }
        let (result, _, _) = Self.bundled
        let site = try #require(result.site)
        let probes = DeploymentProbe.probes(site: site, files: result.files, hosts: ["m.example.com"], appleCDN: nil)
        let hostile = await DeploymentReport.run(probes, files: result.files, base: nil, fetcher: Hostile())
        #expect(!hostile.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x7 })
        #expect(hostile.text.contains("\\u{1b}[2J"))
        let late = await DeploymentReport.run(
            probes, files: result.files, base: nil, fetcher: Slow(), concurrency: 1, deadline: .milliseconds(50))
        #expect(late.results.count == probes.count && late.results.allSatisfy { $0.severity == .error })
        #expect(late.errors == Set(late.results.flatMap(\.findings)).count)
        let notFetched = late.results.filter { $0.findings.contains { $0.message.hasPrefix("not fetched: verify's overall deadline") } }
        #expect(notFetched.count >= probes.count - 2 && probes.count > 3)
    }

    @Test func samplesFillEveryWildcardAndVariable() throws {
        let site = try #require(Self.bundled.result.site)
        let samples = RouteSamples.samples(of: site).filter { $0.host == "m.example.com" }.map { "\($0.route) \($0.url)" }
        #expect(
            samples == [
                "opt-out https://m.example.com/sample#no_universal_links",
                "account https://m.example.com/account/sample",
                "help https://m.example.com/help/sample",
                "landing https://m.example.com/aa/landto/sample?page=x",
                "profile https://m.example.com/u/sample",
                "like https://m.example.com/like/sample",
                "invite https://m.example.com/i/sample",
                "stories https://m.example.com/stories/dating/sample",
                "labs https://m.example.com/labs/sample",
            ])
        #expect(RouteSamples.fill("/?????/$(lang)_$(region)/*.html", values: [:]) == "/xxxxx/en_US/sample.html")
        #expect(RouteSamples.fill("/c/?*", values: [:]) == "/c/x")
    }
}
