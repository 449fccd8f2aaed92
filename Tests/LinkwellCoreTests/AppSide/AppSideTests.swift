import Foundation
import Testing

@testable import LinkwellCore

/// Reading an app's own files and deciding from them as Android and iOS do
/// (app-side-reference §1): each rule with a small fixture, each malformed input located.
@Suite struct AppSideTests {
    static func manifest(targetSdk: Int? = 35, package: String? = "com.example.app", _ body: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android"\(package.map { " package=\"\($0)\"" } ?? "")>
            \(targetSdk.map { "<uses-sdk android:targetSdkVersion=\"\($0)\" />" } ?? "")
            <application>
                <activity android:name=".Links">
        \(body)
                </activity>
            </application>
        </manifest>
        """
    }

    /// A filter of the given lines; VIEW, DEFAULT and BROWSABLE unless said.
    static func filter(autoVerify: Bool = true, view: Bool = true, defaultCategory: Bool = true, browsable: Bool = true, _ data: [String])
        -> String
    {
        var lines = ["<intent-filter\(autoVerify ? " android:autoVerify=\"true\"" : "")>"]
        if view { lines.append("<action android:name=\"android.intent.action.VIEW\" />") }
        if defaultCategory { lines.append("<category android:name=\"android.intent.category.DEFAULT\" />") }
        if browsable { lines.append("<category android:name=\"android.intent.category.BROWSABLE\" />") }
        lines += data.map { "<data \($0) />" }
        lines.append("</intent-filter>")
        return lines.joined(separator: "\n")
    }

    static func read(_ text: String, values: AppFileValues = AppFileValues()) -> (AndroidAppManifest?, [String]) {
        let read = AndroidAppManifest.read(Array(text.utf8), path: "AndroidManifest.xml", values: values)
        return (read.manifest, read.diagnostics.map(\.description))
    }

    static func handling(_ text: String, targetSdk: Int = 35) throws -> AndroidLinkHandling {
        let (manifest, problems) = read(text)
        #expect(problems.isEmpty, "\(problems)")
        return AndroidLinkHandling(manifest: try #require(manifest), targetSdk: targetSdk)
    }

    // MARK: - Which hosts are collected

    @Test func collectionFollowsTheTargetSdk() throws {
        let text = Self.manifest(
            Self.filter(["android:scheme=\"https\"", "android:host=\"a.example.com\""])
                + Self.filter(autoVerify: false, defaultCategory: false, ["android:scheme=\"https\"", "android:host=\"b.example.com\""])
                + Self.filter(defaultCategory: false, ["android:scheme=\"https\"", "android:host=\"c.example.com\""]))
        // 31+: only autoVerify filters with DEFAULT, BROWSABLE, VIEW and web schemes only.
        let modern = try Self.handling(text, targetSdk: 31)
        #expect(modern.verificationHosts.map(\.value) == ["a.example.com"])
        #expect(modern.notCollected.map(\.reason) == ["it lacks the DEFAULT category"])
        // Below 31: one filter asking is enough for every VIEW + BROWSABLE web filter, DEFAULT or not.
        let legacy = try Self.handling(text, targetSdk: 30)
        #expect(legacy.verificationHosts.map(\.value) == ["a.example.com", "b.example.com", "c.example.com"])
        // No filter asking (no autoVerify anywhere) collects nothing below 31 either.
        let none = try Self.handling(
            Self.manifest(Self.filter(autoVerify: false, ["android:scheme=\"https\"", "android:host=\"a.example.com\""])), targetSdk: 30)
        #expect(none.verificationHosts.isEmpty)
    }

    @Test func aCustomSchemeBesideHttpsVerifiesNothingFrom31() throws {
        let text = Self.manifest(Self.filter(["android:scheme=\"https\"", "android:scheme=\"myapp\"", "android:host=\"a.example.com\""]))
        let modern = try Self.handling(text, targetSdk: 33)
        #expect(modern.verificationHosts.isEmpty)
        #expect(modern.notCollected.first?.reason.contains("mixes the scheme 'myapp' with http/https") == true)
        // Before 31 a web scheme among others is enough (handlesWebUris(false)), once a filter asks:
        // this one asks with only web schemes, so the mixed one's host is collected too.
        let mixed = Self.manifest(
            Self.filter(["android:scheme=\"https\"", "android:host=\"b.example.com\""])
                + Self.filter(["android:scheme=\"https\"", "android:scheme=\"myapp\"", "android:host=\"a.example.com\""]))
        #expect(try Self.handling(mixed, targetSdk: 30).verificationHosts.map(\.value) == ["b.example.com", "a.example.com"])
    }

    @Test func invalidAndWildcardHosts() throws {
        let text = Self.manifest(
            Self.filter(
                [
                    "android:scheme=\"https\"", "android:host=\"*example.com\"", "android:host=\"localhost\"",
                    "android:host=\"*.example.com\"",
                    "android:host=\"shop.example.co.uk\"",
                ]))
        let handling = try Self.handling(text)
        #expect(handling.verificationHosts.map(\.value) == ["*.example.com", "shop.example.co.uk"])
        #expect(handling.invalidHosts.map(\.value) == ["*example.com", "localhost"])
        #expect(
            AndroidLinkHandling.covers("*.example.com", "a.b.example.com") && !AndroidLinkHandling.covers("*.example.com", "example.com"))
        #expect(AndroidLinkHandling.fileHost(of: "*.example.com") == "example.com")
        for host in ["xn--bcher-kva.example", "10.0.0.1", "münchen.de"] { #expect(AndroidLinkHandling.isValidHost(host), "\(host)") }
        for host in ["example", "a..example.com", "-a.example.com", "a.example.c0m", "a.example.c"] {
            #expect(!AndroidLinkHandling.isValidHost(host), "\(host)")
        }
    }

    // MARK: - Which URLs a filter takes

    @Test func dataElementsCombineAndAPortBindsToItsOwnHost() throws {
        let handling = try Self.handling(
            Self.manifest(
                Self.filter([
                    "android:scheme=\"http\" android:host=\"a.example.com\"",
                    "android:scheme=\"https\" android:host=\"b.example.com\" android:port=\"8443\"",
                    "android:port=\"9000\"", "android:pathPrefix=\"/p/\"",
                ])))
        func takes(_ url: String) -> Bool { URLParts(url).map { handling.take($0, android15: false) != nil } ?? false }
        #expect(takes("https://a.example.com/p/1"), "schemes and hosts cross: https with a's host")
        #expect(takes("http://a.example.com/p/1"))
        #expect(!takes("https://b.example.com/p/1"), "b's port is bound to b: a URL without a port has -1")
        #expect(takes("https://b.example.com:8443/p/1"))
        #expect(takes("https://a.example.com:9000/p/1"), "a port without a host is dropped: a takes any port")
        #expect(!takes("https://a.example.com/q/1"))
        #expect(!takes("https://a.example.com"), "no path: getPath() is empty, which no prefix /p/ starts")
        #expect(!takes("HTTPS://a.example.com/p/1"), "the scheme is compared exactly")
        #expect(takes("https://A.EXAMPLE.COM/p/1"), "hosts compare ignoring case")
    }

    static let pathCases: [(String, [String], [String])] = [
        ("android:path=\"/a/b\"", ["/a/b"], ["/a/b/", "/a", "/A/b"]),
        ("android:pathPrefix=\"/a/\"", ["/a/", "/a/b/c"], ["/a", "/b/a/"]),
        ("android:pathSuffix=\".pdf\"", ["/x.pdf", "/a/b.pdf"], ["/x.pdfs", "/pdf"]),
        ("android:pathPattern=\"/a/.*/edit\"", ["/a/x/edit"], ["/a/x/y/edit", "/a/edit"]),
        ("android:pathAdvancedPattern=\"/items/[0-9]+\"", ["/items/42"], ["/items/", "/items/4a"]),
        ("android:path=\"/caf%C3%A9\"", [], ["/caf%C3%A9"]),
    ]

    @Test(arguments: pathCases)
    func eachPathKindIsReadAsAOSPReadsIt(_ attribute: String, _ taken: [String], _ refused: [String]) throws {
        let handling = try Self.handling(
            Self.manifest(Self.filter(["android:scheme=\"https\"", "android:host=\"h.example.com\"", attribute])))
        for path in taken {
            #expect(handling.take(try #require(URLParts("https://h.example.com\(path)")), android15: false) != nil, "\(path)")
        }
        for path in refused {
            #expect(handling.take(try #require(URLParts("https://h.example.com\(path)")), android15: false) == nil, "\(path)")
        }
    }

    @Test func filtersWithoutDefaultOrWithATypeTakeNoLink() throws {
        let handling = try Self.handling(
            Self.manifest(
                Self.filter(defaultCategory: false, ["android:scheme=\"https\"", "android:host=\"h.example.com\""])
                    + Self.filter(["android:scheme=\"https\"", "android:host=\"h.example.com\"", "android:mimeType=\"text/plain\""])))
        #expect(handling.take(try #require(URLParts("https://h.example.com/x")), android15: false) == nil)
    }

    /// Android 15's `uri-relative-filter-group`: paths or groups; the first group whose filters all
    /// match decides; query filters match one parameter; Android 14 ignores groups.
    @Test func relativeFilterGroupsDecideInOrderOnAndroid15() throws {
        let text = Self.manifest(
            """
            <intent-filter android:autoVerify="true">
              <action android:name="android.intent.action.VIEW" />
              <category android:name="android.intent.category.DEFAULT" />
              <category android:name="android.intent.category.BROWSABLE" />
              <data android:scheme="https" android:host="h.example.com" />
              <data android:path="/exact" />
              <uri-relative-filter-group android:allow="false">
                <data android:pathPrefix="/p/" />
                <data android:query="private=1" />
              </uri-relative-filter-group>
              <uri-relative-filter-group>
                <data android:pathPrefix="/p/" />
              </uri-relative-filter-group>
            </intent-filter>
            """)
        let handling = try Self.handling(text)
        func takes(_ url: String, _ android15: Bool) throws -> Bool {
            handling.take(try #require(URLParts(url)), android15: android15) != nil
        }
        #expect(try takes("https://h.example.com/p/x", true) && !takes("https://h.example.com/p/x", false))
        #expect(try !takes("https://h.example.com/p/x?a=b&private=1", true), "the block group matches first")
        #expect(try takes("https://h.example.com/p/x?private=2", true))
        #expect(try takes("https://h.example.com/exact", false) && takes("https://h.example.com/exact", true))
    }

    // MARK: - Names a file does not hold

    @Test func unresolvedNamesAreLocatedErrorsUnlessGiven() {
        let text = Self.manifest(
            Self.filter(["android:scheme=\"https\"", "android:host=\"@string/link_host\"", "android:pathPrefix=\"${prefix}\""]))
        let (_, problems) = Self.read(text)
        #expect(problems.count == 2)
        #expect(
            problems[0].hasPrefix(
                "AndroidManifest.xml:11:7: error: android:host '@string/link_host' names the string resource 'link_host'"), "\(problems)")
        #expect(problems[1].contains("holds the placeholder ${prefix}, which Gradle fills in"))
        let (manifest, none) = Self.read(
            text, values: AppFileValues(strings: ["link_host": "h.example.com"], placeholders: ["prefix": "/p/"]))
        #expect(none.isEmpty)
        #expect(manifest?.filters.first?.authorities.map(\.host) == ["h.example.com"] && manifest?.filters.first?.paths == [.prefix("/p/")])
        // ${applicationId} is the package.
        let app = Self.manifest(Self.filter(["android:scheme=\"https\"", "android:host=\"${applicationId}.example.com\""]))
        let (withPackage, _) = Self.read(app, values: AppFileValues().withAndroidPackage("shop"))
        #expect(withPackage?.filters.first?.authorities.first?.host == "shop.example.com")
    }

    @Test func entitlementsReadEveryServiceAndRefuseWhatAppleRefuses() {
        func entitlements(_ strings: [String], key: String = AppEntitlements.domainsKey) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>\(key)</key>
            <array>\(strings.map { "<string>\($0)</string>" }.joined())</array>
            </dict></plist>
            """
        }
        let values = AppFileValues(buildSettings: ["HOST": "m.example.com"]).withIOSApp(teamID: "ABCDE12345", bundleID: "com.example.app")
        let good = AppEntitlements.read(
            Array(
                entitlements([
                    "applinks:$(HOST)", "webcredentials:*.example.com?mode=developer+managed", "appclips:m.example.com",
                    "activitycontinuation:M.example.com",
                ]).utf8),
            path: "App.entitlements", values: values)
        #expect(good.diagnostics.isEmpty, "\(good.diagnostics)")
        #expect(
            good.entitlements?.domains?.map(\.text) == [
                "applinks:m.example.com", "webcredentials:*.example.com?mode=developer+managed", "appclips:m.example.com",
                "activitycontinuation:m.example.com",
            ])
        let bad = AppEntitlements.read(
            Array(
                entitlements([
                    "applinks:m.example.com:443", "applinks:*example.com", "appclips:*.example.com", "applink:m.example.com",
                    "applinks:$(NOPE)", "applinks:a.example.com?mode=test",
                ]).utf8),
            path: "App.entitlements", values: values)
        let said = bad.diagnostics.map(\.message)
        #expect(said.count == 6, "\(said)")
        #expect(said[0].contains("has a port") && said[1].contains("ITMS-90046") && said[2].contains("appclips takes no wildcard"))
        #expect(said[3].contains("did you mean 'applinks'?") && said[4].contains("$(NOPE)") && said[5].contains("the mode must be"))
        // A provisioning profile's grant is not the app's list.
        let grant = AppEntitlements.read(
            Array(entitlements([]).replacingOccurrences(of: "<array></array>", with: "<string>*</string>").utf8), path: "embedded.plist",
            values: values)
        #expect(grant.diagnostics.first?.message.contains("a provisioning profile's grant") == true)
    }

    // MARK: - Input formats

    static let malformedCases: [([UInt8], String)] = [
        ([UInt8]([0x03, 0x00, 0x08, 0x00, 0x10, 0x00, 0x00, 0x00]), "a compiled (binary XML) manifest"),
        ([UInt8]([0x0A, 0x1C, 0x0A, 0x00, 0x12, 0x08]) + Array("manifest".utf8), "the protobuf manifest of an app bundle"),
        (Array("bplist00\u{01}".utf8), "a binary property list"),
        (
            Array("<manifest><application></manifest>".utf8),
            "1:24: error: not well-formed XML: </manifest> closes <application>, opened at line 1"
        ),
        (Array("<!DOCTYPE m [<!ENTITY x \"y\">]><manifest/>".utf8), "internal subset"),
        (Array("<manifest a=\"&xxe;\"/>".utf8), "unknown entity '&xxe;'"),
        (Array("<manifest xmlns:a=\"u\" a:b=\"1\" a:b=\"2\"/>".utf8), "is repeated"),
        (Array("<plist><dict/></plist>".utf8), "the root element is <plist>, expected <manifest>"),
        (Array("<manifest><x:y/></manifest>".utf8), "the prefix 'x' of 'x:y' is not declared"),
        ([0xFF, 0xFE], "not UTF-8"),
    ]

    @Test(arguments: malformedCases)
    func malformedInputIsNamedAtItsPlace(_ bytes: [UInt8], _ expected: String) {
        let read = AndroidAppManifest.read(bytes, path: "AndroidManifest.xml", values: AppFileValues())
        #expect(read.manifest == nil)
        #expect(read.diagnostics.count == 1 && read.diagnostics[0].description.contains(expected), "\(read.diagnostics.map(\.description))")
        #expect(read.diagnostics.allSatisfy { $0.location?.file == "AndroidManifest.xml" })
    }

    @Test func namespacesAreResolvedByTheirURI() throws {
        let text = """
            <manifest xmlns:x="http://schemas.android.com/apk/res/android" package="p.q"><uses-sdk x:targetSdkVersion="34"/>
            <application><activity-alias x:name="Alias"><intent-filter x:autoVerify="true"><action x:name="android.intent.action.VIEW"/>
            <category x:name="android.intent.category.DEFAULT"/><category x:name="android.intent.category.BROWSABLE"/>
            <data x:scheme="https" x:host="h.example.com" android:pathPrefix="/ignored"/></intent-filter></activity-alias></application></manifest>
            """
        let read = AndroidAppManifest.read(Array(text.utf8), path: "m.xml", values: AppFileValues())
        // `android:` is not declared here, so that attribute is an error: the prefix is not the namespace.
        #expect(
            read.diagnostics.map(\.message) == [
                "not well-formed XML: the prefix 'android' of 'android:pathPrefix' is not declared (xmlns:android=\"…\")"
            ])
        let fixed = AndroidAppManifest.read(
            Array(text.replacingOccurrences(of: " android:pathPrefix=\"/ignored\"", with: "").utf8), path: "m.xml", values: AppFileValues())
        let manifest = try #require(fixed.manifest)
        #expect(manifest.targetSdk?.value == 34 && manifest.package?.value == "p.q" && manifest.filters.first?.activity == "Alias")
    }

    static let certificateCases: [(String, Int)] = [
        ("14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5", 1),
        (
            "Certificate fingerprints:\n\t SHA1: 9F:21\n\t SHA256: 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5\n",
            1
        ),
        ("Signer #1 certificate SHA-256 digest: 146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5\n", 1),
        ("Variant: release\nSHA-256: 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5\n", 1),
        (
            "    Signatures: [14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5, B1:35:8E:4C:9F:0A:61:D2:77:C3:28:5E:4A:0B:9D:13:6F:E2:81:C7:3A:55:D4:0E:92:B8:1F:6C:07:E9:A3:44]\n",
            2
        ),
    ]

    @Test(arguments: certificateCases)
    func certificatesAreReadFromEveryToolsOutput(_ text: String, _ count: Int) throws {
        let fingerprints = try SigningCertificate.fingerprints(in: text).get()
        #expect(fingerprints.count == count)
        #expect(fingerprints.first == "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5")
        #expect(throws: SigningCertificateProblem.noFingerprint) {
            try SigningCertificate.fingerprints(in: "MD5: 3A:1F\nSHA1: 9F:21\n").get()
        }
    }
}
