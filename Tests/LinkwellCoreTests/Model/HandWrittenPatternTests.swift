import Foundation
import Testing

@testable import LinkwellCore

/// The core reads colours, fonts, origins and template tags without a regular-expression engine
/// (ICU's costs a build milliseconds and megabytes); these hold each hand-written reader to the
/// pattern it replaced, over seeded random strings and the edge cases.
@Suite struct HandWrittenPatternTests {
    /// ICU's `$` also matches before a final line break; the readers do not (a stricter answer
    /// that no manifest reaches: control characters are refused first).
    private func regex(_ pattern: String, _ value: String) -> Bool {
        value.range(of: pattern, options: .regularExpression) != nil && !value.hasSuffix("\n")
    }

    private func samples(alphabet: String, count: Int, seed: UInt64) -> [String] {
        var generator = PropertyTests.Random(state: seed)
        let characters = Array(alphabet)
        return (0..<count).map { _ in
            String((0..<Int.random(in: 0...12, using: &generator)).map { _ in characters.randomElement(using: &generator) ?? "x" })
        }
    }

    @Test func colourFontAndOriginReadersAgreeWithTheSchemaPatterns() {
        let colours =
            samples(alphabet: "#0aF9gG z\n", count: 3000, seed: 1) + [
                "#abc", "#abcd", "#aabbcc", "#aabbccdd", "#", "abc", "#ABCDEF0", "#é12",
            ]
        for value in colours { #expect(Theme.isColour(value) == regex(Theme.colourPattern, value), "\(value.debugDescription)") }
        let fonts = samples(alphabet: "aZ0 ,\"'-;{}()é", count: 3000, seed: 2) + ["", "system-ui, \"Segoe UI\"", "a;b"]
        for value in fonts { #expect(Theme.isFontStack(value) == regex(Theme.fontPattern, value), "\(value.debugDescription)") }
        let origins =
            samples(alphabet: "htps:/a.-9@é", count: 3000, seed: 3).map { "https://" + $0 }
            + ["https://plausible.io", "https://a.b:8080", "https://a.b:", "https://:80", "http://a.b", "https://a.b/x", "https://"]
        for value in origins {
            #expect(AllowedOrigins.isOrigin(value) == regex(AllowedOrigins.originPattern, value), "\(value.debugDescription)")
        }
    }

    @Test func fontFaceReadersAgreeWithTheSchemaPatterns() {
        let families = samples(alphabet: "aZ0 _-é,\"'", count: 3000, seed: 11) + ["Brand Sans", String(repeating: "a", count: 65), ""]
        for value in families { #expect(FontFace.isFamily(value) == regex(FontFace.familyPattern, value), "\(value.debugDescription)") }
        let sources =
            samples(alphabet: "af/._-0 .\\", count: 3000, seed: 12).flatMap { [$0 + ".woff2", $0, "https://" + $0] }
            + samples(alphabet: "https:/a.\"'()@ ?&=", count: 2000, seed: 13).map { "https://" + $0 }
            + [
                "fonts/a.woff2", "a.ttf", "../a.ttf", "/a.ttf", "a/../b.otf", "a//b.woff", ".a.woff", "a.WOFF2", "https://a.b/c.woff2",
                "https://", "https://a b", "https://u@a.b/x.woff2", "a.woff2x",
            ]
        for value in sources { #expect(FontFace.isSource(value) == regex(FontFace.sourcePattern, value), "\(value.debugDescription)") }
        let weights =
            samples(alphabet: "0123456789 ", count: 3000, seed: 14)
            + ["normal", "bold", "400", "1000", "1001", "0", "010", "100 900", "100  900", "100 900 950", " 400", "bolder"]
        for value in weights { #expect(FontFace.isWeight(value) == regex(FontFace.weightPattern, value), "\(value.debugDescription)") }
        for value in ["normal", "italic", "oblique", "Italic", "", "oblique 10deg"] {
            #expect(FontFace.isStyle(value) == regex(FontFace.stylePattern, value), "\(value.debugDescription)")
        }
    }

    @Test func tagReadersAgreeWithThePatternsTheyReplaced() {
        let tags =
            samples(alphabet: "src=\"' \tx>onclk", count: 4000, seed: 4).map { "script " + $0 }
            + [
                "script src=\"https://a.b/x.js\"", "script src='x.js'", "script src=x.js async", "script async src", "script data-src=1",
                "script src = \"a\"", "script src=\"unclosed", "script  src=\"\" ", "a onclick=\"f()\" onmouseover = g", "a xonclick=1",
                "a on=1", "a onclick1=2",
            ]
        for tag in tags {
            let attributes = String(tag.dropFirst("script".count))
            #expect(TemplateScripts.attribute("src", in: attributes) == oldAttribute("src", in: attributes), "\(tag.debugDescription)")
            #expect(TemplateScripts.handlerNames(in: tag) == oldHandlerNames(in: tag), "\(tag.debugDescription)")
        }
    }

    @Test func javaScriptURLsAreFoundAsABrowserReadsThem() {
        let found = [
            "a href=\"javascript:x()\"", "a href = 'javascript:x()'", "form action=javascript:x", "button formaction=\"javascript:x\"",
            "img src=\" javascript:x\"", "a href=\"java\tscript:x\"", "a href=\"\u{01}javascript:x\"", "a data-href=javascript:x",
        ]
        let notFound = ["a href=\"/javascript:x\"", "a title=\"javascript:\"", "a href=\"https://x/javascript:\"", "a href"]
        for tag in found { #expect(TemplateScripts.hasJavaScriptURL(tag: Array(tag.utf8)), "\(tag.debugDescription)") }
        for tag in notFound { #expect(!TemplateScripts.hasJavaScriptURL(tag: Array(tag.utf8)), "\(tag.debugDescription)") }
    }

    // What TemplateScripts did before, with Foundation's regular expressions.
    private func oldAttribute(_ name: String, in attributes: String) -> String? {
        let pattern = #"(^|\s)"# + name + #"\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))"#
        guard let match = attributes.range(of: pattern, options: .regularExpression) else {
            return attributes.range(of: #"(^|\s)"# + name + #"(\s|$)"#, options: .regularExpression) != nil ? "" : nil
        }
        let written = attributes[match]
        guard let equals = written.firstIndex(of: "=") else { return "" }
        return written[written.index(after: equals)...].trimmingCharacters(in: .whitespaces).trimmingCharacters(
            in: CharacterSet(charactersIn: "\"'"))
    }

    private func oldHandlerNames(in tag: String) -> [String] {
        var names: [String] = []
        var rest = tag[...]
        while let match = rest.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) {
            names.append(rest[match].trimmingCharacters(in: .whitespaces).dropLast().trimmingCharacters(in: .whitespaces))
            rest = rest[match.upperBound...]
        }
        return names
    }
}

/// A font stack of the right characters can still be one a browser drops whole: an unbalanced
/// quote, text after a quoted name, an empty family. Those are refused at the theme's line.
@Suite struct FontStackTests {
    @Test(
        arguments: [
            ("system-ui, \"Segoe UI\", sans-serif", nil),
            ("Inter sans, 'Noto Sans', serif", nil),
            ("\"Inter, sans-serif", "the quote \" is never closed"),
            ("'Inter\", serif", "the quote ' is never closed"),
            ("\"Inter\" Bold, serif", "text follows the quoted name \"Inter\""),
            ("Inter,, serif", "a family name is empty"),
            ("In\"ter\", serif", "a quote opens inside the name 'In'"),
        ] as [(String, String?)])
    func malformedStacksAreNamed(_ font: String, _ problem: String?) {
        #expect(Theme.isFontStack(font))
        #expect(Theme.fontStackProblem(font) == problem)
    }
}
