import Foundation
import LinkwellCore
import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// Item data files: rows located at their file, line and column; CSV and JSON Lines read as
/// their standards read them; every field reaching templates by name.
@Suite struct ItemDataTests {
    @Test func itemProblemsAreLocatedInTheDataFile() {
        let csv = "path,title\n/p/a,A\n/p/a,Again\n/account/x,Excluded\n/p/a?x=1,Query\n/p/../x,Dots\n/p/%41,Encoded\n/p/b/,Slash\n"
        let built = PreviewPageTests.build(PreviewPageTests.items, ["data/p.csv": csv])
        #expect(
            built.diagnostics == [
                "data/p.csv:3:1: error: duplicate item path '/p/a'\ndata/p.csv:2:1: note: first defined here",
                "data/p.csv:4:1: error: item path '/account/x' is not a 'product' page on m.example.com: no route with a page type matches it; 'product' routes match '/p/*'",
                "data/p.csv:5:1: error: item path '/p/a?x=1' contains '?'; an item is a path, without query or fragment",
                "data/p.csv:6:1: error: item path '/p/../x' is reserved: no segment may start with '.', and '/_linkwell/' holds route pages",
                "data/p.csv:7:1: error: item path '/p/%41' contains '%'; use letters, digits and -._~ (write the decoded form, not %XX)",
                "data/p.csv:8:1: error: item path '/p/b/' must start with '/' and have no empty segment or trailing slash, e.g. '/u/alex'",
            ])
        #expect(
            PreviewPageTests.build(PreviewPageTests.items).diagnostics == [
                "site.yaml:33:12: error: cannot read item file 'data/p.csv' of page type 'product': no such file"
            ])
    }

    @Test(arguments: [
        ("path,title\n\"/p/a,A\n", "data/p.csv:2:1: error: quoted field opened here is never closed"),
        ("title\nA\n", "data/p.csv:1:1: error: the header row must name a 'path' column"),
        ("paht,title\n", "data/p.csv:1:1: error: the header row must name a 'path' column; did you mean 'paht'?"),
        ("path,title,path\n", "data/p.csv:1:12: error: column 'path' is named twice in the header row"),
        ("path,title\n/p/a\n", "data/p.csv:2:1: error: row has 1 field; the header names 2 columns"),
        ("path,title\n/p/a,\"A\"x\n", "data/p.csv:2:9: error: expected ',' or the end of the row after a quoted field"),
        // Columns count characters, lines the breaks inside quotes.
        ("path,title\n/p/a,\"é😀\n\"\"é\"x\n", "data/p.csv:3:5: error: expected ',' or the end of the row after a quoted field"),
        (
            "path,title\n/p/a,é😀 \"B\"\n",
            "data/p.csv:2:9: error: a quote inside an unquoted field; quote the whole field and write \"\" for each quote"
        ),
        (
            "path,title\n/p/a,A \"B\"\n",
            "data/p.csv:2:8: error: a quote inside an unquoted field; quote the whole field and write \"\" for each quote"
        ),
        ("", "data/p.csv:1:1: error: the item file is empty; the first row must name the columns, one of them 'path'"),
    ])
    func csvProblemsStopReadingAtTheirLocation(_ csv: String, _ expected: String) {
        #expect(PreviewPageTests.build(PreviewPageTests.items, ["data/p.csv": csv]).diagnostics == [expected])
    }

    /// A NUL in a CSV field is refused at its row; a quoted multi-line description is not.
    @Test func csvFieldsHoldNoControlCharacterButLineBreaks() {
        #expect(
            PreviewPageTests.build(PreviewPageTests.items, ["data/p.csv": "path,title\n/p/a,A\u{0}B\n"]).diagnostics.first?.hasPrefix(
                "data/p.csv:2:1: error: field 'title' contains U+0000") == true)
        #expect(PreviewPageTests.build(PreviewPageTests.items, ["data/p.csv": "path,title\n/p/a,\"A\nB\tC\"\n"]).diagnostics.isEmpty)
        // A row with a field that is not ASCII has its fields' scalars read: the control
        // character is found in another field, the first in name order named; letters pass.
        #expect(
            PreviewPageTests.build(PreviewPageTests.items, ["data/p.csv": "title,path,name\nZoë\u{85},/p/a,A\u{1B}\n"]).diagnostics.first?
                .hasPrefix(
                    "data/p.csv:2:1: error: field 'name' contains U+001B") == true)
        #expect(PreviewPageTests.build(PreviewPageTests.items, ["data/p.csv": "path,title\n/p/a,Zoë \u{1F600}\n"]).diagnostics.isEmpty)
    }

    @Test func csvReadsQuotesNewlinesCRLFAndAByteOrderMark() throws {
        let csv = "\u{FEFF}path,title\r\n/p/a,\"Two\r\nlines, \"\"quoted\"\"\"\r\n\r\n/p/b,B\r\n"
        var rows = ItemRows(file: "p.csv", format: .csv, chunks: try InMemoryProjectFiles(["p.csv": csv]).chunks(of: "p.csv").get())
        let first = rows.next()
        #expect(try first?.get().fields == ["path": "/p/a", "title": "Two\r\nlines, \"quoted\""])
        let second = try? rows.next()?.get()
        #expect(second?.path == "/p/b" && second?.location.line == 5)
        #expect(rows.next() == nil)
    }

    /// A row's fields, whose names its file's rows share: looked up by name, equal (and hashed
    /// alike) whatever the order of the columns, read in name order.
    @Test func itemFieldsAreLookedUpByNameWhateverTheColumnOrder() {
        let row = ItemFields(names: ItemFields.Columns(["path", "title", "image"]), values: ["/p/1", "One", ""])
        #expect(row["title"] == "One")
        #expect(row["image"] == "")
        #expect(row["Title"] == nil)
        let reordered: ItemFields = ["image": "", "title": "One", "path": "/p/1"]
        #expect(row == reordered)
        #expect(row.hashValue == reordered.hashValue)
        #expect(row != ["image": "", "title": "Two", "path": "/p/1"])
        #expect(row != ["title": "One", "path": "/p/1"])
        #expect(row != ["image": "", "title": "One", "path": "/p/1", "name": ""])
        #expect(row.sortedByName.map(\.key) == ["image", "path", "title"])
        #expect(row.sortedByName.map(\.value) == ["", "/p/1", "One"])
    }

    /// A row's image is an absolute https:// URL or empty (the page type's then): a plain one is
    /// read from the row's bytes, any other parsed; a relative one is refused at its row.
    @Test func itemImagesAreAbsoluteHTTPS() {
        func diagnostics(_ image: String) -> [String] {
            PreviewPageTests.build(PreviewPageTests.items, ["data/p.csv": "path,title,image\n/p/a,A,\(image)\n"]).diagnostics
        }
        #expect(diagnostics("https://img.example.com/a.png").isEmpty)
        #expect(diagnostics("https://img.example.com/a.png?w=2&h=1").isEmpty)
        #expect(diagnostics("https://img.example.com/zoë.png").isEmpty)
        #expect(diagnostics("").isEmpty)
        #expect(
            diagnostics("/img/a.png") == [
                "data/p.csv:2:1: error: image '/img/a.png' must be an absolute https:// URL (crawlers do not resolve relative images)"
            ])
        #expect(diagnostics("http://img.example.com/a.png").count == 1)
        #expect(diagnostics("https://").count == 1)
    }

    /// A row's values are one buffer of UTF-8, each where the one before it ends (as the CSV
    /// reader fills it): the same fields as made value by value, each read in place or as a
    /// string. Equal means the same bytes: a value written decomposed is another page.
    @Test func itemFieldsHoldTheirValuesInOneBuffer() {
        let names = ItemFields.Columns(["path", "title", "image", "name"])
        let values = ["/p/zoë", "", "https://img.example.com/1.png", "Zoë 😀"]
        let fields = ItemFields(names: names, values: values)
        var utf8: [UInt8] = []
        var ends: [Int] = []
        for value in values {
            utf8 += Array(value.utf8)
            ends.append(utf8.count)
        }
        let read = ItemFields(names: names, utf8: utf8, ends: ends)
        #expect(read == fields && read.hashValue == fields.hashValue)
        #expect(read.values == values)
        #expect(names.list.indices.map(read.value(at:)) == values)
        #expect(names.list.indices.map { index in read.withUTF8(at: index) { Array($0) } } == values.map { Array($0.utf8) })
        #expect(read.range(at: 1).isEmpty && read.range(at: 2) == 7..<36)
        #expect(read["name"] == "Zoë 😀" && read["title"] == "" && read["nope"] == nil)
        #expect(names.known == (1, nil, 2))
        #expect(ItemFields.Columns(["description", "path"]).known == (nil, 0, nil))
        let decomposed = ItemFields(names: names, values: ["/p/zoë", "", "https://img.example.com/1.png", "Zoe\u{308} 😀"])
        #expect(decomposed["name"] == read["name"])
        #expect(decomposed != read)
    }

    /// Fields are read a run of a chunk at a time: any text must read as it reads one byte per
    /// chunk — the same rows, locations and problems wherever the chunks end.
    @Test func csvReadsTheSameWhereverChunksEnd() {
        var random = PropertyTests.Random(state: 0xC5F_C4A2)
        let pieces = ["a", "é", ",", ",", "\n", "\r\n", "\r", " ", "/p/x", "😀", "\u{301}"]
        let quoted = ["\"", "\"\"", "\",\"", "\"a\nb\""]
        func read(_ bytes: [UInt8], chunkSizes: () -> Int) -> [String] {
            var chunks: [[UInt8]] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + chunkSizes())
                chunks.append(Array(bytes[start..<end]))
                start = end
            }
            var rows = ItemRows(file: "p.csv", format: .csv, chunks: AnyIterator(chunks.makeIterator()))
            var read: [String] = []
            while let next = rows.next() {
                switch next {
                case .success(let row): read.append("\(row.fields.sortedByName) \(row.location) \(row.pathLocation)")
                case .failure(let problem): read.append(problem.description)
                }
            }
            return read
        }
        var failures = 0
        for _ in 0..<3_000 {
            let body = (0..<random.below(24)).map { _ in random.below(12) == 0 ? random.pick(quoted) : random.pick(pieces) }.joined()
            let bytes = Array("path,title\n\(body)".utf8) + (random.below(10) == 0 ? [0xFF, 0x2C, 0x61] : [])
            let byteByByte = read(bytes) { 1 }
            #expect(read(bytes) { bytes.count } == byteByByte, "\(body)")
            #expect(read(bytes) { 1 + random.below(6) } == byteByByte, "\(body)")
            if byteByByte.last?.contains("error") == true { failures += 1 }
        }
        // Both rows and problems are compared.
        #expect(failures > 300 && failures < 2_700)
    }

    @Test func jsonLinesRowsAndTheirProblems() {
        let good = "{\"path\": \"/p/a\", \"title\": \"A\", \"stock\": 3, \"new\": true, \"gone\": null}\n\n{\"path\": \"/p/b\"}\n"
        let built = PreviewPageTests.build(
            PreviewPageTests.items.replacingOccurrences(of: "p.csv", with: "p.jsonl"), ["data/p.jsonl": good])
        #expect(built.diagnostics.isEmpty && built.files["m.example.com/p/b.html"] != nil)
        for (text, expected) in [
            ("{\"path\": \"/p/a\",}\n", "data/p.jsonl:1:17: error: invalid JSON: trailing comma"),
            ("[1]\n", "data/p.jsonl:1:1: error: each line must be a JSON object"),
            ("{\"title\": \"A\"}\n", "data/p.jsonl:1:1: error: missing field 'path'"),
            // Three keys one edit from 'path': the suggestion is the first in sorted order, never
            // the dictionary's order of the moment.
            (
                "{\"pat\": \"/p/a\", \"pth\": \"/p/b\", \"paht\": \"/p/c\"}\n",
                "data/p.jsonl:1:1: error: missing field 'path'; did you mean 'paht'?"
            ),
            ("{\"path\": \"/p/a\", \"tags\": [1]}\n", "data/p.jsonl:1:1: error: field 'tags' must be a string"),
            // A field given twice: readers differ on which value wins.
            (
                "{\"path\": \"/p/a\", \"title\": \"A\", \"path\": \"/p/b\"}\n",
                "data/p.jsonl:1:32: error: this row gives a field twice (duplicate key \"path\"); readers differ on which value wins"
            ),
            // Characters a page would carry raw: NUL, ESC, NEL, U+2028 (a tab or line break is text).
            (
                "{\"path\": \"/p/a\", \"title\": \"A\\u001b[2J\"}\n",
                "data/p.jsonl:1:1: error: field 'title' contains U+001B, a control character, line separator or non-character"
            ),
            ("{\"path\": \"/p/a\", \"title\": \"A\\u2028B\"}\n", "data/p.jsonl:1:1: error: field 'title' contains U+2028"),
            ("{\"path\": \"/p/a\u{85}\"}\n", "data/p.jsonl:1:2: error: field 'path' contains U+0085"),
        ] {
            let diagnostics = PreviewPageTests.build(
                PreviewPageTests.items.replacingOccurrences(of: "p.csv", with: "p.jsonl"), ["data/p.jsonl": text]
            ).diagnostics
            #expect(diagnostics.count == 1 && diagnostics[0].hasPrefix(expected), "\(diagnostics)")
        }
    }

    /// Item paths may hold letters of any script: the file is written as UTF-8 (what hosts find
    /// after decoding the URL), links name the percent-encoded URL, and one spelling (NFC) is kept.
    @Test func itemPathsMayHoldAnyLetter() throws {
        let built = PreviewPageTests.build(PreviewPageTests.items, ["data/p.csv": "path,title\n/p/zoë,Zoë\n/p/東京,Tokyo\n"])
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        let page = try #require(built.files["m.example.com/p/zoë.html"])
        #expect(page.contains(#"<link rel="canonical" href="https://m.example.com/p/zo%C3%AB">"#))
        #expect(built.files["mlink.example.com/p/東京.html"]?.contains("https://m.example.com/p/%E6%9D%B1%E4%BA%AC") == true)
        let decomposed = PreviewPageTests.build(PreviewPageTests.items, ["data/p.csv": "path,title\n/p/zoe\u{308},Zoë\n/p/a b,Space\n"])
        #expect(
            decomposed.diagnostics == [
                "data/p.csv:2:1: error: item path '/p/zoë' is not in composed form (NFC): write '/p/zoë', the form browsers and hosts use",
                "data/p.csv:3:1: error: item path '/p/a b' contains ' '; use letters, digits and -._~ (write the decoded form, not %XX)",
            ])
    }

    /// Paths of ASCII path characters are checked as bytes; every path must be refused, or not,
    /// as its characters decide (`ItemBuild.isPathCharacter` and a split at `/` characters).
    @Test func itemPathsAreCheckedCharacterByCharacter() throws {
        var random = PropertyTests.Random(state: 0x1_7E4_9A7E)
        let pieces = [
            "/", "/", "a", "Z", "0", ".", ":", "~", "con", "@", "!", "é", "e\u{301}", "/\u{301}", "\u{301}", "東", " ", "%", "?", "^", "\t",
            "CON", "Lpt1", "aux.", "nul.x", "com",
        ]
        var paths: [String] = []
        for index in 0..<1_500 { paths.append((0..<random.below(7)).map { _ in random.pick(pieces) }.joined() + "r\(index)") }
        for index in 0..<500 {
            paths.insert("/" + (0..<random.below(7)).map { _ in random.pick(pieces) }.joined() + "r\(index)", at: random.below(paths.count))
        }
        // Under the page type's route, so that a path without errors reaches the Windows check.
        for index in 0..<1_000 {
            let segments = (0..<1 + random.below(3)).map { _ in (0..<1 + random.below(3)).map { _ in random.pick(pieces) }.joined() }
            paths.insert("/p/" + segments.joined(separator: "/") + "/r\(index)", at: random.below(paths.count))
        }
        let built = PreviewPageTests.build(PreviewPageTests.items, ["data/p.csv": "path,title\n" + paths.map { "\($0),T\n" }.joined()])
        let byLine = Dictionary(grouping: built.diagnostics) { $0.prefix { $0 != " " } }
        var refusedByCharacter = 0
        var windowsNames = 0
        for (offset, path) in paths.enumerated() {
            let said = byLine["data/p.csv:\(offset + 2):1:"] ?? []
            // A diagnostic shows its values escaped (`Diagnostic.inert`): a tab as `\u{9}`.
            let at = "data/p.csv:\(offset + 2):1: error: item path '\(TerminalText.escaped(path))' "
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            let badShape = !path.hasPrefix("/") || path == "/" || segments.contains(where: \.isEmpty)
            #expect(said.contains { $0.hasPrefix(at + "must start with '/'") } == badShape, "\(path)")
            let bad = badShape ? nil : path.first { !ItemBuild.isPathCharacter($0) }
            #expect(
                said.contains { $0.hasPrefix(at + "contains '\(TerminalText.escaped(bad.map(String.init) ?? ""))'") } == (bad != nil),
                "\(path)")
            if bad != nil { refusedByCharacter += 1 }
            let line = "data/p.csv:\(offset + 2):1: "
            guard !said.contains(where: { $0.hasPrefix(line + "error") }) else { continue }
            let windows = segments.first(where: ItemBuild.isWindowsReserved)
            let warned = said.contains { $0.hasPrefix(line + "warning: item path '\(TerminalText.escaped(path))' has the segment") }
            #expect(warned == (windows != nil), "\(path)")
            if windows != nil { windowsNames += 1 }
        }
        #expect(refusedByCharacter > 100 && refusedByCharacter < 2_900 && windowsNames > 50)
    }

    /// Item paths that would replace a file every host needs are refused; paths that only
    /// differ in case, or that Windows cannot hold, are built with a warning (each case variant
    /// named beside the first row that had the path).
    @Test func reservedCaseOnlyAndWindowsItemPaths() throws {
        let yaml = PreviewPageTests.items.replacingOccurrences(of: "path: /p/*", with: "path: /*")
        let reserved = PreviewPageTests.build(yaml, ["data/p.csv": "path,title\n/index,I\n/404,N\n/apple-app-site-association,A\n"])
        let items = reserved.diagnostics.filter { $0.contains("item path") }
        #expect(items.count == 3 && items.allSatisfy { $0.contains("error: item path '/") && $0.contains("is reserved") }, "\(items)")
        let warned = PreviewPageTests.build(
            PreviewPageTests.items,
            ["data/p.csv": "path,title\n/p/Alex,A\n/p/alex,a\n/p/con.txt,C\n/p/x:y,X\n/p/CONIN$,I\n/p/a*b,S\n/p/ALEX,B\n"])
        #expect(
            warned.diagnostics == [
                "data/p.csv:3:1: warning: item path '/p/alex' differs from '/p/Alex' only in case; on case-insensitive file systems (macOS, Windows) one page overwrites the other [item-path-case]\ndata/p.csv:2:1: note: '/p/Alex' is here",
                "data/p.csv:4:1: warning: item path '/p/con.txt' has the segment 'con.txt', which Windows cannot use as a file name; the output cannot be checked out there [windows-name]",
                "data/p.csv:5:1: warning: item path '/p/x:y' has the segment 'x:y', which Windows cannot use as a file name; the output cannot be checked out there [windows-name]",
                "data/p.csv:6:1: warning: item path '/p/CONIN$' has the segment 'CONIN$', which Windows cannot use as a file name; the output cannot be checked out there [windows-name]",
                "data/p.csv:7:1: warning: item path '/p/a*b' has the segment 'a*b', which Windows cannot use as a file name; the output cannot be checked out there [windows-name]",
                "data/p.csv:8:1: warning: item path '/p/ALEX' differs from '/p/Alex' only in case; on case-insensitive file systems (macOS, Windows) one page overwrites the other [item-path-case]\ndata/p.csv:2:1: note: '/p/Alex' is here",
            ])
        #expect(
            warned.files["m.example.com/p/alex.html"] != nil && warned.files["m.example.com/p/Alex.html"] != nil, "warnings still build")
    }
}
