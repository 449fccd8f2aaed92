import Foundation
import Testing

@testable import LinkwellCore

/// What a team serves today, imported: an iOS app and its Android twin as one product, a plain
/// statement list kept without dynamic rules, a whole-query rule kept for iOS, one route per
/// distinct rule, and several apps whose detail order decides which app opens.
@Suite struct ImportPairTests {
    static let fingerprint = Array(repeating: "AB", count: 32).joined(separator: ":")
    static let iosRules: [String] =
        [#"{"/": "/account/*", "exclude": true}"#, #"{"?": "utm_campaign=*", "exclude": true}"#]
        + ["l", "u", "s", "c", "shop", "deals", "help", "news"].map { #"{"/": "/\#($0)/*"}"# }

    static func aasa(_ components: [String]) throws -> JSONValue {
        try JSONValue.parse(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.loopbazaar.ios"], "components": [\#(components.joined(separator: ","))]}]}}"#
        )
    }

    static func links(dynamic: [String]?) throws -> JSONValue {
        let extensions =
            dynamic.map {
                #", "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [\#($0.joined(separator: ","))]}}"#
            } ?? ""
        return try JSONValue.parse(
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.loopbazaar.android", "sha256_cert_fingerprints": ["\#(fingerprint)"]}\#(extensions)}]"#
        )
    }

    static func run(_ aasa: JSONValue, _ links: JSONValue) -> ImportRun {
        ImportRun(
            aasa: [.init(name: "aasa", document: aasa)], assetLinks: [.init(name: "assetlinks.json", document: links)],
            domain: "www.loopbazaar.com", mirror: "open.loopbazaar.com", manifestPath: "site.yaml")
    }

    /// A whole-query rule and a statement list without dynamic rules (the commonest pair today):
    /// the manifest builds, keeps Android on its intent filters, and is proved.
    @Test func aPlainStatementListStaysWithoutDynamicRulesAndTheWholeQueryBuilds() throws {
        let run = Self.run(try Self.aasa(Self.iosRules), try Self.links(dynamic: nil))
        #expect(run.build.succeeded, "\(run.build.diagnostics)")
        let proof = try #require(run.proof)
        #expect(proof.isProvedSame, "\(proof.lines)")
        #expect(run.succeeds(allowingDifferences: false))
        #expect(run.yaml.contains("    - id: loopbazaar\n      name: Loopbazaar\n      package: com.loopbazaar.android\n"))
        #expect(run.yaml.contains("      dynamicRules: false\n"))
        #expect(!run.yaml.contains("-2"))
        let built = try #require(run.build.files.first { $0.path == "www.loopbazaar.com/.well-known/assetlinks.json" })
        #expect(!built.contents.contains("dynamic_app_link_components"))
    }

    /// The Android twin with dynamic rules of its own (no whole query, a closing exclusion): one
    /// route per distinct rule (11 for 11), each list in its own order, proved; the twin keeps
    /// the product's name, and the whole-query rule is named as iOS-only.
    @Test func twoListsMergeIntoOneRouteList() throws {
        let android = Self.iosRules.filter { !$0.contains("utm_campaign") } + [#"{"/": "*", "exclude": true}"#]
        let run = Self.run(try Self.aasa(Self.iosRules), try Self.links(dynamic: android))
        #expect(run.build.succeeded, "\(run.build.diagnostics)")
        #expect(run.build.site?.routes.count == 11)
        #expect(try #require(run.proof).isProvedSame, "\(run.proof?.lines ?? [])")
        #expect(run.yaml.contains("    - id: loopbazaar-android\n      name: Loopbazaar\n"))
        #expect(
            run.notes.contains {
                $0.hasPrefix(#"the rule {"?":"utm_campaign=*","exclude":true} matches the whole query 'utm_campaign=*'"#)
                    && $0.hasSuffix("its route is for loopbazaar only")
            })
    }

    /// The issue's several-app file: `one: /a/*`, `two: /*`, `one: /*`. Merged per app, `/x`
    /// would open one instead of two with both installed: the import says so and does not pass.
    @Test func detailOrderAcrossAppsIsNotProvedAway() throws {
        let aasa = try JSONValue.parse(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.one"], "components": [{"/": "/a/*"}]}, {"appIDs": ["ABCDE12345.com.example.two"], "components": [{"/": "/*"}]}, {"appIDs": ["ABCDE12345.com.example.one"], "components": [{"/": "/*"}]}]}}"#
        )
        let run = ImportRun(
            aasa: [.init(name: "aasa", document: aasa)], assetLinks: [], domain: "m.example.com", mirror: "mlink.example.com",
            manifestPath: "site.yaml")
        let proof = try #require(run.proof)
        #expect(proof.differs && !proof.isProvedSame)
        #expect(!run.succeeds(allowingDifferences: false))
        #expect(proof.lines.contains { $0.contains("with ABCDE12345.com.example.one and ABCDE12345.com.example.two installed") })
    }
}

extension ImportPairTests {
    /// A placeholder app ID (`APPLE_TEAM_ID.…`) cannot be carried over: the notes name it and the
    /// rules that went with it.
    @Test func aPlaceholderAppIDIsNamedWithItsRules() throws {
        let aasa = try JSONValue.parse(
            #"{"applinks": {"details": [{"appIDs": ["APPLE_TEAM_ID.com.loopbazaar.ios"], "components": [{"/": "/l/*"}, {"/": "/u/*"}]}]}}"#)
        let run = ImportRun(
            aasa: [.init(name: "aasa", document: aasa)], assetLinks: [], domain: "m.example.com", mirror: "mlink.example.com",
            manifestPath: "site.yaml")
        #expect(
            run.notes.contains(
                #"aasa: the 2 rules of 'APPLE_TEAM_ID.com.loopbazaar.ios' in detail 1 went with it: {"/":"/l/*"}, {"/":"/u/*"}; write the real app ID and import again"#
            ))
        #expect(!run.succeeds(allowingDifferences: true))
    }
}
