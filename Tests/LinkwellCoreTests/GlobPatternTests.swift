import Testing

@testable import LinkwellCore

@Suite struct GlobPatternTests {
    /// ASCII patterns are matched without their automaton, by bytes for ASCII subjects and by
    /// scalars for others; both walks must decide as the automaton does, case folding included
    /// (the Kelvin sign folds to `k`, `İ` to two scalars and so to itself).
    @Test(arguments: [true, false])
    func asciiPatternsDecideAsTheirAutomaton(caseSensitive: Bool) {
        var random = PropertyTests.Random(state: caseSensitive ? 0x6C0B_0001 : 0x6C0B_0002)
        let patternPieces = ["a", "K", "k", "/", "*", "?", "-", "."]
        let subjectPieces = ["a", "A", "k", "K", "\u{212A}", "é", "e\u{301}", "İ", "/", "-", ".", "😀", "ß"]
        for _ in 0..<4_000 {
            let pattern = (0..<random.below(6)).map { _ in random.pick(patternPieces) }.joined()
            let subject = (0..<random.below(7)).map { _ in random.pick(subjectPieces) }.joined()
            let glob = GlobPattern(pattern, caseSensitive: caseSensitive)
            let automaton = GlobAutomaton(pattern, caseSensitive: caseSensitive, variables: [:])
            #expect(glob.matches(subject) == automaton.matches(subject), "\(pattern) against \(subject)")
        }
    }
}
