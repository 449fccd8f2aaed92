import Foundation
import LinkwellTestSupport
import Testing

/// A big catalogue set up the lighter way (`itemPages: deploy`): the output folder a team commits
/// holds what reviewers read, not one page per row; `check` and `diff` still hold every
/// association file; the deploy job's `build --item-pages` writes the pages.
@Suite struct DeployItemPagesTests {
    /// Three markets (six hosts) and 20,000 hotels.
    static func catalogue(deploy: Bool) throws -> Workspace {
        let manifest =
            Fixtures.validManifest
            .replacingOccurrences(
                of: "      mirror: mlink.example.com\n",
                with: "      mirror: mlink.example.com\n    - primary: ca.example.com\n      mirror: calink.example.com\n"
                    + "    - primary: jp.example.com\n      mirror: jplink.example.com\n"
            )
            .replacingOccurrences(
                of: "    web: https://www.example.com{path}{query}\n",
                with: "    web: https://www.example.com{path}{query}\n    items: data/hotels.csv\n    accept: [host-file-limit]\n")
            + (deploy ? "itemPages: deploy\n" : "")
        let workspace = try Workspace(manifest: manifest)
        let rows = (1...20_000).map { "/p/\($0),Hotel \($0)" }
        try workspace.write((["path,title"] + rows).joined(separator: "\n") + "\n", to: "data/hotels.csv")
        return workspace
    }

    static func fileCount(_ workspace: borrowing Workspace) -> Int {
        let root = workspace.url.appendingPathComponent("Output")
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return 0 }
        return files.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }.count
    }

    @Test func theCommittedFolderHoldsWhatReviewersRead() throws {
        let workspace = try Self.catalogue(deploy: true)
        let build = try workspace.run("build")
        #expect(build.status == 0, "\(build.standardError)")
        #expect(
            build.standardOutput.contains("item pages left out (itemPages: deploy): 20000 rows read and checked"), "\(build.standardOutput)"
        )
        let committed = Self.fileCount(workspace)
        #expect(committed < 200, "\(committed) files")
        let check = try workspace.run("check")
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput.contains("no page written or compared"), "\(check.standardOutput)")

        // A stale association file still fails the gate.
        let aasa = workspace.url.appendingPathComponent("Output/ca.example.com/.well-known/apple-app-site-association")
        try Data("{}\n".utf8).write(to: aasa)
        let stale = try workspace.run("check")
        #expect(stale.status == 1)
        #expect(stale.standardOutput.contains("ca.example.com/.well-known/apple-app-site-association"), "\(stale.standardOutput)")

        // A changed association file is in the review.
        _ = try workspace.run("build")
        let manifest = try String(contentsOf: workspace.url.appendingPathComponent("site.yaml"), encoding: .utf8)
        try workspace.write(manifest, to: "base.yaml")
        try workspace.write(
            manifest.replacingOccurrences(of: "    path: /p/*\n", with: "    path: /p/*\n    query: {ref: \"?*\"}\n"), to: "site.yaml")
        let diff = try workspace.run("diff", "--base-manifest", "base.yaml")
        #expect(diff.standardOutput.contains("`ca.example.com/.well-known/apple-app-site-association` | changed"), "\(diff.standardOutput)")

        // The deploy job's build writes every page, two per row on each market's pair.
        let deployBuild = try workspace.run("build", "--item-pages", "--output", "Deploy")
        #expect(deployBuild.status == 0, "\(deployBuild.standardError)")
        #expect(FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("Deploy/jplink.example.com/p/19999.html").path))
    }
}
