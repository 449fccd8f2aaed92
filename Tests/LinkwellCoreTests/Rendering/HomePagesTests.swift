import LinkwellCore
import LinkwellTestSupport
import Testing

/// Home and not-found pages belong to no route: `homePages` names the app they promote and
/// whether they show the App Clip card; without it, the first app of each platform.
@Suite struct HomePagesTests {
    static let twoApps = Fixtures.validManifest
        .replacingOccurrences(
            of: "      appStoreID: \"1234567890\"\n",
            with: "      appStoreID: \"1234567890\"\n      appClips: [com.example.app.Clip]\n"
                + "    - id: studio\n      name: Studio\n      teamID: ABCDE12345\n      bundleID: com.example.studio\n"
                + "      appStoreID: \"2222222222\"\n"
        )
        .replacingOccurrences(
            of: "        - B1:35:8E:4C:9F:0A:61:D2:77:C3:28:5E:4A:0B:9D:13:6F:E2:81:C7:3A:55:D4:0E:92:B8:1F:6C:07:E9:A3:44\n",
            with: "        - B1:35:8E:4C:9F:0A:61:D2:77:C3:28:5E:4A:0B:9D:13:6F:E2:81:C7:3A:55:D4:0E:92:B8:1F:6C:07:E9:A3:44\n"
                + "    - id: studio\n      name: Studio\n      package: com.example.studio\n      sha256:\n"
                + "        - 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5\n"
                + "        - B1:35:8E:4C:9F:0A:61:D2:77:C3:28:5E:4A:0B:9D:13:6F:E2:81:C7:3A:55:D4:0E:92:B8:1F:6C:07:E9:A3:44\n")

    static func banner(_ yaml: String) throws -> (home: String, notFound: String) {
        let built = PreviewPageTests.build(yaml)
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        let home = try #require(built.files["m.example.com/index.html"])
        let notFound = try #require(built.files["mlink.example.com/404.html"])
        return (home, notFound)
    }

    @Test func theFirstAppOfEachPlatformByDefault() throws {
        let pages = try Self.banner(Self.twoApps)
        for page in [pages.home, pages.notFound] {
            #expect(page.contains("app-id=1234567890, app-clip-bundle-id=com.example.app.Clip, app-clip-display=card"))
            #expect(page.contains("id=com.example.app"))
        }
    }

    @Test func homePagesNamesTheAppAndTheClipCard() throws {
        let pages = try Self.banner(Self.twoApps + "homePages:\n  app: studio\n")
        for page in [pages.home, pages.notFound] {
            #expect(page.contains("app-id=2222222222") && !page.contains("app-id=1234567890"))
            #expect(page.contains("id=com.example.studio") && !page.contains("id=com.example.app&"))
        }
        let withoutCard = try Self.banner(Self.twoApps + "homePages:\n  appClip: false\n")
        #expect(withoutCard.home.contains("app-id=1234567890") && !withoutCard.home.contains("app-clip-bundle-id"))
    }

    /// `notFound: web`: the not-found page takes every visitor to the same URL on the host's web
    /// home (the browser suite follows it); `match` says so; without a web home it is an error.
    @Test func notFoundWebSendsEveryVisitorToTheSameURLOnTheWeb() throws {
        let yaml =
            Fixtures.validManifest.replacingOccurrences(of: "scheme: example\n", with: "scheme: example\nweb: https://www.example.com/\n")
            + "homePages:\n  notFound: web\n"
        let built = PreviewPageTests.build(yaml)
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        let notFound = try #require(built.files["m.example.com/404.html"])
        #expect(notFound.contains(#""toWeb":true"#) && notFound.contains(#""web":"https://www.example.com{path}{query}""#))
        #expect(try #require(built.files["m.example.com/index.html"]).contains(#""toWeb""#) == false)

        let result = Fixtures.build(yaml)
        let matcher = SiteMatcher(site: try #require(result.site), plan: try #require(result.plan), files: result.files)
        let url = "https://mlink.example.com/old/offer?id=7"
        let lines = MatchEvaluator.site(matcher).report(url, try #require(URLParts(url)), json: false)
        #expect(
            lines.contains(
                "  no page route serves it: the not-found page sends every visitor on to https://www.example.com/old/offer?id=7 (homePages.notFound: web)"
            ), "\(lines)")

        let withoutWeb = Fixtures.build(Fixtures.validManifest + "homePages:\n  notFound: web\n")
        #expect(
            withoutWeb.diagnostics.map(\.description).contains {
                $0.contains(
                    "homePages notFound 'web' sends visitors to the same path on their host's web home, but m.example.com's pages have none"
                )
            })
    }
}
