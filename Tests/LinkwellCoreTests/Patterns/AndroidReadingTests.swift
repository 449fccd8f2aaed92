import Foundation
import Testing

@testable import LinkwellCore

/// Android as AOSP reads it (`UriRelativeFilter.matchData`, `IntentFilter.matchData`): dynamic
/// rules compare the decoded path, query and fragment, a query entry needs some parameter of the
/// query split on `&` (on `;` when that gives one part) to match `name=value`; Android 14 and
/// earlier read `Uri.getPath()` and compare the scheme exactly. Each case is asked of the concrete
/// matcher and of the exact engine's automaton for the same rule.
@Suite struct AndroidReadingTests {
    static let dynamicCases: [(rule: String, url: String, opens: Bool)] = [
        (#"{"/": "/a b/*"}"#, "https://m.example.com/a%20b/c", true),
        (#"{"/": "/é/*"}"#, "https://m.example.com/%C3%A9/x", true),
        (#"{"/": "/é/*"}"#, "https://m.example.com/%C3%A8/x", false),
        (#"{"/": "/a/*"}"#, "https://m.example.com/%61/x", true),
        (##"{"#": "a b"}"##, "https://m.example.com/x#a%20b", true),
        (#"{"?": {"q": "a b"}}"#, "https://m.example.com/x?q=a%20b", true),
        (#"{"?": {"q": "1"}}"#, "https://m.example.com/x?z=2&q=1", true),
        (#"{"?": {"q": "1"}}"#, "https://m.example.com/x?z=2;q=1", true),
        (#"{"?": {"q": "1"}}"#, "https://m.example.com/x?z=2&y=3;q=1", false),
        (#"{"?": {"q": "1"}}"#, "https://m.example.com/x?q=1&", false),
        (#"{"?": {"q": "*"}}"#, "https://m.example.com/x?q=1&", true),
        (#"{"?": {"q": "a&b"}}"#, "https://m.example.com/x?q=a%26b", false),
        (#"{"?": {"q": "a"}}"#, "https://m.example.com/x?q=a%26b=c", true),
        (#"{"?": {"dl": "*"}}"#, "https://m.example.com/x?lang=en", false),
        (#"{"?": {"dl": "*", "in_app": "true"}}"#, "https://m.example.com/?lang=en&in_app=true&tz=pst&dl=abc", true),
        (#"{"?": {"dl": "*", "in_app": "true"}}"#, "https://m.example.com/?lang=en&tz=pst&dl=abc", false),
        // An absent fragment or query is null to AOSP, and no filter matches null (§2.4 item 9).
        (##"{"#": "*"}"##, "https://m.example.com/x", false),
        (##"{"#": "*"}"##, "https://m.example.com/x#", true),
        (##"{"#": ""}"##, "https://m.example.com/x#", true),
        (##"{"#": ""}"##, "https://m.example.com/x?a=1", false),
        (##"{"/": "/x", "#": "*"}"##, "https://m.example.com/x?#a", true),
        (#"{"?": {"q": "*"}}"#, "https://m.example.com/x#q=1", false),
        (#"{"/": "/x"}"#, "https://m.example.com/x", true),
    ]

    /// The URL's decoded parts as the engine spells them over `text`.
    static func symbols(_ url: URLParts, text: DecodedText) -> [Symbol] {
        func spell(_ part: String) -> [Symbol] { PercentDecoding.decode(part).unicodeScalars.map(text.symbol) }
        let query = url.queryWritten ? [Symbols.querySeparator] + spell(url.query) : [Symbols.noQuery]
        let fragment = url.fragmentWritten ? [Symbols.fragmentSeparator] + spell(url.fragment) : [Symbols.noFragment]
        return spell(url.path) + query + fragment
    }

    @Test(arguments: dynamicCases.indices)
    func dynamicRulesReadDecodedPartsAndAnyParameter(_ index: Int) throws {
        let (rule, text, opens) = Self.dynamicCases[index]
        let url = try #require(URLParts(text))
        let document = try JSONValue.parse(
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["\#(Array(repeating: "AB", count: 32).joined(separator: ":"))"]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [\#(rule)]}}}]"#
        )
        let concrete = AndroidDynamicMatcher(document: document).decide(url, package: "com.example.app")
        #expect(concrete?.opensApp == opens, "matcher: \(rule) \(text)")
        let alphabet = try #require(DecodedText(statementLists: [document]))
        let compiled = try #require(RuleLanguage.dynamicRule(try JSONValue.parse(rule), text: alphabet))
        #expect(compiled.automaton.accepts(Self.symbols(url, text: alphabet)) == opens, "engine: \(rule) \(text)")
    }

    /// `/a b/*` before a catch-all exclusion against the catch-all alone: the engine must not call
    /// them the same (they differ on `/a%20b/`), and its witness must decode to such a URL.
    @Test func aRuleOnlyADecodedPathReachesIsNotProvedAway() throws {
        func links(_ rules: String) throws -> JSONValue {
            try JSONValue.parse(
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "p", "sha256_cert_fingerprints": ["\#(Array(repeating: "AB", count: 32).joined(separator: ":"))"]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": \#(rules)}}}]"#
            )
        }
        let comparison = AssociationComparison(
            before: .init(aasa: nil, assetLinks: try links(#"[{"/": "/a b/*"}, {"/": "*", "exclude": true}]"#)),
            after: .init(aasa: nil, assetLinks: try links(#"[{"/": "*", "exclude": true}]"#)), host: "m.example.com")
        #expect(comparison.inconsistencies == [])
        let witness = try #require(comparison.differences.first?.differences.first?.witness)
        #expect(witness == "https://m.example.com/a%20b/")
    }

    /// A fragment filter of `*` against no fragment filter: equal if an absent fragment read as
    /// the empty one (the old reading), different on every URL without `#` as AOSP reads it; the
    /// witness is such a URL, and the concrete matcher decides it differently in the two files.
    @Test func anAbsentFragmentIsNotAnEmptyOne() throws {
        func links(_ rules: String) throws -> JSONValue {
            try JSONValue.parse(
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "p", "sha256_cert_fingerprints": ["\#(Array(repeating: "AB", count: 32).joined(separator: ":"))"]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": \#(rules)}}}]"#
            )
        }
        let before = try links(##"[{"#": "*"}]"##)
        let after = try links(#"[{"/": "*"}]"#)
        let comparison = AssociationComparison(
            before: .init(aasa: nil, assetLinks: before), after: .init(aasa: nil, assetLinks: after), host: "m.example.com")
        #expect(comparison.inconsistencies == [])
        let witness = try #require(comparison.differences.first?.differences.first?.witness)
        #expect(!witness.contains("#"))
        let url = try #require(URLParts(witness))
        #expect(AndroidDynamicMatcher(document: before).decide(url, package: "p")?.opensApp == false)
        #expect(AndroidDynamicMatcher(document: after).decide(url, package: "p")?.opensApp == true)
        // With an empty fragment written, the two agree.
        let empty = try #require(URLParts("https://m.example.com/x#"))
        #expect(AndroidDynamicMatcher(document: before).decide(empty, package: "p")?.opensApp == true)
    }

    /// A package with dynamic rules in two statements: which list Android reads is documented
    /// nowhere, so a comparison that would rest on one reading (the matcher's: the first) says
    /// what it did not model instead of "same".
    @Test func twoStatementsWithRulesForOnePackageAreNotProved() throws {
        let fingerprint = Array(repeating: "AB", count: 32).joined(separator: ":")
        func statement(_ rules: String) -> String {
            #"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "p", "sha256_cert_fingerprints": ["\#(fingerprint)"]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": \#(rules)}}}"#
        }
        let two = try JSONValue.parse("[\(statement(#"[{"/": "/a/*"}]"#)), \(statement(#"[{"/": "/b/*"}]"#))]")
        let one = try JSONValue.parse("[\(statement(#"[{"/": "/a/*"}]"#))]")
        let comparison = AssociationComparison(
            before: .init(aasa: nil, assetLinks: two), after: .init(aasa: nil, assetLinks: one), host: "m.example.com")
        let android = try #require(comparison.comparisons.first { $0.platform == .android })
        #expect(android.verdict == .notProven)
        #expect(android.summary.contains("2 statements for p carry dynamic rules"), "\(android.summary)")
    }

    /// Android 14 and earlier: `https://host` has the empty path, which `pathPrefix="/"` does not
    /// start; `HTTPS://` is compared exactly by `IntentFilter`; iOS reads both as usual.
    @Test func intentFiltersReadTheEmptyPathAndTheSchemeAsAOSPDoes() throws {
        let noPath = try #require(URLParts("https://m.example.com"))
        #expect(!noPath.writtenWithPath && noPath.path == "/" && noPath.androidPath == "")
        #expect(!AndroidPathMatcher.prefix("/").matches(noPath.androidPath))
        let upper = try #require(URLParts("HTTPS://m.example.com/u/1"))
        #expect(!upper.schemeWrittenInLowerCase && upper.scheme == "https")
        let fingerprint = Array(repeating: "AB", count: 32).joined(separator: ":")
        func matcher(_ path: String) throws -> AndroidDynamicMatcher {
            AndroidDynamicMatcher(
                document: try JSONValue.parse(
                    #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "p", "sha256_cert_fingerprints": ["\#(fingerprint)"]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "\#(path)"}]}}}]"#
                ))
        }
        #expect(try matcher("*").decide(upper, package: "p") == .schemeNotLowerCase)
        #expect(try matcher("*").decide(noPath, package: "p")?.opensApp == true)
        #expect(try matcher("/*").decide(noPath, package: "p")?.opensApp == false)
    }

    /// `match` reads a URL as a browser sends it.
    @Test func browsersPercentEncodeNonASCIIAndSpaces() {
        #expect(URLParts.browserEncoded("https://m.example.com/café?q=a b#x y") == "https://m.example.com/caf%C3%A9?q=a%20b#x%20y")
        #expect(URLParts.browserEncoded("https://m.example.com/u/1?ref=a") == nil)
    }

    /// Every ASCII character and a few others, alone in a path, a query and a fragment: encoded
    /// exactly where WHATWG's path, query and fragment sets (and every control, space and
    /// non-ASCII character) say, so the quick test that lets plain URLs skip the walk hides none.
    @Test func browserEncodingFollowsEachPartsSet() {
        let sets: [(part: String, encoded: Set<Unicode.Scalar>)] = [
            ("/p", [" ", "\"", "<", ">", "`", "{", "}"]), ("/?q=", [" ", "\"", "<", ">", "'"]), ("/#f", [" ", "\"", "<", ">", "`"]),
        ]
        let scalars = (0..<0x80).compactMap(Unicode.Scalar.init) + ["é", "\u{A0}", "\u{2028}", "😀"]
        for (part, set) in sets {
            for scalar in scalars where !(part == "/p" && ["?", "#"].contains(scalar)) && !(part == "/?q=" && scalar == "#") {
                let url = "https://m.example.com" + part + String(scalar)
                let expected = !scalar.isASCII || scalar.value < 0x20 || scalar.value == 0x7F || set.contains(scalar)
                #expect((URLParts.browserEncoded(url) != nil) == expected, "\(url.debugDescription)")
            }
        }
    }

    /// A `pathPattern`'s escapes read once (`AndroidPathMatcher.simpleGlobTokens`) by the matcher
    /// and the exact engine alike: an escaped `.` is a dot, an escaped backslash before a final
    /// `.*` leaves the `.*` a run of anything, and the engine's language is the matcher's on
    /// every path tried.
    @Test(arguments: [#"/a\.b"#, #"/a\\.*"#, #"/p/.*"#, #"/p/..x"#, #"/x\*"#, #"/a.*"#])
    func pathPatternEscapesAreReadOnceForMatcherAndEngine(_ pattern: String) throws {
        let attribute = AndroidPathMatcher.pattern(pattern)
        let alphabet = try #require(DecodedText(statementLists: [], also: [pattern]))
        let rule = try #require(RuleLanguage.intentFilterPath(attribute, text: alphabet), "\(pattern)")
        let paths = [
            "/a.b", "/axb", #"/a\"#, #"/a\b/c"#, "/a", "/p/", "/p/x", "/p/abx", "/p/ax", #"/x*"#, "/x", "/a.b/c", "/ab", "",
        ]
        for path in paths {
            let url = try #require(URLParts("https://m.example.com" + path.replacingOccurrences(of: "\\", with: "%5C")))
            let symbols = Self.symbols(url, text: alphabet)
            #expect(rule.automaton.accepts(symbols) == attribute.matches(url.androidPath), "\(pattern) on \(path)")
        }
    }
}
