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
