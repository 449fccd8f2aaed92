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
}
