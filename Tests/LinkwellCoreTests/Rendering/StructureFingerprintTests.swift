import LinkwellTestSupport
import Testing

@testable import LinkwellCore

@Suite struct StructureFingerprintTests {
    static let site = Fixtures.build(Fixtures.validManifest).site!

    /// Item pages are proved current by this fingerprint: any change to the resolved site must
    /// change it. Each edit below changes one thing, the kinds a manifest edit makes.
    @Test func everyEditOfTheSiteChangesIt() throws {
        var edits: [(String, (inout Site) -> Void)] = [
            ("name", { $0.name += "x" }),
            ("scheme nil", { $0.scheme = nil }),
            ("legacy paths", { $0.legacyPaths.toggle() }),
            ("short host", { $0.shortHost = ($0.shortHost ?? "") + "x" }),
            ("defaults", { $0.defaults.caseSensitive = !($0.defaults.caseSensitive ?? true) }),
            ("routes reversed", { $0.routes.reverse() }),
            ("route removed", { $0.routes.removeLast() }),
            ("route duplicated", { $0.routes.append($0.routes[0]) }),
            ("hosting", { $0.hosting.removeLast() }),
            ("web home", { $0.webHome = "https://example.org/" }),
            ("ios app id", { $0.iosApps[0].bundleID += "x" }),
        ]
        for index in Self.site.routes.indices {
            edits += [
                ("route \(index) name", { $0.routes[index].name += "x" }),
                ("route \(index) path", { $0.routes[index].path = ($0.routes[index].path ?? "") + "x" }),
                ("route \(index) no path", { $0.routes[index].path = $0.routes[index].path == nil ? "/" : nil }),
                ("route \(index) exclude", { $0.routes[index].exclude.toggle() }),
                ("route \(index) comment", { $0.routes[index].comment = ($0.routes[index].comment ?? "") + "x" }),
                ("route \(index) case", { $0.routes[index].caseSensitive = $0.routes[index].caseSensitive == false ? true : false }),
                ("route \(index) apps", { $0.routes[index].apps.append("x") }),
                ("route \(index) hosts", { $0.routes[index].hosts.reverse() }),
            ]
        }
        let original = StructureFingerprint.of(Self.site)
        #expect(StructureFingerprint.of(Self.site) == original)
        var seen: [PageFingerprint: String] = [:]
        for (name, edit) in edits {
            var site = Self.site
            edit(&site)
            guard site != Self.site else { continue }  // e.g. reversing a one-host list
            let fingerprint = StructureFingerprint.of(site)
            #expect(fingerprint != original, "\(name)")
            if let other = seen[fingerprint] { Issue.record("\(name) and \(other) give one fingerprint") }
            seen[fingerprint] = name
        }
        #expect(seen.count > 25)
    }

    /// Keyed entries may come in any order (a dictionary's changes from run to run); which key
    /// holds which value, an array's order, and nil against absent all count.
    @Test func keyedOrderDoesNotCountButEverythingElseDoes() {
        #expect(
            StructureFingerprint.of(Entries(pairs: [("a", 1), ("b", 2)])) == StructureFingerprint.of(Entries(pairs: [("b", 2), ("a", 1)])))
        #expect(
            StructureFingerprint.of(Entries(pairs: [("a", 1), ("b", 2)])) != StructureFingerprint.of(Entries(pairs: [("a", 2), ("b", 1)])))
        #expect(StructureFingerprint.of(Entries(pairs: [("a", 1)])) != StructureFingerprint.of(Entries(pairs: [("a", 1), ("b", 0)])))
        #expect(StructureFingerprint.of(Entries(pairs: [])) != StructureFingerprint.of([Int]()))
        #expect(StructureFingerprint.of(["a", "b"]) != StructureFingerprint.of(["b", "a"]))
        #expect(StructureFingerprint.of(["ab"]) != StructureFingerprint.of(["a", "b"]))
        #expect(StructureFingerprint.of([[1], [2]]) != StructureFingerprint.of([[1, 2]]))
        #expect(StructureFingerprint.of(Optional<String>.none) != StructureFingerprint.of(""))
        #expect(StructureFingerprint.of(Maybe(value: nil)) != StructureFingerprint.of(Maybe(value: "")))
        #expect(StructureFingerprint.of(1) != StructureFingerprint.of("1"))
        #expect(StructureFingerprint.of(1) != StructureFingerprint.of(true))
        #expect(StructureFingerprint.of(["a": 1, "b": 2]) == StructureFingerprint.of(["b": 2, "a": 1]))
    }

    /// Keyed entries written in the order given.
    struct Entries: Encodable {
        var pairs: [(String, Int)]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: NameKey.self)
            for (key, value) in pairs { try container.encode(value, forKey: NameKey(stringValue: key)) }
        }
    }

    /// Where the manifest is and on which lines its values stand is for messages, never for a
    /// page: a manifest read from another folder (`diff --base-manifest`), or with a comment
    /// line added, fingerprints the same, so its item pages are not rendered again.
    @Test func whereTheManifestIsDoesNotCount() throws {
        let site = try #require(Fixtures.build(Fixtures.validManifest).site)
        var relined = site
        relined.routes[0].location.line += 1
        #expect(StructureFingerprint.of(site) == StructureFingerprint.of(relined))
        let moved = try #require(
            Linkwell.build(
                SourceFile(path: "../base/site.yaml", text: "# a comment\n\n" + Fixtures.validManifest),
                project: InMemoryProjectFiles([:])
            ).site)
        #expect(StructureFingerprint.of(site) == StructureFingerprint.of(moved))
    }

    /// Contiguous bytes are mixed a word at a time, others byte by byte: the same words, so the
    /// same fingerprint (build records on disk hold fingerprints).
    @Test func wordsAndBytesMixTheSame() {
        var random = PropertyTests.Random(state: 0xF1A9_3E)
        let seed = PageFingerprint(high: 1, low: 2)
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8(random.below(256)) }
            var words = PageFingerprint.Lanes(seed)
            var single = PageFingerprint.Lanes(seed)
            words.add(bytes)
            single.add(bytes.lazy.map { $0 })
            #expect(words.value == single.value, "\(length) bytes")
            let text = String(decoding: bytes.map { $0 & 0x7F }, as: UTF8.self) + "zoë"
            var fromText = PageFingerprint.Lanes(seed)
            var fromBytes = PageFingerprint.Lanes(seed)
            fromText.add(text.utf8)
            fromBytes.add(Array(text.utf8).lazy.map { $0 })
            #expect(fromText.value == fromBytes.value, "\(text)")
        }
    }

    /// A row's fingerprint is the page type's name, its path, then each column's name and value
    /// in name order, whatever the file's column order (build records on disk hold fingerprints).
    @Test func aRowsFingerprintIsItsPathAndFieldsInNameOrder() {
        let seed = PageFingerprint(high: 3, low: 4)
        let location = SourceLocation(file: "p.csv", line: 2, column: 1)
        func row(_ names: [String], _ values: [String]) -> ItemRow {
            ItemRow(
                path: "/p/1", fields: ItemFields(names: ItemFields.Columns(names), values: values), location: location,
                pathLocation: location)
        }
        var expected = PageFingerprint.Lanes(seed)
        for piece in ["profile", "/p/1", "image", "https://img.example.com/1.png", "path", "/p/1", "title", "A title that is long"] {
            expected.add(piece.utf8)
        }
        let inOrder = row(["image", "path", "title"], ["https://img.example.com/1.png", "/p/1", "A title that is long"])
        let shuffled = row(["title", "image", "path"], ["A title that is long", "https://img.example.com/1.png", "/p/1"])
        #expect(seed.row("profile", inOrder) == expected.value)
        #expect(seed.row("profile", shuffled) == expected.value)
        #expect(
            seed.row("profile", row(["title", "image", "path"], ["Another", "https://img.example.com/1.png", "/p/1"])) != expected.value)
    }

    struct Maybe: Encodable {
        var value: String?
    }
}
