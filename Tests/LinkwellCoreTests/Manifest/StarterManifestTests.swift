import LinkwellTestSupport
import Testing

@testable import LinkwellCore

@Suite struct StarterManifestTests {
    static let fingerprint = IdentifiersTests.canonical.lowercased()

    @Test(
        arguments: [
            ("ABCDE12345", "com.example.app", "com.example.app", [String]()),
            ("ABCDE12345", "com.example.app", nil, []),
            (nil, nil, "com.example.app", []),
            (nil, nil, "com.example.app", [fingerprint]),
        ] as [(String?, String?, String?, [String])])
    func everyStarterBuildsAndPassesItsOwnLinkTests(_ teamID: String?, _ bundleID: String?, _ package: String?, _ fingerprints: [String]) {
        let starter = StarterManifest(
            teamID: teamID, bundleID: bundleID, package: package, fingerprints: fingerprints, domain: "m.example.com",
            mirror: "mlink.example.com", name: nil)
        #expect(starter.problem == nil)
        // The starter passes the documented CI gate (`validate --strict`): what its flags could not
        // say (no fingerprint, or only one) is accepted in the app's entry, with a comment.
        let result = Fixtures.build(starter.yaml, strict: true)
        #expect(result.succeeded, "\(result.diagnostics.map(\.description))")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        #expect(starter.yaml.contains("accept: [") == (package != nil), "\(starter.yaml)")
        // Without its accept, the same starter warns and fails the gate.
        if package != nil {
            let unaccepted = starter.yaml.split(separator: "\n").filter { !$0.contains("accept: [") }.joined(separator: "\n") + "\n"
            let gate = Fixtures.build(unaccepted, strict: true)
            #expect(!gate.succeeded && gate.diagnostics.allSatisfy { $0.message.contains("certificate fingerprint") })
        }
        let waitsForTheKey = teamID == nil && fingerprints.isEmpty
        #expect((result.site?.linkTests.count ?? 0) == (waitsForTheKey ? 0 : 2))
        #expect(result.files.contains { $0.path == "mlink.example.com/robots.txt" })
        // Every URL has a page: the route `*` gives every path, `/` included, the page type's page.
        for host in ["m.example.com", "mlink.example.com"] {
            #expect(result.files.contains { $0.path == "\(host)/_linkwell/app.html" }, "\(host)")
            #expect(!result.files.contains { $0.path == "\(host)/index.html" }, "the route's page is the home page")
        }
        // Adding the signing key the starter asks for, and uncommenting what it says, breaks no link test.
        if package != nil, fingerprints.isEmpty {
            let withKey = starter.yaml.replacingOccurrences(of: "      sha256: []", with: "      sha256: [\(Self.fingerprint)]")
                .replacingOccurrences(
                    of: "    # android: everything         # uncomment once sha256 lists the signing key", with: "    android: everything"
                )
                .replacingOccurrences(of: "    # androidLegacy: everything", with: "    androidLegacy: everything")
                .replacingOccurrences(of: "tests: []   # once sha256 lists the signing key, uncomment:", with: "tests:")
                .replacingOccurrences(of: "#  - url:", with: "  - url:").replacingOccurrences(of: "#    expect:", with: "    expect:")
            let rebuilt = Fixtures.build(withKey)
            #expect(rebuilt.succeeded, "\(rebuilt.diagnostics.map(\.description))")
            #expect((rebuilt.site?.linkTests.count ?? 0) == 2)
            // Only adding the key, without touching the tests, also builds.
            #expect(
                Fixtures.build(starter.yaml.replacingOccurrences(of: "      sha256: []", with: "      sha256: [\(Self.fingerprint)]"))
                    .succeeded)
        }
    }

    /// Without --name, the name is the identifier's last telling part: `com.loopbazaar.ios` is
    /// "Loopbazaar" (not "Ios" on every button), `com.example.app` is "Example".
    @Test(arguments: [("com.loopbazaar.ios", "loopbazaar", "Loopbazaar"), ("com.example.app", "example", "Example"), ("app", "app", "App")])
    func theNameSkipsGenericParts(_ bundleID: String, _ id: String, _ name: String) {
        let starter = StarterManifest(
            teamID: "ABCDE12345", bundleID: bundleID, package: nil, fingerprints: [], domain: "m.example.com", mirror: "mlink.example.com",
            name: nil)
        #expect(starter.yaml.contains("    - id: \(id)\n      name: \(name)\n"), "\(starter.yaml)")
    }

    /// `init --name` goes through the one YAML writer: a name with quotes, a colon, a line break
    /// or a `#` is read back as exactly that name.
    @Test(arguments: ["Loop \"Bazaar\"", "Loop: Bazaar", "Loop\nBazaar", "Loop #1", "yes", "'Loop'"])
    func aGivenNameReadsBackAsGiven(_ name: String) throws {
        let starter = StarterManifest(
            teamID: "ABCDE12345", bundleID: "com.example.app", package: nil, fingerprints: [], domain: "m.example.com",
            mirror: "mlink.example.com", name: name)
        let node = try #require(try YAMLComposer.compose(starter.yaml))
        #expect(Self.topLevelText("name", in: node) == name, "\(starter.yaml)")
    }

    /// A top-level key's scalar text in a composed document.
    static func topLevelText(_ key: String, in node: YAMLComposedNode) -> String? {
        guard case .mapping(let entries, _, _) = node else { return nil }
        for entry in entries {
            guard case .scalar(let text, _, _, _) = entry.key, text == key, case .scalar(let value, _, _, _) = entry.value else { continue }
            return value
        }
        return nil
    }

    @Test func fingerprintsAreWrittenInCanonicalForm() {
        let starter = StarterManifest(
            teamID: nil, bundleID: nil, package: "com.example.app", fingerprints: [Self.fingerprint], domain: "m.example.com",
            mirror: "mlink.example.com", name: "Example App")
        #expect(starter.yaml.contains("        - \(IdentifiersTests.canonical)\n"))
        #expect(starter.yaml.contains("    - id: example-app\n      name: Example App\n"))
    }

    @Test(
        arguments: [
            (nil, nil, nil, "give an iOS app (--team-id and --bundle-id) and/or an Android app (--package)"),
            ("ABCDE12345", nil, nil, "--team-id and --bundle-id go together"),
            (
                "ABCDE12345", "com.example.app", "m.example.com",
                "--mirror must be another host than --domain: a tap on a link to the page's own host never opens the app"
            ),
        ] as [(String?, String?, String?, String)])
    func problemsAreSaidBeforeAnythingIsWritten(_ teamID: String?, _ bundleID: String?, _ mirror: String?, _ problem: String) {
        let starter = StarterManifest(
            teamID: teamID, bundleID: bundleID, package: nil, fingerprints: [], domain: "m.example.com",
            mirror: mirror ?? "mlink.example.com", name: nil)
        #expect(starter.problem == problem)
    }
}

/// `match` on a starter whose Android app has no signing key yet says that is why Android opens
/// nothing, instead of "no rule matches".
@Suite struct UnverifiedAndroidAppTests {
    @Test func matchNamesTheMissingSigningKey() throws {
        let starter = StarterManifest(
            teamID: nil, bundleID: nil, package: "com.example.app", fingerprints: [], domain: "m.example.com", mirror: "mlink.example.com",
            name: nil)
        let result = Fixtures.build(starter.yaml)
        let matcher = SiteMatcher(site: try #require(result.site), plan: try #require(result.plan), files: result.files)
        let url = "https://m.example.com/any/page"
        let decisions = matcher.decisions(for: url, url: try #require(URLParts(url)))
        #expect(decisions.map(\.platform) == [.android, .androidLegacy])
        for decision in decisions {
            #expect(
                decision.summary.hasPrefix("stays in the browser: assetlinks.json leaves the app out until 'sha256' lists its signing key"))
        }
    }
}
