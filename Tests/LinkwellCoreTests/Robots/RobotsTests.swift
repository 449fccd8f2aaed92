import LinkwellTestSupport
import Testing

@testable import LinkwellCore

@Suite struct RobotsTests {
    @Test(arguments: [
        ("/", "/anything", true),
        ("/p/", "/p/1", true),
        ("/p/", "/q/1", false),
        ("/*.json$", "/.well-known/assetlinks.json", true),
        ("/*.json$", "/a.json?x=1", false),
        ("/.well-known/*", "/.well-known/assetlinks.json", true),
        ("/a$", "/a", true),
        ("/a$", "/ab", false),
        ("*", "/x", true),
        ("/a*b*c", "/a-b-c-d", true),
        ("/a*b*c", "/a-c-b", false),
    ])
    func patternsFollowRFC9309(_ pattern: String, _ path: String, _ matches: Bool) {
        #expect(RobotsMatcher.matches(pattern: pattern, path: path) == matches)
    }

    /// spec-reference §3 vector 73: a longer Allow wins over `Disallow: /`.
    @Test func longerAllowWinsOverDisallowAll() {
        let robots = RobotsMatcher(parsing: "User-agent: *\nDisallow: /\nAllow: /.well-known/\n")
        #expect(robots.isAllowed("/.well-known/assetlinks.json", userAgent: "Googlebot", reading: .longestMatch))
        // …but an old first-match parser reads `Disallow: /` first: the reason Linkwell puts Allows first.
        #expect(!robots.isAllowed("/.well-known/assetlinks.json", userAgent: "Googlebot", reading: .firstMatch))
        #expect(!robots.isAllowed("/private", userAgent: "Googlebot", reading: .longestMatch))
    }

    @Test func allowWinsATieAndSpecificGroupsReplaceTheCatchAll() {
        let robots = RobotsMatcher(
            parsing: """
                User-agent: *
                Disallow: /x
                Allow: /x

                User-agent: GPTBot
                user-agent: CCBot  # both share this group
                Disallow: /

                """)
        #expect(robots.isAllowed("/x", userAgent: "anybot", reading: .longestMatch))
        #expect(!robots.isAllowed("/x", userAgent: "ccbot", reading: .longestMatch))
        #expect(robots.userAgents == ["*", "gptbot", "ccbot"])
    }

    @Test func renderedFileAllowsAssociationFilesFirstInEveryGroup() {
        let policy = RobotsPolicy(
            groups: [RobotsGroup(userAgents: ["GPTBot"], allow: [], disallow: ["/"])], sitemaps: ["https://m.example.com/sitemap.xml"])
        let text = RobotsRenderer.render(policy)
        #expect(
            text == """
                User-agent: *
                Allow: /.well-known/
                Allow: /apple-app-site-association

                User-agent: GPTBot
                Allow: /.well-known/
                Allow: /apple-app-site-association
                Disallow: /

                Sitemap: https://m.example.com/sitemap.xml

                """)
        #expect(Render.robotsProof(text, path: "robots.txt").isEmpty)
    }

    /// The proof reads the bytes back: a file that blocks a file for any agent, under either
    /// reading, fails the build even if validation missed it.
    @Test func proofRejectsAFileThatBlocksAnAssociationFile() {
        let text =
            "User-agent: *\nAllow: /.well-known/\nDisallow: /.well-known/assetlinks.json\n\nUser-agent: old\nDisallow: /\nAllow: /.well-known/\n"
        let problems = Render.robotsProof(text, path: "m.example.com/robots.txt").map(\.description)
        #expect(
            problems == [
                "linkwell: error: m.example.com/robots.txt line 3 'Disallow: /.well-known/assetlinks.json' blocks '/.well-known/assetlinks.json' for user agent '*' (RFC 9309 longest match)",
                "linkwell: error: m.example.com/robots.txt line 6 'Disallow: /' blocks '/.well-known/apple-app-site-association' for user agent 'old' (first match (older parsers))",
                "linkwell: error: m.example.com/robots.txt line 6 'Disallow: /' blocks '/apple-app-site-association' for user agent 'old' (RFC 9309 longest match)",
                "linkwell: error: m.example.com/robots.txt line 6 'Disallow: /' blocks '/apple-app-site-association' for user agent 'old' (first match (older parsers))",
                "linkwell: error: m.example.com/robots.txt line 6 'Disallow: /' blocks '/.well-known/assetlinks.json' for user agent 'old' (first match (older parsers))",
            ])
    }

    @Test func validationPointsAtTheBlockingDisallow() {
        let yaml =
            Fixtures.validManifest
            + "robots:\n  groups:\n    - userAgents: [Bingbot]\n      disallow: [/private/, /.well-known/assetlinks.json]\n"
        let result = Fixtures.build(yaml)
        #expect(
            result.diagnostics.map(\.description) == [
                "site.yaml:36:29: error: robots rule 'Disallow: /.well-known/assetlinks.json' blocks '/.well-known/assetlinks.json'; association files must never be blocked, so narrow the rule or drop it"
            ])
    }
}
