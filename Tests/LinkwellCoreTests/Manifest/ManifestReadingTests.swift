import Foundation
import LinkwellCore
import LinkwellTestSupport
import Testing

/// How YAML's looser corners are read, decided on purpose and pinned here.
@Suite struct ManifestReadingTests {
    /// Text fields take the scalar as written: `no`, `on` and `1e3` stay text (no Norway problem).
    @Test func scalarsAreReadByTheSchemaNotByYAMLGuessing() throws {
        let yaml = Fixtures.validManifest.replacingOccurrences(of: "title: A product", with: "title: no").replacingOccurrences(
            of: "name: Example\nscheme", with: "name: 1e3\nscheme")
        let site = try #require(Fixtures.build(yaml).site)
        #expect(site.pageTypes[0].title == "no")
        #expect(site.name == "1e3")
    }

    @Test func quotedBooleansAreNotBooleans() {
        let yaml = Fixtures.validManifest.replacingOccurrences(of: "exclude: true", with: "exclude: 'true'")
        #expect(
            Fixtures.build(yaml).diagnostics.map(\.description) == [
                "site.yaml:25:14: error: expected true or false for 'exclude', found a scalar 'true'"
            ])
    }

    @Test func anEmptyValueIsNotAnEmptyString() {
        let yaml = Fixtures.validManifest.replacingOccurrences(of: "title: A product", with: "title:")
        #expect(
            Fixtures.build(yaml).diagnostics.map(\.description) == [
                "site.yaml:31:11: error: expected a string for 'title', found an empty value"
            ])
        // libyaml would place this one at the start of line 3; the report points after 'name:'.
        let emptyName = Fixtures.validManifest.replacingOccurrences(of: "name: Example\nscheme", with: "name:\nscheme")
        #expect(
            Fixtures.build(emptyName).diagnostics.map(\.description) == [
                "site.yaml:2:6: error: expected a string for 'name', found an empty value"
            ])
    }

    @Test func aLeadingByteOrderMarkIsAccepted() {
        let result = Fixtures.build("\u{FEFF}" + Fixtures.validManifest)
        #expect(result.succeeded && result.diagnostics.isEmpty)
    }

    @Test func anchorsAndAliasesAreFollowed() throws {
        let yaml = Fixtures.validManifest.replacingOccurrences(of: "    path: /account/*\n", with: "    path: &acct /account/*\n")
            .replacingOccurrences(of: "    path: /p/*\n", with: "    path: *acct\n")
        let site = try #require(Fixtures.build(yaml).site)
        #expect(site.routes.map(\.path) == ["/account/*", "/account/*"])
    }

    @Test func singleFingerprintIsAWarningNotAnError() {
        let yaml = Fixtures.validManifest.replacingOccurrences(
            of: "        - B1:35:8E:4C:9F:0A:61:D2:77:C3:28:5E:4A:0B:9D:13:6F:E2:81:C7:3A:55:D4:0E:92:B8:1F:6C:07:E9:A3:44\n", with: "")
        let result = Fixtures.build(yaml)
        #expect(result.succeeded)
        #expect(
            result.diagnostics.map(\.description) == [
                "site.yaml:16:9: warning: Android app 'example' lists a single certificate fingerprint; is the Play App Signing key listed? (Play Console → App integrity → App signing) [single-fingerprint]"
            ])
    }

    /// A team without its Play signing key yet can still build: the app is left out of
    /// assetlinks.json (an empty fingerprint list would void the file) and never verifies.
    @Test func anAndroidAppWithoutFingerprintsIsLeftOutOfAssetLinks() throws {
        let yaml = Fixtures.validManifest.replacingOccurrences(
            of:
                "      sha256:\n        - 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5\n        - B1:35:8E:4C:9F:0A:61:D2:77:C3:28:5E:4A:0B:9D:13:6F:E2:81:C7:3A:55:D4:0E:92:B8:1F:6C:07:E9:A3:44\n",
            with: "      sha256: []\n")
        let result = Fixtures.build(yaml)
        #expect(result.succeeded)
        #expect(
            result.diagnostics.map(\.description) == [
                "site.yaml:15:15: warning: Android app 'example' lists no certificate fingerprint, so assetlinks.json leaves it out and Android will not verify its links; add the Play App Signing key's SHA-256 under 'sha256' (Play Console → App integrity → App signing) [no-fingerprint]"
            ])
        #expect(!result.files.contains { $0.path.hasSuffix("assetlinks.json") })
        let matcher = SiteMatcher(site: try #require(result.site), plan: try #require(result.plan), files: result.files)
        let decisions = matcher.decisions(for: "https://m.example.com/p/1", url: try #require(URLParts("https://m.example.com/p/1")))
        #expect(decisions.filter { $0.platform == .android || $0.platform == .androidLegacy }.allSatisfy { !$0.decision.opensApp })
    }

    @Test func problemsOfOneKindAreAllReportedInOneRun() {
        let yaml = Fixtures.validManifest.replacingOccurrences(of: "teamID: ABCDE12345", with: "teamID: nope")
            .replacingOccurrences(of: "package: com.example.app", with: "package: app")
            .replacingOccurrences(of: "page: product", with: "page: nothing")
        #expect(Fixtures.build(yaml).diagnostics.filter { $0.severity == .error }.map(\.location?.line) == [8, 14, 28])
    }

    /// The manifest reference (README.md and docs/) documents every key the decoder accepts.
    @Test func readmeDocumentsEveryManifestKey() throws {
        let docs = Fixtures.repositoryRoot.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
        let text = try ([Fixtures.repositoryRoot.appendingPathComponent("README.md")] + pages.map { docs.appendingPathComponent($0) })
            .map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        let undocumented = Set(ManifestKeys.all.joined()).filter { !text.contains("`\($0)`") }
        #expect(undocumented.isEmpty, "README.md and docs/ do not document: \(undocumented.sorted())")
    }

    @Test func suggestionsCatchTyposButNotDifferentWords() {
        #expect(Suggestion.closest(to: "tilte", in: ManifestKeys.pageType) == "title")
        #expect(Suggestion.closest(to: "bundleId", in: ManifestKeys.iosApp) == "bundleID")
        #expect(Suggestion.closest(to: "colour", in: ManifestKeys.pageType) == nil)
    }
}
