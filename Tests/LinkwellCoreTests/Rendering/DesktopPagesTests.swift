import LinkwellCore
import LinkwellTestSupport
import Testing

/// Where a desktop goes from a preview page: on at once only to the page type's own web page;
/// a page that would only reach the site's web home keeps the desktop and links there, and
/// `linkwell match` says which.
@Suite struct DesktopPagesTests {
    static func report(_ url: String, pageWeb: Bool) throws -> [String] {
        var yaml = Fixtures.validManifest.replacingOccurrences(of: "domains:\n", with: "web: https://www.example.com/\ndomains:\n")
        if !pageWeb { yaml = yaml.replacingOccurrences(of: "    web: https://www.example.com{path}{query}\n", with: "") }
        let result = Fixtures.build(yaml)
        let site = try #require(result.site)
        let plan = try #require(result.plan)
        let matcher = SiteMatcher(site: site, plan: plan, files: result.files)
        let parts = try #require(URLParts(url))
        return MatchEvaluator.site(matcher).report(url, parts, json: false)
    }

    @Test func aPageTypesOwnWebPageTakesTheDesktopThere() throws {
        let lines = try Self.report("https://mlink.example.com/p/1", pageWeb: true)
        #expect(lines.contains { $0.contains("desktop → https://www.example.com/p/1") }, "\(lines)")
    }

    @Test func theSitesWebHomeIsOnlyALinkOnADesktop() throws {
        let lines = try Self.report("https://mlink.example.com/p/1", pageWeb: false)
        #expect(lines.contains { $0.hasSuffix("desktop → stays on the page (it links to https://www.example.com/)") }, "\(lines)")
    }
}
