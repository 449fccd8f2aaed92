import LinkwellCore
import Testing

@Suite struct LinkDecisionTests {
    /// The JSON writer spells platforms and outcomes from static text for speed: it must spell
    /// them as their raw values, which are the `--json` contract.
    @Test(arguments: Platform.allCases)
    func jsonLineSpellsEveryPlatformAndOutcomeAsItsRawValue(_ platform: Platform) throws {
        for outcome in [MatchDecision.Outcome.match, .exclude, .noMatch] {
            let decision = LinkDecision(
                url: "https://m.example.com/a\"b", platform: platform, host: "m.example.com", app: "main", appIdentifier: "T.A",
                decision: MatchDecision(outcome: outcome, rule: 3, detail: 0), route: "profile")
            let line = try JSONValue.parse(decision.jsonLine)
            #expect(line["platform"] == .string(platform.rawValue))
            #expect(line["decision"] == .string(outcome.rawValue))
            #expect(line["url"] == .string("https://m.example.com/a\"b"))
            #expect(line["rule"] == .number(3))
            #expect(line["page_type"] == .null)
        }
    }
}

@Suite struct MatchOutputLinesTests {
    /// `MatchOutputLines` writes each decision's line itself: a run of decisions in which any
    /// part changes from one line to the next must read exactly as each decision written on its
    /// own by `JSONValue` (sorted keys, escapes, `detail` only when there is one).
    @Test func aRunOfDecisionsReadsAsEachWrittenAlone() throws {
        var random = PropertyTests.Random(state: 20_261_124)
        let texts = ["main", "T.A", "m.example.com", "mlink.example.com", "a\"b\\c", "tab\there", "é/ü", "", "profile", "\u{1}"]
        func text() -> String { random.pick(texts) }
        func optional() -> String? { random.below(2) == 0 ? nil : text() }
        var lines = MatchOutputLines()
        var expected: [UInt8] = []
        for _ in 0..<3_000 {
            let outcome = random.pick([MatchDecision.Outcome.match, .exclude, .noMatch])
            let rule = random.below(2) == 0 ? nil : random.below(1_500)
            let detail = random.below(2) == 0 ? nil : random.below(12)
            let decision = LinkDecision(
                url: text(), platform: random.pick(Platform.allCases), host: text(), app: text(),
                appIdentifier: text(), decision: MatchDecision(outcome: outcome, rule: rule, detail: detail), route: optional(),
                pageType: optional())
            lines.append(decision)
            var fields: [String: JSONValue] = [
                "app": .string(decision.app), "app_id": .string(decision.appIdentifier), "decision": .string(outcome.rawValue),
                "host": .string(decision.host), "page_type": decision.pageType.map(JSONValue.string) ?? .null,
                "platform": .string(decision.platform.rawValue), "route": decision.route.map(JSONValue.string) ?? .null,
                "rule": rule.map { .number(Double($0)) } ?? .null, "url": .string(decision.url),
            ]
            if let detail { fields["detail"] = .number(Double(detail)) }
            expected += JSONValue.object(fields).compactText.utf8
            expected.append(0x0A)
        }
        #expect(String(decoding: lines.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }
}
