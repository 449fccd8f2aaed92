import Foundation
import LinkwellTestSupport
import Testing

/// `linkwell app` through the binary: the bundled site's app files proved with no flags, files
/// given one by one, and the exit codes (0 proved, 1 a claim fails, 2 an input cannot be read).
@Suite struct AppCommandTests {
    @Test func theBundledSitesAppFilesAreProvedWithNoFlags() throws {
        let workspace = try Workspace.bundled()
        let run = try workspace.run("app")
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(
            run.standardOutput.hasSuffix(
                "proved: every host the apps' files claim is served a file that names the app (Android app amora (target SDK 35) verified on "
                    + "m.example.com, mlink.example.com, go.example.com; iOS app amora (2 entitlements files))\n"))
        #expect(run.standardOutput.contains("Amora-Debug.entitlements:8:3: note: 'applinks:m.example.com?mode=developer'"))
        let json = try workspace.run("app", "--json")
        let last = try #require(json.standardOutput.split(separator: "\n").last)
        #expect(last.hasPrefix(#"{"verdict":"proved: every host"#), "\(last)")
    }

    @Test func filesGivenOneByOneAndEachExitCode() throws {
        let workspace = try Workspace.bundled()
        #expect(try workspace.run("build").status == 0)
        let links = "Output/m.example.com/.well-known/assetlinks.json"
        var arguments = [
            "app", "--android-manifest", "app-files/android/AndroidManifest.xml", "--cert", "app-files/android/pm-get-app-links.txt",
        ]
        for host in ["m.example.com", "mlink.example.com", "go.example.com"] {
            arguments += ["--assetlinks", "\(host)=Output/\(host)/.well-known/assetlinks.json"]
        }
        let proved = try Binary.run(arguments, in: workspace.url)
        #expect(proved.status == 0, "\(proved.standardOutput)\(proved.standardError)")
        // A host the app claims that is not served: the claim fails.
        let failing = try Binary.run(
            ["app", "--android-manifest", "app-files/android/AndroidManifest.xml", "--assetlinks", "m.example.com=\(links)"],
            in: workspace.url)
        #expect(failing.status == 1)
        #expect(
            failing.standardOutput.contains(
                "error: the app claims 'mlink.example.com', but this site serves no association file for mlink.example.com"))
        #expect(failing.standardOutput.contains("note: the signing certificate of 'com.example.amora' was not given"))
        // A compiled manifest is bad input: exit 2, said at its place.
        try workspace.write(String(decoding: [0x03, 0x00, 0x08, 0x00, 0x41], as: UTF8.self), to: "compiled.xml")
        let compiled = try Binary.run(
            ["app", "--android-manifest", "compiled.xml", "--assetlinks", "m.example.com=\(links)"], in: workspace.url)
        #expect(compiled.status == 2)
        #expect(
            compiled.standardError.contains("compiled.xml:1:1: error: this is a compiled (binary XML) manifest, as an APK holds it"),
            "\(compiled.standardError)")
        let missing = try Binary.run(["app", "--android-manifest", "nowhere.xml"], in: workspace.url)
        #expect(missing.status == 2 && missing.standardError.contains("cannot read 'nowhere.xml': no such file"))
        let usage = try Binary.run(["app", "--entitlements", "app-files/ios/Amora.entitlements"], in: workspace.url)
        #expect(usage.status == 64 && usage.standardError.contains("--entitlements needs --app-id TEAMID.bundle.id"))
    }

    /// `match --assetlinks` with the app's manifest: its filters decide its package on every
    /// Android version (a filter that is missing shows on both; a host it does not ask about
    /// opens nothing), where without it the answer was "the app's own intent filters decide".
    @Test func matchDecidesByTheManifestGiven() throws {
        let workspace = try Workspace.bundled()
        #expect(try workspace.run("build").status == 0)
        let manifest = try String(
            contentsOf: workspace.url.appendingPathComponent("app-files/android/AndroidManifest.xml"), encoding: .utf8)
        // The team forgot the /like/ filter: the dynamic rules open /like/…, no filter takes it.
        try workspace.write(manifest.replacingOccurrences(of: #"<data android:pathPrefix="/like/" />"#, with: ""), to: "NoLike.xml")
        let links = "Output/m.example.com/.well-known/assetlinks.json"
        let run = try Binary.run(
            [
                "match", "--assetlinks", links, "--android-manifest", "NoLike.xml", "https://m.example.com/u/ada",
                "https://m.example.com/like/1", "https://www.example.com/u/ada",
            ], in: workspace.url)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput == """
                https://m.example.com/u/ada
                  Android 15+ com.example.amora  opens the app through dynamic_app_link_components[4] {"/":"/u/*"}
                  Android ≤14 com.example.amora  opens the app through NoLike.xml: the intent filter of com.example.amora.links.LinkActivity, android:pathPrefix="/u/"

                https://m.example.com/like/1
                  Android 15+ com.example.amora  stays in the browser: dynamic rule {"/":"/like/*"} opens it, but no intent filter in NoLike.xml takes it
                  Android ≤14 com.example.amora  stays in the browser: no intent filter in NoLike.xml takes it

                https://www.example.com/u/ada
                  Android 15+ com.example.amora  stays in the browser: NoLike.xml does not ask Android to verify www.example.com (no collected autoVerify filter names it), so no Android version opens its links
                  Android ≤14 com.example.amora  stays in the browser: NoLike.xml does not ask Android to verify www.example.com (no collected autoVerify filter names it), so no Android version opens its links


                """)
        // Without the manifest, Android ≤14 is left to the filters no file shows.
        let unknown = try Binary.run(["match", "--assetlinks", links, "https://m.example.com/like/1"], in: workspace.url)
        #expect(unknown.standardOutput.contains("Android ≤14 com.example.amora  verified for this host; dynamic rules apply only"))
        // A manifest that names no target SDK needs --target-sdk; options that need the manifest say so.
        try workspace.write(manifest.replacingOccurrences(of: #"android:targetSdkVersion="35""#, with: ""), to: "NoTarget.xml")
        let noTarget = try Binary.run(
            ["match", "--assetlinks", links, "--android-manifest", "NoTarget.xml", "https://m.example.com/u/1"], in: workspace.url)
        #expect(noTarget.status == 1 && noTarget.standardError.contains("NoTarget.xml:1:1: error:"), "\(noTarget.standardError)")
        let withTarget = try Binary.run(
            ["match", "--assetlinks", links, "--android-manifest", "NoTarget.xml", "--target-sdk", "35", "https://m.example.com/u/1"],
            in: workspace.url)
        #expect(withTarget.status == 0 && withTarget.standardOutput.contains("opens the app through NoTarget.xml"))
        let usage = try Binary.run(["match", "--android-manifest", "NoLike.xml", "https://m.example.com/u/1"], in: workspace.url)
        #expect(usage.status == 64 && usage.standardError.contains("--android-manifest needs --assetlinks"))
    }
}
