import Foundation
import LinkwellTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `linkwell diff` through the binary: against a git revision (manifest, templates and data read
/// at that revision) and against a file, and each way it refuses.
@Suite struct DiffCommandTests {
    func git(_ arguments: String..., in workspace: borrowing Workspace) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=Linkwell Tests", "-c", "user.email=tests@example.com"] + arguments
        process.currentDirectoryURL = workspace.url
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    @Test func comparesWithAGitRevisionIncludingItsDataFiles() throws {
        let workspace = try Workspace.bundled()
        try git("init", "-q", in: workspace)
        try git("add", ".", in: workspace)
        try git("commit", "-q", "-m", "base", in: workspace)
        let manifest = try String(contentsOf: workspace.url.appendingPathComponent("site.yaml"), encoding: .utf8)
        try workspace.write(
            manifest.replacingOccurrences(
                of: "  - name: like\n", with: "  - name: events\n    path: /events/*\n    page: stories\n  - name: like\n"),
            to: "site.yaml")
        let profiles = try String(contentsOf: workspace.url.appendingPathComponent("data/profiles.csv"), encoding: .utf8)
        try workspace.write(profiles + "/u/kim,Kim on Amora,,,Kim\n", to: "data/profiles.csv")

        let run = try workspace.run("diff", "--base", "HEAD")
        #expect(run.status == 0, "\(run.standardError)")
        let report = run.standardOutput
        #expect(report.hasPrefix("## Linkwell: what this change does to links\n\nCompared `HEAD:site.yaml` → `site.yaml`"))
        // The app's own manifest (app-files/, named in site.yaml) has no filter for /events/: a new
        // route opens nothing on Android until the app ships one.
        #expect(
            report.contains(
                "| `m.example.com`, `mlink.example.com` | `/events/sample`<br>sample of route 'events' | iOS 13+, iOS 9–12 | amora, amora-beta "
                    + "| browser (no rule) | **opens the app** (route `events`) |"
            ), "\(report)")
        #expect(report.contains("route 'events' sends https://m.example.com/events/"), "the route's new URLs the app's filters do not take")
        #expect(
            report.contains("> **Now opens the app:** `https://m.example.com/events/sample`, `https://mlink.example.com/events/sample`."))
        #expect(report.contains("- 1 item page added: `/u/kim`."))
        #expect(report.contains("- **added** `events`: path `/events/*`; opens the app; page `stories`"))
        // The new profile's item pages, found only because the base's data file was read at HEAD.
        #expect(report.contains("| `m.example.com/u/kim.html` | added |"))
        #expect(report.contains("| `mlink.example.com/u/kim.html` | added |"))
        #expect(!report.contains("u/alex.html"), "unchanged item pages are not listed")
    }

    /// A base data file far larger than a pipe's buffer (64 KB) is read whole from `git show`:
    /// only the one row that changed shows, not the rows a short read would have dropped.
    @Test func aLargeDataFileAtTheBaseIsReadWhole() throws {
        let workspace = try Workspace.bundled()
        let rows = (0..<1_500).map { "/u/member-\($0),Member \($0) on Amora,\"Member \($0), likes things.\",,Member \($0)\n" }
        try workspace.write("path,title,description,image,name\n" + rows.joined(), to: "data/profiles.csv")
        try git("init", "-q", in: workspace)
        try git("add", ".", in: workspace)
        try git("commit", "-q", "-m", "base", in: workspace)
        let size = try FileManager.default.attributesOfItem(atPath: workspace.url.appendingPathComponent("data/profiles.csv").path)[.size]
        #expect((size as? Int ?? 0) > 65_536)
        var changed = rows
        changed[1_200] = "/u/member-1200,Member 1200 (renamed) on Amora,,,Member 1200\n"
        try workspace.write("path,title,description,image,name\n" + changed.joined(), to: "data/profiles.csv")

        let run = try workspace.run("diff", "--base", "HEAD")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("`m.example.com/u/member-1200.html`"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("member-1499"), "rows past the first 64 KB were read at the base too")
        #expect(!run.standardOutput.contains("added"), "\(run.standardOutput)")
    }

    /// The pull request that adds site.yaml: the base revision has none, so everything is added;
    /// `--format json` and GitHub annotations on the same run.
    @Test func aFirstPullRequestComparesWithNothing() throws {
        let workspace = try Workspace.bundled()
        try git("init", "-q", in: workspace)
        try workspace.write("# Amora\n", to: "README.md")
        try git("add", "README.md", in: workspace)
        try git("commit", "-q", "-m", "before Linkwell", in: workspace)
        let run = try workspace.run("diff", "--base", "HEAD")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.contains("`HEAD (no manifest)` has no manifest: this change adds `site.yaml`, so everything below is new."))
        #expect(
            run.standardOutput.contains("- Mirror pair `m.example.com` ↔ `mlink.example.com` added: deploy both folders before merging."))
        let json = try workspace.run("diff", "--base", "HEAD", "--format", "json", "--diagnostics-format", "github")
        #expect(json.status == 0, "\(json.standardError)")
        #expect(json.standardOutput.contains(#""firstManifest" : true"#) || json.standardOutput.contains(#""firstManifest": true"#))
        #expect(json.standardError.contains("::notice title=linkwell::https://m.example.com/u/42 now opens the app on"))
        let missing = try workspace.run("diff", "--base", "no-such-revision")
        #expect(missing.status == 1 && missing.standardError.contains("cannot read site.yaml at 'no-such-revision'"))
    }

    @Test func comparesWithAManifestFile() throws {
        let workspace = try Workspace.bundled()
        let manifest = try String(contentsOf: workspace.url.appendingPathComponent("site.yaml"), encoding: .utf8)
        try workspace.write(manifest, to: "base.yaml")
        let same = try workspace.run("diff", "--base-manifest", "base.yaml")
        #expect(same.status == 0, "\(same.standardError)")
        #expect(same.standardOutput.contains("No sample URL changes what it does on any platform (each app judged on its own"))
        #expect(same.standardOutput.contains("Proved: no URL on any host changes what it does, on any platform, for any app ("))
        #expect(same.standardOutput.contains("No built file changes (\(Fixtures.bundledOutputFiles.count) files)."))
    }

    /// `--full-report` writes to what it names — through a link, into a FIFO or a device — and
    /// never renames a file over it; a report that cannot be written fails the command.
    @Test func theFullReportIsWrittenWhereItIsToldOrFails() throws {
        let workspace = try Workspace.bundled()
        let manifest = try String(contentsOf: workspace.url.appendingPathComponent("site.yaml"), encoding: .utf8)
        try workspace.write(manifest, to: "base.yaml")
        try workspace.write("old\n", to: "reports/real.md")
        #expect(symlink("reports/real.md", workspace.url.appendingPathComponent("linked.md").path) == 0)
        let linked = try workspace.run("diff", "--base-manifest", "base.yaml", "--full-report", "linked.md")
        #expect(linked.status == 0, "\(linked.standardError)")
        var info = stat()
        #expect(lstat(workspace.url.appendingPathComponent("linked.md").path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        let written = try String(contentsOf: workspace.url.appendingPathComponent("reports/real.md"), encoding: .utf8)
        #expect(written == linked.standardOutput, "the report went through the link, whole")
        #expect(mkfifo(workspace.url.appendingPathComponent("pipe").path, 0o600) == 0)
        let pipePath = workspace.url.appendingPathComponent("pipe").path
        let reader = Thread {
            let descriptor = open(pipePath, O_RDONLY)
            var block = [UInt8](repeating: 0, count: 4096)
            while descriptor >= 0, read(descriptor, &block, block.count) > 0 {}
            close(descriptor)
        }
        reader.start()
        let piped = try workspace.run("diff", "--base-manifest", "base.yaml", "--full-report", "pipe")
        #expect(piped.status == 0, "\(piped.standardError)")
        #expect(lstat(workspace.url.appendingPathComponent("pipe").path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        let failed = try workspace.run("diff", "--base-manifest", "base.yaml", "--full-report", "no-such-folder/full.md")
        #expect(failed.status == 1)
        #expect(
            failed.standardError.contains("cannot write 'no-such-folder/full.md': no such file or directory"), "\(failed.standardError)")
        #expect(failed.standardOutput.contains("No built file changes"), "the comment is printed all the same")
        let negative = try workspace.run("diff", "--base-manifest", "base.yaml", "--comment-limit", "-1")
        #expect(negative.status == 64 && negative.standardError.contains("--comment-limit takes 0 (never cut) or at least 2000 characters"))
    }

    /// Values a manifest chooses — a path and a query name holding backticks, a Markdown image, a
    /// link and an @-mention — stay inside code spans in the comment: none of them renders.
    @Test func valuesInTheCommentAreInertMarkdown() throws {
        let workspace = try Workspace.bundled()
        let manifest = try String(contentsOf: workspace.url.appendingPathComponent("site.yaml"), encoding: .utf8)
        try workspace.write(manifest, to: "base.yaml")
        let path = "/x/``![i](https://evil.example/p.png)`@octocat/*"
        try workspace.write(
            manifest.replacingOccurrences(
                of: "  - name: like\n",
                with: "  - name: tricky\n    path: '\(path)'\n    query: {'a`b': '*'}\n  - name: like\n"), to: "site.yaml")
        let run = try workspace.run("diff", "--base-manifest", "base.yaml")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("path ```\(path)```; query ``a`b=*``"), "\(run.standardOutput)")
        // Outside code spans the report holds no image, link or mention that a value brought.
        var outside = ""
        var inCode = 0
        var characters = Array(run.standardOutput)[...]
        while let first = characters.first {
            let fence = characters.prefix { $0 == "`" }.count
            if fence > 0 {
                inCode = inCode == 0 ? fence : (inCode == fence ? 0 : inCode)
                characters = characters.dropFirst(fence)
                continue
            }
            if inCode == 0 { outside.append(first) }
            characters = characters.dropFirst()
        }
        #expect(!outside.contains("evil.example") && !outside.contains("@octocat"), "\(outside)")
    }

    /// A change too large for one comment (GitHub accepts 65,536 characters) is cut under the
    /// limit with a note of what was left out; `--full-report` and `--comment-limit 0` give it whole.
    @Test func aLargeReportIsCutUnderGitHubsLimitWithANote() throws {
        let workspace = try Workspace.bundled()
        let manifest = try String(contentsOf: workspace.url.appendingPathComponent("site.yaml"), encoding: .utf8)
        try workspace.write(manifest, to: "base.yaml")
        let routes = (0..<50).map { "  - name: added-\($0)\n    path: /added-\($0)/*/more-\($0)\n" }.joined()
        try workspace.write(manifest.replacingOccurrences(of: "  - name: like\n", with: routes + "  - name: like\n"), to: "site.yaml")
        let whole = try workspace.run("diff", "--base-manifest", "base.yaml", "--comment-limit", "0")
        #expect(whole.status == 0, "\(whole.standardError)")
        #expect(whole.standardOutput.utf16.count > 65_536)
        let cut = try workspace.run("diff", "--base-manifest", "base.yaml", "--full-report", "full.md")
        #expect(cut.standardOutput.utf16.count <= 60_000)
        #expect(cut.standardOutput.contains("> **This comment is cut short** to stay under GitHub's limit for a comment: "))
        #expect(cut.standardOutput.hasPrefix(String(whole.standardOutput.prefix(2_000))))
        let full = try String(contentsOf: workspace.url.appendingPathComponent("full.md"), encoding: .utf8)
        #expect(full == whole.standardOutput)
        let refused = try workspace.run("diff", "--base-manifest", "base.yaml", "--comment-limit", "100")
        #expect(refused.status == 64 && refused.standardError.contains("--comment-limit takes 0 (never cut) or at least 2000 characters"))
    }

    @Test func refusesWithoutExactlyOneBase() throws {
        let workspace = try Workspace.bundled()
        let neither = try workspace.run("diff")
        #expect(neither.status == 64)
        #expect(neither.standardError.contains("give exactly one of --base REV and --base-manifest FILE"))
        let both = try workspace.run("diff", "--base", "HEAD", "--base-manifest", "site.yaml")
        #expect(both.status == 64)
    }

    @Test func anUnknownRevisionOrABrokenBaseIsAnError() throws {
        let workspace = try Workspace.bundled()
        try git("init", "-q", in: workspace)
        let unknown = try workspace.run("diff", "--base", "no-such-branch")
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("cannot read site.yaml at 'no-such-branch':"))

        try workspace.write("version: 1\nname: Broken\n", to: "broken.yaml")
        let broken = try workspace.run("diff", "--base-manifest", "broken.yaml")
        #expect(broken.status == 1)
        #expect(broken.standardError.contains("in the base: broken.yaml:"))
        #expect(broken.standardError.contains("the base manifest broken.yaml does not build, so there is nothing to compare with"))
    }
}
