import Foundation
import LinkwellTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Git stores symbolic links, so a pull request can commit a project file that is a link to a
/// file outside the project (a key, a credentials file). No byte of such a file may reach
/// `Output/` or anything Linkwell prints, whichever project file the link stands for; a link that
/// stays inside the project is followed (docs/guarantees.md, "Project files").
@Suite struct ProjectLinkTests {
    /// The words every planted outside file carries, so a leak of any of them is found.
    static let secret = "TOPSECRET-4242"

    /// A folder outside the project holding files any project file could be (a template, a CSV,
    /// a manifest, a font), each carrying the secret and valid enough to be used if read.
    final class OutsideFiles {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("linkwell-secret-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let manifest = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)
                .replacingOccurrences(of: "name: Amora\n", with: "name: \(ProjectLinkTests.secret)\n")
            let files: [String: Data] = [
                "template.mustache": Data("<p>\(ProjectLinkTests.secret)</p>\n".utf8),
                "rows.csv": Data("id,name\nsecret,\(ProjectLinkTests.secret)\n".utf8),
                "site.yaml": Data(manifest.utf8),
                "font.woff2": Data("wOF2".utf8 + Array(ProjectLinkTests.secret.utf8)),
                "entitlements.plist": Data(ProjectLinkTests.secret.utf8),
            ]
            for (name, data) in files { try data.write(to: URL(fileURLWithPath: path + "/" + name)) }
            try FileManager.default.createDirectory(atPath: path + "/templates", withIntermediateDirectories: true)
            try files["template.mustache"]?.write(to: URL(fileURLWithPath: path + "/templates/page.mustache"))
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Runs each command a pull request's files meet (build, validate, check, diff) and holds
    /// that none printed the secret or wrote it under `Output/`; returns the build's run.
    static func runEverything(in workspace: borrowing Workspace) throws -> Binary.Run {
        let build = try workspace.run("build")
        var printed = build.standardOutput + build.standardError
        for arguments in [["validate"], ["check"], ["match", "https://m.example.com/u/1"], ["diff", "--base-manifest", "site.yaml"]] {
            let run = try Binary.run(arguments, in: workspace.url)
            printed += run.standardOutput + run.standardError
        }
        #expect(!printed.contains(secret), "\(printed)")
        for (path, file) in workspace.snapshot() {
            #expect(!String(decoding: file.contents, as: UTF8.self).contains(secret), "Output/\(path)")
        }
        return build
    }

    static func link(_ target: String, at path: String, in workspace: borrowing Workspace) throws {
        let url = workspace.url.appendingPathComponent(path)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(symlink(target, url.path) == 0)
    }

    @Test func aTemplateLinkedOutsideIsRefusedNamingTheLink() throws {
        let outside = try OutsideFiles()
        let workspace = try Workspace.bundled()
        try Self.link(outside.path + "/template.mustache", at: "Templates/analytics.mustache", in: workspace)
        let build = try Self.runEverything(in: workspace)
        #expect(build.status == 1)
        #expect(
            build.standardError.contains(
                "cannot read templates folder 'Templates': 'Templates/analytics.mustache' is a link to '\(outside.path)/template.mustache', outside the project folder"
            ), "\(build.standardError)")
    }

    /// A partial the page template includes, linked outside: the folder is refused as a whole.
    @Test func aPartialLinkedOutsideIsRefused() throws {
        let outside = try OutsideFiles()
        let workspace = try Workspace.bundled()
        let page = try String(contentsOf: workspace.url.appendingPathComponent("Templates/page.mustache"), encoding: .utf8)
        try workspace.write(page.replacingOccurrences(of: "</body>", with: "{{> footer}}</body>"), to: "Templates/page.mustache")
        try Self.link(outside.path + "/template.mustache", at: "Templates/footer.mustache", in: workspace)
        let build = try Self.runEverything(in: workspace)
        #expect(build.status == 1)
        #expect(build.standardError.contains("'Templates/footer.mustache' is a link to"), "\(build.standardError)")
    }

    /// The templates folder itself a link, and `templates:` climbing out with `..`.
    @Test func aTemplatesFolderOutsideIsRefused() throws {
        let outside = try OutsideFiles()
        let workspace = try Workspace.bundled()
        try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("Templates"))
        try Self.link(outside.path + "/templates", at: "Templates", in: workspace)
        let linked = try Self.runEverything(in: workspace)
        #expect(linked.status == 1)
        #expect(linked.standardError.contains("'Templates' is a link to '\(outside.path)/templates'"), "\(linked.standardError)")

        let climbing = try Workspace.bundled()
        let manifest = try String(contentsOf: climbing.url.appendingPathComponent("site.yaml"), encoding: .utf8)
        let relative = "../" + URL(fileURLWithPath: outside.path).lastPathComponent + "/templates"
        try climbing.write(manifest.replacingOccurrences(of: "templates: Templates", with: "templates: \(relative)"), to: "site.yaml")
        let climbed = try Self.runEverything(in: climbing)
        #expect(climbed.status == 1)
        #expect(climbed.standardError.contains("'\(relative)' leads outside the project folder"), "\(climbed.standardError)")
    }

    @Test func aDataFileLinkedOutsideIsRefused() throws {
        let outside = try OutsideFiles()
        let workspace = try Workspace.bundled()
        try Self.link(outside.path + "/rows.csv", at: "data/profiles.csv", in: workspace)
        let build = try Self.runEverything(in: workspace)
        #expect(build.status == 1)
        #expect(
            build.standardError.contains("'data/profiles.csv' is a link to '\(outside.path)/rows.csv', outside the project folder"),
            "\(build.standardError)")
        // A folder on the way that is a link out is refused the same way.
        try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("data"))
        try FileManager.default.createDirectory(atPath: outside.path + "/data", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: outside.path + "/rows.csv", toPath: outside.path + "/data/profiles.csv")
        try Self.link(outside.path + "/data", at: "data", in: workspace)
        let viaFolder = try Self.runEverything(in: workspace)
        #expect(viaFolder.standardError.contains("'data' is a link to '\(outside.path)/data'"), "\(viaFolder.standardError)")
    }

    @Test func theManifestLinkedOutsideIsRefused() throws {
        let outside = try OutsideFiles()
        let workspace = try Workspace.bundled()
        try Self.link(outside.path + "/site.yaml", at: "site.yaml", in: workspace)
        let build = try Self.runEverything(in: workspace)
        #expect(build.status == 1)
        #expect(
            build.standardError.contains(
                "cannot read manifest 'site.yaml': 'site.yaml' is a link to '\(outside.path)/site.yaml', outside the project folder"),
            "\(build.standardError)")
    }

    @Test func aFontLinkedOutsideIsRefused() throws {
        let outside = try OutsideFiles()
        let manifest = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)
            .replacingOccurrences(
                of: "theme:\n",
                with: "theme:\n  font: '\"Brand Sans\", sans-serif'\n  fonts:\n    - family: Brand Sans\n      src: fonts/Brand.woff2\n")
        let workspace = try Workspace.bundled(manifest: manifest)
        try Self.link(outside.path + "/font.woff2", at: "fonts/Brand.woff2", in: workspace)
        let build = try Self.runEverything(in: workspace)
        #expect(build.status == 1)
        #expect(
            build.standardError.contains("cannot read font file 'fonts/Brand.woff2': 'fonts/Brand.woff2' is a link to"),
            "\(build.standardError)")
    }

    @Test func anAppFileLinkedOutsideIsRefused() throws {
        let outside = try OutsideFiles()
        let workspace = try Workspace.bundled()
        try Self.link(outside.path + "/entitlements.plist", at: "app-files/ios/Amora.entitlements", in: workspace)
        let build = try Self.runEverything(in: workspace)
        #expect(build.status == 1)
        #expect(
            build.standardError.contains(
                "cannot read app file 'app-files/ios/Amora.entitlements': 'app-files/ios/Amora.entitlements' is a link to '\(outside.path)/entitlements.plist'"
            ),
            "\(build.standardError)")
        let app = try workspace.run("app")
        #expect(!(app.standardOutput + app.standardError).contains(Self.secret))
    }

    /// Links that stay inside the project — a relative one through `..`, an absolute one, a
    /// linked folder — are followed, and the build is the one the real files make.
    @Test func linksInsideTheProjectAreFollowed() throws {
        let plain = try Workspace.bundled()
        #expect(try plain.run("build").status == 0)
        let workspace = try Workspace.bundled()
        let shared = workspace.url.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: workspace.url.appendingPathComponent("Templates"), to: shared.appendingPathComponent("templates"))
        try FileManager.default.moveItem(at: workspace.url.appendingPathComponent("data"), to: shared.appendingPathComponent("data"))
        try Self.link("shared/templates", at: "Templates", in: workspace)
        try FileManager.default.createDirectory(at: workspace.url.appendingPathComponent("data"), withIntermediateDirectories: true)
        try Self.link(shared.path + "/data/profiles.csv", at: "data/profiles.csv", in: workspace)
        let build = try workspace.run("build")
        #expect(build.status == 0, "\(build.standardError)")
        #expect(workspace.snapshot().mapValues(\.contents) == plain.snapshot().mapValues(\.contents))
    }

    /// `diff --base REV` reads the base from git, where a committed link is a blob holding its
    /// target: git follows it inside the repository and the base refuses one that leads out.
    @Test func aLinkCommittedInGitIsRefusedAtTheBase() throws {
        let outside = try OutsideFiles()
        let workspace = try Workspace.bundled()
        let git = { (arguments: [String]) throws -> Int32 in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-c", "user.email=t@example.com", "-c", "user.name=t"] + arguments
            process.currentDirectoryURL = workspace.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(try git(["init", "-q"]) == 0)
        try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("data/profiles.csv"))
        try Self.link(outside.path + "/rows.csv", at: "data/profiles.csv", in: workspace)
        #expect(try git(["add", "-A"]) == 0)
        #expect(try git(["commit", "-qm", "base"]) == 0)
        // The head is clean: only the base, read from git, holds the link.
        try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("data/profiles.csv"))
        try FileManager.default.copyItem(
            at: Fixtures.repositoryRoot.appendingPathComponent("data/profiles.csv"),
            to: workspace.url.appendingPathComponent("data/profiles.csv"))
        let diff = try workspace.run("diff", "--base", "HEAD")
        #expect(!(diff.standardOutput + diff.standardError).contains(Self.secret))
        #expect(
            diff.standardError.contains("at HEAD leads through a link to '\(outside.path)/rows.csv', outside the repository"),
            "\(diff.standardError)")
    }
}
