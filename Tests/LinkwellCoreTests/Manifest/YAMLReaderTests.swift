import Foundation
import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// The manifest reader (libyaml's parser under Linkwell's composer) on what people write: every
/// YAML file of the repository reads (the invalid fixtures pin their own errors), every corner
/// of YAML and thousands of hand-edit mutations either read or are refused at a place inside the
/// text, and tags and directives read as libyaml reports them. The YAML test suite holds the
/// values (YAMLTestSuiteTests).
@Suite struct YAMLReaderTests {
    /// Nil when the text reads, or is refused at a line and column inside it; else what is wrong.
    static func problem(_ text: String, path: String = "site.yaml") -> String? {
        switch YAMLParser.parse(SourceFile(path: path, text: text)) {
        case .success: return nil
        case .failure(let diagnostic):
            guard let location = diagnostic.location else { return "no location: \(diagnostic)" }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            return location.line >= 1 && location.line <= max(lines, 1) + 1 && location.column >= 1
                ? nil : "outside the text: \(diagnostic)"
        }
    }

    static let repositoryYAML: [URL] = {
        let enumerator = FileManager.default.enumerator(at: Fixtures.repositoryRoot, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            let path = url.path
            if path.contains("/.build") || path.contains("/.git/") || path.contains("/yaml-test-suite/") { continue }
            if path.hasSuffix(".yaml") || path.hasSuffix(".yml") { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }()

    @Test func everyYAMLFileInTheRepositoryReads() throws {
        #expect(Self.repositoryYAML.count > 50)
        for url in Self.repositoryYAML {
            let text = try String(contentsOf: url, encoding: .utf8)
            if url.path.contains("/Fixtures/invalid/") {
                if let problem = Self.problem(text) { Issue.record("\(url.lastPathComponent): \(problem)") }
            } else if case .failure(let diagnostic) = YAMLParser.parse(SourceFile(path: url.lastPathComponent, text: text)) {
                Issue.record("\(url.lastPathComponent): \(diagnostic)")
            }
        }
    }

    /// Tags and directives as libyaml reports them: `!!str` makes text of what would be a
    /// boolean or a number, a tag a manifest cannot hold is refused at its value, and a YAML
    /// version libyaml does not read is refused at its directive.
    @Test func tagsAndDirectivesReadAsLibyamlReportsThem() throws {
        func scalar(_ text: String) throws -> YAMLNode.Scalar? {
            guard case .success(.mapping(let entries, _)) = YAMLParser.parse(SourceFile(path: "site.yaml", text: text)),
                case .scalar(let scalar) = entries.first?.value
            else { return nil }
            return scalar
        }
        for text in ["a: !!str true\n", "a: !!str 1\n", "a: ! 12\n", "a: !<tag:yaml.org,2002:str> null\n"] {
            let value = try #require(try scalar(text), "\(text)")
            #expect(!value.isPlain, "\(text): read as text, not by its spelling")
        }
        #expect(try scalar("a: !!bool true\n")?.isPlain == true)
        func error(_ text: String) -> String? {
            if case .failure(let diagnostic) = YAMLParser.parse(SourceFile(path: "site.yaml", text: text)) { return diagnostic.description }
            return nil
        }
        #expect(
            error("%YAML 2.0\n---\na: 1\n")
                == "site.yaml:1:1: error: invalid YAML: found incompatible YAML document: the %YAML directive names a version libyaml does not read (1.1 and 1.2 are read); remove it"
        )
        #expect(
            error("a: !!null Amora\n")?.hasPrefix("site.yaml:1:4: error: value 'Amora' has the YAML tag '!!null' but is not of that type")
                == true)
        #expect(
            error("a: !!binary aGk=\n")?.hasPrefix("site.yaml:1:4: error: YAML tag '!!binary' is not something a manifest holds") == true)
    }

    /// The corners of YAML a hand-written manifest can reach: block scalars with every header,
    /// folding, escapes, flow collections, properties, documents, line breaks of every kind.
    static let corners: [String] = [
        "a: |\n  one\n  two\n\n\nb: x\n", "a: |-\n  one\n\n", "a: |+\n  one\n\n\n", "a: >\n  one\n  two\n\n  three\n   more\n  end\n",
        "a: >2-\n    indented\n   x\n", "a: |1\n  x\n", "- |\n  x\n- >-\n  y\n", "a: |\n\tbad\n", "a: | # comment\n  x\n", "a: |x\n",
        "a: \"esc \\t \\n \\\\ \\\" \\x41 \\u00e9 \\U0001F600 \\N \\_ \\L \\P \\e \\0 \\/\"\n", "a: \"bad \\q\"\n", "a: \"\\ud800\"\n",
        "a: \"line\n  folded\n\n  para\"\n", "a: \"escaped \\\n  break\"\n", "a: 'it''s'\n", "a: 'multi\n  line'\n", "a: \"open\n",
        "a: plain\n  continued\n\n  para\n", "a: plain # comment\n", "a: x:y\n", "a: -x\n", "a: ?x\n", "a: :x\n", "? complex\n: value\n",
        "? [a, b]\n: c\n", "a: [b, c, [d, {e: f}], g: h, ? i]\n", "a: {b: c, d, e: [f], ? g : h}\n", "a: [b, c\n", "a: {b: c\n",
        "[a, b]: c\n", "{a: 1}\n", "a: [b: c, d]\n", "a: [:b]\n", "a: {b:c}\n", "a: [b:c]\n", "a: {\"b\":c}\n", "a: [a:, b]\n",
        "a: &x 1\nb: *x\n", "a: &x\n  b: 1\nc: *x\n", "a: *nope\n", "a: &x [*x]\n", "a: !!str 1\n", "a: !!binary aGk=\n",
        "a: !custom x\n", "a: !<tag:yaml.org,2002:str> x\n", "a: ! x\n", "%TAG !e! tag:example.com,2000:\n---\na: !e!x y\n",
        "a: !e!x y\n", "%YAML 1.1\n---\na: 1\n", "--- \na: 1\n...\n", "---\n---\n", "a: 1\n---\nb: 2\n", "...\n", "---\n", "# only\n", "",
        "a: 1\r\nb: 2\r\n", "a: 1\rb: 2\r", "\u{FEFF}a: 1\n", "a:\n  - 1\n  -\n  - 3\n", "a:\n- 1\n- 2\nb: 3\n", "- - a\n  - b\n- c\n",
        "a:\n  b:\n    c: d\n  e: f\n", "a: 1\n b: 2\n", "a: 1\n  - b\n", "a:\n\t- b\n", "a: b\n\tc\n", "- a\nb: c\n", "a: b: c\n",
        "a: 1\na: 2\n", "{a: 1, a: 2}\n", "a:\n  x: 1\n  'x': 2\n", "a: 'x'\n'a': 2\n", "key with spaces: v\n", "a: x\u{85}b: y\n",
        "a: x\u{2028}b: y\n", "a: [\n  b,\n  c\n]\n", "a: {\n  b: c\n  }\n", "a: -\n", "- \n- x\n", "a: @x\n", "a: `x\n", "a: %x\n",
        "a: \u{1}\n", "a: \"\u{7F}\"\n", "&a a: b\n", "!!map\na: b\n", "a: !!seq\n- x\n", "a: &x\nb: 1\n", "? a\n? b\n", ": a\n",
        "a:\n  - b: c\n    d: e\n  - f\n", "'a\n  b': c\n", "a: |\n  x\n y\n", "a: >\n\n  x\n", "a: \"\\\n\"\n", "\"a\": [\"b\", 'c', d]\n",
        "a: 12e3\nb: 0x1F\nc: ~\nd: null\ne: no\n", "a: !foo,bar x\n", "[!foo, x]\n", "a: !<tag:x,y> z\n", "%FOO bar\n---\na: 1\n",
        "%TAG !x! tag:a,b:[c]\n---\na: !x!y z\n", "a: !!str\n", "a: &\n", "a: *\n", "a: !!\n", "- !e!x y\n",
        String(repeating: "[", count: 1_200) + "a" + String(repeating: "]", count: 1_200) + "\n",
    ]

    @Test func yamlCornersReadOrAreRefusedInPlace() {
        var refused = 0
        for text in Self.corners {
            if let problem = Self.problem(text) { Issue.record("\(text.debugDescription): \(problem)") }
            if case .failure = YAMLParser.parse(SourceFile(path: "site.yaml", text: text)) { refused += 1 }
        }
        // Both kinds occur: the corners hold valid and broken YAML.
        #expect(refused > 20 && refused < Self.corners.count - 20, "\(refused) of \(Self.corners.count)")
    }

    /// Thousands of broken manifests from the repository's own (truncations, flipped
    /// indicators, moved and repeated lines, tabs): the same tree or the same error.
    @Test func mutatedManifestsReadOrAreRefusedInPlace() throws {
        let bases = try Self.repositoryYAML.map { try String(contentsOf: $0, encoding: .utf8) }.filter { $0.utf8.count < 20_000 }
        var random = PropertyTests.Random(state: 0x59A7_11E5)
        var differences = 0
        for round in 0..<4_000 {
            var text = random.pick(bases)
            for _ in 0..<(1 + random.below(3)) { text = Self.mutate(text, &random) }
            if let problem = Self.problem(text) {
                differences += 1
                if differences <= 5 { Issue.record("round \(round), \(text.debugDescription): \(problem)") }
            }
        }
        #expect(differences == 0)
    }

    /// A change a hand edit makes: a YAML indicator, a tab, a space or a line break put in, a
    /// character taken out, a line cut short, moved or repeated.
    static func mutate(_ text: String, _ random: inout PropertyTests.Random) -> String {
        var scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return "a: " }
        let at = random.below(scalars.count)
        switch random.below(6) {
        case 0:
            scalars.insert(random.pick(Array(":-[]{}\"'#&*!|>%@` \n\t\\,?".unicodeScalars)), at: at)
        case 1:
            scalars.remove(at: at)
        case 2:
            scalars[at] = random.pick(Array(":-[]{}\"'#&*!|>%@` \n\t\\,?".unicodeScalars))
        default:
            var lines = String(String.UnicodeScalarView(scalars)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let line = random.below(lines.count)
            switch random.below(3) {
            case 0: lines[line] = String(lines[line].prefix(random.below(lines[line].count + 1)))
            case 1: lines.insert(lines[line], at: random.below(lines.count))
            default: lines.insert("  " + lines[line], at: line)
            }
            return lines.joined(separator: "\n")
        }
        return String(String.UnicodeScalarView(scalars))
    }
}
