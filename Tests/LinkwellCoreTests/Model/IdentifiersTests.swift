import LinkwellCore
import Testing

@Suite struct IdentifiersTests {
    static let canonical = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    @Test(arguments: [
        canonical,
        canonical.lowercased(),
        canonical.replacingOccurrences(of: ":", with: ""),
        "SHA256: " + canonical.replacingOccurrences(of: ":", with: " ").lowercased(),
        canonical.replacingOccurrences(of: ":", with: "-"),
    ])
    func fingerprintsAreNormalisedFromAnyCommonSpelling(_ spelling: String) throws {
        #expect(try Identifiers.canonicalFingerprint(spelling).get() == Self.canonical)
    }

    @Test func fingerprintProblemsSayWhatIsWrong() {
        let sha1 = "DA:39:A3:EE:5E:6B:4B:0D:32:55:BF:EF:95:60:18:90:AF:D8:07:09"
        #expect(throws: Identifiers.FingerprintProblem.wrongLength(sha1, octets: 20)) { try Identifiers.canonicalFingerprint(sha1).get() }
        #expect(throws: Identifiers.FingerprintProblem.notHex("ZZ", "Z")) { try Identifiers.canonicalFingerprint("ZZ").get() }
    }

    @Test func teamIDs() {
        #expect(Identifiers.teamIDProblem("ABCDE12345") == nil)
        #expect(Identifiers.teamIDProblem("abcde12345")?.hasSuffix("write 'ABCDE12345'") == true)
        #expect(Identifiers.teamIDProblem("ABCDE1234") != nil)
        #expect(Identifiers.teamIDProblem("ABCDE-1234") != nil)
    }

    @Test func bundleIDsAndPackages() {
        #expect(Identifiers.bundleIDProblem("com.example.app-beta") == nil)
        #expect(Identifiers.bundleIDProblem("com.example.") != nil)
        #expect(Identifiers.bundleIDProblem("app") != nil)
        #expect(Identifiers.androidPackageProblem("com.example.app_2") == nil)
        #expect(Identifiers.androidPackageProblem("com.example.app-beta") != nil)
        #expect(Identifiers.androidPackageProblem("com.2example") != nil)
        #expect(Identifiers.androidPackageProblem("example") != nil)
        #expect(Identifiers.androidPackageProblem("B A D") != nil)
    }

    @Test(
        arguments: [
            ("m.example.com", nil),
            ("xn--bcher-kva.example", nil),
            ("https://m.example.com/x", "host 'https://m.example.com/x' must not carry a scheme; write 'm.example.com'"),
            ("m.example.com/u", "host 'm.example.com/u' must not carry a path; write 'm.example.com'"),
            ("*.example.com", "host '*.example.com' is a wildcard; list each host that serves the files"),
            ("bücher.example", "host 'bücher.example' is not ASCII; write its punycode form ('xn--…')"),
            (
                "localhost",
                "host 'localhost' is not a valid host name (letters, digits and '-' in dot-separated labels, e.g. 'm.example.com')"
            ),
            (
                "-m.example.com",
                "host '-m.example.com' is not a valid host name (letters, digits and '-' in dot-separated labels, e.g. 'm.example.com')"
            ),
        ] as [(String, String?)])
    func hosts(_ host: String, _ problem: String?) {
        #expect(Identifiers.hostProblem(host) == problem)
    }

    @Test func schemesAndVersions() {
        #expect(Identifiers.schemeProblem("amora") == nil)
        #expect(Identifiers.schemeProblem("com.example.app+beta") == nil)
        #expect(Identifiers.schemeProblem("https") != nil)
        #expect(Identifiers.schemeProblem("2fa") != nil)
        #expect(Identifiers.versionProblem("6.4.0") == nil)
        #expect(Identifiers.versionProblem("6") == nil)
        #expect(Identifiers.versionProblem("v6") != nil)
        #expect(Identifiers.versionProblem("6..1") != nil)
    }

    @Test func appStoreIDsAreDigits() {
        #expect(Identifiers.appStoreIDProblem("1234567890") == nil)
        #expect(Identifiers.appStoreIDProblem("id1234567890") != nil)
    }
}
