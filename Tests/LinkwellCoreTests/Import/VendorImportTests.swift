import LinkwellCore
import LinkwellTestSupport
import Testing

/// An import a team keeps, from the files a link vendor serves: a main app with its QA build, a
/// white-label partner app on both platforms (its Android statement without dynamic rules),
/// shared credentials, an App Clip and the vendor's short host.
@Suite struct VendorImportTests {
    static let team = "ABCDE12345"
    static let main = "\(team).com.wayfarer.app"
    static let pairAASA = """
        {"applinks": {"details": [
          {"appIDs": ["\(main)", "\(team).com.wayfarer.app.qa"],
           "components": [{"/": "/account/*", "exclude": true}, {"/": "/hotel/*"}, {"/": "/e/*"}],
           "appID": "\(main)", "paths": ["NOT /account/*", "/hotel/*", "/e/*"]},
          {"appIDs": ["\(team).com.wayfarer.partner"], "components": [{"/": "/partner/*"}],
           "appID": "\(team).com.wayfarer.partner", "paths": ["/partner/*"]},
          {"appID": "\(team).com.wayfarer.app.qa", "paths": ["NOT /account/*", "/hotel/*", "/e/*"]}
        ]},
         "webcredentials": {"apps": ["\(main)"]},
         "appclips": {"apps": ["\(main).Clip"]}}
        """
    static let key = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let pairAssetLinks = """
        [{"relation": ["delegate_permission/common.handle_all_urls"],
          "target": {"namespace": "android_app", "package_name": "com.wayfarer.app", "sha256_cert_fingerprints": ["\(key)"]},
          "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [
            {"/": "/account/*", "exclude": true}, {"/": "/hotel/*"}, {"/": "/e/*"}]}}},
         {"relation": ["delegate_permission/common.handle_all_urls"],
          "target": {"namespace": "android_app", "package_name": "com.wayfarer.partner", "sha256_cert_fingerprints": ["\(key)"]}}]
        """
    static let shortAASA = """
        {"applinks": {"details": [{"appIDs": ["\(main)"], "components": [{"/": "/*"}], "appID": "\(main)", "paths": ["*"]}]}}
        """

    static let shortAssetLinks = """
        [{"relation": ["delegate_permission/common.handle_all_urls"],
          "target": {"namespace": "android_app", "package_name": "com.wayfarer.app", "sha256_cert_fingerprints": ["\(key)"]},
          "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "/*"}]}}}]
        """

    static func json(_ text: String) throws -> JSONValue { try JSONValue.parse(text) }

    static func run() throws -> ImportRun {
        ImportRun(
            aasa: [.init(name: "apple-app-site-association", document: try json(pairAASA))],
            assetLinks: [.init(name: "assetlinks.json", document: try json(pairAssetLinks))], domain: "www.wayfarer.example",
            mirror: "open.wayfarer.example",
            short: .init(
                host: "wayfarer.app.link", aasa: [.init(name: "short-aasa", document: try json(shortAASA))],
                assetLinks: [.init(name: "short-assetlinks.json", document: try json(shortAssetLinks))]),
            manifestPath: "site.yaml")
    }

    @Test func theImportProvesItselfAndPassesStrict() throws {
        let run = try Self.run()
        let proof = try #require(run.proof)
        #expect(proof.isProvedSame, "\(proof.lines.joined(separator: "\n"))\n\(run.notes)\n\(run.yaml)")
        // Every warning the files already carry is accepted with its reason: --strict passes.
        let warnings = run.build.diagnostics.filter { $0.severity != .note }
        #expect(warnings.isEmpty, "\(warnings.map(\.description))\n\(run.yaml)")
        #expect(run.yaml.contains("      dynamicRules: false\n      accept: [single-fingerprint]   # as served today\n"), "\(run.yaml)")
    }

    @Test func twinsShareAnIdAndBuildsReadLikeNames() throws {
        let run = try Self.run()
        let site = try #require(run.build.site)
        #expect(site.iosApps.map(\.id) == ["wayfarer", "wayfarer-qa", "partner"])
        #expect(site.iosApps.map(\.name) == ["Wayfarer", "Wayfarer QA", "Partner"])
        #expect(site.androidApps.map(\.id) == ["wayfarer", "partner"])
        #expect(site.androidApps.map(\.name) == ["Wayfarer", "Partner"])
    }

    /// The partner's Android statement has no dynamic rules: it keeps its iOS twin's routes and
    /// is attached to no route the twin's file did not give it (never the main app's `/hotel/*`).
    @Test func anAppIsAttachedOnlyToItsOwnRoutes() throws {
        let run = try Self.run()
        let site = try #require(run.build.site)
        let partnerRoutes = site.routes.filter { $0.apps.contains("partner") }.compactMap(\.path)
        #expect(partnerRoutes == ["/partner/*"], "\(site.routes.map { ($0.name, $0.apps) })")
        #expect(run.notes.contains { $0.hasPrefix("com.wayfarer.partner has no dynamic rules") && $0.contains("its iOS twin 'partner'") })
    }
}
