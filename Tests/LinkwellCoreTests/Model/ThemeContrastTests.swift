import LinkwellCore
import LinkwellTestSupport
import Testing

/// The theme's colour pairs against WCAG 2 AA: the maths (checked against WCAG's own figures and
/// what axe-core measured on the pages), the refusal at the colour's line, and that every
/// suggestion it makes reads.
@Suite struct ThemeContrastTests {
    static func manifest(theme: String) -> String {
        Fixtures.validManifest.replacingOccurrences(of: "domains:\n", with: "theme:\n\(theme)domains:\n")
    }

    static func colour(_ hex: String) throws -> Colour { try #require(Colour(hex: hex), "\(hex)") }

    @Test func contrastIsWCAGs() throws {
        let white = try Self.colour("#fff")
        let black = try Self.colour("#000000")
        #expect(Colour.contrast(white, black) == 21)
        #expect(Colour.contrast(white, white) == 1)
        // #767676 is the lightest grey that reads on white (4.54:1); #777777 is not (4.48:1).
        let readable = try Self.colour("#767676")
        let unreadable = try Self.colour("#777777")
        #expect(Colour.contrast(readable, white) >= 4.5 && Colour.contrast(unreadable, white) < 4.5)
        // axe-core 4.12 on the old bundled page: 4.19 (#d6336c on #f3f4f7).
        let pink = try Self.colour("#d6336c")
        let page = try Self.colour("#f3f4f7")
        #expect(Colour.ratio(Colour.contrast(pink, page)) == "4.19:1")
        // Half-transparent black over white is the grey between them.
        let half = try Self.colour("#00000080")
        #expect(half.over(white).hex == "#7f7f7f")
        #expect(Colour(hex: "red") == nil && Colour(hex: "#12345") == nil)
    }

    @Test func theDefaultsReadInBothSchemes() {
        let pairs = ThemeContrast.pairs(of: Theme(written: nil))
        #expect(pairs.count == 14)
        for pair in pairs { #expect(pair.ratio >= Theme.minimumContrast, "\(pair.scheme) \(pair.what): \(pair.ratio)") }
        // The light accent does not read on the dark page (3.01:1), so the dark one is derived.
        #expect(Theme(written: nil).darkAccentColour != Theme(written: nil).accent)
    }

    @Test func anUnreadableAccentIsRefusedAtItsLineWithAColourThatReads() throws {
        let yaml = Self.manifest(theme: "  accent: \"#d6336c\"\n")
        #expect(
            Fixtures.build(yaml).diagnostics.map(\.description) == [
                "site.yaml:19:11: error: theme accent '#d6336c' gives 'Continue on the web' and the outlined buttons in the light scheme a "
                    + "contrast of 4.19:1 (#d6336c on #f3f4f7); WCAG AA needs 4.5:1: set accent: '#cd3168', the nearest colour that reads "
                    + "everywhere it is painted"
            ])
        #expect(Fixtures.build(Self.manifest(theme: "  accent: \"#cd3168\"\n")).diagnostics.isEmpty)
    }

    @Test func onlyTheWrittenBackgroundIsBlamed() {
        // A mid-grey light background under the default text and accent: the background is what
        // the author changed, so the error is there.
        let found = Fixtures.build(Self.manifest(theme: "  background: \"#8a8a8a\"\n")).diagnostics
        #expect(found.count == 1)
        #expect(found.first?.location?.line == 19)
        #expect(found.first?.message.hasPrefix("theme background '#8a8a8a' gives ") == true, "\(found)")
    }

    @Test func aDarkAccentThatIsNotSetIsNamedAsSuch() {
        // A light dark-mode background: no shade of the derived accent is needed, but white text
        // cannot read on it; the message says the colour is not set and where to set it.
        let found = Fixtures.build(Self.manifest(theme: "  darkText: \"#ffffff\"\n  darkBackground: \"#777777\"\n")).diagnostics
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.severity == .error && $0.message.contains("WCAG AA needs 4.5:1") }, "\(found)")
    }

    /// Seeded random themes: whatever the build refuses, the colour it suggests reads, and a theme
    /// it accepts reads in every pair it paints.
    @Test func everySuggestionReadsAndEveryAcceptedThemeReads() throws {
        var random = PropertyTests.Random(state: 0xC0_10_75)
        func hex() -> String {
            "#"
                + (0..<3).map { _ in
                    let b = random.below(256)
                    return (b < 16 ? "0" : "") + String(b, radix: 16)
                }.joined()
        }
        var refused = 0
        var resolved = 0
        for _ in 0..<60 {
            let keys = ["accent", "accentText", "text", "background", "darkText", "darkBackground", "darkAccent"]
            let chosen = keys.filter { _ in random.below(3) == 0 }
            var theme = chosen.map { "  \($0): \"\(hex())\"\n" }.joined()
            if theme.isEmpty { theme = "  accent: \"\(hex())\"\n" }
            let result = Fixtures.build(Self.manifest(theme: theme))
            if result.succeeded {
                let site = try #require(result.site)
                for pair in ThemeContrast.pairs(of: site.theme) { #expect(pair.ratio >= Theme.minimumContrast, "\(theme): \(pair.what)") }
                continue
            }
            refused += 1
            // Take every suggestion: the theme then reads (each was worked out with those before it).
            var fixed = theme
            var suggested: [String] = []
            for diagnostic in result.diagnostics where diagnostic.message.contains(", the nearest colour") {
                guard let key = diagnostic.message.split(separator: "set ").last?.split(separator: ":").first.map(String.init),
                    let value = diagnostic.message.split(separator: "'").dropLast().last.map(String.init), value.hasPrefix("#")
                else { continue }
                suggested.append(key)
                if let line = fixed.split(separator: "\n").first(where: { $0.hasPrefix("  \(key):") }) {
                    fixed = fixed.replacingOccurrences(of: String(line), with: "  \(key): \"\(value)\"")
                } else {
                    fixed += "  \(key): \"\(value)\"\n"
                }
            }
            let after = Fixtures.build(Self.manifest(theme: fixed)).diagnostics
            #expect(after.isEmpty || suggested.count < result.diagnostics.count, "\(theme) → \(fixed): \(after)")
            if suggested.count == result.diagnostics.count { resolved += 1 }
        }
        #expect(refused > 10 && resolved > refused / 2, "\(resolved) of \(refused)")
    }
}
