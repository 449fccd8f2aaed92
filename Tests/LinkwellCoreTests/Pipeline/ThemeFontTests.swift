import LinkwellCore
import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// `theme.fonts`: a project file is checked and copied beside the style sheet under a name that
/// follows its bytes, the style sheet declares every face, the pages' policy allows exactly the
/// fonts' origins, and each host's configuration serves the copy as a font, kept a year.
@Suite struct ThemeFontTests {
    static let woff2 = "wOF2" + String(repeating: "\u{1}font bytes", count: 8)

    static func manifest(_ fonts: String) -> String {
        Fixtures.validManifest + "theme:\n  font: '\"Brand Sans\", system-ui, sans-serif'\n  fonts:\n" + fonts
    }

    static let twoFaces = manifest(
        """
            - family: Brand Sans
              src: fonts/Brand-Regular.woff2
            - family: Brand Sans
              src: https://Fonts.Example.net/brand-bold.woff2?v=2
              weight: 600 800
              style: italic

        """)

    static func build(_ yaml: String, _ files: [String: String]) -> Linkwell.BuildResult {
        Linkwell.build(SourceFile(path: "site.yaml", text: yaml), project: InMemoryProjectFiles(files))
    }

    static func file(_ result: Linkwell.BuildResult, _ path: String) -> String? {
        result.files.first { $0.path == path }?.contents
    }

    @Test func aProjectFontIsCopiedUnderItsContentsNameAndDeclaredAndAllowed() throws {
        let result = Self.build(Self.twoFaces, ["fonts/Brand-Regular.woff2": Self.woff2])
        #expect(result.succeeded, "\(result.diagnostics)")
        let fonts = result.files.filter { $0.path.contains("/_linkwell/fonts/") }
        let hosts = Set(fonts.map { String($0.path.prefix { $0 != "/" }) })
        #expect(hosts == Set(result.site?.hosts ?? []), "every host serves the copy")
        let copy = try #require(fonts.first)
        #expect(copy.bytes == Array(Self.woff2.utf8))
        let name = String(copy.path.split(separator: "/").last ?? "")
        #expect(name.hasPrefix("Brand-Regular.") && name.hasSuffix(".woff2") && name.count == "Brand-Regular.0123456789.woff2".count)
        let style = try #require(Self.file(result, "m.example.com/_linkwell/style.css"))
        #expect(
            style.hasPrefix(
                "@font-face { font-family: \"Brand Sans\"; src: url(\"/_linkwell/fonts/\(name)\") format(\"woff2\"); font-weight: normal; "
                    + "font-style: normal; font-display: swap; }\n@font-face { font-family: \"Brand Sans\"; "
                    + "src: url(\"https://Fonts.Example.net/brand-bold.woff2?v=2\") format(\"woff2\"); font-weight: 600 800; "
                    + "font-style: italic; font-display: swap; }\n:root {"), "\(style.prefix(400))")
        let page = try #require(Self.file(result, "m.example.com/index.html"))
        #expect(page.contains("font-src &#39;self&#39; https://fonts.example.net; "))
        let nginx = try #require(Self.file(result, "m.example.com/nginx.conf"))
        #expect(
            nginx.contains(
                "location = /_linkwell/fonts/\(name) {\n    types { }\n    default_type \"font/woff2\";\n"
                    + "    add_header Cache-Control \"public, max-age=31536000, immutable\";"))
        #expect(Self.file(result, "m.example.com/_headers")?.contains("/_linkwell/fonts/\(name)\n  Content-Type: font/woff2\n") == true)

        // Other bytes, another name; the same bytes, the same name.
        let edited = Self.build(Self.twoFaces, ["fonts/Brand-Regular.woff2": Self.woff2 + "x"])
        #expect(edited.files.first { $0.path.contains("/_linkwell/fonts/") }?.path != copy.path)
        #expect(Self.build(Self.twoFaces, ["fonts/Brand-Regular.woff2": Self.woff2]).files == result.files)
    }

    @Test func withoutFontsNothingChanges() throws {
        let result = Self.build(Fixtures.validManifest, [:])
        #expect(!result.files.contains { $0.path.contains("/fonts/") })
        #expect(Self.file(result, "m.example.com/index.html")?.contains("font-src") == false)
        #expect(Self.file(result, "m.example.com/_linkwell/style.css")?.contains("@font-face") == false)
    }

    @Test func aFontFileThatCannotBeUsedIsAnErrorAtItsSource() {
        let yaml = Self.manifest(
            """
                - family: Brand Sans
                  src: fonts/missing.woff2
                - family: Brand Sans
                  src: fonts/renamed.woff2
                - family: Brand Sans
                  src: fonts/huge.ttf

            """)
        let line = yaml.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("fonts/missing.woff2") } ?? 0
        let huge = "true" + String(repeating: "a", count: ThemeFonts.sizeLimit)
        let result = Self.build(yaml, ["fonts/renamed.woff2": "OTTO not a woff2", "fonts/huge.ttf": huge])
        #expect(
            result.diagnostics.map(\.description) == [
                "site.yaml:\(line + 1):12: error: cannot read font file 'fonts/missing.woff2': no such file",
                "site.yaml:\(line + 3):12: error: font file 'fonts/renamed.woff2' is not a .woff2 file (its first bytes are not a woff2 "
                    + "signature); give the file its own extension",
                "site.yaml:\(line + 5):12: error: font file 'fonts/huge.ttf' is over 2 MB, which every first visit would download; "
                    + "subset it or use .woff2",
            ])
        #expect(result.files.isEmpty)
    }
}
