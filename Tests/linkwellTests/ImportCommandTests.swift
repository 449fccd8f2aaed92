import Foundation
import LinkwellTestSupport
import Testing

/// `linkwell import` through the binary: Apple's documentation example becomes a manifest that
/// builds, and each refusal is clear.
@Suite struct ImportCommandTests {
    static let appleExample = Fixtures.root.appendingPathComponent("import/apple-example.json").path

    @Test func importsApplesExampleAndTheResultBuilds() throws {
        let workspace = try Workspace(manifest: "")
        try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("site.yaml"))
        let run = try workspace.run("import", "--aasa", Self.appleExample, "--domain", "www.example.com")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("wrote site.yaml: 3 iOS apps, 0 Android apps, 4 routes\n"))
        #expect(
            run.standardOutput.contains(
                "proved: the build decides every URL as the original files do (iOS 13+; 2 apps, for every combination of installed "
                    + "apps under either reading of an exclusion across apps)\n"))
        #expect(run.standardOutput.contains("  - no --mirror: the manifest names 'open.www.example.com' as the mirror host"))
        #expect(run.standardOutput.contains("App Clip ABCED12345.com.example.MyApp.Clip has no app in the file"))
        #expect(FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("site.schema.json").path))
        let build = try workspace.run("build")
        #expect(build.status == 0, "\(build.standardError)")
        let aasa = try String(
            contentsOf: workspace.url.appendingPathComponent("Output/www.example.com/.well-known/apple-app-site-association"),
            encoding: .utf8)
        #expect(aasa.contains("\"articleNumber\": \"????\""))
    }

    /// A rule flag that is not a JSON boolean (`1`, `"true"`, `null`) is read as Linkwell's
    /// matchers read it, and the proof says so, naming each value at its JSON path: never a
    /// plain "proved" on a reading the files leave open.
    @Test func aFlagThatIsNotABooleanIsAnAssumptionTheProofNames() throws {
        let workspace = try Workspace(manifest: "")
        try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("site.yaml"))
        let file = workspace.url.appendingPathComponent("aasa.json")
        let components =
            #"[{"/": "/private/*", "exclude": 1}, {"/": "/p/*", "caseSensitive": "true"}, {"/": "/n/*", "percentEncoded": null}, {"/": "/*"}]"#
        try Data(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": \#(components)}]}}"#.utf8).write(
            to: file)
        let run = try workspace.run("import", "--aasa", file.path, "--domain", "m.example.com", "--mirror", "open.example.com")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.contains(
                "proved: the build decides every URL as the original files do (iOS 13+; 1 app), reading the values below as Linkwell does\n"
            ),
            "\(run.standardOutput)")
        for (path, value, reading) in [
            ("components[0].exclude", "1 (a JSON number)", "not an exclusion"),
            ("components[1].caseSensitive", "\"true\" (a JSON string)", "case-sensitive"),
            ("components[2].percentEncoded", "null (JSON null)", "percent-encoded"),
        ] {
            #expect(
                run.standardOutput.contains(
                    "  - assumed: \(file.path): applinks.details[0].\(path) is \(value), not true or false: read as \(reading), as if it were absent; Apple does not document how iOS reads it\n"
                ), "\(run.standardOutput)")
        }
        try Data(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*", "exclude": false}]}]}}"#.utf8
        )
        .write(to: file)
        let plain = try workspace.run("import", "--aasa", file.path, "--domain", "m.example.com", "--manifest", "b/site.yaml")
        #expect(!plain.standardOutput.contains("assumed") && !plain.standardOutput.contains("reading the values below"))
    }

    /// A paths-only file: iOS 13+ read its `paths` without Apple's slash rules, which the
    /// manifest's components have; the import names each region with a witness and exits 1.
    @Test func differencesFailTheImportUnlessAllowed() throws {
        let workspace = try Workspace(manifest: "")
        let file = workspace.url.appendingPathComponent("aasa.json")
        try Data(#"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.chat", "paths": ["/wechat/*", "/p2p"]}]}}"#.utf8)
            .write(to: file)
        let refused = try workspace.run("import", "--aasa", file.path, "--domain", "m.example.com", "--manifest", "new/folder/site.yaml")
        #expect(refused.status == 1)
        #expect(refused.standardOutput.contains("2 regions where the build decides otherwise than the original files\n"))
        #expect(
            refused.standardOutput.contains(
                "  - iOS 13+ · ABCDE12345.com.example.chat: https://m.example.com/wechat — original files: stays in the browser (no rule); manifest: opens the app"
            ))
        #expect(refused.standardError.contains("pass --allow-differences to accept"))
        #expect(FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("new/folder/site.yaml").path))
        let allowed = try workspace.run(
            "import", "--aasa", file.path, "--domain", "m.example.com", "--output", "other/site.yaml", "--allow-differences")
        #expect(allowed.status == 0, "\(allowed.standardError)")
    }

    @Test func refusesToOverwriteAndReportsBadJSONWithItsLocation() throws {
        let workspace = try Workspace(manifest: "version: 1\n")
        let existing = try workspace.run("import", "--aasa", Self.appleExample, "--domain", "www.example.com")
        #expect(existing.status == 1)
        #expect(existing.standardError.contains("'site.yaml' already exists; import never overwrites a manifest (pass --manifest NEW)"))

        try workspace.write("{\"applinks\": {\"details\": [],}}", to: "broken.json")
        let broken = try workspace.run("import", "--aasa", "broken.json", "--domain", "www.example.com", "--output", "new.yaml")
        #expect(broken.status == 1)
        #expect(broken.standardError.contains("broken.json:1:29: trailing comma before '}'"))
        #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("new.yaml").path))

        let nothing = try workspace.run("import", "--domain", "www.example.com", "--output", "new.yaml")
        #expect(nothing.status == 64)
        #expect(nothing.standardError.contains("give at least one --aasa or --assetlinks file"))

        // The short host's options: each refusal names what to give, and nothing is written.
        for (arguments, message) in [
            (
                ["--short-aasa", Self.appleExample],
                "--short-aasa and --short-assetlinks are the short host's files: name it with --short HOST"
            ),
            (["--short", "go.example.com"], "give the files go.example.com serves today (--short-aasa, --short-assetlinks)"),
            (["--short", "www.example.com", "--short-aasa", Self.appleExample], "--short www.example.com is already the pair's host"),
            (["--short", "Go.Example.com", "--short-aasa", Self.appleExample], "host 'Go.Example.com'"),
        ] {
            let refused = try Binary.run(
                ["import", "--aasa", Self.appleExample, "--domain", "www.example.com", "--output", "new.yaml"] + arguments,
                in: workspace.url)
            #expect(refused.status == 64 && refused.standardError.contains(message), "\(arguments): \(refused.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("new.yaml").path))
    }
}
