import Foundation
import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// The checks that read every value of a kind walk the field tables (`FieldKind`), so a key
/// added to a table is checked without a word elsewhere. Held here on the bundled manifest: every
/// text and line value the tables find is, with a control character put into it, refused at its
/// own line and column — and the page type's `badge`, a key with no code of its own, is diffed
/// and reaches its template.
@Suite struct FieldKindTests {
    static let manifest = (try? String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)) ?? ""

    @Test func everyTextAndLineValueIsCheckedForControlCharacters() throws {
        let raw = try Linkwell.load(SourceFile(path: "site.yaml", text: Self.manifest)).get().manifest
        let values = ManifestFields.root.values(of: raw).filter { $0.kind == .text || $0.kind == .line }
        let lines = Self.manifest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var tested: Set<String> = []
        for value in values {
            let (line, column) = (value.value.location.line - 1, value.value.location.column - 1)
            let source = Array(lines[line])
            let written = Array(value.value.value)
            // Plain scalars only: a quoted one's text is not the source's.
            guard column + written.count <= source.count, Array(source[column..<column + written.count]) == written else { continue }
            var edited = lines
            edited[line] = String(source[..<column]) + "\"\\a" + String(written) + "\"" + String(source[(column + written.count)...])
            let result = Fixtures.build(edited.joined(separator: "\n"))
            let refused = result.diagnostics.contains {
                $0.severity == .error && $0.location == value.value.location && $0.message.contains("control character U+0007")
            }
            #expect(refused, "\(value.key) at \(value.value.location) took a control character")
            tested.insert(value.key.split(separator: ".").last.map(String.init) ?? value.key)
        }
        // The kinds of value the bundled manifest writes, each tried at least once.
        #expect(tested.isSuperset(of: ["name", "title", "description", "badge", "path", "web", "comment", "target", "disallow", "url"]))
    }

    @Test func aPageTypesTextKeyIsDiffedAndNamedByTemplatesWithNoCodeOfItsOwn() throws {
        let base = try #require(Fixtures.build(Self.manifest).site)
        let head = try #require(Fixtures.build(Self.manifest.replacingOccurrences(of: "badge: New ", with: "badge: Beta")).site)
        let changes = ManifestChanges(base: base, head: head).changes.map(\.text)
        #expect(changes == ["Page type `stories`: badge `New` → `Beta`."])
        let stories = try #require(head.pageTypes.first { $0.name == "stories" })
        #expect(stories.written.contains(ManifestFieldValue(key: "badge", text: "Beta", isPageText: true)))
        // A nested section's text is not `page.<key>`: `labels.open` belongs to `labels`.
        #expect(head.pageTypes.flatMap(\.written).filter(\.isPageText).allSatisfy { !$0.key.contains(".") })
    }

    /// Required keys are the tables' `required`, checked by one walk: a key taken out of the
    /// bundled manifest is missing at the mapping that lacked it, named as messages name it.
    @Test func everyRequiredKeyTheTablesMarkIsMissedAtItsMapping() throws {
        let cases: [(line: String, message: String)] = [
            ("    title: Amora Stories", "missing required key 'title' in page type 'stories'"),
            ("      mirror: mlink.example.com", "missing required key 'mirror' in a mirror pair"),
            ("      bundleID: com.example.amora", "missing required key 'bundleID' in iOS app 'amora'"),
        ]
        for (line, message) in cases {
            let lines = Self.manifest.split(separator: "\n", omittingEmptySubsequences: false)
            let index = try #require(lines.firstIndex { $0.hasPrefix(line) }, "\(line) is in site.yaml")
            let result = Fixtures.build(lines.enumerated().filter { $0.offset != index }.map(\.element).joined(separator: "\n"))
            #expect(result.diagnostics.contains { $0.severity == .error && $0.message == message }, "\(result.diagnostics)")
        }
    }
}
