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

    /// A `/` pattern's slash variants are worked out by bytes when ASCII: the same as reading
    /// its characters, for any pattern (CR LF is one character of two ASCII bytes).
    @Test func slashVariantsReadAsCharacters() {
        var random = PropertyTests.Random(state: 0x5A5B_0001)
        let pieces = ["/", "/", "*", "?", "a", "\r\n", "\r", "é", "\u{301}", "/*", "//"]
        var ascii = 0
        for _ in 0..<5_000 {
            let pattern = (0..<random.below(7)).map { _ in random.pick(pieces) }.joined()
            if pattern.utf8.allSatisfy({ $0 < 0x80 }) { ascii += 1 }
            #expect(PathMatcher.variants(of: pattern) == PathMatcher.characterVariants(of: pattern), "\(pattern)")
        }
        #expect(ascii > 1_500)
    }
}
