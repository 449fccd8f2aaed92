import Foundation
import Testing

@testable import LinkwellCore

/// `linkwell import`: Apple's documentation example round-trips (golden manifest, same decisions
/// on every sample, spec-reference §3 vectors 9–15), mixed inputs keep their decisions, and what
/// cannot be carried over is found and said.
@Suite struct ManifestImportTests {
    static func json(_ text: String) throws -> JSONValue { try JSONValue.parse(text) }

    static func build(_ imported: ManifestImport) throws -> SiteMatcher {
        let result = Fixtures.build(imported.yaml)
        #expect(result.succeeded, "\(result.diagnostics)")
        let site = try #require(result.site)
        return SiteMatcher(site: site, plan: try #require(result.plan), files: result.files)
    }

    @Test func applesDocumentationExampleRoundTrips() throws {
        let aasa = try Self.json(Fixtures.text("import/apple-example.json"))
        let imported = ManifestImport(
            aasa: [.init(name: "apple-app-site-association", document: aasa)], assetLinks: [], domain: "www.example.com",
            mirror: "open.example.com")
        let golden = Fixtures.root.appendingPathComponent("import/apple-example.yaml")
        if Fixtures.isRecording { try Data(imported.yaml.utf8).write(to: golden) }
        #expect(imported.yaml == Fixtures.text("import/apple-example.yaml"), "re-record with LINKWELL_RECORD=1 if intended")
        #expect(
            imported.notes == [
                "apple-app-site-association: App Clip ABCED12345.com.example.MyApp.Clip is not under an app of the file (same Team ID, bundle ID prefix); left out",
                "no page types: add 'pages:' and a 'page:' per route to get preview pages",
            ])

        let matcher = try Self.build(imported)
        let check = ImportCheck.mismatches(aasa: [aasa], assetLinks: [], host: "www.example.com", matcher: matcher)
        #expect(check.mismatches.isEmpty, "\(check.mismatches)")
        #expect(check.decisions == 44)
        // spec-reference §3, vectors 9–15, asked of the imported manifest's own build.
        let vectors: [(String, MatchDecision.Outcome)] = [
            ("/buy/42", .match), ("/buy/42#no_universal_links", .exclude), ("/help/website/faq?articleNumber=4815", .exclude),
            ("/help/123?articleNumber=4815", .match), ("/help/123?articleNumber=481", .noMatch), ("/help/123", .noMatch),
            ("/elsewhere", .noMatch),
        ]
        for (path, outcome) in vectors {
            let text = "https://www.example.com\(path)"
            let decisions = matcher.decisions(for: text, url: try #require(URLParts(text))).filter { $0.platform == .ios }
            #expect(decisions.map(\.app) == ["app", "app2"])
            #expect(decisions.allSatisfy { $0.decision.outcome == outcome }, "\(path): \(decisions.map(\.summary))")
        }
    }

    @Test func legacyPathsVariablesAndAndroidDynamicRulesKeepTheirDecisions() throws {
        let aasa = try Self.json(
            """
            {"applinks": {"substitutionVariables": {"section": ["news", "sport"]},
              "details": [
                {"appID": "ABCDE12345.com.example.reader", "paths": ["NOT /account/*", "/articles/*", "/video/????"]},
                {"appID": "ABCDE12345.com.example.reader.beta", "appIDs": ["ABCDE12345.com.example.reader.beta"],
                 "paths": ["/news/*", "/sport/*", "/articles/*", "/labs/*"],
                 "components": [{"/": "/$(section)/*", "caseSensitive": false}, {"/": "/articles/*"}, {"/": "/labs/*", "?": "v=1"}]}
              ]}}
            """)
        let assetLinks = try Self.json(
            """
            [{"relation": ["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_login_creds"],
              "target": {"namespace": "android_app", "package_name": "com.example.reader",
                         "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
              "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [
                {"/": "/account/*", "exclude": true}, {"/": "/articles/*", "?": {"src": "*"}}, {"#": "app"}]}}},
             {"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "com.example.other",
                         "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}},
             {"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "web", "site": "https://www.example.com"}}]
            """)
        let imported = ManifestImport(
            aasa: [.init(name: "aasa", document: aasa)], assetLinks: [.init(name: "assetlinks.json", document: assetLinks)],
            domain: "news.example.com", mirror: "open.news.example.com")
        #expect(imported.yaml.contains("substitutionVariables:\n  section: [news, sport]\n"))
        #expect(imported.yaml.contains("    apps: [reader-2]\n"), "the Android app's rules are its own routes")
        #expect(imported.notes.contains { $0.hasPrefix("assetlinks.json: com.example.other has no dynamic rules") })
        #expect(imported.notes.contains { $0.hasPrefix("assetlinks.json: a statement whose target is not an Android app") })
        let matcher = try Self.build(imported)
        let check = ImportCheck.mismatches(aasa: [aasa], assetLinks: [assetLinks], host: "news.example.com", matcher: matcher)
        #expect(check.mismatches.isEmpty, "\(check.mismatches.map(\.description))")
        #expect(check.decisions > 60)
    }

    @Test func whatCannotBeCarriedOverIsFoundByTheCheck() throws {
        // The same app in two details: iOS consults the second when the first has no matching
        // rule (spec-reference §2.1); a manifest has one rule list per app.
        let aasa = try Self.json(
            """
            {"applinks": {"details": [
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a/*"}]},
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/b/*"}]}]},
             "activitycontinuation": {"apps": ["ABCDE12345.com.example.app"]}}
            """)
        let imported = ManifestImport(
            aasa: [.init(name: "f", document: aasa)], assetLinks: [], domain: "x.example.com", mirror: "y.example.com")
        #expect(
            imported.notes.contains(
                "f: ABCDE12345.com.example.app is listed again in detail 2; only its first detail's rules were carried over"))
        #expect(imported.notes.contains("f: 'activitycontinuation' is not something Linkwell writes; left out"))
        let check = ImportCheck.mismatches(aasa: [aasa], assetLinks: [], host: "x.example.com", matcher: try Self.build(imported))
        #expect(
            check.mismatches.map(\.description).contains(
                "https://x.example.com/b/sample: iOS 13+ (ABCDE12345.com.example.app) opened the app with the original files, stays in the browser with the manifest"
            ))

        // iOS 9–12 paths that say less than the components: the build derives them from the components.
        let disagreeing = try Self.json(
            """
            {"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "appIDs": ["ABCDE12345.com.example.app"],
              "paths": ["/a/*"], "components": [{"/": "/a/*"}, {"/": "/b/*"}]}]}}
            """)
        let second = ManifestImport(
            aasa: [.init(name: "g", document: disagreeing)], assetLinks: [], domain: "x.example.com", mirror: "y.example.com")
        let legacy = ImportCheck.mismatches(aasa: [disagreeing], assetLinks: [], host: "x.example.com", matcher: try Self.build(second))
        #expect(
            legacy.mismatches.contains { $0.platform == .iosLegacy && $0.url == "https://x.example.com/b/sample" && !$0.before && $0.after }
        )
    }

    @Test func yamlScalarsAreQuotedOnlyWhereNeeded() {
        #expect(YAMLText.scalar("/u/*") == "/u/*")
        #expect(YAMLText.scalar("*") == "\"*\"")
        #expect(YAMLText.scalar("?*") == "\"?*\"")
        #expect(YAMLText.scalar("yes") == "\"yes\"")
        #expect(YAMLText.scalar("6.4") == "\"6.4\"")
        #expect(YAMLText.scalar("a: b") == "\"a: b\"")
        #expect(YAMLText.scalar("say \"hi\"") == "say \"hi\"")
        #expect(YAMLText.scalar("\"hi\"") == "\"\\\"hi\\\"\"")
    }
}
