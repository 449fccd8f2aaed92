import Foundation
import Testing

@testable import LinkwellCore

/// `linkwell diff`'s report: a golden Markdown file for a change that touches every section
/// (Tests/Fixtures/diff: base.yaml → head.yaml), and the parts on their own.
@Suite struct ManifestDiffTests {
    static func side(_ name: String) throws -> ManifestDiff.Side {
        let result = Fixtures.build(Fixtures.text("diff/\(name)"))
        let site = try #require(result.site, "\(result.diagnostics)")
        let plan = try #require(result.plan)
        return ManifestDiff.Side(site: site, plan: plan, files: result.files)
    }

    @Test func reportMatchesGoldenFile() throws {
        let diff = ManifestDiff(base: try Self.side("base.yaml"), head: try Self.side("head.yaml"))
        let report = diff.markdown(base: "base.yaml", head: "head.yaml")
        let golden = Fixtures.root.appendingPathComponent("diff/report.md")
        if Fixtures.isRecording {
            try Data(report.utf8).write(to: golden)
            return
        }
        #expect(report == Fixtures.text("diff/report.md"), "diff/report.md differs; re-record with LINKWELL_RECORD=1 if intended")
    }

    @Test func eachKindOfChangeIsFound() throws {
        let diff = ManifestDiff(base: try Self.side("base.yaml"), head: try Self.side("head.yaml"))
        #expect(
            diff.routes.map { "\($0.kind.rawValue) \($0.name)" } == ["added deals", "removed business", "changed checkout", "moved order"])
        let business = try #require(diff.links.first { $0.url == "https://shop.example.com/b/sample" })
        #expect(business.before == .opens(route: "business") && business.after == .browser)
        #expect(business.apps == ["shop-business"] && business.platforms == [.ios, .iosLegacy])
        let checkout = try #require(diff.links.first { $0.url == "https://shop.example.com/checkout/sample" })
        #expect(checkout.before == .excluded(route: "checkout") && checkout.after == .browser)
        #expect(diff.previews.contains { $0.url == "https://shop.example.com/p/sample" && $0.aspect == "web" })
        #expect(diff.files.contains { $0.path == "shop.example.com/.well-known/apple-app-site-association" && $0.kind == .changed })
    }

    @Test func aManifestComparedWithItselfChangesNothing() throws {
        let diff = ManifestDiff(base: try Self.side("base.yaml"), head: try Self.side("base.yaml"))
        #expect(diff.isEmpty)
        let report = diff.markdown(base: "a", head: "b")
        #expect(report.contains("No sample URL changes what it does on any platform."))
        #expect(report.contains("Proved: no URL on any host changes what it does, on any platform, for any app ("))
        #expect(report.contains("No built file changes (47 files)."))
    }

    @Test func aMovedLineCountsAsNeitherAddedNorRemoved() {
        #expect(FileChanges.lineCounts("a\nb\nc\n", "c\na\nb\n") == (0, 0))
        #expect(FileChanges.lineCounts("a\nb\n", "a\nx\ny\n") == (2, 1))
    }
}
