import Testing

@testable import LinkwellCore

/// Every rule is compiled to a minimal deterministic automaton (`RuleLanguage.minimal`): the
/// same language, in a handful of states where composition builds thousands — which is what a
/// walk pays for at every step, and what bounded the memory of walks over decoded, case-folded
/// and query-item rules (issue 28: 2 GB for 1,000 `/u/5/???` rules).
@Suite struct RuleCompilationTests {
    typealias Random = PropertyTests.Random

    static func rule(_ component: String) throws -> DecisionRule {
        let document = try JSONValue.parse(
            #"{"applinks":{"substitutionVariables":{"lang":["en","fr","de"]},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":["#
                + component + "]}]}}")
        return try #require(DecisionLists.aasa(document, form: .components).first?.list.rules.first)
    }

    @Test(arguments: [
        (#"{"/":"/user/5/???","caseSensitive":false,"percentEncoded":false}"#, 3_547),
        (#"{"/":"/user5/*","?":{"id":"?*","utm_source":"*"}}"#, 1_920),
        (#"{"/":"/user/$(lang)/5*","percentEncoded":false}"#, 543),
    ])
    func composedRulesCompileSmall(_ component: String, statesBefore: Int) throws {
        let states = try Self.rule(component).automaton.states.count
        // A tenth of what the composed automaton had (`statesBefore`, measured before this change).
        #expect(states * 10 < statesBefore, "\(component): \(states) states")
    }

    /// Minimising keeps the language: raw and minimal automata of random patterns accept the
    /// same strings, every string up to four symbols over the patterns' alphabet and escapes.
    @Test(arguments: 0..<40)
    func minimizingKeepsTheLanguage(_ seed: Int) {
        var random = Random(state: UInt64(seed) &* 2_654_435_761)
        let pattern = "/" + SemanticsTests.pattern(&random, alphabet: ["a", "B", "/", "*", "?", "é", "%41"])
        let part = PartSyntax.path(decoded: random.below(2) == 0)
        let raw = AASAPatternLanguage.compile(pattern, part: part, caseSensitive: random.below(2) == 0, variables: [:])
        let minimal = raw.minimized(within: .every)
        let alphabet = Array("/aAbB%41C3A9".utf8).uniqued()
        var strings: [[Symbol]] = [[]]
        var frontier: [[Symbol]] = [[]]
        for _ in 0..<4 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + [$0] } }
            strings += frontier
        }
        for string in strings where raw.accepts(string) != minimal.accepts(string) {
            Issue.record("\(pattern) (\(part.decoded ? "decoded" : "as written")): differs on \(String(decoding: string, as: UTF8.self))")
        }
    }
}
