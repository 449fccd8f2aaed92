import Foundation
import LinkwellCore
import LinkwellTestSupport
import Testing

@testable import LinkwellCore

@Suite struct PreviewPageTests {
    static let items = Fixtures.validManifest.replacingOccurrences(
        of: "    web: https://www.example.com{path}{query}\n",
        with: "    web: https://www.example.com{path}{query}\n    items: data/p.csv\n")

    /// Builds `yaml` with `files` beside it and streams its item pages.
    static func build(_ yaml: String, _ files: [String: String] = [:]) -> (files: [String: String], diagnostics: [String]) {
        let project = InMemoryProjectFiles(files)
        let result = Linkwell.build(SourceFile(path: "site.yaml", text: yaml), project: project)
        var output: [String: String] = [:]
        let diagnostics = result.diagnostics + BuildOutput.files(of: result, project: project) { output[$0.path] = $0.contents }.diagnostics
        return (output, diagnostics.map(\.description))
    }

    /// Item pages come from the page template compiled once for their page type and host with
    /// the row's values as holes (and, when no row can change it, the policy filled in once);
    /// each page must be byte for byte the page the same template gives compiled against a
    /// context that knows the whole row.
    @Test func specializedItemPagesEqualTheWholeTemplatesPages() throws {
        // Sections on a button's members (constants on every page, or the page's links) and on
        // texts the frame decides for every item: written in or out when compiling.
        let decided =
            "{{> head}}{{#buttons}}{{#id}}<{{.}}>{{/id}}{{^label}}no label{{/label}}{{#href}}[{{href}}|{{{.}}}]{{/href}}"
            + "{{^href}}no link{{/href}}{{#style}}{{style}}{{/style}}{{/buttons}}{{#link.openInApp}}<o {{.}}>{{/link.openInApp}}"
            + "{{^link.desktop}}no desktop{{/link.desktop}}{{#link.native}}n{{/link.native}}{{#page.description}}d{{/page.description}}"
            + "{{^page.image}}i{{/page.image}}{{^item.path}}x{{/item.path}}{{#page.title}}t{{/page.title}}"
        let variants: [(template: String?, prefilled: Bool?)] = [
            (nil, true),
            (
                "<style>p { color: {{item.fields.color}} }</style>{{> head}}<p>{{page.title}}</p><script>{{{behaviour.script}}}</script>",
                false
            ),
            // The policy printed inside sections: filled once (where it goes is known when compiling).
            ("{{> head}}{{#link}}<meta name=x content=\"{{behaviour.contentSecurityPolicy}}\">{{/link}}", true),
            ("{{> head}}{{#page.image}}<meta name=x content=\"{{behaviour.contentSecurityPolicy}}\">{{/page.image}}", true),
            ("{{> head}}<{{item.fields.color}}>{{#page.image}}<img src=\"{{.}}\">{{/page.image}}", false),
            ("<style>b{}</style>{{#page}}<h1>{{title}}</h1>{{/page}}{{> head}}<script>{{{behaviour.script}}}</script>", true),
            // Sections on the row's own values, inverted ones, lists and `{{.}}`.
            (
                "{{> head}}{{^page.image}}<p>no image</p>{{/page.image}}{{#item.color}}<b>{{.}}</b>{{/item.color}}"
                    + "{{^item.color}}<i>none</i>{{/item.color}}{{#item}}<u>{{path}}</u>{{/item}}{{#buttons}}[{{id}} {{label}} "
                    + "{{href}} {{style}} {{siteName}}]{{/buttons}}{{^buttons}}no buttons{{/buttons}}"
                    + "{{#link.shown}}{{text}}|{{/link.shown}}{{#link}}{{#web}}{{{web}}}{{/web}}{{/link}}",
                false
            ),
            (decided, false),
            // A name more than one level answers: the innermost (`text`: the piece's, not the theme's).
            ("{{> head}}{{#theme}}{{#link.shown}}<{{text}}>{{/link.shown}}{{text}}{{/theme}}", nil),
            // A bare name under `{{#item}}` is a column on some rows and not on others: where a
            // row has no such column the name is looked up further down (`siteName`, `title`).
            ("{{> head}}{{#item}}<p>{{color}} {{siteName}} {{title}}</p>{{#color}}[{{.}}]{{/color}}{{/item}}", nil),
            // A piece of the shown URL inside a loop over the same list: the innermost piece.
            ("{{> head}}{{#link.shown}}{{#link.shown}}{{text}}{{/link.shown}}|{{/link.shown}}", nil),
        ]
        for variant in variants {
            try expectProgramPagesEqualWholePages(template: variant.template, prefilled: variant.prefilled)
        }
        // Where the page type has no web or desktop page: its sections decided the other way.
        try expectProgramPagesEqualWholePages(template: decided, prefilled: false, webPages: false)
    }

    /// Templates made at random from tags of every kind the page context answers, nested at
    /// random: the pages compiled with holes are those compiled knowing the whole row.
    @Test func randomTemplatesGiveTheWholeTemplatesPages() throws {
        var random = PropertyTests.Random(state: 0x17E3_9A6E)
        let names = [
            "page.title", "page.description", "page.image", "page.twitterCard", "page.type", "link.canonical", "link.web",
            "link.native", "link.openInApp", "link.desktop", "item.path", "item.color", "item.fields.color", "item.missing", "siteName",
            "isMirror",
            "host", "ios.name", "text", "label", "href", ".", "title", "path", "web", "canonical", "color", "value", "page.hasDetails",
        ]
        let sections = [
            "page.image", "page.description", "link", "link.shown", "buttons", "item", "item.color", "page", "ios", "isMirror", "link.web",
            "theme", "href", "label", "id", "link.openInApp", "link.desktop", "link.native", "page.title", "item.path",
            "page.details", "value", "page.hasDetails",
        ]
        func fragment(depth: Int) -> String {
            switch random.below(depth > 2 ? 3 : 5) {
            case 0: return ["<p>", " & ", "'", "\n", "x"][random.below(5)]
            case 1: return "{{\(random.pick(names))}}"
            case 2: return "{{{\(random.pick(names))}}}"
            default:
                let name = random.pick(sections)
                let sigil = random.below(3) == 0 ? "^" : "#"
                let body = (0..<random.below(4)).map { _ in fragment(depth: depth + 1) }.joined()
                return "{{\(sigil)\(name)}}\(body){{/\(name)}}"
            }
        }
        for _ in 0..<120 {
            let template = "{{> head}}" + (0..<(1 + random.below(6))).map { _ in fragment(depth: 0) }.joined()
            try expectProgramPagesEqualWholePages(template: template, prefilled: nil, webPages: random.below(2) == 0)
        }
    }

    /// Builds the item fixture with `template` as its page template (nil: the built-in one) and
    /// holds every item page to the whole template's. `webPages`: the page type has a web page
    /// and a desktop page of its own (else its pages have neither link).
    func expectProgramPagesEqualWholePages(template: String?, prefilled: Bool?, webPages: Bool = true) throws {
        let rows =
            "path,title,description,image,color\n/p/1,One <1>,,https://img.example.com/1.png,red\n/p/2,,Two & more,,\n"
            + "/p/3,linkwell-content-security-policy,,,\n/p/tourtière,Tourtière,,,\n"
        // A desktop page of its own, so that no two of a link's members are equal; labels that
        // need escaping (a program escapes its buttons' once for the frame).
        let manifestBase =
            webPages ? Self.items : Self.items.replacingOccurrences(of: "    web: https://www.example.com{path}{query}\n", with: "")
        let desktop = manifestBase.replacingOccurrences(
            of: "    items: data/p.csv\n",
            with: "    items: data/p.csv\n" + (webPages ? "    desktop: https://desk.example.com{path}\n" : "")
                + "    labels:\n      open: \"Open <it> & 'go'\"\n      web: 'Say \"hi\" > web'\n"
                // Shown columns: one some rows leave empty (not shown there), one every row has.
                + "    details:\n      - column: color\n        label: Colour & <hue>\n      - column: title\n"
        )
        // Words from the item's path in the page type's title, for rows without their own.
        .replacingOccurrences(of: "    title: A product\n", with: "    title: \"{words:2|A product} <{segment:1|p}>\"\n")
        let yaml = desktop.replacingOccurrences(of: "scheme: example\n", with: "scheme: example\ntemplates: T\n")
        var files = ["data/p.csv": rows]
        if let template { files["T/page.mustache"] = template }
        let manifest = template == nil ? desktop : yaml
        let result = Linkwell.build(SourceFile(path: "site.yaml", text: manifest), project: InMemoryProjectFiles(files))
        let site = try #require(result.site, "\(result.diagnostics)")
        let templates = try #require(result.templates)
        let pages = PreviewPages(site: site, templates: templates)
        let page = try #require(site.pageTypes.first { $0.items != nil })
        var reader = ItemRows(file: "data/p.csv", format: .csv, chunks: AnyIterator([Array(rows.utf8)].makeIterator()))
        var parsed: [ItemRow] = []
        while let next = reader.next() { if case .success(let row) = next { parsed.append(row) } }
        var seen = 0
        _ = try ItemBuild.run(
            site: site, templates: templates, project: InMemoryProjectFiles(files),
            emit: { file in
                let entry = try #require(pages.hosts(of: page.name).first { file.path.hasPrefix($0.host + "/") })
                let path = String(file.path.dropFirst(entry.host.count).dropLast(".html".count))
                let row = try #require(parsed.first { $0.path == path })
                let whole = pages.wholeRender(page: page, host: entry, item: row)
                #expect(file.contents == String(decoding: whole, as: UTF8.self), "\(template ?? "built-in") \(file.path)")
                if template == nil {
                    #expect(file.contents.contains(">Open &lt;it&gt; &amp; &#39;go&#39;</a>"), "\(file.contents)")
                    // The built-in template shows a row's details, its empty ones left out.
                    let colour = "<div><dt class=\"muted\">Colour &amp; &lt;hue&gt;</dt><dd>red</dd></div>"
                    #expect(file.contents.contains(colour) == (path == "/p/1"), "\(path)")
                    #expect(file.contents.contains("<dt class=\"muted\">title</dt><dd>One &lt;1&gt;</dd>") == (path == "/p/1"))
                }
                if let prefilled {
                    #expect(pages.hasPrefilledPolicy(page.name, host: entry.host) == prefilled, "\(template ?? "built-in")")
                }
                seen += 1
            })
        #expect(seen == 8)
    }

    /// A CSV file's header names every row's columns: a detail column it lacks is an error at
    /// the detail, with the header's columns and the nearest one.
    @Test func aDetailColumnTheCSVHeaderLacksIsAnErrorAtTheDetail() throws {
        let yaml = Self.items.replacingOccurrences(
            of: "    items: data/p.csv\n", with: "    items: data/p.csv\n    details:\n      - column: colour\n        label: Colour\n")
        let built = Self.build(yaml, ["data/p.csv": "path,title,color\n/p/1,One,red\n"])
        let line = yaml.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("column: colour") }.map { $0 + 1 }
        #expect(
            built.diagnostics == [
                "site.yaml:\(line ?? 0):17: error: detail column 'colour' is not a column of 'data/p.csv' (path, title, color); "
                    + "did you mean 'color'?"
            ])
    }

    @Test func builtInTemplatesAreTheTemplatesFolder() throws {
        let folder = Fixtures.repositoryRoot.appendingPathComponent("Templates")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
        #expect(Set(files.map { String($0.dropLast(9)) }) == Set(DefaultTemplates.all.keys))
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(
                DefaultTemplates.all[String(file.dropLast(9))] == text,
                "Templates/\(file) is not built in: add it to Package.swift's resources and DefaultTemplates")
        }
    }

    @Test(arguments: [
        ("", "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="),
        ("abc", "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="),
        (String(repeating: "a", count: 1000), "Qe3s5C1j6Nm/UVqbppMuHCDLyfWl0TRkWttdsblzfqM="),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "JI1qYdIGOLjlwCaTDD5gOaM85Flk/yFn9uzt1BnbBsE="),
    ])
    func sha256MatchesKnownDigests(_ message: String, _ base64: String) {
        #expect(SHA256.base64(SHA256.digest(Array(message.utf8))) == base64)
    }

    @Test func templatesExpandInOnePassAndEncodeLikeEncodeURIComponent() {
        let expanded = URLTemplate.expand(
            "https://w.example.com{path}{query}&l={link}", path: "/u/{query}", query: "a={path}", primaryHost: "m.example.com")
        #expect(expanded == "https://w.example.com/u/{query}?a={path}&l=https%3A%2F%2Fm.example.com%2Fu%2F%7Bquery%7D%3Fa%3D%7Bpath%7D")
        #expect(URLTemplate.strictlyEncoded("a b&c=d/é!'()*~") == "a%20b%26c%3Dd%2F%C3%A9!'()*~")
    }

    /// The expansion walks the template's bytes in place; it must read as replacing each
    /// placeholder left to right in the template alone, with cut-off ones (`{pat`) kept as text.
    @Test func templatesExpandAsPlaceholderByPlaceholder() {
        var random = PropertyTests.Random(state: 0x0E4A_D001)
        let pieces = ["{path}", "{query}", "{link}", "{", "}", "{pat", "{quer", "x", "é", "/", "?", "{{path}"]
        for _ in 0..<2_000 {
            let template = (0..<random.below(7)).map { _ in random.pick(pieces) }.joined()
            let path = random.pick(["/u/a", "/u/{query}", "/é"])
            let query = random.pick(["", "a=1", "b={path}"])
            let link = URLTemplate.strictlyEncoded("https://m.example.com\(path)\(query.isEmpty ? "" : "?")\(query)")
            var expected = ""
            var rest = Substring(template)
            while !rest.isEmpty {
                if rest.hasPrefix("{path}") {
                    expected += path
                    rest = rest.dropFirst(6)
                } else if rest.hasPrefix("{query}") {
                    expected += query.isEmpty ? "" : "?" + query
                    rest = rest.dropFirst(7)
                } else if rest.hasPrefix("{link}") {
                    expected += link
                    rest = rest.dropFirst(6)
                } else {
                    expected.append(rest.removeFirst())
                }
            }
            #expect(URLTemplate.expand(template, path: path, query: query, primaryHost: "m.example.com") == expected, "\(template)")
            let compiled = URLTemplate.Compiled(template)
            #expect(compiled.expand(path: path, query: query, primaryHost: "m.example.com") == expected, "\(template)")
        }
    }

    @Test func routePagesAreWrittenOnBothMirrorsWithTheirRoles() throws {
        let built = Self.build(Fixtures.validManifest)
        let primary = try #require(built.files["m.example.com/_linkwell/product.html"])
        let mirror = try #require(built.files["mlink.example.com/_linkwell/product.html"])
        #expect(primary.contains(#""role":"primary""#) && mirror.contains(#""role":"mirror""#))
        #expect(primary.contains(#""openInApp":"https://mlink.example.com{path}{query}""#))
        #expect(mirror.contains(#""openInApp":"https://m.example.com{path}{query}""#))
        #expect(primary.contains(#"<meta property="al:ios:app_store_id" content="1234567890">"#))
        // The page loads the host's script and style sheet, and its policy allows them ('self').
        let script = try #require(built.files.keys.first { $0.hasPrefix("m.example.com/_linkwell/page.") && $0.hasSuffix(".js") })
        #expect(primary.contains(#"<script src="/\#(script.dropFirst("m.example.com/".count))"></script>"#))
        #expect(built.files[script] == PageScript.source + "\n")
        #expect(primary.contains(#"<script src="/_linkwell/rules.js"></script>"#))
        #expect(built.files["m.example.com/_linkwell/rules.js"]?.hasPrefix("var linkwellRules = {") == true)
        #expect(primary.contains("script-src &#39;self&#39;; style-src &#39;self&#39;"))
        #expect(built.files["m.example.com/_redirects"] == "/p/*  /_linkwell/product.html  200\n")
    }

    @Test func itemPagesCarryTheirOwnEscapedTags() throws {
        let csv = #"""
            path,title,description,image
            /p/red-shoes,"Red <b>shoes</b> & ""more""",It's hand-made.,https://www.example.com/i/red.jpg
            /p/blue,,,

            """#
        let built = Self.build(Self.items, ["data/p.csv": csv])
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        let page = try #require(built.files["m.example.com/p/red-shoes.html"])
        #expect(page.contains(#"<meta property="og:title" content="Red &lt;b&gt;shoes&lt;/b&gt; &amp; &quot;more&quot;">"#))
        #expect(page.contains(#"<meta property="og:description" content="It&#39;s hand-made.">"#))
        #expect(page.contains(#"<link rel="canonical" href="https://m.example.com/p/red-shoes">"#))
        #expect(page.contains(#"<meta property="al:ios:url" content="example://p/red-shoes">"#))
        #expect(page.contains(#"id="linkwell-open" href="https://mlink.example.com/p/red-shoes""#))
        #expect(page.contains(#""head":[]"#), "item pages need no tags from the script")
        let plain = try #require(built.files["mlink.example.com/p/blue.html"])
        #expect(plain.contains(#"<meta property="og:title" content="A product">"#), "an empty field falls back to the page type")
    }

    @Test func templateErrorsNameTheTemplateLineAndColumn() {
        let yaml = Fixtures.validManifest.replacingOccurrences(of: "scheme: example\n", with: "scheme: example\ntemplates: T\n")
        let broken = Self.build(yaml, ["T/page.mustache": "<html>\n  {{#page}}\n  <p>{{title}}</p>\n  {{/pages}}\n"])
        #expect(
            broken.diagnostics == [
                "T/page.mustache:4:6: error: template closes a section that is not the one open here ({{/name}} must match {{#name}})"
            ])
        #expect(Self.build(yaml).diagnostics == ["site.yaml:4:12: error: cannot read templates folder 'T': no such folder"])
        let own = Self.build(yaml, ["T/head.mustache": "<title>{{page.title}} at {{siteName}}</title>\n"])
        #expect(own.diagnostics.isEmpty)
        #expect(own.files["m.example.com/_linkwell/product.html"]?.contains("<title>A product at Example</title>") == true)
    }

    @Test func hostPatternsFollowEachProvidersLanguage() {
        #expect(HostRoutes.regex("/u/*.json") == "^/u/.*\\.json$")
        #expect(HostRoutes.regex("/a?c/(x)") == "^/a.c/\\(x\\)$")
        #expect(HostRoutes.pathToRegexp("/u/*:x?") == "/u/(.*)\\:x(.)")
        #expect(HostRoutes.splat("/u/*") == "/u/*")
        #expect(HostRoutes.splat("/u/*/edit") == "/u/*")
        #expect(HostRoutes.splat("/u/ab?d") == "/u/*")
        #expect(HostRoutes.splat("/about") == "/about")
    }

    /// The escapers walk ASCII patterns by bytes and others by character; both must read as the
    /// character-by-character definition, where a special followed by a combining mark is one
    /// character and stays literal.
    @Test func hostPatternsReadByCharacter() {
        func reference(_ pattern: String, _ replacement: [Character: String]) -> String {
            pattern.map { replacement[$0] ?? String($0) }.joined()
        }
        let regex: [Character: String] = Dictionary(
            uniqueKeysWithValues: Array("\\.+()[]{}|^$").map { ($0, "\\\($0)") } + [("*", ".*"), ("?", ".")])
        let pathToRegexp: [Character: String] = Dictionary(
            uniqueKeysWithValues: Array(":()+{}\\").map { ($0, "\\\($0)") } + [("*", "(.*)"), ("?", "(.)")])
        var random = PropertyTests.Random(state: 0x4E67_1E55)
        let pieces = ["/", "a", "*", "?", ".", "(", ")", "\\", ":", "{", "$", "é", "\u{301}", "\r\n", "zoë", "|"]
        for _ in 0..<3_000 {
            let pattern = (0..<random.below(8)).map { _ in random.pick(pieces) }.joined()
            #expect(HostRoutes.regex(pattern) == "^" + reference(pattern, regex) + "$", "\(pattern)")
            #expect(HostRoutes.pathToRegexp(pattern) == reference(pattern, pathToRegexp), "\(pattern)")
        }
        #expect(HostRoutes.regex("/a*\u{301}") == "^/a*\u{301}$")
    }

    /// The shown URL's pieces end after each '/', '?', '&' or '=' character: ASCII text is split
    /// by its bytes, and must give the pieces the character-by-character definition gives.
    /// The URL line as an address bar shows it: non-ASCII letters, marks and digits decoded,
    /// every other escape kept (ASCII ones, invalid UTF-8, overlong forms, controls, symbols).
    @Test func theURLLineDecodesLettersOnly() {
        let cases: [(String, String)] = [
            ("/recipes/tourti%C3%A8re", "/recipes/tourtière"), ("/caf%c3%a9", "/café"), ("/a%2Fb%20c%3F", "/a%2Fb%20c%3F"),
            ("/%C3", "/%C3"), ("/%C3%28", "/%C3%28"), ("/%C0%AF", "/%C0%AF"), ("/%E2%80%AE", "/%E2%80%AE"),
            ("/%F0%9F%98%80", "/%F0%9F%98%80"), ("/%E6%97%A5%E6%9C%AC", "/日本"), ("/e%CC%81", "/é"), ("/%D9%A3", "/٣"),
            ("/%C2%A0x", "/%C2%A0x"), ("/%", "/%"), ("/%zz%C3%A9", "/%zzé"),
        ]
        for (written, shown) in cases { #expect(URLDisplay.decoded(Substring(written)) == shown, "\(written)") }
    }

    @Test func shownURLPiecesEndAfterEachSeparatorCharacter() {
        func reference(_ text: String) -> [String] {
            var pieces: [String] = []
            var current = ""
            for character in text {
                current.append(character)
                if "/?&=".contains(character) {
                    pieces.append(current)
                    current = ""
                }
            }
            return current.isEmpty ? pieces : pieces + [current]
        }
        var random = PropertyTests.Random(state: 0x5107_E4)
        let parts = ["/", "?", "&", "=", "a", "%2F", "m.example.com", "é", "\u{301}", "#", "//", "https:"]
        for _ in 0..<3_000 {
            let text = (0..<random.below(9)).map { _ in random.pick(parts) }.joined()
            #expect(PageContext.Link.pieces(of: Substring(text)).map(String.init) == reference(text), "\(text)")
            let withoutScheme = String(text.drop { $0 != "/" }.dropFirst(2))
            #expect(PageContext.Link.shown(text).map(String.init) == reference(withoutScheme), "\(text)")
            let bytes = Array(text.utf8)
            let programs = ItemPageTemplate.shownPieces(bytes[...]).map { String(decoding: bytes[$0], as: UTF8.self) }
            #expect(programs == reference(withoutScheme), "\(text)")
            // A page's canonical link is a slice of its texts: ranges are from the slice's start.
            let inTexts = Array("ab/".utf8) + bytes
            #expect(ItemPageTemplate.shownPieces(inTexts[3...]) == ItemPageTemplate.shownPieces(bytes[...]), "\(text)")
        }
        #expect(PageContext.Link.pieces(of: "a/\u{301}b").map(String.init) == ["a/\u{301}b"])
    }

    /// A program escapes its holes' texts as the engine escapes a known value: every text, with
    /// each of the five escaped characters at every place, beside multi-byte characters.
    @Test func programsEscapeTextsAsTheEngineDoes() {
        var random = PropertyTests.Random(state: 0xE5CA_9E)
        let parts = ["&", "<", ">", "\"", "'", "a", "bcdefgh", "é", "\u{1F600}", " ", "&amp;", "\u{0}", "\u{7F}"]
        for _ in 0..<4_000 {
            let text = (0..<random.below(14)).map { _ in random.pick(parts) }.joined()
            var expected: [UInt8] = []
            TemplateLibrary.appendEscaped(text, to: &expected)
            let bytes = Array(text.utf8)
            let written = [UInt8](unsafeUninitializedCapacity: bytes.count * 6) { buffer, count in
                var writer = PageWriter(buffer)
                bytes.withUnsafeBufferPointer { writer.writeEscaped($0) }
                count = writer.count
            }
            #expect(written == expected, "\(text)")
        }
    }

    /// A row's fields are read for control characters eight bytes at a time: the answer is the
    /// byte-by-byte one for texts with each boundary byte (below and above space, tab and the
    /// line breaks, `~` and DEL, the first non-ASCII byte) at every place in a word.
    @Test func printableTextsAreFoundAsByteByByte() {
        var random = PropertyTests.Random(state: 0x7E47_0001)
        let bytes: [UInt8] = [0x00, 0x08, 0x09, 0x0A, 0x0B, 0x0D, 0x1F, 0x20, 0x61, 0x61, 0x61, 0x7E, 0x7F, 0x80, 0xC3, 0xFF]
        for _ in 0..<20_000 {
            let text = (0..<random.below(40)).map { _ in random.below(4) == 0 ? random.pick(bytes) : UInt8(ascii: "a") }
            let expected = text.allSatisfy { (0x20..<0x7F).contains($0) || [0x09, 0x0A, 0x0D].contains($0) }
            #expect(text.withUnsafeBufferPointer { $0.isPrintableASCIIText } == expected, "\(text)")
        }
    }

    /// A page that does not fit the bytes its program first sets aside is written again into
    /// more: every item page so written is the page written at once.
    @Test func aPageWrittenAgainAfterItDidNotFitIsThePage() throws {
        let rows = "path,title,description,image,color\n/p/1,\"One <1> & \"\"more\"\"\",,https://img.example.com/1.png,red\n"
        let result = Linkwell.build(SourceFile(path: "site.yaml", text: Self.items), project: InMemoryProjectFiles(["data/p.csv": rows]))
        let site = try #require(result.site, "\(result.diagnostics)")
        let pages = PreviewPages(site: site, templates: try #require(result.templates))
        let page = try #require(site.pageTypes.first { $0.items != nil })
        var reader = ItemRows(file: "data/p.csv", format: .csv, chunks: AnyIterator([Array(rows.utf8)].makeIterator()))
        guard case .success(let row)? = reader.next() else {
            Issue.record("no row")
            return
        }
        for host in pages.hosts(of: page.name) {
            let once = pages.render(page: page, host: host, item: row)
            #expect(once.count > 1_000)
            for capacity in [1, 64, once.count - 1, once.count] {
                #expect(pages.render(page: page, host: host, item: row, capacity: capacity) == once, "\(capacity)")
            }
        }
    }

    @Test func shortLinksRedirectOnEveryHostAndHaveAFallbackPage() throws {
        let yaml =
            Fixtures.validManifest.replacingOccurrences(
                of: "      mirror: mlink.example.com\n", with: "      mirror: mlink.example.com\n  short: go.example.com\n")
            + "shortLinks:\n  - code: Ab3dE\n    target: /p/1?ref=a&b=c\n"
        let built = Self.build(yaml)
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        #expect(built.files["go.example.com/_redirects"] == "/Ab3dE  https://m.example.com/p/1?ref=a&b=c  302!\n")
        #expect(
            built.files["go.example.com/nginx.conf"]?.contains(
                "location = /Ab3dE {\n    return 302 \"https://m.example.com/p/1?ref=a&b=c\";\n}") == true)
        #expect(built.files["go.example.com/vercel.json"]?.contains(#""destination": "https://m.example.com/p/1?ref=a&b=c""#) == true)
        #expect(built.files["go.example.com/firebase.json"]?.contains(#""type": 302"#) == true)
        let page = try #require(built.files["go.example.com/Ab3dE.html"])
        #expect(page.contains(#"<meta http-equiv="refresh" content="0; url=https://m.example.com/p/1?ref=a&amp;b=c">"#))
    }

    /// A template script the page's Content-Security-Policy would block never ships silently.
    @Test func templateScriptsThePolicyWouldBlockAreBuildErrors() {
        let yaml = Fixtures.validManifest.replacingOccurrences(of: "scheme: example\n", with: "scheme: example\ntemplates: T\n")
        let template = """
            {{> head}}
            <script src="https://plausible.io/js/script.js"></script>
            <script>var title = "{{page.title}}";</script>
            <a href="#" onclick="track()">x</a> <a href="javascript:track()">y</a>
            <script src="/local.js"></script>
            <script type="application/json" id="data">{"title": "{{page.title}}"}</script>
            <script>{{{behaviour.script}}}</script>
            """
        let built = Self.build(yaml, ["T/page.mustache": template])
        #expect(
            built.diagnostics == [
                "T/page.mustache:2:1: error: script 'https://plausible.io/js/script.js' would be blocked by the page's Content-Security-Policy; add 'https://plausible.io' to contentSecurityPolicy.scripts in the manifest (and to contentSecurityPolicy.connect if it sends data there)",
                "T/page.mustache:3:1: error: this inline script's text holds a {{tag}}, so it changes from page to page and no hash in the page's Content-Security-Policy can allow it; keep the script's text fixed and put per-page values in a <script type=\"application/json\"> data block it reads",
                "T/page.mustache:4:1: error: inline event handler 'onclick' never runs under the page's Content-Security-Policy; attach the listener from a <script> element instead",
                "T/page.mustache:4:37: error: a javascript: URL never runs under the page's Content-Security-Policy; attach a click listener from a <script> element instead",
                "T/page.mustache:5:1: error: script '/local.js' would be blocked by the page's Content-Security-Policy, which loads scripts only from https:// origins listed in contentSecurityPolicy.scripts; give an absolute https:// URL and list its origin",
            ])
        #expect(built.files.isEmpty)
    }

    /// Tags are found without case in a template whose text lower-cases to another length ('İ'):
    /// the script's own address is named, not bytes beside it.
    @Test func aScriptIsReadWhereItIsAfterTextWhoseLowerCaseIsLonger() {
        let yaml = Fixtures.validManifest.replacingOccurrences(of: "scheme: example\n", with: "scheme: example\ntemplates: T\n")
        let template = "{{> head}}<p>İİİİ</p><SCRIPT SRC=\"https://plausible.io/js/script.js\"></SCRIPT>\n"
        let built = Self.build(yaml, ["T/page.mustache": template])
        #expect(built.diagnostics.count == 1)
        #expect(
            built.diagnostics.first?.hasPrefix("T/page.mustache:1:22: error: script 'https://plausible.io/js/script.js' would be blocked")
                == true,
            "\(built.diagnostics)")
    }

    /// The policy hashes every inline script the templates hold (wherever a partial put it) and
    /// names the manifest's origins; a script that only a `{{{…}}}` value wrote gets no hash.
    @Test func theTemplatesOwnScriptsAndTheManifestsOriginsAreInThePolicy() throws {
        let yaml =
            Self.items.replacingOccurrences(of: "scheme: example\n", with: "scheme: example\ntemplates: T\n")
            + "contentSecurityPolicy:\n  scripts: [https://plausible.io]\n  connect: [https://plausible.io]\n"
        let files = [
            "data/p.csv": "path,raw\n/p/1,<script>alert(1)</script>\n",
            "T/page.mustache":
                "{{> head}}\n<p>{{{item.raw}}}</p>\n  {{> analytics}}\n<script defer src=\"https://plausible.io/js/script.js\"></script>\n<script>{{{behaviour.script}}}</script>\n",
            "T/analytics.mustache": "<script>\n  window.plausible = window.plausible || function () {};\n</script>\n",
        ]
        let built = Self.build(yaml, files)
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        let page = try #require(built.files["m.example.com/p/1.html"])
        let policy = try #require(page.split(separator: "\n").first { $0.contains("Content-Security-Policy") })
            .replacingOccurrences(of: "&#39;", with: "'")
        let analytics = "\n    window.plausible = window.plausible || function () {};\n  "
        #expect(page.contains("<script>\(analytics)</script>"), "the partial is indented where it is used")
        #expect(policy.contains(SHA256.cspSource(Array(analytics.utf8)[...])))
        #expect(policy.contains(SHA256.cspSource(Array(PageScript.source.utf8)[...])))
        #expect(!policy.contains(SHA256.cspSource(Array("alert(1)".utf8)[...])))
        #expect(policy.contains("script-src 'sha256-") && policy.contains(" https://plausible.io; style-src"))
        #expect(policy.contains("connect-src https://plausible.io;"))
    }

    @Test func everyItemColumnReachesTemplatesByName() throws {
        let yaml = Self.items.replacingOccurrences(of: "scheme: example\n", with: "scheme: example\ntemplates: T\n")
        let built = Self.build(
            yaml,
            [
                "data/p.csv": "path,distance_km,title\n/p/1,3.5,One\n",
                "T/page.mustache": "{{> head}}<p>{{item.distance_km}} km · {{item.fields.distance_km}} · {{item.path}}</p>",
            ])
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        #expect(built.files["m.example.com/p/1.html"]?.contains("<p>3.5 km · 3.5 · /p/1</p>") == true)
    }

    /// Every host has a home and a not-found page; a route on the short host with a page type is
    /// a catch-all page for codes the app creates, routed after the short links by every host.
    @Test func everyHostHasAHomeANotFoundPageAndTheShortHostACatchAll() throws {
        let yaml =
            Fixtures.validManifest.replacingOccurrences(
                of: "      mirror: mlink.example.com\n", with: "      mirror: mlink.example.com\n  short: go.example.com\n"
            )
            .replacingOccurrences(
                of: "pages:\n", with: "  - name: code\n    path: /?*\n    hosts: [go.example.com]\n    page: product\npages:\n")
            + "shortLinks:\n  - code: Ab3dE\n    target: /p/1\n"
        let built = Self.build(yaml)
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        for host in ["m.example.com", "mlink.example.com", "go.example.com"] {
            let home = try #require(built.files["\(host)/index.html"])
            let notFound = try #require(built.files["\(host)/404.html"])
            #expect(home.contains("<title>Example — Example</title>") && !home.contains("id=\"linkwell-open\""))
            #expect(notFound.contains(#"<meta name="robots" content="noindex">"#) && !notFound.contains("rel=\"canonical\""))
        }
        #expect(built.files["go.example.com/_linkwell/product.html"]?.contains(#""role":"short""#) == true)
        #expect(built.files["go.example.com/_redirects"] == "/Ab3dE  https://m.example.com/p/1  302!\n/*  /_linkwell/product.html  200\n")
        let nginx = try #require(built.files["go.example.com/nginx.conf"])
        #expect(nginx.contains("error_page 404 /404.html;"))
        #expect(nginx.contains("location ~ \"^/..*$\" {  # route 'code'"))
        #expect(built.files["go.example.com/vercel.json"]?.contains(#""source": "/(.)(.*)""#) == true)
        #expect(built.files["go.example.com/firebase.json"]?.contains(#""regex": "^/..*$""#) == true)
    }

    /// "Continue on the web" never reloads the page: the page type's web page, else the site's
    /// web home, else no such link at all (and no store link that is only the web).
    @Test func theWebLinkIsThePageTypesTheSitesOrNone() throws {
        let noWeb = Fixtures.validManifest.replacingOccurrences(of: "    web: https://www.example.com{path}{query}\n", with: "")
        let without = Self.build(noWeb)
        #expect(without.diagnostics.isEmpty, "\(without.diagnostics)")
        for path in ["m.example.com/_linkwell/product.html", "mlink.example.com/_linkwell/product.html", "m.example.com/index.html"] {
            let page = try #require(without.files[path])
            #expect(!page.contains("id=\"linkwell-web\""), "\(path)")
            #expect(!page.contains("\"web\":\"https"), "\(path)")
        }
        let home = Self.build(noWeb.replacingOccurrences(of: "scheme: example\n", with: "scheme: example\nweb: https://www.example.com/\n"))
        let page = try #require(home.files["mlink.example.com/_linkwell/product.html"])
        #expect(page.contains(#"<a class="button link" id="linkwell-web" href="https://www.example.com/">Continue on the web</a>"#))
        #expect(page.contains(#""web":"https://www.example.com/""#))
    }
}
