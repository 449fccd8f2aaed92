import Foundation
import LinkwellCore
import LinkwellTestSupport
import Testing

/// docs/manifest.md's key tables are generated from the field tables: the committed file must
/// equal its regeneration (LINKWELL_RECORD=1 rewrites it), and it must hold every section.
@Suite struct ManifestReferenceTests {
    private let file = Fixtures.repositoryRoot.appendingPathComponent("docs/manifest.md")

    @Test func theReferenceTablesAreCurrent() throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let updated = try ManifestReference.updating(text).get()
        if Fixtures.isRecording, updated != text { try Data(updated.utf8).write(to: file) }
        #expect(
            updated == text, "docs/manifest.md is behind the field tables: LINKWELL_RECORD=1 swift test --filter ManifestReferenceTests")
    }

    @Test func everySectionHasItsTable() throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        for path in ManifestReference.paths { #expect(text.contains("<!-- fields: \(path) -->"), "no table for \(path)") }
    }

    /// Every nested mapping of the manifest (`theme.fonts[]`, `homePages`…) has its own table.
    @Test func everyPathWithKeysIsASection() {
        let missing = ManifestReference.pathsWithKeys.filter { !ManifestReference.paths.contains($0) }
        #expect(missing.isEmpty, "docs/manifest.md has no table for \(missing)")
    }

    @Test func anUnknownSectionIsNamed() {
        #expect(throws: ManifestReference.UnknownSection(path: "nowhere")) {
            try ManifestReference.updating("<!-- fields: nowhere -->\n<!-- end fields -->").get()
        }
    }
}
