import Testing

@testable import LinkwellCore

@Suite struct RuleIndexTests {
    /// A long rule list, where the index's nodes have many children (read through a table) and
    /// few (scanned), in every form a rule reads paths in (as written, trimmed, decoded, folded):
    /// the indexed decision must be the first rule that matches when every rule is asked.
    @Test func aLongListDecidesAsAskingEveryRuleInOrder() throws {
        var random = PropertyTests.Random(state: 0x1DE_C0DE)
        let words = ["u", "U", "p", "shop", "é", "%41", "a/b", ""]
        let tails = ["", "/*", "/????", "*", "/*/edit", "?", "/"]
        var components: [JSONValue] = []
        for index in 0..<400 {
            var component: [String: JSONValue] = [
                "/": .string("/" + random.pick(words) + String(random.below(index + 1)) + random.pick(tails))
            ]
            if random.below(4) == 0 { component["caseSensitive"] = .bool(false) }
            if random.below(5) == 0 { component["percentEncoded"] = .bool(false) }
            if random.below(3) == 0 { component["exclude"] = .bool(true) }
            components.append(.object(component))
        }
        let app = "ABCDE12345.com.example.app"
        let document = JSONValue.object([
            "applinks": .object([
                "details": .array([
                    .object([
                        "appID": .string(app), "appIDs": .array([.string(app)]), "components": .array(components),
                        "paths": .array(components.map { .string($0["/"]?.string ?? "") }),
                    ])
                ])
            ])
        ])
        let segments = ["u", "U", "p", "P", "SHOP", "shop", "é", "%C3%A9", "A", "%41", "a", "b", "/", "x", "edit"]
        for form in AASAMatcher.Form.allCases {
            let matcher = AASAMatcher(document: document, form: form)
            let rules = try #require(matcher.details.first).rules
            let indexed = AASAMatcher.Detail.Indexed(rules)
            var hits = 0
            for _ in 0..<3_000 {
                let path =
                    "/" + random.pick(segments) + String(random.below(400))
                    + (0..<random.below(4)).map { _ in random.pick(segments) }.joined()
                let url = try #require(URLParts("https://m.example.com" + path))
                // A lookup before the index is built asks the rules the index would collect.
                var subjects = RuleIndex.Subjects(path)
                #expect(rules.indices.filter { subjects.startWith(rules[$0].indexEntry) } == indexed.index.candidates(for: path))
                let expected = rules.firstIndex { $0.matches(url) }
                let decision = matcher.decide(url, appID: app)
                #expect(decision.rule == expected, "\(form) \(path)")
                if expected != nil { hits += 1 }
            }
            // Most paths hit some rule: the list is dense enough to exercise the index.
            #expect(hits > 150)
        }
    }
}
