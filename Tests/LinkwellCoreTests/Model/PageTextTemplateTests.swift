import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// Words from the URL in a page type's title and description: `{segment:N|fallback}` and
/// `{words:N|fallback}`, expanded from an item's path when building and shown as their fallback
/// where the path is not known; other braces are text.
@Suite struct PageTextTemplateTests {
    @Test func placeholdersTakeTheirSegmentAsTheAddressBarShowsIt() {
        let text = "{words:2|A recipe} from {segment:1|us} ({segment:3|all})"
        #expect(PageTextTemplate.expand(text, path: "/recipes/tourti%C3%A8re-maison") == "tourtière maison from recipes (all)")
        #expect(PageTextTemplate.expand(text, path: "/recipes/tourtière_maison/x") == "tourtière maison from recipes (x)")
        #expect(PageTextTemplate.expand(text, path: nil) == "A recipe from us (all)")
        #expect(PageTextTemplate.expand(text, path: "/") == "A recipe from us (all)")
        // An escape that is not a letter stays as written (it would read as another URL).
        #expect(PageTextTemplate.expand("{segment:1|x}", path: "/a%2Fb") == "a%2Fb")
        // Other braces are text.
        #expect(PageTextTemplate.expand("{path} and {segment} {words:x}", path: "/a") == "{path} and {segment} {words:x}")
    }

    @Test func aPlaceholderWithoutASegmentNumberOrAFallbackIsAnErrorAtItsText() {
        #expect(PageTextTemplate.placeholders(in: "{segment:2}") == .failure(.noFallback("{segment:2}")))
        #expect(PageTextTemplate.placeholders(in: "{words:0|x}") == .failure(.badSegment("{words:0|x}")))
        #expect(PageTextTemplate.placeholders(in: "{words:12|x}") == .failure(.badSegment("{words:12|x}")))
        #expect(PageTextTemplate.placeholders(in: "a {segment:2|b") == .failure(.unclosed("{segment:2|b")))
        let yaml = Fixtures.validManifest.replacingOccurrences(of: "    title: A product\n", with: "    title: \"{segment:2} on sale\"\n")
        #expect(
            Fixtures.build(yaml).diagnostics.map(\.description).contains {
                $0.hasSuffix(
                    "error: title of page type 'product': '{segment:2}' needs a fallback after '|', shown until the page knows "
                        + "its URL (crawlers and pages without their script), e.g. {segment:2|a recipe}")
            })
    }

    /// A route page is written with the fallbacks and carries the texts for its script; an item
    /// page of the same page type has its own path's words written in.
    @Test func routePagesCarryTheTextsAndItemPagesTheirWords() throws {
        let yaml = PreviewPageTests.items.replacingOccurrences(
            of: "    title: A product\n", with: "    title: \"{words:2|A product} & more\"\n")
        let built = PreviewPageTests.build(yaml, ["data/p.csv": "path,color\n/p/blue-shoe,blue\n"])
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        let route = try #require(built.files["m.example.com/_linkwell/product.html"])
        #expect(route.contains("<h1 id=\"linkwell-title\">A product &amp; more</h1>"))
        #expect(route.contains(#""texts":{"title":"{words:2|A product} \u0026 more"}"#))
        let item = try #require(built.files["m.example.com/p/blue-shoe.html"])
        #expect(item.contains("<h1 id=\"linkwell-title\">blue shoe &amp; more</h1>"))
        #expect(item.contains("<title>blue shoe &amp; more — Example</title>"))
        #expect(!item.contains("\"texts\""))
    }
}

/// Page type settings that build and do nothing are warnings, each acceptable on its page type.
@Suite struct UnusedPageSettingTests {
    @Test func aNativeAttemptWithoutASchemeAndDetailsNoTemplateShowsAreWarned() throws {
        let yaml = PreviewPageTests.items
            .replacingOccurrences(of: "scheme: example\n", with: "templates: T\n")
            .replacingOccurrences(
                of: "    items: data/p.csv\n",
                with: "    items: data/p.csv\n    nativeAttempt: true\n    details:\n      - column: color\n")
        let files = ["data/p.csv": "path,color\n/p/1,red\n", "T/page.mustache": "{{> head}}<h1>{{page.title}}</h1>"]
        let built = PreviewPageTests.build(yaml, files)
        let line = yaml.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == "  product:" }.map { $0 + 1 } ?? 0
        #expect(
            built.diagnostics == [
                "site.yaml:\(line + 1):5: warning: page type 'product' has nativeAttempt: true, but the manifest has no 'scheme', so there is "
                    + "no scheme:// link to try before the store; add 'scheme:' or remove 'nativeAttempt' [unused-page-setting]",
                "site.yaml:\(line + 1):5: warning: page type 'product' has details, but the page templates never name page.details, so no "
                    + "page shows them; show them in your page template or remove 'details' [unused-page-setting]",
            ])
        let accepted = yaml.replacingOccurrences(
            of: "    nativeAttempt: true\n", with: "    nativeAttempt: true\n    accept: [unused-page-setting]\n")
        #expect(PreviewPageTests.build(accepted, files).diagnostics.isEmpty)
        // The built-in template shows details, and a scheme gives the attempt its link.
        #expect(
            PreviewPageTests.build(
                PreviewPageTests.items.replacingOccurrences(
                    of: "    items: data/p.csv\n",
                    with: "    items: data/p.csv\n    nativeAttempt: true\n    details:\n      - column: color\n"),
                ["data/p.csv": "path,color\n/p/1,red\n"]
            ).diagnostics.isEmpty)
    }
}
