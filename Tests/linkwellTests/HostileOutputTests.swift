import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What a pull request can commit beside or inside `Output/` — links named like a killed build's
/// leftovers, a journal naming files outside the folder, a link in place of the output or of one
/// of its folders — never makes a build remove, rename or write anything outside the output
/// folder, and `check` fails while any of it is there (docs/guarantees.md, "Nothing a pull
/// request commits").
@Suite struct HostileOutputTests {
    /// A folder outside the workspace, with a file and a subfolder, that nothing may touch.
    final class Outside {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("linkwell-outside-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path + "/inner", withIntermediateDirectories: true)
            try Data("precious\n".utf8).write(to: URL(fileURLWithPath: path + "/keep.txt"))
            try Data("inner\n".utf8).write(to: URL(fileURLWithPath: path + "/inner/page.html"))
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// Every entry below the folder with its bytes.
        func contents() -> [String: Data] {
            var found: [String: Data] = [:]
            let enumerator = FileManager.default.enumerator(atPath: path)
            while let name = enumerator?.nextObject() as? String {
                found[name] = FileManager.default.contents(atPath: path + "/" + name) ?? Data()
            }
            return found
        }
    }

    static func plant(link target: String, at name: String, in workspace: borrowing Workspace) {
        #expect(symlink(target, workspace.url.appendingPathComponent(name).path) == 0)
    }

    @Test func aLinkNamedLikeALeftoverIsNeverFollowedAndFailsCheck() throws {
        let workspace = try Workspace.bundled()
        let outside = try Outside()
        #expect(try workspace.run("build").status == 0)
        let before = outside.contents()
        for name in ["Output.linkwell-old-1", "Output.linkwell-new-7", "Output.linkwell-journal.new", "Output.linkwell-clock-3"] {
            Self.plant(link: outside.path, at: name, in: workspace)
        }
        let snapshot = workspace.snapshot()
        let build = try workspace.run("build")
        #expect(build.status == 1)
        #expect(build.standardError.contains("'\(workspace.url.path)/Output.linkwell-old-1' (a symbolic link)"), "\(build.standardError)")
        #expect(build.standardError.contains("remove them and build again"))
        #expect(outside.contents() == before)
        #expect(workspace.snapshot().mapValues(\.contents) == snapshot.mapValues(\.contents))
        let check = try workspace.run("check")
        #expect(check.status == 1)
        #expect(check.standardError.contains("Output.linkwell-new-7' (a symbolic link) was not made by a build on this machine; remove it"))
        for name in workspace.leftovers() { unlink(workspace.url.appendingPathComponent(name).path) }
        #expect(try workspace.run("build").status == 0)
        #expect(try workspace.run("check").status == 0)
        #expect(outside.contents() == before)
    }

    /// A restored CI cache can hold any beside list: one of 200,000 lines (8 MB) is over the
    /// bound a build reads, so it is read as empty — no entry it names is trusted — and a build
    /// beside it takes as long as any (it was read whole and pruned in quadratic time: hours).
    @Test func aHugeBesideListInTheCacheIsNotRead() throws {
        let workspace = try Workspace.bundled()
        #expect(try workspace.run("build").status == 0)
        let cache = workspace.url.appendingPathComponent(".test-cache/linkwell")
        let record = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path).first { $0.hasSuffix(".record") })
        let lines = (0..<200_000).map { "1 \($0) Output.linkwell-old-\($0)\n" }.joined()
        try Data(lines.utf8).write(to: cache.appendingPathComponent(String(record.dropLast(".record".count)) + ".beside"))
        try workspace.write("<p>changed</p>\n", to: "Templates/extra.mustache")
        let build = try workspace.run("build")
        #expect(build.status == 0, "\(build.standardError)")
        // A leftover the huge list names is not vouched for by it.
        try FileManager.default.createDirectory(
            at: workspace.url.appendingPathComponent("Output.linkwell-old-5"), withIntermediateDirectories: true)
        try Data((0..<300_000).map { "1 \($0) Output.linkwell-old-\($0)\n" }.joined().utf8)
            .write(to: cache.appendingPathComponent(String(record.dropLast(".record".count)) + ".beside"))
        let refused = try workspace.run("build")
        #expect(refused.status == 1 && refused.standardError.contains("Output.linkwell-old-5"), "\(refused.standardError)")
    }

    /// A journal committed beside the output, naming `..` paths, an absolute one and a sibling
    /// folder as its staging folder, or 100 MB of zeros: refused before anything moves.
    @Test func aJournalNoBuildHereWroteIsRefused() throws {
        let workspace = try Workspace.bundled()
        let outside = try Outside()
        #expect(try workspace.run("build").status == 0)
        try workspace.write("documentation\n", to: "docs/index.md")
        let before = outside.contents()
        let snapshot = workspace.snapshot()
        let journal = workspace.url.appendingPathComponent("Output.linkwell-journal")
        let entries = ["docs", "../../\(outside.path)/keep.txt", "../docs", outside.path + "/inner", "m.example.com/robots.txt"]
        try Data(entries.joined(separator: "\0").utf8 + [0]).write(to: journal)
        let build = try workspace.run("build")
        #expect(build.status == 1)
        #expect(build.standardError.contains("Output.linkwell-journal' (a file) beside"), "\(build.standardError)")
        #expect(outside.contents() == before)
        #expect(workspace.snapshot().mapValues(\.contents) == snapshot.mapValues(\.contents))
        #expect(FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("docs/index.md").path))
        #expect(try workspace.run("check").status == 1)

        // Oversized: refused from its name and identity alone, never read.
        #expect(truncate(journal.path, 100 << 20) == 0)
        let large = try workspace.run("build")
        #expect(large.status == 1 && large.standardError.contains("Output.linkwell-journal' (a file)"))
        unlink(journal.path)
        #expect(try workspace.run("build").status == 0)
        #expect(try workspace.run("check").status == 0)
    }

    /// `Output` committed as a link to a folder elsewhere: a build that followed it would make
    /// that folder equal the rendered files, removing the rest.
    @Test func anOutputFolderThatIsALinkIsRefused() throws {
        let workspace = try Workspace.bundled()
        let outside = try Outside()
        let before = outside.contents()
        Self.plant(link: outside.path, at: "Output", in: workspace)
        let build = try workspace.run("build")
        #expect(build.status == 1)
        #expect(
            build.standardError.hasPrefix(
                "linkwell: error: 'Output' is a symbolic link: Linkwell builds only into a real folder of the project"),
            "\(build.standardError)")
        #expect(try workspace.run("check").status == 1)
        #expect(outside.contents() == before)
        // Named by its absolute path, it is the user's own choice.
        #expect(try workspace.run("build", "--output", outside.path + "/site").status == 0)
    }

    /// A build killed while it replaced files leaves its journal; if a folder of the output is
    /// then replaced by a link, completing the journal never renames a page through it.
    @Test func completingAKilledBuildsJournalNeverWritesThroughALink() throws {
        let workspace = try Workspace.bundled()
        let outside = try Outside()
        #expect(try workspace.run("build").status == 0)
        try Self.changeEveryRow(in: workspace)
        try Self.killBuild(in: workspace, at: "replacing")
        #expect(workspace.leftovers().contains("Output.linkwell-journal"))
        let check = try workspace.run("check")
        #expect(check.status == 1 && check.standardError.contains("a build was killed while it replaced files of"))

        // The page folder the journal moves pages into, replaced by a link to a folder outside.
        let pages = workspace.url.appendingPathComponent("Output/m.example.com/u").path
        try FileManager.default.removeItem(atPath: pages)
        Self.plant(link: outside.path + "/inner", at: "Output/m.example.com/u", in: workspace)
        let before = outside.contents()
        let build = try workspace.run("build")
        #expect(build.status == 1)
        #expect(build.standardError.contains("passes an entry that is not a real folder"), "\(build.standardError)")
        #expect(outside.contents() == before)

        unlink(pages)
        #expect(try workspace.run("build").status == 0)
        #expect(try workspace.run("check").status == 0)
        #expect(workspace.leftovers().isEmpty)
        #expect(outside.contents() == before)
    }

    /// A killed build's own staging folder is its: the next build removes it, and `check` says
    /// what it is until then.
    @Test func aKilledBuildsStagingFolderIsRemovedByTheNext() throws {
        let workspace = try Workspace.bundled()
        #expect(try workspace.run("build").status == 0)
        try Self.changeEveryRow(in: workspace)
        try Self.killBuild(in: workspace, at: "staged")
        #expect(workspace.leftovers().contains { $0.hasPrefix("Output.linkwell-new-") })
        let check = try workspace.run("check")
        #expect(check.status == 1 && check.standardError.contains("was left by a killed build; the next 'linkwell build' removes it"))
        #expect(try workspace.run("build").status == 0)
        #expect(workspace.leftovers().isEmpty)
        #expect(try workspace.run("check").status == 0)
    }

    /// A build killed between making its staging folder (or its journal's temporary file) and
    /// listing it as its own leaves that entry empty: the next build removes it and builds, where
    /// it once refused every build after it as made by someone else.
    @Test(arguments: ["staging made", "journal made"])
    func whatAKilledBuildMadeButDidNotListIsRemovedEmpty(moment: String) throws {
        let workspace = try Workspace.bundled()
        #expect(try workspace.run("build").status == 0)
        try Self.changeEveryRow(in: workspace)
        try Self.killBuild(in: workspace, at: moment)
        let unlisted = moment == "staging made" ? "Output.linkwell-new-" : "Output.linkwell-journal.new"
        #expect(workspace.leftovers().contains { $0.hasPrefix(unlisted) }, "\(workspace.leftovers())")
        let check = try workspace.run("check")
        let said = "was left empty by a build killed as it made it; the next 'linkwell build' removes it"
        #expect(check.status == 1 && check.standardError.contains(said), "\(check.standardError)")
        let build = try workspace.run("build")
        #expect(build.status == 0, "\(build.standardError)")
        #expect(workspace.leftovers().isEmpty)
        #expect(try workspace.run("check").status == 0)
    }

    /// A build that completes a journal removes the staging folder, then the journal: killed
    /// between the two, it leaves a journal of its own whose staging folder is gone, with every
    /// file moved. The next build finishes it, where it once refused every build after it.
    @Test func aJournalWhoseStagingFolderIsGoneIsFinished() throws {
        let workspace = try Workspace.bundled()
        #expect(try workspace.run("build").status == 0)
        try Self.changeEveryRow(in: workspace)
        try Self.killBuild(in: workspace, at: "staging removed")
        #expect(workspace.leftovers() == ["Output.linkwell-journal"], "\(workspace.leftovers())")
        let build = try workspace.run("build")
        #expect(build.status == 0, "\(build.standardError)")
        #expect(workspace.leftovers().isEmpty)
        #expect(try workspace.run("check").status == 0)
    }

    /// A committed file whose name holds a line break, a workflow command and an escape sequence
    /// is listed by `check` on one line, inert, in text and in GitHub's format.
    @Test func aDriftedNameIsPrintedInert() throws {
        let workspace = try Workspace.bundled()
        #expect(try workspace.run("build").status == 0)
        let name = "x\n::error title=forged::owned\n::stop-commands::t\u{1B}[2J\u{202E}.html"
        try workspace.write("planted\n", to: "Output/m.example.com/" + name)
        for format in ["text", "github"] {
            let check = try workspace.run("check", "--diagnostics-format", format)
            #expect(check.status == 1)
            let listed = #"removed: m.example.com/x\u{a}::error title=forged::owned\u{a}::stop-commands::t\u{1b}[2J\u{202e}.html"#
            #expect(check.standardOutput == listed + "\n", "\(check.standardOutput)")
            for line in (check.standardOutput + check.standardError).split(separator: "\n") {
                #expect(!line.hasPrefix("::stop-commands") && !line.hasPrefix("::error title=forged") && !line.contains("\u{1B}"))
            }
        }
    }

    static func changeEveryRow(in workspace: borrowing Workspace) throws {
        let data = workspace.url.appendingPathComponent("data/profiles.csv")
        let csv = try String(contentsOf: data, encoding: .utf8)
        try workspace.write(csv.replacingOccurrences(of: ".jpg", with: ".png"), to: "data/profiles.csv")
    }

    /// Starts a build that pauses at `moment` (the durability hook), kills it there with SIGKILL.
    static func killBuild(in workspace: borrowing Workspace, at moment: String) throws {
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["build"]
        process.currentDirectoryURL = workspace.url
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = workspace.url.appendingPathComponent(".test-cache").path
        environment["LINKWELL_TEST_PAUSE"] = "\(moment):1000"
        process.environment = environment
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var said = ""
        while !said.contains("linkwell-test: \(moment)\n") {
            let chunk = error.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(said.contains("linkwell-test: \(moment)\n"), "\(said)")
    }
}
