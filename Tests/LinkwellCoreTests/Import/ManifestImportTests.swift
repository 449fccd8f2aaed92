import Foundation
import LinkwellTestSupport
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

    static func prove(_ imported: ManifestImport, aasa: [JSONValue] = [], assetLinks: [JSONValue] = [], host: String) -> ImportProof {
        let result = Fixtures.build(imported.yaml)
        #expect(result.succeeded, "\(result.diagnostics)")
        return ImportProof(aasa: aasa, assetLinks: assetLinks, host: host, built: result.files)
    }

    /// The whole import as the command runs it, without a disk: the manifest, its build, the proof
    /// and the verdict; without a mirror the first note says which one the manifest names.
    @Test func anImportRunBuildsProvesAndJudges() throws {
        let aasa = try Self.json(Fixtures.text("import/apple-example.json"))
        let source = ManifestImport.Source(name: "apple-app-site-association", document: aasa)
        let run = ImportRun(aasa: [source], assetLinks: [], domain: "www.example.com", mirror: nil, manifestPath: "site.yaml")
        #expect(
            run.yaml
                == Fixtures.text("import/apple-example.yaml").replacingOccurrences(of: "open.example.com", with: "open.www.example.com"))
        #expect(
            run.notes.first == "no --mirror: the manifest names 'open.www.example.com' as the mirror host; change it to the host you serve")
        let proof = try #require(run.proof)
        #expect(proof.isProvedSame && run.succeeds(allowingDifferences: false))
        #expect(run.builtSummary == "3 iOS apps, 0 Android apps, 4 routes")

        // A manifest that does not build has no proof and never succeeds, differences allowed or not.
        let broken = ImportRun(
            aasa: [source], assetLinks: [], domain: "www.example.com", mirror: "www.example.com", manifestPath: "site.yaml")
        #expect(!broken.build.succeeded && broken.proof == nil && broken.builtSummary == nil)
        #expect(!broken.succeeds(allowingDifferences: true))
    }

    /// Linkwell's own build imported back is the manifest a team keeps: the platforms share the
    /// routes where they agree (the Android app joins its iOS namesake, proved), Linkwell's own
    /// closing rule is not a route, routes keep the names and comments Linkwell wrote into the
    /// files, the short host's files (`--short`) give its route back — the same 10 routes as
    /// `site.yaml`, building the same association files byte for byte on all three hosts — and
    /// `validate --strict` passes, the warnings the files already had accepted on their routes.
    @Test func theBundledBuildImportedBackIsAManifestATeamKeeps() throws {
        func files(_ host: String) throws -> (aasa: ManifestImport.Source, links: ManifestImport.Source) {
            let folder = Fixtures.repositoryRoot.appendingPathComponent("Output/\(host)/.well-known")
            let aasa = try String(contentsOf: folder.appendingPathComponent("apple-app-site-association"), encoding: .utf8)
            let links = try String(contentsOf: folder.appendingPathComponent("assetlinks.json"), encoding: .utf8)
            return (
                .init(name: "\(host) aasa", document: try Self.json(aasa)), .init(name: "\(host) links", document: try Self.json(links))
            )
        }
        let (pair, short) = (try files("m.example.com"), try files("go.example.com"))
        let run = ImportRun(
            aasa: [pair.aasa], assetLinks: [pair.links], domain: "m.example.com", mirror: "mlink.example.com",
            short: .init(host: "go.example.com", aasa: [short.aasa], assetLinks: [short.links]), manifestPath: "site.yaml")
        let proof = try #require(run.proof)
        #expect(proof.isProvedSame && proof.hosts == ["m.example.com", "go.example.com"])
        #expect(proof.summary.hasPrefix("proved: the build decides every URL on m.example.com and go.example.com as"))
        let site = try #require(run.build.site)
        let bundled = try #require(Fixtures.build(Fixtures.text("../../site.yaml")).site)
        #expect(site.routes.map(\.name) == bundled.routes.map(\.name))
        #expect(site.routes.last?.hosts == ["go.example.com"] && site.shortHost == "go.example.com")
        #expect(site.androidApps.map(\.id) == ["amora"], "the Android app is named as its iOS namesake")
        for host in ["m.example.com", "mlink.example.com", "go.example.com"] {
            for file in [AssociationFiles.aasa, AssociationFiles.assetLinks] {
                let path = "\(host)/\(file)"
                let built = run.build.files.first { $0.path == path }?.contents
                let original = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Output/\(path)"), encoding: .utf8)
                #expect(built != nil && built == original, "\(path)\n\(built ?? "")")
            }
        }
        let strict = Linkwell.build(SourceFile(path: "site.yaml", text: run.yaml), strict: true)
        #expect(strict.succeeded, "\(strict.diagnostics)")
        #expect(run.yaml.contains("accept: [single-platform]   # as served today"))
        #expect(run.yaml.contains("  - name: help\n    path: /help/*\n    exclude: true\n    comment: the help centre is web-only\n"))
        #expect(run.yaml.contains("appClips: [com.example.amora.Clip]\n"), "each host's file names the clip; the manifest once")
    }

    /// A link vendor's own host: its file (everything but `/e/*` opens the app, then a root rule
    /// that can never match) becomes routes on the short host, after the pair's, and is proved
    /// there; an app the short file does not name gets none of them, and the shadowed rule the
    /// file already had is accepted as served today.
    @Test func aVendorsShortHostBecomesRoutesOnIt() throws {
        let pair = try Self.json(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.beta"], "components": [{"/": "/p/*"}]}]}}"#
        )
        let vendor = try Self.json(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/e/*", "exclude": true}, {"/": "*"}, {"/": "/"}]}]}}"#
        )
        let run = ImportRun(
            aasa: [.init(name: "aasa", document: pair)], assetLinks: [], domain: "www.example.com", mirror: "open.example.com",
            short: .init(host: "example.app.link", aasa: [.init(name: "vendor", document: vendor)], assetLinks: []),
            manifestPath: "site.yaml")
        let proof = try #require(run.proof)
        #expect(proof.isProvedSame, "\(proof.lines)")
        let site = try #require(run.build.site)
        #expect(site.shortHost == "example.app.link")
        #expect(site.routes.map(\.name) == ["p", "short-e", "short-code", "short-home"])
        #expect(site.routes.dropFirst().allSatisfy { $0.hosts == ["example.app.link"] && $0.apps == ["example"] })
        #expect(
            site.routes.first?.hosts == ["www.example.com", "open.example.com"] && site.routes.first?.apps == ["example", "example-beta"])
        #expect(
            run.yaml.contains(
                "  - name: short-home\n    path: /\n    apps: [example]\n    hosts: [example.app.link]\n    accept: [shadowed-rule]"))

        // An app only the short host's file names gets routes there, none on the pair.
        let codesOnly = try Self.json(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.codes"], "components": [{"/": "/?*"}]}]}}"#)
        let codes = ImportRun(
            aasa: [.init(name: "aasa", document: pair)], assetLinks: [], domain: "www.example.com", mirror: "open.example.com",
            short: .init(host: "example.app.link", aasa: [.init(name: "vendor", document: codesOnly)], assetLinks: []),
            manifestPath: "site.yaml")
        #expect(try #require(codes.proof).isProvedSame, "\(codes.proof?.lines ?? [])")
        let codesSite = try #require(codes.build.site)
        #expect(codesSite.routes.map(\.apps) == [["example", "example-beta"], ["codes"]])

        // Android apps the same way: one named only by the pair's statement list gets no routes on
        // the short host, one named only by the short host's none on the pair.
        func links(_ package: String, _ rule: String) throws -> JSONValue {
            try Self.json(
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "\#(package)", "sha256_cert_fingerprints": ["\#(ImportPairTests.fingerprint)"]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "\#(rule)"}]}}}]"#
            )
        }
        let android = ImportRun(
            aasa: [.init(name: "aasa", document: pair)], assetLinks: [.init(name: "links", document: try links("com.example.app", "/p/*"))],
            domain: "www.example.com", mirror: "open.example.com",
            short: .init(
                host: "example.app.link", aasa: [.init(name: "vendor", document: codesOnly)],
                assetLinks: [.init(name: "vendor links", document: try links("com.example.vendorcodes", "/?*"))]),
            manifestPath: "site.yaml")
        #expect(try #require(android.proof).isProvedSame, "\(android.proof?.lines ?? [])")
        let androidSite = try #require(android.build.site)
        let vendorApp = try #require(androidSite.androidApps.first { $0.package == "com.example.vendorcodes" }).id
        let pairApp = try #require(androidSite.androidApps.first { $0.package == "com.example.app" }).id
        #expect(androidSite.routes.filter { $0.apps.contains(vendorApp) }.allSatisfy { $0.hosts == ["example.app.link"] })
        #expect(androidSite.routes.filter { $0.apps.contains(pairApp) }.allSatisfy { !$0.hosts.contains("example.app.link") })
        // Each host's built file names only the packages its served file named: a package merely
        // excluded everywhere would still be verified there on Android ≤14, where its intent filters decide.
        func packages(on host: String) throws -> [String] {
            let file = try #require(android.build.files.first { $0.path == "\(host)/.well-known/assetlinks.json" })
            return StatementListCheck.verifiedPackages(try JSONValue.parse(file.contents)).keys.sorted()
        }
        #expect(try packages(on: "example.app.link") == ["com.example.vendorcodes"])
        #expect(try packages(on: "www.example.com") == ["com.example.app"])

        // The same files, the short host's read wrongly (as if the vendor sent every URL to the
        // app): a difference on the short host, with its witness there.
        let wrong = try Self.json(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "*"}]}]}}"#)
        let differs = ImportProof(
            [
                .init(host: "www.example.com", aasa: [.init(name: "aasa", document: pair)], assetLinks: []),
                .init(host: "example.app.link", aasa: [.init(name: "vendor", document: wrong)], assetLinks: []),
            ], built: run.build.files)
        #expect(differs.differs)
        #expect(differs.lines.contains { $0.contains("https://example.app.link/e") }, "\(differs.lines)")
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
                "apple-app-site-association: App Clip ABCED12345.com.example.MyApp.Clip has no app in the file; the manifest adds its app ABCED12345.com.example.MyApp with no routes",
                "no page types: add 'pages:' and a 'page:' per route to get preview pages",
            ])

        let matcher = try Self.build(imported)
        let proof = Self.prove(imported, aasa: [aasa], host: "www.example.com")
        #expect(proof.isProvedSame, "\(proof.lines)")
        #expect(
            proof.summary
                == "proved: the build decides every URL as the original files do (iOS 13+; 2 apps, for every combination of installed "
                + "apps under either reading of an exclusion across apps)")
        // spec-reference §3, vectors 9–15, asked of the imported manifest's own build.
        let vectors: [(String, MatchDecision.Outcome)] = [
            ("/buy/42", .match), ("/buy/42#no_universal_links", .exclude), ("/help/website/faq?articleNumber=4815", .exclude),
            ("/help/123?articleNumber=4815", .match), ("/help/123?articleNumber=481", .noMatch), ("/help/123", .noMatch),
            ("/elsewhere", .noMatch),
        ]
        for (path, outcome) in vectors {
            let text = "https://www.example.com\(path)"
            let decisions = matcher.decisions(for: text, url: try #require(URLParts(text))).filter {
                $0.platform == .ios && $0.app != "myapp"
            }
            #expect(decisions.map(\.app) == ["example", "app2"], "com.example.app is named after its last telling part")
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
        // The Android twin of `reader` has rules of its own: its own id, the product's name, and
        // routes shared with the apps whose lists agree at that place.
        #expect(imported.yaml.contains("    - id: reader-android\n      name: Reader\n"))
        #expect(imported.yaml.contains("    apps: [reader, other, reader-android]\n"), "one route for a rule three lists share")
        #expect(imported.yaml.contains("      package: com.example.other\n"))
        #expect(
            imported.notes.contains { $0.hasPrefix("com.example.other has no dynamic rules") && $0.contains("routes of the first iOS app") }
        )
        #expect(imported.notes.contains { $0.hasPrefix("assetlinks.json: a statement whose target is not an Android app") })
        let proof = Self.prove(imported, aasa: [aasa], assetLinks: [assetLinks], host: "news.example.com")
        // The reader app's iOS 13+ reading of its `paths` has no slash rules, which components
        // always have; com.example.other had no dynamic rules and keeps none (dynamicRules: false),
        // so its intent filters decide on both sides: proved.
        #expect(
            proof.lines == [
                #"iOS 13+ · ABCDE12345.com.example.reader: https://news.example.com/articles — original files: stays in the browser (no rule); manifest: opens the app ({"/":"/articles/*","comment":"articles"}) — region: infinitely many, all with the path /articles (also /articles#, /articles?)"#,
                #"iOS 13+ · ABCDE12345.com.example.reader: https://news.example.com/video/xxx/ — original files: opens the app (/video/????); manifest: stays in the browser (no rule) — region: infinitely many, all starting /video/ (also /video/xxa/, /video/xxb/)"#,
                #"iOS 13+ · ABCDE12345.com.example.reader: https://news.example.com/video/xxxx/ — original files: stays in the browser (no rule); manifest: opens the app ({"/":"/video/????","comment":"video"}) — region: infinitely many, all starting /video/ (also /video/xxxa/, /video/xxxb/)"#,
            ])
    }

    @Test func whatCannotBeCarriedOverIsFoundByTheCheck() throws {
        // The same app in two details: iOS consults the second when the first has no matching
        // rule (spec-reference §2.1), which is one list holding both, in order.
        let aasa = try Self.json(
            """
            {"applinks": {"details": [
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a/*"}]},
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/b/*"}]}]},
             "activitycontinuation": {"apps": ["ABCDE12345.com.example.app"]}}
            """)
        let imported = ManifestImport(
            aasa: [.init(name: "f", document: aasa)], assetLinks: [], domain: "x.example.com", mirror: "y.example.com")
        #expect(imported.notes.contains("f: 'activitycontinuation' is not something Linkwell writes; left out"))
        let proof = Self.prove(imported, aasa: [aasa], host: "x.example.com")
        #expect(proof.isProvedSame, "\(proof.lines)")

        // iOS 9–12 paths that say less than the components: the build derives them from the components.
        let disagreeing = try Self.json(
            """
            {"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "appIDs": ["ABCDE12345.com.example.app"],
              "paths": ["/a/*"], "components": [{"/": "/a/*"}, {"/": "/b/*"}]}]}}
            """)
        let second = ManifestImport(
            aasa: [.init(name: "g", document: disagreeing)], assetLinks: [], domain: "x.example.com", mirror: "y.example.com")
        let legacy = Self.prove(second, aasa: [disagreeing], host: "x.example.com")
        #expect(
            legacy.lines == [
                "iOS 9–12 · ABCDE12345.com.example.app: https://x.example.com/b/ — original files: stays in the browser (no rule); manifest: opens the app (/b/*) — region: infinitely many, all starting /b/ (also /b/x, /b/a)"
            ])
    }

    static func imported(_ text: String) throws -> (ManifestImport, JSONValue) {
        let aasa = try Self.json(text)
        return (
            ManifestImport(
                aasa: [.init(name: "aasa", document: aasa)], assetLinks: [], domain: "m.example.com", mirror: "mlink.example.com"),
            aasa
        )
    }

    /// The file's `applinks.defaults` become the manifest's: `/TRAIL/abc` keeps opening the app.
    @Test func fileDefaultsAreCarriedOver() throws {
        let (imported, aasa) = try Self.imported(
            #"{"applinks": {"defaults": {"caseSensitive": false}, "details": [{"appIDs": ["ABCDE12345.com.example.trail"], "components": [{"/": "/trail/*"}]}]}}"#
        )
        #expect(imported.yaml.contains("defaults:\n  caseSensitive: false\n"))
        let proof = Self.prove(imported, aasa: [aasa], host: "m.example.com")
        #expect(proof.isProvedSame, "\(proof.lines)")
        let matcher = try Self.build(imported)
        let url = try #require(URLParts("https://m.example.com/TRAIL/abc"))
        #expect(matcher.decisions(for: url.path, url: url).first { $0.platform == .ios }?.decision.opensApp == true)
    }

    /// A detail's own defaults go onto each of its routes.
    @Test func detailDefaultsAreCarriedOverPerRoute() throws {
        let (imported, aasa) = try Self.imported(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.a"], "defaults": {"percentEncoded": false}, "components": [{"/": "/café/*"}]}]}}"#
        )
        let proof = Self.prove(imported, aasa: [aasa], host: "m.example.com")
        #expect(proof.isProvedSame, "\(proof.lines)")
    }

    /// iOS 13+ reads a paths-only file's `paths` without Apple's slash rules; components cannot
    /// say that, so the import names each region with its witness and never says "same".
    @Test func pathsOnlyFileDifferencesAreNamedWithWitnesses() throws {
        let (imported, aasa) = try Self.imported(
            #"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.chat", "paths": ["/wechat/*", "/p2p"]}]}}"#)
        let proof = Self.prove(imported, aasa: [aasa], host: "m.example.com")
        #expect(!proof.isProvedSame)
        #expect(
            proof.lines == [
                #"iOS 13+ · ABCDE12345.com.example.chat: https://m.example.com/p2p/ — original files: stays in the browser (no rule); manifest: opens the app ({"/":"/p2p","comment":"p2p"}) — region: infinitely many, all starting /p2p/ (also /p2p//, /p2p///)"#,
                #"iOS 13+ · ABCDE12345.com.example.chat: https://m.example.com/wechat — original files: stays in the browser (no rule); manifest: opens the app ({"/":"/wechat/*","comment":"wechat"}) — region: infinitely many, all with the path /wechat (also /wechat#, /wechat?)"#,
            ])
    }

    @Test func credentialsOnlyAndClipsOnlyFilesImport() throws {
        for text in [
            #"{"webcredentials": {"apps": ["ABCDE12345.com.example.app"]}}"#,
            #"{"appclips": {"apps": ["ABCDE12345.com.example.app.Clip"]}}"#,
        ] {
            let (imported, aasa) = try Self.imported(text)
            let result = Fixtures.build(imported.yaml)
            #expect(result.succeeded, "\(result.diagnostics)")
            let built = try #require(result.files.first { $0.path == "m.example.com/.well-known/apple-app-site-association" })
            let document = try JSONValue.parse(built.contents)
            for service in ["webcredentials", "appclips"] where aasa[service] != nil {
                #expect(document[service] == aasa[service])
            }
            #expect(Self.prove(imported, aasa: [aasa], host: "m.example.com").isProvedSame)
        }
    }

    /// `appIDs` + `paths` with no `appID`: iOS 13+ reads the paths, iOS 9–12 reads nothing; a
    /// placeholder ID is named in the notes and its decisions show as differences.
    @Test func appIDsWithPathsAndPlaceholdersAreNamed() throws {
        let (imported, aasa) = try Self.imported(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app", "TEAM_ID.com.example.other"], "paths": ["/a/*"]}]}}"#)
        #expect(imported.yaml.contains("legacyPaths: false"))
        #expect(imported.notes.contains { $0.hasPrefix("aasa: app ID 'TEAM_ID.com.example.other' cannot be carried over") })
        let proof = Self.prove(imported, aasa: [aasa], host: "m.example.com")
        #expect(
            proof.lines.contains {
                $0.hasPrefix("iOS 13+ · TEAM_ID.com.example.other: https://m.example.com/a/ — original files: opens the app")
            })
        #expect(!proof.lines.contains { $0.hasPrefix("iOS 9–12") })
    }

    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// Association files in many shapes, each imported, built and compared exactly with the
    /// original: `proved` when the round trip must be exact, else the differences must be named.
    static let corpus: [(name: String, aasa: String?, assetLinks: String?, proved: Bool)] = [
        (
            "variables and both forms",
            ##"{"applinks": {"substitutionVariables": {"kind": ["a", "b"]}, "details": [{"appID": "ABCDE12345.com.example.app", "appIDs": ["ABCDE12345.com.example.app"], "paths": ["NOT /a/private/*", "NOT /b/private/*", "/a/*", "/b/*"], "components": [{"/": "/$(kind)/private/*", "exclude": true}, {"/": "/$(kind)/*"}]}]}}"##,
            nil, true
        ),
        (
            "several details per app",
            ##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a/*"}]}, {"appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.two"], "components": [{"/": "/b/*", "exclude": true}, {"#": "x"}]}]}}"##,
            nil, true
        ),
        (
            "query items and fragments",
            ##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"#": "no_universal_links", "exclude": true}, {"/": "/s", "?": {"q": "?*", "page": "*"}}, {"/": "/w", "?": "a=1"}]}]}}"##,
            nil, true
        ),
        (
            "percent-decoded and case-insensitive",
            ##"{"applinks": {"defaults": {"percentEncoded": false}, "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/café/*", "caseSensitive": false}]}]}}"##,
            nil, true
        ),
        // iOS 9–12 have no variables: the original's legacy `$(kind)` matched nothing there.
        (
            "variables in legacy paths",
            ##"{"applinks": {"substitutionVariables": {"kind": ["a"]}, "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["/$(kind)/*"], "appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/$(kind)/*"}]}]}}"##,
            nil, false
        ),
        (
            "oldest keyed details", ##"{"applinks": {"apps": [], "details": {"ABCDE12345.com.example.app": {"paths": ["/old/*"]}}}}"##, nil,
            false
        ),
        (
            "legacy only",
            ##"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["NOT /a/b", "/a/*"]}]}}"##, nil,
            false
        ),
        (
            "Android dynamic rules", nil,
            ##"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["\##(fingerprint)"]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "/x/*", "exclude": true}, {"/": "/p/*", "?": {"ref": "*"}}, {"#": "app"}, {"/": "*", "exclude": true}]}}}]"##,
            true
        ),
        (
            "Android list the verifier rejects", nil,
            ##"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["\##(fingerprint.lowercased())"]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "/p/*"}]}}}]"##,
            false
        ),
    ]

    @Test(arguments: corpus.indices)
    func corpusRoundTrips(_ index: Int) throws {
        let entry = Self.corpus[index]
        let aasa = try entry.aasa.map(Self.json)
        let links = try entry.assetLinks.map(Self.json)
        let imported = ManifestImport(
            aasa: aasa.map { [.init(name: "aasa", document: $0)] } ?? [],
            assetLinks: links.map { [.init(name: "assetlinks.json", document: $0)] } ?? [], domain: "m.example.com",
            mirror: "mlink.example.com")
        let proof = Self.prove(imported, aasa: aasa.map { [$0] } ?? [], assetLinks: links.map { [$0] } ?? [], host: "m.example.com")
        #expect(proof.comparisons.flatMap(\.inconsistencies) == [], "\(entry.name)")
        if entry.proved {
            #expect(proof.isProvedSame, "\(entry.name): \(proof.lines)")
        } else {
            #expect(!proof.differences.isEmpty, "\(entry.name): \(proof.summary) \(proof.lines)")
            // Each line a region with its witness, or a package verified on one side only.
            #expect(
                proof.lines.allSatisfy { $0.contains("https://m.example.com") || $0.contains(": verified only ") },
                "\(entry.name): \(proof.lines)")
        }
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
