import Foundation
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
        #expect(run.standardOutput.contains("wrote site.yaml: 2 iOS apps, 0 Android apps, 4 routes\n"))
        #expect(run.standardOutput.contains("same decisions as the original files: 44 (URL, platform, app) decisions compared\n"))
        #expect(run.standardOutput.contains("  - no --mirror: the manifest names 'open.www.example.com' as the mirror host"))
        #expect(run.standardOutput.contains("App Clip ABCED12345.com.example.MyApp.Clip is not under an app of the file"))
        #expect(FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("site.schema.json").path))
        let build = try workspace.run("build")
        #expect(build.status == 0, "\(build.standardError)")
        let aasa = try String(
            contentsOf: workspace.url.appendingPathComponent("Output/www.example.com/.well-known/apple-app-site-association"),
            encoding: .utf8)
        #expect(aasa.contains("\"articleNumber\": \"????\""))
    }

    @Test func refusesToOverwriteAndReportsBadJSONWithItsLocation() throws {
        let workspace = try Workspace(manifest: "version: 1\n")
        let existing = try workspace.run("import", "--aasa", Self.appleExample, "--domain", "www.example.com")
        #expect(existing.status == 1)
        #expect(existing.standardError.contains("'site.yaml' already exists; import never overwrites a manifest (pass --output NEW)"))

        try workspace.write("{\"applinks\": {\"details\": [],}}", to: "broken.json")
        let broken = try workspace.run("import", "--aasa", "broken.json", "--domain", "www.example.com", "--output", "new.yaml")
        #expect(broken.status == 1)
        #expect(broken.standardError.contains("broken.json:1:29: trailing comma before '}'"))
        #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("new.yaml").path))

        let nothing = try workspace.run("import", "--domain", "www.example.com", "--output", "new.yaml")
        #expect(nothing.status == 64)
        #expect(nothing.standardError.contains("give at least one --aasa or --assetlinks file"))
    }
}
