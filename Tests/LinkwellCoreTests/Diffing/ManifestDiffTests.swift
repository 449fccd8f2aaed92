import Foundation
import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// `linkwell diff`'s report: a golden Markdown file for a change that touches every section
/// (Tests/Fixtures/diff: base.yaml → head.yaml), and the parts on their own.
@Suite struct ManifestDiffTests {
    /// A built side of the fixture, with the templates and item data beside it.
    static func side(_ name: String) throws -> ManifestDiff.Side {
        var beside: [String: String] = [:]
        for (path, text) in Fixtures.files(below: Fixtures.root.appendingPathComponent("diff")) where path.contains("/") {
            beside[path] = text
        }
        let project = InMemoryProjectFiles(beside)
        let result = Linkwell.build(SourceFile(path: "site.yaml", text: Fixtures.text("diff/\(name)")), project: project)
        try #require(result.succeeded, "\(result.diagnostics)")
        let site = try #require(result.site)
        let plan = try #require(result.plan)
        let templates = try #require(result.templates)
        var files: [OutputFile] = []
        let items = BuildOutput.files(of: result, project: project) { files.append($0) }
        #expect(!items.diagnostics.hasErrors, "\(items.diagnostics)")
        return ManifestDiff.Side(site: site, plan: plan, files: files, templates: templates)
    }

    /// The fixture's files beside its manifests, with `edit` applied to them.
    static func project(_ edit: (inout [String: String]) -> Void = { _ in }) -> InMemoryProjectFiles {
        var beside: [String: String] = [:]
        for (path, text) in Fixtures.files(below: Fixtures.root.appendingPathComponent("diff")) where path.contains("/") {
            beside[path] = text
        }
        edit(&beside)
        return InMemoryProjectFiles(beside)
    }

    /// Both sides streamed through `ItemPageComparison`, as `diff` runs: the same report as
    /// holding every page.
    static func streamedDiff(
        base: String, baseProject: InMemoryProjectFiles, head: String, headProject: InMemoryProjectFiles,
        editHead: (String) -> String = { $0 }, heldBytes: Int = ItemPageComparison.heldBytes
    ) throws -> ManifestDiff {
        let baseResult = Linkwell.build(SourceFile(path: "site.yaml", text: Fixtures.text("diff/\(base)")), project: baseProject)
        let headResult = Linkwell.build(
            SourceFile(path: "site.yaml", text: editHead(Fixtures.text("diff/\(head)"))), project: headProject)
        let items = ItemPageComparison(
            base: baseResult, baseProject: baseProject, head: headResult, headProject: headProject, heldBytes: heldBytes)
        func side(_ result: Linkwell.BuildResult, rows: [String: UInt64], count: Int) throws -> ManifestDiff.Side {
            ManifestDiff.Side(
                site: try #require(result.site), plan: try #require(result.plan), files: result.files, itemPages: rows,
                fileCount: result.files.count + count, templates: result.templates)
        }
        return ManifestDiff(
            base: try side(baseResult, rows: items.baseRows, count: 0),
            head: try side(headResult, rows: items.headRows, count: items.headCount),
            itemPages: items.fileChanges, itemPagesSameByFingerprint: items.sameByFingerprint)
    }

    @Test func streamedItemPagesGiveTheReportHoldingThemGives() throws {
        let held = ManifestDiff(base: try Self.side("base.yaml"), head: try Self.side("head.yaml"))
        let streamed = try Self.streamedDiff(base: "base.yaml", baseProject: Self.project(), head: "head.yaml", headProject: Self.project())
        #expect(streamed.files == held.files && streamed.fileCount == held.fileCount)
        // The streamed report also says which pages it did not render; the rest is the same.
        var unsaid = streamed
        unsaid.itemPagesSameByFingerprint = 0
        #expect(unsaid.markdown(base: "base.yaml", head: "head.yaml") == held.markdown(base: "base.yaml", head: "head.yaml"))
    }

    /// The head's changed pages kept for pass 3, some of them, or none (pass 4 renders them
    /// again): the same report.
    @Test func keptHeadPagesGiveTheSameReportAsRenderingThemAgain() throws {
        let diffs = try [ItemPageComparison.heldBytes, 5_000, 0].map { held in
            try Self.streamedDiff(
                base: "base.yaml", baseProject: Self.project(), head: "head.yaml", headProject: Self.project(), heldBytes: held)
        }
        // Changed pages whose counts are not symmetric, so that counting the wrong way round shows.
        #expect(diffs[0].files.contains { $0.kind == .changed && $0.path.contains("/p/") && $0.addedLines != $0.removedLines })
        #expect(diffs[0].files == diffs[2].files && diffs[1].files == diffs[2].files)
        let markdowns = diffs.map { $0.markdown(base: "base.yaml", head: "head.yaml") }
        #expect(markdowns[0] == markdowns[1] && markdowns[1] == markdowns[2])
    }

    /// One row edited and nothing else: only that row's pages are rendered twice, and they are
    /// the only item pages the report names, with the lines that changed.
    @Test func oneEditedRowIsTheOnlyItemPageChange() throws {
        let edited = Self.project { files in
            files["data/head-products.csv"] = files["data/head-products.csv"]?.replacingOccurrences(
                of: "Brews tea", with: "Brews green tea")
        }
        let diff = try Self.streamedDiff(base: "head.yaml", baseProject: Self.project(), head: "head.yaml", headProject: edited)
        let items = diff.files.filter { $0.path.hasSuffix("/p/teapot.html") }
        #expect(!items.isEmpty && items.allSatisfy { $0.kind == .changed && $0.addedLines > 0 && $0.addedLines == $0.removedLines })
        #expect(diff.files.allSatisfy { $0.path.hasSuffix("/p/teapot.html") }, "\(diff.files.map(\.path))")
        #expect(diff.changes.changes.map(\.text) == ["1 item page changed: `/p/teapot`."])
        // Every other item page was counted on its fingerprint, and the report says so.
        let built = Linkwell.build(SourceFile(path: "site.yaml", text: Fixtures.text("diff/head.yaml")), project: Self.project())
        var emitted = 0
        _ = BuildOutput.files(of: built, project: Self.project()) { _ in emitted += 1 }
        let itemPageCount = emitted - built.files.count
        #expect(diff.itemPagesSameByFingerprint == itemPageCount - items.count && diff.itemPagesSameByFingerprint > 0)
        #expect(
            diff.markdown(base: "head.yaml", head: "head.yaml").contains("\(diff.itemPagesSameByFingerprint) item pages were not rendered"))
        let same = try Self.streamedDiff(base: "head.yaml", baseProject: Self.project(), head: "head.yaml", headProject: Self.project())
        #expect(same.isEmpty && same.itemPagesSameByFingerprint == itemPageCount)
        // A route's comment changes every page's fingerprint (the manifest's structure) and no
        // page's bytes: every page is rendered on both sides, and none is a change.
        let recommented = try Self.streamedDiff(
            base: "head.yaml", baseProject: Self.project(), head: "head.yaml", headProject: Self.project(),
            editHead: { $0.replacingOccurrences(of: "comment: payment stays in the browser", with: "comment: checkout stays on the web") })
        #expect(recommented.files.allSatisfy { !$0.path.hasSuffix("/p/teapot.html") && !$0.path.contains("/p/") }, "\(recommented.files)")
        #expect(!recommented.changes.changes.contains { $0.topic == "item pages" })
        let sites = try ["payment stays in the browser", "checkout stays on the web"].map { comment in
            let text = Fixtures.text("diff/head.yaml").replacingOccurrences(of: "payment stays in the browser", with: comment)
            let result = Linkwell.build(SourceFile(path: "site.yaml", text: text), project: Self.project())
            return PageFingerprint.build(site: try #require(result.site), templates: try #require(result.templates), identity: [])
        }
        #expect(sites[0] != sites[1], "the comment must change the pages' fingerprints for this to test the bytes")
    }

    @Test func reportMatchesGoldenFile() throws {
        let diff = ManifestDiff(base: try Self.side("base.yaml"), head: try Self.side("head.yaml"))
        let report = diff.markdown(base: "base.yaml", head: "head.yaml")
        let golden = Fixtures.root.appendingPathComponent("diff/report.md")
        if Fixtures.isRecording {
            try Data(report.utf8).write(to: golden)
            return
        }
        #expect(
            report == Fixtures.text("diff/report.md"),
            "diff/report.md differs (re-record with LINKWELL_RECORD=1 if intended):\n\(Fixtures.lineDifference(expected: Fixtures.text("diff/report.md"), actual: report))"
        )
    }

    @Test func eachKindOfChangeIsFound() throws {
        let diff = ManifestDiff(base: try Self.side("base.yaml"), head: try Self.side("head.yaml"))
        #expect(
            diff.routes.map { "\($0.kind.rawValue) \($0.name)" } == [
                "added deals", "removed business", "changed checkout", "changed product", "changed cafe", "changed app-screen",
                "moved order",
            ], "routes without `hosts` gain the new pair's hosts")
        let business = try #require(diff.links.first { $0.url == "https://shop.example.com/b/sample" })
        #expect(business.before == .opens(route: "business") && business.after == .browser)
        #expect(business.apps == ["shop-business"] && business.platforms == [.ios, .iosLegacy])
        let checkout = try #require(diff.links.first { $0.url == "https://shop.example.com/checkout/sample" })
        #expect(checkout.before == .excluded(route: "checkout") && checkout.after == .browser)
        #expect(diff.previews.contains { $0.url == "https://shop.example.com/p/sample" && $0.aspect == "web" })
        #expect(diff.files.contains { $0.path == "shop.example.com/.well-known/apple-app-site-association" && $0.kind == .changed })
    }

    @Test func aManifestComparedWithItselfChangesNothing() throws {
        let side = try Self.side("base.yaml")
        let diff = ManifestDiff(base: side, head: side)
        #expect(diff.isEmpty)
        let report = diff.markdown(base: "a", head: "b")
        #expect(
            report.contains(
                "No sample URL changes what it does on any platform (each app judged on its own; with several installed, see the section above)."
            ))
        #expect(report.contains("Proved: no URL on any host changes what it does, on any platform, for any app ("))
        #expect(report.contains("No built file changes (\(side.files.count) files)."))
        #expect(!report.contains("### What else changes"))
    }

    /// Every kind of change a reviewer must see is a sentence naming its app, key, host or page type.
    /// `head.yaml`'s Android app `shop` (the `- id: shop` line under `android:`).
    static let androidAppLine = 25

    @Test func everyCategoryIsASentence() throws {
        let diff = ManifestDiff(base: try Self.side("base.yaml"), head: try Self.side("head.yaml"))
        let topics = diff.changes.changes.map(\.topic).uniqued()
        #expect(
            topics == [
                "apps", "signing keys", "hosts", "short links", "page types", "home pages", "theme", "templates", "item pages",
                "robots.txt", "link tests",
            ])
        let texts = diff.changes.changes.map(\.text)
        #expect(
            texts.contains(
                "Android app `shop`: signing key `B1:35:8E…A3:44` replaced by `3F:1A:9C…2A:F5`; builds signed only with the old key no longer verify."
            ))
        #expect(texts.contains("Short link `s.example.com/sale` retargeted: `/p/kettle?ref=sale` → `/p/kettle?ref=spring-sale`."))
        #expect(texts.contains("1 item page added: `/p/cup`."))
        #expect(
            texts.contains {
                $0.hasPrefix(
                    "Home and not-found pages on 3 hosts (`shop.example.com`, `open.shop.example.com`, `s.example.com`) now promote `Shop` on iOS (App Store `987654322`)"
                )
            })
        #expect(
            diff.changes.changes.filter(\.attention).count == 5,
            "app ID, signing key, short link, item page removed and the home pages' app")
        // A URL on a host the base did not have is "host not in the manifest", not "app not in the manifest".
        let newHost = try #require(diff.links.first { $0.url == "https://deals.example.com/deals/spring" })
        #expect(newHost.before == .noHost)
        // The annotations GitHub shows: a warning per change that needs attention, a notice per link that now opens or closes.
        let annotations = diff.annotations(manifest: "site.yaml")
        #expect(annotations.filter { $0.severity == .warning }.count == 5)
        // A key rotation attaches to the Android app's line in the head manifest (GitHub's file= and line=).
        let rotation = try #require(annotations.first { $0.message.contains("signing key") })
        #expect(rotation.location?.line == Self.androidAppLine)
        let github = DiagnosticFormat.github.render(rotation)
        #expect(github.contains("file=site.yaml,line=\(Self.androidAppLine)"), "\(github)")
        #expect(
            annotations.contains {
                $0.severity == .note && $0.message.hasPrefix("https://shop.example.com/b/sample no longer opens the app")
            })
    }

    /// The pull request that adds the manifest: no base, everything is added.
    @Test func aFirstPullRequestReportsEverythingAsAdded() throws {
        let head = try Self.side("base.yaml")
        let diff = ManifestDiff(base: nil, head: head)
        let report = diff.markdown(base: "origin/main (no manifest)", head: "site.yaml")
        #expect(report.contains("`origin/main (no manifest)` has no manifest: this change adds `site.yaml`, so everything below is new."))
        #expect(report.contains("- iOS app `shop` (Shop, `ABCDE12345.com.example.shop`) added."))
        #expect(report.contains("- Android app `shop` (Shop, `com.example.shop`) added with 2 signing keys."))
        #expect(report.contains("- Mirror pair `shop.example.com` ↔ `open.shop.example.com` added: deploy both folders before merging."))
        #expect(report.contains("- Short link `s.example.com/sale` added → `/p/kettle?ref=sale`."))
        #expect(report.contains("- 3 item pages added: `/p/kettle`, `/p/mug`, `/p/teapot`."))
        #expect(report.contains("- **added** `checkout`"))
        #expect(
            report.contains("| `shop.example.com`, `open.shop.example.com` | iOS 13+ | shop (ABCDE12345.com.example.shop), shop-business"))
        #expect(report.contains("**Summary.** "))
        #expect(report.contains("(the new build has \(head.files.count) files)"))
    }

    @Test func theJSONFormHoldsEverySection() throws {
        let diff = ManifestDiff(base: try Self.side("base.yaml"), head: try Self.side("head.yaml"))
        let json = try JSONValue.parse(diff.json(base: "base.yaml", head: "head.yaml"))
        guard case .object(let report) = json else {
            Issue.record("not an object")
            return
        }
        #expect(
            Set(report.keys) == [
                "version", "base", "head", "firstManifest", "links", "unproved", "regions", "samples", "changes", "previews", "routes",
                "files",
                "fileCount", "itemPagesSameByFingerprint", "newWarnings", "resolvedWarnings",
            ])
        #expect(report["firstManifest"] == .bool(false) && report["links"] == .string("different"))
        guard case .array(let changes) = report["changes"] else {
            Issue.record("no changes")
            return
        }
        #expect(changes.count == diff.changes.changes.count)
        #expect(
            changes.first
                == .object([
                    "topic": .string("apps"),
                    "text": .string("iOS app shop: App Store ID 987654321 → 987654322 (store links and smart banners)."),
                    "markdown": .string(diff.changes.changes[0].text), "attention": .bool(false),
                    // Where the head manifest holds the entry (the iOS app), as diagnostics give it.
                    "location": .object(["file": .string("site.yaml"), "line": .number(14), "column": .number(7)]),
                ]))
    }

    @Test func aMovedLineCountsAsNeitherAddedNorRemoved() {
        #expect(FileChanges.lineCounts("a\nb\nc\n", "c\na\nb\n") == (0, 0))
        #expect(FileChanges.lineCounts("a\nb\n", "a\nx\ny\n") == (2, 1))
    }
}

/// The comment names the build warnings a change adds and those it resolves.
@Suite struct DiffWarningTests {
    static func side(_ yaml: String) throws -> ManifestDiff.Side {
        let result = Fixtures.build(yaml)
        var side = ManifestDiff.Side(site: try #require(result.site), plan: try #require(result.plan), files: result.files)
        side.warnings = result.diagnostics
        return side
    }

    @Test func newAndResolvedWarningsAreInTheComment() throws {
        let base = Fixtures.validManifest.replacingOccurrences(
            of: "routes:\n", with: "routes:\n  - {name: mirror-only, path: '/m/*_x', hosts: [mlink.example.com]}\n")
        // The Android app gets an id of its own, so a route naming the iOS app's is iOS-only.
        let head = Fixtures.validManifest.replacingOccurrences(
            of: "routes:\n", with: "routes:\n  - {name: ios-only, path: /i/*, apps: [example]}\n"
        )
        .replacingOccurrences(
            of: "    - id: example\n      name: Example\n      package:", with: "    - id: droid\n      name: Example\n      package:")
        let diff = ManifestDiff(base: try Self.side(base), head: try Self.side(head))
        #expect(diff.resolvedWarnings.contains { $0.code == .singleMirror }, "\(diff.resolvedWarnings)")
        #expect(diff.newWarnings.contains { $0.code == .singlePlatform }, "\(diff.newWarnings)")
        let markdown = diff.markdown(base: "base", head: "head")
        #expect(markdown.contains("### Warnings"))
        #expect(markdown.contains("- resolved: `site.yaml:"), "\(markdown)")
        // The message is shown as code, so a pattern's `*` and `_` never turn into emphasis.
        #expect(markdown.contains("/m/*_x"), "\(markdown)")
        #expect(!markdown.contains("/m/\\*"), "\(markdown)")
        let json = try JSONValue.parse(diff.json(base: "base", head: "head"))
        #expect(json["newWarnings"]?.array?.isEmpty == false && json["resolvedWarnings"]?.array?.count == diff.resolvedWarnings.count)
    }
}

/// A region's example URL is one a reviewer would write: an empty segment is filled in where the
/// filled URL is decided alike on both sides (checked with `match`'s matchers).
@Suite struct ReadableWitnessTests {
    @Test func aNewExclusionIsShownWithoutAnEmptySegment() throws {
        let head = Fixtures.validManifest.replacingOccurrences(
            of: "routes:\n", with: "routes:\n  - {name: product-report, path: /p/*/report, exclude: true}\n")
        let diff = ManifestDiff(base: try DiffWarningTests.side(Fixtures.validManifest), head: try DiffWarningTests.side(head))
        let examples = Set(diff.regions.changes.filter { $0.platform == .ios }.map(\.witness))
        #expect(!examples.isEmpty && examples.allSatisfy { !$0.dropFirst("https://".count).contains("//") }, "\(examples)")
        #expect(examples.contains { $0.hasSuffix("/p/x/report") }, "\(examples)")
    }

    @Test func anEmptySegmentStaysWhenFillingItChangesTheDecision() throws {
        // Only `/p//` is excluded: filling the segment in leaves the exclusion, so the shortest stays.
        let aasa = { (paths: [String]) in
            try JSONValue.parse(
                #"{"applinks":{"details":[{"appIDs":["T.app"],"components":["#
                    + paths.map { #"{"/":"\#($0)","exclude":true}"# }.joined(separator: ",") + #",{"/":"/p/*"}]}]}}"#)
        }
        let files = ReadableWitness.Files(
            before: .init(aasa: try aasa(["/none"]), assetLinks: nil), after: .init(aasa: try aasa(["/p//"]), assetLinks: nil))
        let url = "https://example.com/p//"
        let parts = try #require(URLParts(url))
        let before = try #require(ReadableWitness.decide(parts, platform: .ios, app: "T.app", files.before))
        let after = try #require(ReadableWitness.decide(parts, platform: .ios, app: "T.app", files.after))
        #expect(before.outcome == .match && after.outcome == .exclude)
        #expect(ReadableWitness.readable(url, platform: .ios, app: "T.app", files: files, before: before, after: after) == url)
        #expect(ReadableWitness.filledPath("/a//b///", with: "x") == "/a/x/b/x/x/")
    }
}

/// The review a person reads in ten seconds, on a two-pair site with a short host.
extension ManifestDiffTests {
    /// Two route changes (a new route, a new exclusion) on two mirror pairs: the summary names
    /// the four hosts, and the region rows are one per change and platform group (at most 8),
    /// each with its breadth — not 7 per host.
    @Test func twoRouteChangesOnTwoPairsAreAFewRowsNamingTheirHosts() throws {
        let project = Self.project()
        func built(_ yaml: String) throws -> ManifestDiff.Side {
            let result = Linkwell.build(SourceFile(path: "site.yaml", text: yaml), project: project)
            try #require(result.succeeded, "\(result.diagnostics)")
            var files: [OutputFile] = []
            _ = BuildOutput.files(of: result, project: project) { files.append($0) }
            return ManifestDiff.Side(
                site: try #require(result.site), plan: try #require(result.plan), files: files, templates: result.templates)
        }
        let base = Fixtures.text("diff/base.yaml").replacingOccurrences(
            of: "      mirror: open.shop.example.com\n",
            with: "      mirror: open.shop.example.com\n    - primary: deals.example.com\n      mirror: open.deals.example.com\n")
        let head = base.replacingOccurrences(
            of: "  - name: product\n",
            with: "  - name: promo-private\n    path: /promo/private/*\n    exclude: true\n  - name: promo\n    path: /promo/*\n"
                + "  - name: product\n")
        let diff = ManifestDiff(base: try built(base), head: try built(head))
        let report = diff.markdown(base: "base.yaml", head: "head.yaml")
        let summary = try #require(report.split(separator: "\n").first { $0.hasPrefix("**Summary.**") })
        for host in ["shop.example.com", "open.shop.example.com", "deals.example.com", "open.deals.example.com"] {
            #expect(summary.contains("`\(host)`"), "\(summary)")
        }
        let rows = diff.regionRows
        #expect(rows.count <= 8, "\(rows.map { "\($0.hosts) \($0.platforms) \($0.example)" })")
        #expect(rows.allSatisfy { $0.hosts.count == 4 && $0.change.breadth != nil })
        #expect(report.contains("<br>infinitely many, all starting `/promo"))
    }
}
