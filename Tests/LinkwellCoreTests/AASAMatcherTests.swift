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
}
