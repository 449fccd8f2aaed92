import Foundation
import LinkwellTestSupport
import Testing

@testable import LinkwellCore

@Suite struct OutputTests {
    @Test func jsonIsIndentedForReviewers() {
        struct Sample: Encodable {
            var empty: [String] = []
            var object: [String: String] = [:]
            var text = "a/b {\"x\": [1]}, é"
            var list = ["x", "y"]
        }
        #expect(
            JSONText.encode(Sample()) == """
                {
                  "empty": [],
                  "list": [
                    "x",
                    "y"
                  ],
                  "object": {},
                  "text": "a/b {\\"x\\": [1]}, é"
                }

                """)
    }

    /// A string that starts with a combining mark is one character with its opening quote; the
    /// indenter reads bytes, so it still sees the string open and leaves its commas alone.
    @Test func jsonKeepsStringsThatStartWithACombiningMark() throws {
        let text = "\u{301}, {not: [structure]}"
        let encoded = JSONText.encode(["comment": text, "path": "/a"])
        #expect(try JSONValue.parse(encoded) == .object(["comment": .string(text), "path": .string("/a")]))
        #expect(encoded == "{\n  \"comment\": \"\(text)\",\n  \"path\": \"/a\"\n}\n")
    }

    @Test func sameInputGivesIdenticalBytes() throws {
        let manifest = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)
        let first = Fixtures.buildBundled(manifest).files
        #expect(first.count > 50)
        for _ in 0..<5 { #expect(Fixtures.buildBundled(manifest).files == first) }
        for file in first {
            #expect(
                file.contents.isEmpty || file.contents.hasSuffix("\n") && !file.contents.hasSuffix("\n\n"),
                "\(file.path) must be empty or end with one newline")
            #expect(!file.contents.contains("\r") && !file.contents.hasPrefix("\u{FEFF}"), "\(file.path) must use LF and no BOM")
        }
        let mainFiles = Fixtures.buildBundled(manifest).result.files
        #expect(mainFiles.map(\.path) == mainFiles.map(\.path).sorted())
    }

    @Test func bothAASACopiesAreIdenticalAndValidJSON() throws {
        let files = Fixtures.build(Fixtures.validManifest).files
        let wellKnown = try #require(files.first { $0.path == "m.example.com/.well-known/apple-app-site-association" })
        let root = try #require(files.first { $0.path == "m.example.com/apple-app-site-association" })
        #expect(wellKnown.contents == root.contents)
        let object = try JSONSerialization.jsonObject(with: Data(wellKnown.contents.utf8)) as? [String: Any]
        let applinks = try #require(object?["applinks"] as? [String: Any])
        #expect((applinks["apps"] as? [Any])?.isEmpty == true)
    }

    @Test func anAASAOverTheSizeLimitIsAnError() {
        let routes = (1...1500).map { "  - name: r\($0)\n    path: /a-rather-long-path-segment-\($0)/*\n" }.joined()
        let yaml = Fixtures.validManifest.replacingOccurrences(of: "routes:\n", with: "routes:\n" + routes)
        let result = Fixtures.build(yaml)
        #expect(!result.succeeded && result.files.isEmpty)
        #expect(
            result.diagnostics.contains {
                $0.message.hasPrefix("the apple-app-site-association for 'm.example.com' is ") && $0.message.contains("over 128000 bytes")
            })
    }

    @Test func changesListAddedChangedAndRemovedFiles() {
        let existing: [String: [UInt8]] = ["a": Array("same".utf8), "b": Array("old".utf8), "gone": []]
        let files = [OutputFile(path: "a", contents: "same"), OutputFile(path: "b", contents: "new"), OutputFile(path: "c", contents: "")]
        #expect(OutputChange.changes(from: existing, to: files).map(\.description) == ["changed: b", "added: c", "removed: gone"])
        #expect(OutputChange.changes(from: ["a": Array("same".utf8)], to: [files[0]]).isEmpty)
    }
}
