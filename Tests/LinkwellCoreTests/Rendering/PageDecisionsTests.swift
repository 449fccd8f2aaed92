import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// A page served for a URL its app does not open knows it (`PageDecisions`, in its script):
/// `match` says why, per platform, from the built files, and what the page then does (the
/// browser suite checks that the page's script decides alike and does it).
@Suite struct PageDecisionsTests {
    static let routes = """
          - name: report
            path: /p/*/report
            exclude: true
          - name: draft
            path: /p/*
            query: {draft: "?*"}
            exclude: true
          - name: shared
            path: /p/*
            fragment: "share*"
            exclude: true
          - name: product
            path: /p/*
            page: product
          - name: questions
            path: /q/*
            query: {id: "?*"}
            page: product
        """

    static func built() throws -> (site: Site, matcher: SiteMatcher) {
        let yaml = Fixtures.validManifest.replacingOccurrences(
            of: "  - name: product\n    path: /p/*\n    page: product\n", with: routes + "\n")
        let result = Fixtures.build(yaml)
        let site = try #require(result.site, "\(result.diagnostics)")
        let plan = try #require(result.plan)
        return (site, SiteMatcher(site: site, plan: plan, files: result.files))
    }

    /// Why the page's app does not open a URL the host serves the product page for, per platform
    /// (nil: it opens it there): exclusions by path, query and fragment, and a URL none of the
    /// app's rules matches; Android reads decoded parts and its glob never backtracks.
    @Test(arguments: [
        ("https://m.example.com/p/1", nil, nil),
        ("https://m.example.com/p/1/report", "route 'report' excludes it", "route 'report' excludes it"),
        ("https://m.example.com/p/1/report/", "route 'report' excludes it", nil),
        ("https://m.example.com/p/1?draft=7", "route 'draft' excludes it", "route 'draft' excludes it"),
        ("https://m.example.com/p/1?draft=1&draft=", nil, "route 'draft' excludes it"),
        ("https://m.example.com/p/1#share-sheet", "route 'shared' excludes it", "route 'shared' excludes it"),
        ("https://mlink.example.com/p/%2Freport", nil, "route 'report' excludes it"),
        ("https://m.example.com/q/1", "no route matches it", "no route matches it"),
    ])
    func theReasonIsThePlatformsOwn(_ url: String, _ ios: String?, _ android: String?) throws {
        let (_, matcher) = try Self.built()
        let parts = try #require(URLParts(url))
        let targets = try #require(matcher.targets(for: parts))
        #expect(targets.keptOnWeb?["ios"] == ios, "\(url)")
        #expect(targets.keptOnWeb?["android"] == android, "\(url)")
    }

    @Test func matchSaysThePageOffersOnlyTheWeb() throws {
        let (_, matcher) = try Self.built()
        let url = "https://mlink.example.com/p/1/report"
        let lines = MatchEvaluator.site(matcher).report(url, try #require(URLParts(url)), json: false)
        #expect(
            lines.contains(
                "  the app does not open this URL on iOS 13+, Android 15+ (route 'report' excludes it): there the page offers only \"Continue on the web\", with no hop to the mirror, and the mirror sends it to the web, never to a store"
            ), "\(lines)")
        #expect(
            lines.contains(
                "  mlink.example.com is the mirror: it sends iPhone → https://www.example.com/p/1/report; Android → https://www.example.com/p/1/report; desktop → https://www.example.com/p/1/report"
            ), "\(lines)")
    }
}
