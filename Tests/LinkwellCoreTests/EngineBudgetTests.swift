import Foundation
import Testing

@testable import LinkwellCore

/// Every exact computation ends within its budget, counted in steps (so the same input stops at
/// the same place on every machine), and says what it did not prove.
@Suite struct EngineBudgetTests {
    /// A pattern of thousands of `*`s and twenty overlapping wildcard rules: each comparison stops
    /// at a small budget with "not proven", the same number of states every time.
    @Test(arguments: [
        [#"{"/": "/\#(String(repeating: "*a", count: 2_000))"}"#, #"{"/": "/x/*"}"#],
        (0..<20).map { #"{"/": "/*\#(Character(Unicode.Scalar(97 + $0)!))*\#(Character(Unicode.Scalar(122 - $0)!))*"}"# },
    ])
    func hostileShapesStopAtTheBudgetWithTheRightWords(_ components: [String]) throws {
        let aasa = try JSONValue.parse(
            #"{"applinks": {"details": [{"appIDs": ["T.a"], "components": [\#(components.joined(separator: ","))]}]}}"#)
        let rules = DecisionLists.appRules(aasa, form: .components)
        let budget = EngineBudget(steps: 2_000_000, productStates: 5_000)
        let first = LinkEquivalence.compareApps(rules, rules, platform: .ios, host: "m.example.com", budget: budget)
        let again = LinkEquivalence.compareApps(rules, rules, platform: .ios, host: "m.example.com", budget: budget)
        let comparison = try #require(first.comparisons.first)
        #expect(comparison.verdict == .notProven)
        #expect(comparison.summary.contains("not proven beyond: the exact walk stopped at its budget"))
        #expect(
            comparison.states == again.comparisons.first?.states && comparison.exploredLength == again.comparisons.first?.exploredLength)
        // With a larger budget, the same walk goes further (it is the budget that stopped it).
        let wider = LinkEquivalence.compareApps(
            rules, rules, platform: .ios, host: "m.example.com", budget: EngineBudget(steps: 8_000_000, productStates: 20_000))
        #expect((wider.comparisons.first?.states ?? 0) > comparison.states)
    }
}
