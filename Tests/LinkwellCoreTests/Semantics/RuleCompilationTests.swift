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
        let raw = AASAPatternLanguage.compile(pattern, part: part, caseSensitive: random.below(2) == 0, variables: .none)
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

    /// Hopcroft's refinement gives the coarsest stable partition: the same number of blocks, and
    /// the same blocks, as Moore's refinement round after round (written here the plain way) on
    /// random complete automata, some with many equivalent states.
    @Test(arguments: 0..<200)
    func hopcroftFindsTheCoarsestPartition(_ seed: Int) {
        var random = Random(state: UInt64(seed) &* 48_271 + 11)
        let count = 1 + random.below(40)
        let classes = 1 + random.below(4)
        // Few distinct behaviours, copied: many states are equivalent.
        let kinds = 1 + random.below(6)
        let kind = (0..<count).map { _ in random.below(kinds) }
        let table = (0..<count).map { _ in (0..<classes).map { _ in random.below(count) } }
        let accepting = kind.map { $0 % 2 == 0 }
        var transitions = TransitionTable(classCount: classes)
        transitions.targets = table.flatMap { $0.map(Int32.init) }
        transitions.accepting = accepting
        let (block, blocks) = transitions.coarsestPartition()
        var moore = accepting.map { $0 ? 1 : 0 }
        while true {
            var numbers: [[Int]: Int] = [:]
            let refined = (0..<count).map { state in
                let signature = [moore[state]] + table[state].map { moore[$0] }
                if let known = numbers[signature] { return known }
                numbers[signature] = numbers.count
                return numbers.count - 1
            }
            let stable = Set(refined).count == Set(moore).count
            moore = refined
            if stable { break }
        }
        #expect(blocks == Set(moore).count)
        for a in 0..<count {
            for b in 0..<count { #expect((block[a] == block[b]) == (moore[a] == moore[b])) }
        }
    }
}
