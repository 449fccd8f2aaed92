import LinkwellCore
import Testing

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
        let result = Fixtures.build(starter.yaml)
        #expect(result.succeeded, "\(result.diagnostics.map(\.description))")
        // A starter only warns about what its flags could not say: missing fingerprints, or only one of them.
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning && $0.message.contains("certificate fingerprint") })
        #expect((result.site?.linkTests.count ?? 0) == 2)
        #expect(result.files.contains { $0.path == "mlink.example.com/robots.txt" })
    }

    @Test func fingerprintsAreWrittenInCanonicalForm() {
        let starter = StarterManifest(
            teamID: nil, bundleID: nil, package: "com.example.app", fingerprints: [Self.fingerprint], domain: "m.example.com",
            mirror: "mlink.example.com", name: "Example App")
        #expect(starter.yaml.contains("        - \(IdentifiersTests.canonical)\n"))
        #expect(starter.yaml.contains("    - id: example-app\n      name: \"Example App\"\n"))
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
