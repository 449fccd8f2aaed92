import Foundation
import LinkwellCore
import LinkwellTestSupport
import Testing

/// Short links that cannot dead-end: a target may be any manifest host's page or the web origin,
/// a target with no page is a build error, `match` follows the redirect, and the app gets the table.
@Suite struct ShortLinkTargetTests {
    static func manifest(links: String, extraRoutes: String = "") -> String {
        Fixtures.validManifest
            .replacingOccurrences(
                of: "domains:\n", with: "web: https://www.example.com/\ndomains:\n"
            )
            .replacingOccurrences(
                of: "      mirror: mlink.example.com\n", with: "      mirror: mlink.example.com\n  short: go.example.com\n"
            )
            .replacingOccurrences(of: "routes:\n", with: "routes:\n\(extraRoutes)")
            + "shortLinks:\n\(links)"
    }

    @Test func targetsMayBeAnyPageHostOrTheWebOrigin() throws {
        let yaml = Self.manifest(
            links: "  - {code: a, target: /p/1}\n  - {code: b, target: 'https://mlink.example.com/p/2?x=1'}\n"
                + "  - {code: c, target: 'https://www.example.com/help'}\n")
        let result = Fixtures.build(yaml)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let files = Dictionary(result.files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        let redirects = try #require(files["go.example.com/_redirects"])
        #expect(redirects.contains("/a  https://m.example.com/p/1  302!"))
        #expect(redirects.contains("/b  https://mlink.example.com/p/2?x=1  302!"))
        #expect(redirects.contains("/c  https://www.example.com/help  302!"))
        let table = try #require(files["app/short-links.json"])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(table.utf8)) as? [String: Any])
        #expect(parsed["host"] as? String == "go.example.com")
        #expect(
            parsed["links"] as? [String: String] == [
                "a": "https://m.example.com/p/1", "b": "https://mlink.example.com/p/2?x=1", "c": "https://www.example.com/help",
            ])
    }

    @Test(arguments: [
        (
            "https://evil.example/p/1",
            "target 'https://evil.example/p/1' must be on one of the manifest's hosts or the web origin (m.example.com, "
                + "mlink.example.com, www.example.com), with a path; the short host answers every code with a redirect there"
        ),
        (
            "https://go.example.com/a",
            "target 'https://go.example.com/a' must be on one of the manifest's hosts or the web origin (m.example.com, "
                + "mlink.example.com, www.example.com), with a path; the short host answers every code with a redirect there"
        ),
        (
            "p/1",
            "target 'p/1' must be a path on the primary host, starting with '/', e.g. '/i/Ab3dE?ref=share', or an https:// URL on "
                + "one of the manifest's hosts or the web origin"
        ),
    ])
    func targetsElsewhereAreRefusedAtTheirLine(_ target: String, _ message: String) {
        let found = Fixtures.build(Self.manifest(links: "  - code: a\n    target: '\(target)'\n")).diagnostics
        #expect(found.map(\.message) == [message])
        #expect(found.first?.location?.line == 37, "\(found)")
    }

    @Test func aTargetWithNoPageIsABuildErrorNamingTheExclusion() {
        let found = Fixtures.build(
            Self.manifest(links: "  - code: help\n    target: /account/settings\n")
        ).diagnostics
        #expect(
            found.map(\.description) == [
                "site.yaml:36:5: error: short link 'help' leads to https://m.example.com/account/settings, where no route serves a page "
                    + "(route 'account' excludes it, and no page route comes after), so everyone who taps the code without the app gets "
                    + "the not-found page; point it at a page, at the web origin, or give the path a page route"
            ])
    }

    @Test func matchFollowsAListedCodeToItsTarget() throws {
        let result = Fixtures.build(
            Self.manifest(
                links: "  - {code: spring, target: '/p/9?ref=s'}\n",
                extraRoutes: "  - {name: codes, path: '/?*', hosts: [go.example.com], page: product}\n"))
        let site = try #require(result.site)
        let plan = try #require(result.plan)
        let matcher = SiteMatcher(site: site, plan: plan, files: result.files)
        let url = "https://go.example.com/spring"
        let lines = MatchEvaluator.site(matcher).report(url, try #require(URLParts(url)), json: false)
        #expect(
            lines.contains { $0.hasPrefix("  short link 'spring': without the app the host answers 302 → https://m.example.com/p/9?ref=s") }
        )
        #expect(lines.contains("    https://m.example.com/p/9?ref=s"), "the target's own report follows, indented: \(lines)")
        // Not the catch-all page the short host serves for codes it does not list.
        #expect(!lines.contains { $0.contains("preview page on the short host") }, "\(lines)")
        let other = "https://go.example.com/unlisted"
        let catchAll = MatchEvaluator.site(matcher).report(other, try #require(URLParts(other)), json: false)
        #expect(catchAll.contains { $0.contains("preview page on the short host") })
        let json = MatchEvaluator.site(matcher).report(url, try #require(URLParts(url)), json: true)
        #expect(
            json.contains(#"{"redirectsTo":"https://m.example.com/p/9?ref=s","shortLink":"spring","url":"https://go.example.com/spring"}"#))
    }
}
