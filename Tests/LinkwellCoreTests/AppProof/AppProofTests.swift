import Foundation
import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// The app side held against the web side: the bundled site's sample app files are proved, and
/// each real-world mistake is found with its cause (app-side-reference §3).
@Suite struct AppProofTests {
    static let manifest = Fixtures.text("../../site.yaml")
    static let androidPath = "app-files/android/AndroidManifest.xml"
    static let iosPath = "app-files/ios/Amora.entitlements"

    /// The bundled site built in memory, with its app files edited by `edit`.
    static func build(_ manifest: String = manifest, edit: (inout [String: String]) -> Void = { _ in }) -> Linkwell.BuildResult {
        var project = Fixtures.bundledProject
        edit(&project.files)
        return Linkwell.build(SourceFile(path: "site.yaml", text: manifest), project: project)
    }

    static func said(_ result: Linkwell.BuildResult) -> [String] { result.diagnostics.map(\.description) }

    @Test func theBundledAppFilesAreProved() throws {
        let result = Self.build()
        #expect(result.succeeded && result.diagnostics.isEmpty, "\(Self.said(result))")
        let proof = try #require(result.appProof)
        #expect(!proof.failed)
        #expect(proof.verifiedHosts["amora"] == ["m.example.com", "mlink.example.com", "go.example.com"])
        let run = AppCheckRun(build: result)
        #expect(run.exitCode == 0)
        #expect(run.verdict.hasPrefix("proved: every host the apps' files claim is served a file that names the app"), "\(run.verdict)")
    }

    /// The four mistakes a team planted: `/users/` where the route is `/u/`, the mirror missing
    /// from the filters, a stray `/pay/` filter, a vendor's leftover `*.app.link`.
    @Test func theFourPlantedMistakesAreEachFoundWithTheirCause() throws {
        let result = Self.build { files in
            files[Self.androidPath] = files[Self.androidPath]?
                .replacingOccurrences(of: "android:pathPrefix=\"/u/\"", with: "android:pathPrefix=\"/users/\"")
                .replacingOccurrences(of: "                <data android:host=\"mlink.example.com\" />\n", with: "")
                .replacingOccurrences(
                    of: "<data android:pathPrefix=\"/like/\" />",
                    with: "<data android:pathPrefix=\"/like/\" />\n<data android:pathPrefix=\"/pay/\" />")
            files[Self.iosPath] = files[Self.iosPath]?
                .replacingOccurrences(
                    of: "<string>applinks:go.example.com</string>",
                    with: "<string>applinks:go.example.com</string>\n<string>applinks:*.app.link</string>")
        }
        let said = Self.said(result)
        func has(_ text: String) -> Bool { said.contains { $0.contains(text) } }
        #expect(
            has("route 'profile' sends https://m.example.com/u/ to the app, but on Android ≤14 none of the app's intent filters take it"),
            "\(said)")
        #expect(has("android:pathPrefix=\"/users/\" takes https://m.example.com/users/ on m.example.com, which no route sends to the app"))
        #expect(has("android:pathPrefix=\"/pay/\" takes https://m.example.com/pay/"))
        #expect(
            has(
                "warning: the site claims links on mlink.example.com that the app never receives: app-files/android/AndroidManifest.xml does not claim mlink.example.com [unclaimed-host]"
            ))
        #expect(
            has(
                "app-files/ios/Amora.entitlements:11:1: error: the app claims 'applinks:*.app.link', but this site serves no association file for app.link"
            ))
        // The link tests that follow the app's real filters fail at their own lines too.
        #expect(has("link test 'https://m.example.com/u/42' expects Android 15+ (amora) and Android ≤14 (amora) to open the app"))
    }

    @Test func theUploadKeyInsteadOfThePlaySigningKeyFailsEveryClaim() throws {
        let upload = "B1:35:8E:4C:9F:0A:61:D2:77:C3:28:5E:4A:0B:9D:13:6F:E2:81:C7:3A:55:D4:0E:92:B8:1F:6C:07:E9:A3:44"
        // The site lists only the upload key; the installed app is signed with Play's key.
        let manifest = Self.manifest
            .replacingOccurrences(
                of: "        - 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5\n", with: ""
            )
            .replacingOccurrences(of: "      accept: [unused-fingerprint]", with: "      accept: [single-fingerprint]")
        let said = Self.said(Self.build(manifest))
        #expect(
            said.contains {
                $0.contains(
                    "error: the app claims 'm.example.com', but assetlinks.json on m.example.com lists \(upload) for it, and the app is "
                        + "signed with 14:6D:E9")
            }, "\(said)")
        #expect(said.contains { $0.contains("(the upload key instead of the Play App Signing key?)") })
    }

    @Test func aRenamedPackageOrAppIDIsNamed() throws {
        let said = Self.said(
            Self.build { files in
                files[Self.androidPath] = files[Self.androidPath]?.replacingOccurrences(
                    of: "package=\"com.example.amora\"", with: "package=\"com.example.amora.v2\"")
                files[Self.iosPath] = files[Self.iosPath]?.replacingOccurrences(
                    of: "<dict>\n", with: "<dict>\n\t<key>application-identifier</key>\n\t<string>ABCDE12345.com.example.dating</string>\n")
            })
        #expect(
            said.contains { $0.contains("is the package 'com.example.amora', but its manifest declares 'com.example.amora.v2'") }, "\(said)"
        )
        #expect(
            said.contains {
                $0.contains(
                    "states the app identifier 'ABCDE12345.com.example.dating', but site.yaml's app is 'ABCDE12345.com.example.amora'")
            })
    }

    @Test func aTargetSdkBelow31VerifiesEveryWebFilterOnceOneAsks() throws {
        // The native-scheme filter gets `https` too: on 31+ it is refused for mixing schemes (and
        // reported); below 31 it counts, the app's hosts unchanged.
        let mixed = { (files: inout [String: String]) in
            files[Self.androidPath] = files[Self.androidPath]?
                .replacingOccurrences(
                    of: "<data android:scheme=\"amora\" />", with: "<data android:scheme=\"amora\" />\n<data android:scheme=\"https\" />"
                )
                .replacingOccurrences(
                    of: "            <intent-filter>\n                <action android:name=\"android.intent.action.VIEW\" />",
                    with:
                        "            <intent-filter android:autoVerify=\"true\">\n                <action android:name=\"android.intent.action.VIEW\" />"
                )
        }
        let modern = Self.said(Self.build(edit: mixed))
        #expect(modern.contains { $0.contains("is not verified: it mixes the scheme 'amora' with http/https") }, "\(modern)")
        let legacy = Self.build(edit: { files in
            mixed(&files)
            files[Self.androidPath] = files[Self.androidPath]?.replacingOccurrences(
                of: "android:targetSdkVersion=\"35\"", with: "android:targetSdkVersion=\"30\"")
        })
        #expect(!Self.said(legacy).contains { $0.contains("is not verified") })
        #expect(legacy.appProof?.notes.contains { $0.message.contains("target SDK 30 (below 31)") } == true)
    }

    /// `*.example.com` claimed: its file is the apex's, the apex itself is not covered, and the
    /// apex's file serving only the wildcard is no "unclaimed" host.
    @Test func aWildcardIsVerifiedThroughTheApexAndDoesNotCoverIt() throws {
        let links =
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.ex", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]"#
        let manifest = AppSideTests.manifest(
            package: "com.ex", AppSideTests.filter(["android:scheme=\"https\"", "android:host=\"*.example.com\""]))
        let handling = try AppSideTests.handling(manifest)
        let served = [AppProof.Served(host: "example.com", aasa: nil, assetLinks: try JSONValue.parse(links))]
        let proof = AppProof(served: served, ios: [], android: [.init(id: "ex", package: "com.ex", handling: handling, certificates: nil)])
        #expect(!proof.failed, "\(proof.findings.map(\.diagnostic.description))")
        #expect(proof.verifiedHosts["ex"] == [], "the apex is not covered by *.example.com")
        #expect(!proof.findings.contains { $0.diagnostic.code == .unclaimedHost })
    }

    /// Files given one by one: iOS against Android, by region, where both claim a host.
    @Test func givenFilesHoldIOSAgainstAndroidByRegion() throws {
        let result = Self.build()
        var given = AppCheckRun.Given()
        given.androidManifest = (Self.androidPath, Array(try #require(Fixtures.bundledProject.files[Self.androidPath]).utf8))
        given.entitlements = [(Self.iosPath, Array(try #require(Fixtures.bundledProject.files[Self.iosPath]).utf8))]
        given.appID = "ABCDE12345.com.example.amora"
        given.certificate = ("--cert", "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5")
        let byPath = Dictionary(result.files.map { ($0.path, $0.contents) }, uniquingKeysWith: { a, _ in a })
        given.served = try ["m.example.com"].map { host in
            AppProof.Served(
                host: host, aasa: try JSONValue.parse(try #require(byPath["\(host)/.well-known/apple-app-site-association"])),
                assetLinks: try JSONValue.parse(try #require(byPath["\(host)/.well-known/assetlinks.json"])))
        }
        let run = AppCheckRun(given: given)
        #expect(run.diagnostics.isEmpty)
        let gap = try #require(run.findings.first { $0.code == .platformGap })
        // `/u` opens the app on iOS (`/u/*` also matches `/u`), never on Android (`pathPrefix="/u/"`).
        #expect(gap.message.contains("https://m.example.com/u opens the app on iOS only"), "\(gap.message)")
        // mlink and go are claimed by both apps, and not served here: each claim fails.
        #expect(run.exitCode == 1)
        #expect(
            run.findings.contains {
                $0.message.contains(
                    "the app claims 'applinks:mlink.example.com', but this site serves no association file for mlink.example.com")
            })
    }
}
