import LinkwellCore
import LinkwellTestSupport
import Testing

/// What `diff` says of changes that are not regions of URLs: the apps' order with what the exact
/// walk found of it, a built file whose lines only moved, and a binary file.
@Suite struct DiffSentencesTests {
    static func side(_ yaml: String) throws -> ManifestDiff.Side {
        let result = Fixtures.build(yaml)
        try #require(result.succeeded, "\(result.diagnostics)")
        return ManifestDiff.Side(site: try #require(result.site), plan: try #require(result.plan), files: result.files)
    }

    /// Two iOS apps that open no URL in common: their order decides nothing, and the sentence says
    /// so (checked on every URL) instead of warning that one now opens what both open.
    @Test func swappingAppsThatShareNoURLSaysNoURLChangesHands() throws {
        let second = "    - id: studio\n      name: Studio\n      teamID: ABCDE12345\n      bundleID: com.example.studio\n"
        let base = Fixtures.validManifest
            .replacingOccurrences(of: "  android:\n", with: second + "  android:\n")
            .replacingOccurrences(
                of: "    page: product\n",
                with: "    page: product\n    apps: [example]\n  - name: studio\n    path: /s/*\n    apps: [studio]\n")
        let firstApp = try #require(base.range(of: "    - id: example\n      name: Example\n      teamID"))
        let studio = try #require(base.range(of: second))
        let swapped = base.replacingCharacters(
            in: firstApp.lowerBound..<studio.upperBound,
            with: second + base[firstApp.lowerBound..<studio.lowerBound])
        let diff = ManifestDiff(base: try Self.side(base), head: try Self.side(swapped))
        let order = try #require(diff.changes.changes.first { $0.text.hasPrefix("iOS apps' order changed") })
        #expect(
            order.text.hasSuffix(
                "No URL changes hands with both installed: no URL is opened by both (checked exactly on every URL of every host)."),
            "\(order.text)")
        #expect(!order.attention)
    }

    @Test func movedLinesAreReorderedAndBinaryFilesCountBytes() {
        let moved = ManifestDiff.FileChange(path: "a.json", kind: .changed, addedLines: 0, removedLines: 0)
        #expect(moved.reordered && moved.size == "reordered")
        let font = ManifestDiff.FileChange(path: "f.woff2", kind: .changed, addedLines: 0, removedLines: 0, bytes: (1_200, 1_450))
        #expect(!font.reordered && font.size == "1200 → 1450 bytes")
        let lines = ManifestDiff.FileChange(path: "index.html", kind: .changed, addedLines: 9, removedLines: 9)
        #expect(lines.size == "+9 −9")
    }

    /// A new pair's folders must be served before a release names its hosts: the report says so
    /// before anything else, not below the file table.
    @Test func aNewPairLeadsTheReportWithWhatToDeploy() throws {
        let head = Fixtures.validManifest.replacingOccurrences(
            of: "      mirror: mlink.example.com\n",
            with: "      mirror: mlink.example.com\n    - primary: ca.example.com\n      mirror: calink.example.com\n")
        let report = ManifestDiff(base: try Self.side(Fixtures.validManifest), head: try Self.side(head)).markdown(base: "a", head: "b")
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines[4].hasPrefix("**Before merging:** deploy `Output/ca.example.com` and `Output/calink.example.com` (mirror pair added)"),
            "\(lines.prefix(8))")
        #expect(report.range(of: "**Before merging:**")!.lowerBound < report.range(of: "**Summary.**")!.lowerBound)
    }
}
