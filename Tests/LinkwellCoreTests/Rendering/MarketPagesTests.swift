import LinkwellCore
import LinkwellTestSupport
import Testing

/// A market's pages speak its language: a mirror pair's `lang`, else the manifest's, in
/// `<html lang>` of every page its hosts serve (the short host's pages take the manifest's).
@Suite struct MarketPagesTests {
    static let markets =
        Fixtures.validManifest
        .replacingOccurrences(of: "scheme: example\n", with: "scheme: example\nlang: de\n")
        .replacingOccurrences(
            of: "      mirror: mlink.example.com\n",
            with: "      mirror: mlink.example.com\n    - primary: jp.example.com\n      mirror: jplink.example.com\n      lang: ja\n"
                + "  short: go.example.com\n")
        + "shortLinks:\n  - code: Ab3dE\n    target: /p/1\n"

    @Test func eachPairsPagesSayTheirLanguage() throws {
        let built = PreviewPageTests.build(Self.markets)
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        for (host, lang) in [
            ("m.example.com", "de"), ("mlink.example.com", "de"), ("jp.example.com", "ja"), ("jplink.example.com", "ja"),
            ("go.example.com", "de"),
        ] {
            for page in ["index.html", "404.html", "_linkwell/product.html"] {
                guard let html = built.files["\(host)/\(page)"] else { continue }
                #expect(html.contains("<html lang=\"\(lang)\">"), "\(host)/\(page)")
            }
        }
        #expect(built.files["jp.example.com/_linkwell/product.html"] != nil)
    }

    @Test func withoutLangPagesAreEnglish() throws {
        let built = PreviewPageTests.build(Fixtures.validManifest)
        #expect(try #require(built.files["m.example.com/index.html"]).contains("<html lang=\"en\">"))
    }

    /// The short host has no market and its paths are codes: `{origin}{path}` there sends a
    /// desktop to a page the web does not have, said once at the route.
    @Test func originWithThePathOnTheShortHostIsAWarning() throws {
        let yaml = Self.markets
            .replacingOccurrences(of: "web: https://www.example.com{path}{query}\n", with: "web: \"{origin}{path}\"\n")
            .replacingOccurrences(of: "scheme: example\n", with: "scheme: example\nweb: https://www.example.com/\n")
            .replacingOccurrences(
                of: "pages:\n", with: "  - name: code\n    path: /?*\n    hosts: [go.example.com]\n    page: product\npages:\n")
        let result = Fixtures.build(yaml)
        let warnings = result.diagnostics.map(\.description).filter { $0.contains("short-host-origin") }
        #expect(warnings.count == 1, "\(result.diagnostics)")
        #expect(warnings.first?.contains("route 'code' shows page type 'product' on the short host 'go.example.com'") == true)
        #expect(warnings.first?.contains("e.g. https://www.example.com/Ab3dE") == true, "\(warnings)")
        // On the market hosts {origin}{path} is the same page on the market's site: no warning.
        let marketsOnly = Fixtures.build(
            yaml.replacingOccurrences(of: "    hosts: [go.example.com]\n", with: "    hosts: [m.example.com]\n"))
        #expect(!marketsOnly.diagnostics.map(\.description).contains { $0.contains("short-host-origin") })
    }
}
