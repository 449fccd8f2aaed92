import Foundation
import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// spec-reference §3, one test case per vector (numbers as in the table). AASA vectors use one
/// detail for app `T.A` on `example.com` unless the vector says otherwise.
@Suite struct SpecVectorTests {
    struct AASAVector: CustomTestStringConvertible, Sendable {
        var number: Int
        var aasa: String
        var url: String
        var appID = "T.A"
        var form = AASAMatcher.Form.components
        var expected: MatchDecision.Outcome
        var testDescription: String { "§3 #\(number)" }
    }

    static func components(_ components: String, defaults: String? = nil, variables: String? = nil) -> String {
        let extra = [defaults.map { "\"defaults\": \($0)" }, variables.map { "\"substitutionVariables\": \($0)" }].compactMap { $0 }
        let site = extra.isEmpty ? "" : ", " + extra.joined(separator: ", ")
        return #"{"applinks": {"apps": [], "details": [{"appIDs": ["T.A"], "components": \#(components)}]\#(site)}}"#
    }

    static let appleOverview = #"""
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"], "components": [
          {"#": "no_universal_links", "exclude": true},
          {"/": "/buy/*"},
          {"/": "/help/website/*", "exclude": true},
          {"/": "/help/*", "?": {"articleNumber": "????"}}]}]}}
        """#
    static let apple = "ABCDE12345.com.example.app"
    static let food = #"{"food": ["burrito", "pizza", "sushi", "samosa"]}"#
    static let legacyWWDC = #"{"applinks": {"apps": [], "details": [{"appID": "T.A", "paths": ["NOT /wwdc/internal/*", "/wwdc/*"]}]}}"#

    static let aasaVectors: [AASAVector] = [
        .init(number: 1, aasa: components(##"[{"/":"/search/"}]"##), url: "/search/", expected: .match),
        .init(number: 2, aasa: components(##"[{"/":"/search/"}]"##), url: "/SEARCH/", expected: .noMatch),
        .init(number: 3, aasa: components(##"[{"/":"/search/","caseSensitive":false}]"##), url: "/SEARCH/", expected: .match),
        .init(number: 4, aasa: components(##"[{"/":"/search/"}]"##), url: "/search/?q=foo#bar", expected: .match),
        .init(number: 5, aasa: components(##"[{"?":"key=value"}]"##), url: "/?key=value", expected: .match),
        .init(number: 6, aasa: components(##"[{"?":"key=value"}]"##), url: "/?key=value&extra=value", expected: .noMatch),
        .init(number: 7, aasa: components(##"[{"?":{"key":"value"}}]"##), url: "/?key=value&extra=value", expected: .match),
        .init(
            number: 8, aasa: components(##"[{"#":"nondeeplinking","exclude":true},{"/":"/search/"}]"##), url: "/search/#nondeeplinking",
            expected: .exclude),
        .init(number: 9, aasa: appleOverview, url: "/buy/42", appID: apple, expected: .match),
        .init(number: 10, aasa: appleOverview, url: "/buy/42#no_universal_links", appID: apple, expected: .exclude),
        .init(number: 11, aasa: appleOverview, url: "/help/website/faq?articleNumber=4815", appID: apple, expected: .exclude),
        .init(number: 12, aasa: appleOverview, url: "/help/123?articleNumber=4815", appID: apple, expected: .match),
        .init(number: 13, aasa: appleOverview, url: "/help/123?articleNumber=481", appID: apple, expected: .noMatch),
        .init(number: 14, aasa: appleOverview, url: "/help/123", appID: apple, expected: .noMatch),
        .init(number: 15, aasa: appleOverview, url: "/elsewhere", appID: apple, expected: .noMatch),
        .init(number: 16, aasa: components(##"[{"/":"/abc","?":"def","#":"*"}]"##), url: "/abc?def", expected: .match),
        .init(number: 17, aasa: components(##"[{"/":"/abc","?":"def","#":"*"}]"##), url: "/abc", expected: .noMatch),
        .init(number: 18, aasa: components(##"[{"/":"/buy/*"}]"##), url: "/buy/", expected: .match),
        .init(number: 19, aasa: components(##"[{"/":"/buy/*"}]"##), url: "/buy/42/x", expected: .match),
        .init(number: 20, aasa: components(##"[{"/":"/buy/*"}]"##), url: "/buyer", expected: .noMatch),
        .init(number: 21, aasa: components(##"[{"/":"/buy/*"}]"##), url: "/buy", expected: .match),
        .init(number: 22, aasa: components(##"[{"/":"/a/*/c"}]"##), url: "/a/c", expected: .noMatch),
        .init(number: 23, aasa: components(##"[{"/":"/id/????"}]"##), url: "/id/4815", expected: .match),
        .init(number: 24, aasa: components(##"[{"/":"/id/????"}]"##), url: "/id/481", expected: .noMatch),
        .init(number: 25, aasa: components(##"[{"/":"/a/?*"}]"##), url: "/a/", expected: .noMatch),
        .init(number: 26, aasa: components(##"[{"/":"/a/?*"}]"##), url: "/a/b", expected: .match),
        .init(number: 27, aasa: components(##"[{"#":"?*"}]"##), url: "/x", expected: .noMatch),
        .init(number: 28, aasa: components(##"[{"?":{"b":"*"}}]"##), url: "/x?a=1", expected: .match),
        .init(number: 29, aasa: components(##"[{"?":{"b":"?*"}}]"##), url: "/x?a=1", expected: .noMatch),
        .init(number: 30, aasa: components(##"[{"?":{"id":"42"}}]"##), url: "/x?id=7&id=42", expected: .noMatch),
        .init(number: 31, aasa: components(##"[{"?":{"id":"7"}}]"##), url: "/x?id=7&id=7", expected: .match),
        .init(number: 32, aasa: components(##"[{"?":{"a":"1","flag":true}}]"##), url: "/x?a=2", expected: .match),
        .init(number: 33, aasa: components(##"[{"/":"/a%20b"}]"##), url: "/a%20b", expected: .match),
        .init(number: 34, aasa: components(##"[{"/":"/a b"}]"##), url: "/a%20b", expected: .noMatch),
        .init(number: 35, aasa: components(##"[{"/":"/a b","percentEncoded":false}]"##), url: "/a%20b", expected: .match),
        .init(number: 36, aasa: components(##"[{"/":"/a%20b","percentEncoded":false}]"##), url: "/a%20b", expected: .noMatch),
        .init(number: 37, aasa: components(##"[{"/":"/a/b"}]"##), url: "/a%2Fb", expected: .noMatch),
        .init(number: 38, aasa: components(##"[{"/":"/a/b","percentEncoded":false}]"##), url: "/a%2Fb", expected: .match),
        .init(number: 39, aasa: components(##"[{"/":"/caf%C3%A9"}]"##), url: "/caf%c3%a9", expected: .noMatch),
        .init(number: 40, aasa: components(##"[{"/":"/café/*","percentEncoded":false}]"##), url: "/caf%C3%A9/menu", expected: .match),
        .init(
            number: 41, aasa: components(##"[{"/":"/$(lang)_$(region)/$(food)/"}]"##, variables: food), url: "/en_US/pizza/",
            expected: .match),
        .init(
            number: 42, aasa: components(##"[{"/":"/$(lang)_$(region)/$(food)/"}]"##, variables: food), url: "/en_US/tacos/",
            expected: .noMatch),
        .init(number: 43, aasa: components(##"[{"/":"/$(region)/home"}]"##), url: "/UK/home", expected: .noMatch),
        .init(number: 43, aasa: components(##"[{"/":"/$(region)/home"}]"##), url: "/GB/home", expected: .match),
        .init(number: 44, aasa: components(##"[{"/":"/id/$(digit)"}]"##), url: "/id/x", expected: .noMatch),
        .init(number: 45, aasa: components(##"[{"/":"/id/$(upper)","caseSensitive":false}]"##), url: "/id/q", expected: .match),
        .init(
            number: 46, aasa: components(##"[{"/":"/$(kind)/x"}]"##, variables: ##"{"kind": ["a*z"]}"##), url: "/abcz/x", expected: .match),
        .init(
            number: 47, aasa: components(##"[{"/":"/a/private/*","exclude":true},{"/":"/a/*"}]"##), url: "/a/private/x", expected: .exclude),
        .init(
            number: 48, aasa: components(##"[{"/":"/a/*"},{"/":"/a/private/*","exclude":true}]"##), url: "/a/private/x", expected: .match),
        .init(number: 49, aasa: components(##"[{"/":"/foo"}]"##, defaults: ##"{"caseSensitive":false}"##), url: "/FOO", expected: .match),
        .init(
            number: 50, aasa: ##"{"applinks": {"details": [{"appID":"F.A","appIDs":["B.A","Z.A"],"components":[{"/":"/s/"}]}]}}"##,
            url: "/s/",
            appID: "F.A", expected: .noMatch),
        .init(
            number: 51,
            aasa:
                ##"{"applinks": {"details": [{"appID":"H.A","components":[{"/":"/s/"}]},{"appID":"H.A","components":[{"/":"/s/","exclude":true}]}]}}"##,
            url: "/s/", appID: "H.A", expected: .match),
        .init(number: 52, aasa: components("[]"), url: "/", expected: .noMatch),
        .init(number: 53, aasa: components(##"[{"/":"/*"}]"##), url: "https://evil.test/x", expected: .noMatch),
        .init(number: 54, aasa: legacyWWDC, url: "/wwdc/2015", form: .legacyPaths, expected: .match),
        .init(number: 55, aasa: legacyWWDC, url: "/wwdc/internal/notes", form: .legacyPaths, expected: .exclude),
        .init(number: 56, aasa: legacyWWDC, url: "/other", form: .legacyPaths, expected: .noMatch),
        .init(
            number: 57, aasa: ##"{"applinks": {"apps": [], "details": [{"appID": "T.A", "paths": ["/wwdc/news/"]}]}}"##,
            url: "/wwdc/news/?x=1#y",
            form: .legacyPaths, expected: .match),
        .init(
            number: 58, aasa: ##"{"applinks": {"apps": [], "details": [{"appID": "T.A", "paths": ["/videos/wwdc/201?/*"]}]}}"##,
            url: "/videos/wwdc/2015/a", form: .legacyPaths, expected: .match),
    ]

    /// The same vectors as JSON Lines for the end-to-end test that runs `linkwell match --aasa`;
    /// re-recorded with LINKWELL_RECORD=1, and never allowed to drift from this table.
    @Test func aasaVectorsAreSharedWithTheCommandTests() throws {
        let lines = try Self.aasaVectors.map { vector in
            JSONValue.object([
                "number": .number(Double(vector.number)), "aasa": try JSONValue.parse(vector.aasa), "url": .string(vector.url),
                "app_id": .string(vector.appID), "platform": .string(vector.form == .components ? "ios" : "ios-legacy"),
                "expected": .string(vector.expected.rawValue),
            ]).compactText + "\n"
        }.joined()
        let file = Fixtures.root.appendingPathComponent("spec-vectors/aasa.jsonl")
        if Fixtures.isRecording {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(lines.utf8).write(to: file)
        }
        #expect(Fixtures.text("spec-vectors/aasa.jsonl") == lines)
    }

    @Test(arguments: aasaVectors)
    func aasaVector(_ vector: AASAVector) throws {
        let matcher = AASAMatcher(document: try JSONValue.parse(vector.aasa), form: vector.form)
        let url = try #require(URLParts(vector.url.hasPrefix("https://") ? vector.url : "https://example.com" + vector.url))
        #expect(matcher.decide(url, appID: vector.appID, host: "example.com").outcome == vector.expected)
    }

    @Test(arguments: [
        (59, ##"[{"/":"*","exclude":true},{"/":"/path1"}]"##, "/path1", MatchDecision.Outcome.exclude),
        (60, ##"[{"/":"/path1"},{"/":"/path2"}]"##, "/path3", .noMatch),
        (61, ##"[{"?":{"dl":"*","in_app":"true"}}]"##, "/?lang=en&in_app=true&tz=pst&dl=abc", .match),
        (62, ##"[{"?":{"dl":"*","in_app":"true"}}]"##, "/?lang=en&tz=pst&dl=abc", .noMatch),
        (63, ##"[{"/":"/foo*","exclude":true},{"/":"*"}]"##, "/foo", .exclude),
    ])
    func androidDynamicVector(_ number: Int, _ rules: String, _ url: String, _ expected: MatchDecision.Outcome) throws {
        let file =
            ##"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": \##(rules)}}}]"##
        let matcher = AndroidDynamicMatcher(document: try JSONValue.parse(file))
        let decision = matcher.decide(try #require(URLParts("https://example.com" + url)), package: "com.example.app")
        #expect(decision?.outcome == expected, "§3 #\(number)")
    }

    @Test(arguments: [
        (64, AndroidPathMatcher.pattern(#"/.*\.pdf"#), "/a.b.pdf", false),
        (64, .pattern(#"/.*\.pdf"#), "/a.pdf", true),
        (65, .pattern("/.*/edit"), "/items/42/edit", false),
        (65, .pattern("/user/.*/settings"), "/user/john/settings", true),
        (65, .pattern("/user/.*/settings"), "/user/a/b/settings", false),
        (65, .pattern("/product/.*"), "/product", false),
        (66, .advancedPattern("/items/[0-9]+/edit"), "/items/42/edit", true),
        (67, .advancedPattern("/a.*b"), "/aXb", false),
        (0, .prefix("/p/"), "/p/1", true),
        (0, .path("/about"), "/about/", false),
        (0, .advancedPattern("/id/[0-9]{3}"), "/id/123", true),
        (0, .advancedPattern("/id/[^/]{2,}"), "/id/a", false),
    ])
    func androidManifestVector(_ number: Int, _ matcher: AndroidPathMatcher, _ path: String, _ expected: Bool) {
        #expect(matcher.matches(path) == expected, "§3 #\(number)")
    }

    /// Vectors 68–72 are about parsing assetlinks files: Linkwell never writes such a file, and
    /// its validation refuses the same inputs.
    @Test func assetlinksVectorsAreRefusedOrNeverWritten() throws {
        #expect(throws: Identifiers.FingerprintProblem.self) {  // 69: 31 octets
            try Identifiers.canonicalFingerprint(String(IdentifiersTests.canonical.dropLast(3))).get()
        }
        // 68: lower case input is accepted but always written in upper case.
        #expect(try Identifiers.canonicalFingerprint(IdentifiersTests.canonical.lowercased()).get() == IdentifiersTests.canonical)
        #expect(throws: (any Error).self) { try JSONValue.parse(#"[{"relation":["x",],"target":{}}]"#) }  // 71
        #expect(AndroidDynamicMatcher(document: try JSONValue.parse(#"{"relation": []}"#)).packageNames.isEmpty)  // 72
    }
}
