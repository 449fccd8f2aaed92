import Testing

@testable import LinkwellCore

@Suite struct AASAMatcherTests {
    /// Each key of a component comes from the component, else the detail's `defaults`, else the
    /// file's; a comment is the component's own. Every key is read in one pass over the
    /// component, so each is checked here from each place.
    @Test func componentsTakeEachKeyFromThemselvesThenTheDetailThenTheFile() throws {
        let document = try JSONValue.parse(
            #"""
            {"applinks": {
              "defaults": {"caseSensitive": false, "percentEncoded": false, "exclude": false},
              "details": [{
                "appIDs": ["ABCDE12345.com.example.app"],
                "defaults": {"caseSensitive": true, "exclude": true, "comment": "detail"},
                "components": [
                  {"/": "/a/*"},
                  {"/": "/b/*", "exclude": false, "caseSensitive": false, "comment": "own"},
                  {"/": "/c d", "exclude": false},
                  {"/": "/q", "?": {"k": "v"}, "#": "f", "exclude": false, "percentEncoded": true}
                ]
              }]
            }}
            """#)
        let matcher = AASAMatcher(document: document)
        func decide(_ url: String) throws -> MatchDecision {
            matcher.decide(try #require(URLParts("https://m.example.com" + url)), appID: "ABCDE12345.com.example.app")
        }
        // The detail's caseSensitive and exclude win over the file's; its comment is not inherited.
        #expect(try decide("/A/x") == .noMatch)
        #expect(try decide("/a/x") == MatchDecision(outcome: .exclude, rule: 0, detail: 0, ruleText: #"{"/":"/a/*"}"#))
        // The component's own keys win over both.
        #expect(
            try decide("/B/x")
                == MatchDecision(
                    outcome: .match, rule: 1, detail: 0,
                    ruleText: #"{"/":"/b/*","caseSensitive":false,"comment":"own","exclude":false}"#, comment: "own"))
        // percentEncoded from the file: the URL's path is decoded before it is compared.
        #expect(try decide("/c%20d").outcome == .match)
        // The component's own percentEncoded; its query and fragment.
        #expect(try decide("/q?k=v#f").outcome == .match)
        #expect(try decide("/q?k=w#f") == .noMatch)
        #expect(try decide("/q?k=v#g") == .noMatch)
    }

    /// 200 rules, each a path under its own section; some fold case, some are exclusions.
    static func sections() throws -> AASAMatcher {
        let components = (0..<200).map { index in
            #"{"/": "/s\#(index)/*", "caseSensitive": \#(index % 3 != 0), "exclude": \#(index % 7 == 0)}"#
        }
        return AASAMatcher(
            document: try JSONValue.parse(
                #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": ["#
                    + components.joined(separator: ",") + "]}]}}"))
    }

    /// The first lookups ask the rules in order; the next builds the index, which is kept.
    @Test func theIndexIsBuiltAfterTheFirstLookupsAndKept() throws {
        let detail = try #require(try Self.sections().details.first)
        for _ in 0..<AASAMatcher.lookupsBeforeIndexing { #expect(detail.indexed() == nil) }
        let indexed = try #require(detail.indexed())
        #expect(detail.indexed() === indexed)
    }

    /// A lookup compiles only the rules whose literal start the path shares, and building the
    /// index compiles every rule.
    @Test func aLookupCompilesOnlyTheRulesItReaches() throws {
        let matcher = try Self.sections()
        let rules = try #require(matcher.details.first).rules
        func decide(_ path: String) throws -> MatchDecision {
            matcher.decide(try #require(URLParts("https://m.example.com" + path)), appID: "ABCDE12345.com.example.app")
        }
        #expect(try decide("/elsewhere") == .noMatch)
        #expect(!rules.contains { $0.isCompiled })
        // Rule 6 folds case, so "/S6/x" reaches it (and no other: "/s60"… do not start the path).
        #expect(try decide("/S6/x").rule == 6)
        #expect(rules.indices.filter { rules[$0].isCompiled } == [6])
        for _ in 2..<AASAMatcher.lookupsBeforeIndexing { #expect(try decide("/s5/x").rule == 5) }
        #expect(rules.indices.filter { rules[$0].isCompiled } == [5, 6])
        // The next lookup builds the index, compiling every rule.
        #expect(try decide("/s5/x").rule == 5)
        #expect(rules.allSatisfy { $0.isCompiled })
    }

    /// Lookups from many threads at once on a fresh matcher — asking the rules in order and
    /// compiling those they reach, then racing to build the index — each decide the first rule
    /// that matches, and one index is kept.
    @Test func lookupsFromManyThreadsDecideTheFirstMatchingRule() throws {
        var random = PropertyTests.Random(state: 0xA5A5_0003)
        let paths = (0..<2_000).map { _ in "/" + random.pick(["s", "S", "t"]) + String(random.below(220)) + random.pick(["", "/x", "/"]) }
        let urls = try paths.map { try #require(URLParts("https://m.example.com" + $0)) }
        let reference = try Self.sections()
        let rules = try #require(reference.details.first).rules
        let expected = urls.map { url in rules.firstIndex { $0.matches(url) } }
        for _ in 0..<5 {
            let matcher = try Self.sections()
            let decided = urls.concurrentMap { matcher.decide($0, appID: "ABCDE12345.com.example.app").rule }
            #expect(decided == expected)
            let detail = try #require(matcher.details.first)
            #expect(detail.indexed() === detail.indexed())
        }
        #expect(expected.compactMap { $0 }.count > 500)
    }

    /// What `match --aasa` accepts: an object with `applinks`; an array (an assetlinks.json
    /// given by mistake) or an object without it is refused with what it is.
    @Test func onlyAnObjectWithApplinksIsMatchedAsAnAASA() throws {
        #expect(FileMatcher.aasaProblem(try JSONValue.parse(#"{"applinks": {"details": []}}"#)) == nil)
        #expect(
            FileMatcher.aasaProblem(try JSONValue.parse("[]"))
                == "the file is a JSON array, not an apple-app-site-association (a JSON object with \"applinks\")")
        #expect(
            FileMatcher.aasaProblem(try JSONValue.parse(#"{"webcredentials": {"apps": []}}"#))
                == "the file has no \"applinks\": there is no rule to match URLs against")
    }
}
