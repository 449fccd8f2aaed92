import Foundation
import Testing

@testable import LinkwellCore

/// `Validation.isAbsoluteHTTPS` against what decided it before the binary left Foundation's
/// full build: `URLComponents` as the full Foundation (loaded in this test process) reads a URL,
/// host check included. The binary's own parser skips that check, which `isAbsoluteHTTPS` makes
/// itself; `InvalidManifestCommandTests` (url-template-unclosed) holds the binary to it. One
/// departure is deliberate: user information (`https://evil.example@www.example.ca/` reads as one
/// host and goes to another) and `*` (a wildcard where an origin reaches a policy) in the
/// authority are refused, where Foundation accepts them.
@Suite struct AbsoluteURLTests {
    static func foundationSays(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), components.scheme == "https", let host = components.host, !host.isEmpty
        else { return false }
        let authority = text.dropFirst("https://".count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !authority.contains("@") && !authority.contains("*")
    }

    @Test func writtenOutCasesAreDecidedAsFoundationDecidedThem() {
        let cases = [
            "https://www.example.com/", "https://www.example.com", "https://www.example.com{path", "https://www.example.com/p?q=1#f",
            "https://www.example.com/a b", "https://www.example.com/%zz", "https://www.example.com/%41", "https://user:pw@host:8443/x",
            "https://host:x/", "https://[::1]:8080/", "https://[::1/", "https:///path", "http://www.example.com/", "HTTPS://x.com/",
            "https://x.com/é", "https://x.com/#a#b", "https://x.com/\"q\"", "https://x.com/<script>", "https://x.com/a|b", "https://",
            "https://x.com/a^b", "https://x.com/`", "https://x.com/\\", "https://ex_ample.com/", "https://x.com:/", "ftp://x.com/",
            "https://zoë.example/", "https://é-/", "https://.é/", "https://é../", "https://%C3%A9-/", "https://x%80/", "https://x{/",
        ]
        for text in cases { #expect(Validation.isAbsoluteHTTPS(text) == Self.foundationSays(text), Comment(rawValue: text)) }
    }

    @Test func randomURLsAreDecidedAsFoundationDecidedThem() {
        var random = PropertyTests.Random(state: 0xAB50_1E7E)
        let pieces = [
            "https://", "http://", "www.example.com", "x", "/", "?", "#", "%", "%4", "%41", "@", ":", "8080", "[", "]", "::1", " ", "{",
            "}", "é", "%80", "%C3%A9", "-", "_", "~", ".", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", "|", "^", "\"", "<", ">",
            "\\", "`",
        ]
        var checked = 0
        for _ in 0..<20_000 {
            var text = "https://" + random.pick(["www.example.com", "x", "[::1]", "", "a@b", "é", "%C3%A9"])
            for _ in 0..<random.below(8) { text += random.pick(pieces) }
            #expect(Validation.isAbsoluteHTTPS(text) == Self.foundationSays(text), Comment(rawValue: text))
            checked += 1
        }
        #expect(checked == 20_000)
    }

    /// The shortcut that skips the parse for plain URLs (`https://host/path` of unreserved
    /// characters) accepts only what the parse, and Foundation, accept.
    @Test func plainURLsAreAcceptedByTheParseToo() {
        var random = PropertyTests.Random(state: 0x91A1_4E55)
        let plainPieces = ["a", "Z", "0", "-", ".", "_", "~", "/", "/", "x.com"]
        let otherPieces = [":", "@", "%41", "?", "#", "é", " ", "[", "!", "{", "\\", "..", "-."]
        var plain = 0
        for _ in 0..<20_000 {
            var text = random.pick(["https://", "https://", "http://", "https:/"])
            for _ in 0..<random.below(10) { text += random.below(8) == 0 ? random.pick(otherPieces) : random.pick(plainPieces) }
            // Plain: the scheme, a host of letters, digits, '-' and '.', and a path of unreserved characters.
            let bySpec = text.wholeMatch(of: /https:\/\/[A-Za-z0-9.\-]+(\/[A-Za-z0-9\-._~\/]*)?/) != nil
            #expect(Validation.isPlainHTTPS(text) == bySpec, Comment(rawValue: text))
            guard Validation.isPlainHTTPS(text) else { continue }
            plain += 1
            #expect(Validation.isParsedAbsoluteHTTPS(text) && Self.foundationSays(text), Comment(rawValue: text))
        }
        // Enough of them take the shortcut for the comparison to say something.
        #expect(plain > 2_000)
    }
}
