import Foundation
import Testing

@testable import LinkwellCore

/// The standard-library text edits that replaced Foundation's `NSString` methods in the binary,
/// against those methods (the full Foundation is loaded in this test process) on random text
/// drawn from ASCII, line breaks of every kind, Unicode spaces and combining marks.
@Suite struct StringEditingTests {
    static let alphabet: [String] = [
        "a", "b", "%", "\r", "\n", "\r\n", " ", "\t", "\u{A0}", "\u{2003}", "\u{85}", "\u{2028}", "\u{301}", "é", "e", "|", "`", "\\",
        "\"", "€", "😀", "/", "*", "?", ";", "~",
    ]

    static func randomText(_ random: inout PropertyTests.Random) -> String {
        (0..<random.below(12)).map { _ in random.pick(alphabet) }.joined()
    }

    @Test func replacingEveryIsALiteralReplacement() {
        var random = PropertyTests.Random(state: 0x5EED_0001)
        for _ in 0..<5_000 {
            let text = Self.randomText(&random)
            let target = random.pick(["%", "\r", "\n", "|", "`", "\\", "é", "e\u{301}", "ab", "\r\n", "--"])
            let replacement = random.pick(["%25", "", "\\|", "- -", "x"])
            #expect(
                text.replacingEvery(target, with: replacement)
                    == text.replacingOccurrences(of: target, with: replacement, options: .literal),
                Comment(rawValue: text.debugDescription))
        }
        // The reason for literal matching: `\r` inside `\r\n`, one `Character`, is still found.
        #expect("a\r\nb".replacingEvery("\r", with: "%0D") == "a%0D\nb")
    }

    @Test func trimmingIsFoundations() {
        var random = PropertyTests.Random(state: 0x5EED_0002)
        for _ in 0..<5_000 {
            let text = Self.randomText(&random)
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), Comment(rawValue: text.debugDescription))
            #expect(
                text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines), Comment(rawValue: text.debugDescription))
        }
    }

    @Test func percentEncodingIsFoundations() {
        var random = PropertyTests.Random(state: 0x5EED_0003)
        let legacy = CharacterSet.urlPathAllowed.union(CharacterSet(charactersIn: "*?"))
        for _ in 0..<5_000 {
            let text = Self.randomText(&random)
            #expect(
                PercentEncoding.encoded(text, keeping: RuleTranslation.legacyAllowed.contains)
                    == text.addingPercentEncoding(withAllowedCharacters: legacy), Comment(rawValue: text.debugDescription))
        }
    }

    @Test func paddingAddsSpacesUpToTheWidth() {
        #expect("iOS".padded(to: 6) == "iOS   ")
        #expect("Android".padded(to: 3) == "Android")
    }
}
