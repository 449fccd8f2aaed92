import Foundation
import LinkwellTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What the file system can throw at a build — FIFOs, links, names too long, a folder that cannot
/// be created — is said in words, at the manifest's or data row's line where there is one, and
/// never hangs a build or leaves a half-written output.
@Suite struct FileSystemErrorTests {
    @Test func aFIFOGivenAsTheManifestOrADataFileIsRefusedAtOnce() throws {
        let workspace = try Workspace.bundled()
        #expect(mkfifo(workspace.url.appendingPathComponent("pipe.yaml").path, 0o644) == 0)
        let manifest = try workspace.run("build", "--manifest", "pipe.yaml")
        #expect(manifest.status == 1)
        #expect(manifest.standardError == "linkwell: error: cannot read manifest 'pipe.yaml': it is a FIFO (named pipe), not a file\n")

        #expect(mkfifo(workspace.url.appendingPathComponent("data/pipe.csv").path, 0o644) == 0)
        let site = try String(contentsOf: workspace.url.appendingPathComponent("site.yaml"), encoding: .utf8)
        try workspace.write(site.replacingOccurrences(of: "items: data/profiles.csv", with: "items: data/pipe.csv"), to: "site.yaml")
        let data = try workspace.run("build")
        #expect(data.status == 1)
        let line = try #require(
            site.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("data/profiles.csv") })
        #expect(
            data.standardError.hasPrefix(
                "site.yaml:\(line + 1):12: error: cannot read item file 'data/pipe.csv' of page type 'profile': it is a FIFO (named pipe), not a file\n"
            ))
        #expect(workspace.snapshot().isEmpty)
    }

    /// A FIFO put in place of `file` (in the workspace's `Output/`): its path and the bytes the
    /// build wrote there.
    private func fifo(inPlaceOf file: String, in workspace: borrowing Workspace) throws -> (path: String, built: Data) {
        let path = workspace.url.appendingPathComponent("Output/\(file)").path
        let built = try Data(contentsOf: URL(fileURLWithPath: path))
        unlink(path)
        #expect(mkfifo(path, 0o644) == 0)
        return (path, built)
    }

    /// `file` (in the workspace's `Output/`) moved out of it, and a symbolic link to it put in its
    /// place: the link's path and where it points.
    private func link(inPlaceOf file: String, in workspace: borrowing Workspace) -> (path: String, target: String) {
        let path = workspace.url.appendingPathComponent("Output/\(file)").path
        let target = workspace.url.appendingPathComponent(file.replacingOccurrences(of: "/", with: "-") + "-copy").path
        #expect(rename(path, target) == 0)
        #expect(symlink(target, path) == 0)
        return (path, target)
    }

    @Test func aFIFOOrALinkInsideTheOutputIsDriftThatTheNextBuildReplaces() throws {
        let workspace = try Workspace.bundled()
        #expect(try workspace.run("build").status == 0)
        let (robots, built) = try fifo(inPlaceOf: "m.example.com/robots.txt", in: workspace)
        // A link to a file with the very bytes the build would write is still not what it writes.
        let (aasa, _) = link(inPlaceOf: "mlink.example.com/apple-app-site-association", in: workspace)

        let check = try workspace.run("check")
        #expect(check.status == 1)
        #expect(check.standardOutput == "changed: m.example.com/robots.txt\nchanged: mlink.example.com/apple-app-site-association\n")
        let build = try workspace.run("build")
        #expect(
            build.standardOutput == "wrote Output: \(Fixtures.bundledOutputFiles.count) files, 2 changed\n", "\(build.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: robots)) == built)
        var info = stat()
        #expect(lstat(aasa, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        #expect(try workspace.run("check").status == 0)
    }

    /// Item pages are compared on the cores that render them, each opened in its own folder: a
    /// FIFO or a link in place of a page, and a page folder that is gone or is a file, are drift
    /// to a `check` with no build record (each page read), not a hang, a crash or a match.
    @Test func itemPagesThatAreNotWhatABuildWritesAreDriftWithoutARecord() throws {
        let workspace = try Workspace.bundled()
        #expect(try workspace.run("build").status == 0)
        let output = workspace.url.appendingPathComponent("Output")
        _ = try fifo(inPlaceOf: "m.example.com/u/alex.html", in: workspace)
        _ = link(inPlaceOf: "m.example.com/u/sam.html", in: workspace)
        let mirror = output.appendingPathComponent("mlink.example.com/u")
        try FileManager.default.removeItem(at: mirror)
        let cache = workspace.url.appendingPathComponent(".test-cache")
        try? FileManager.default.removeItem(at: cache)
        let check = try workspace.run("check")
        #expect(check.status == 1)
        let drift = "changed: m.example.com/u/alex.html\nchanged: m.example.com/u/sam.html\n"
        let mirrorPages = ["alex", "noor", "sam", "zoë"].map { "added: mlink.example.com/u/\($0).html\n" }.joined()
        #expect(check.standardOutput == drift + mirrorPages, "\(check.standardError)")
        // The folder a file: its pages cannot be opened (ENOTDIR), and the file is not the build's.
        #expect(FileManager.default.createFile(atPath: mirror.path, contents: Data("x".utf8)))
        try? FileManager.default.removeItem(at: cache)
        let again = try workspace.run("check")
        #expect(again.standardOutput == drift + "removed: mlink.example.com/u\n" + mirrorPages, "\(again.standardError)")
    }

    /// A record-less `check` reads an item page without asking what kind of file it is (the
    /// folder's walk says): a FIFO that gives exactly the page's bytes is still drift, not a match.
    @Test func aFIFOThatGivesThePagesBytesIsDrift() throws {
        let workspace = try Workspace.bundled()
        #expect(try workspace.run("build").status == 0)
        let (alex, page) = try fifo(inPlaceOf: "m.example.com/u/alex.html", in: workspace)
        // Open for reading and writing, so the open does not wait for a reader and the pipe keeps
        // the bytes (a page is far below its 64 KB) for `check` to read.
        let pipe = open(alex, O_RDWR | O_NONBLOCK)
        #expect(pipe >= 0)
        defer { close(pipe) }
        #expect(page.withUnsafeBytes { write(pipe, $0.baseAddress, $0.count) } == page.count)
        try? FileManager.default.removeItem(at: workspace.url.appendingPathComponent(".test-cache"))
        let check = try workspace.run("check")
        #expect(check.status == 1)
        #expect(check.standardOutput == "changed: m.example.com/u/alex.html\n", "\(check.standardError)")
    }

    /// A link in place of a page folder, to a copy of it: neither `check` (with or without a build
    /// record) nor a build takes it for the folder — `check` lists the link (and, reading pages,
    /// never opens a folder through it), a build refuses with what to do and leaves everything as
    /// it was.
    @Test func aLinkInPlaceOfAPageFolderIsDriftThatABuildRefuses() throws {
        let workspace = try Workspace.bundled()
        // Twice: pages created in the record's own clock tick are recorded by the next build.
        #expect(try workspace.run("build").status == 0)
        #expect(try workspace.run("build").status == 0)
        let (folder, copy) = link(inPlaceOf: "m.example.com/u", in: workspace)
        let withRecord = try workspace.run("check")
        #expect(withRecord.status == 1)
        #expect(withRecord.standardOutput == "removed: m.example.com/u\n", "\(withRecord.standardError)")
        try? FileManager.default.removeItem(at: workspace.url.appendingPathComponent(".test-cache"))
        // Without a record the pages are read, and a folder is never opened through a link: they
        // are not in the output.
        let withoutRecord = try workspace.run("check")
        let pages = ["alex", "noor", "sam", "zoë"].map { "added: m.example.com/u/\($0).html\n" }.joined()
        #expect(withoutRecord.standardOutput == "removed: m.example.com/u\n" + pages, "\(withoutRecord.standardError)")
        let snapshot = workspace.snapshot()
        let build = try workspace.run("build")
        #expect(build.status == 1)
        #expect(
            build.standardError
                == "linkwell: error: 'm.example.com/u' in 'Output' is a link to a folder: a build writes only files and folders of its own, and would write through it; remove the link and build again\n"
        )
        let after = workspace.snapshot()
        #expect(
            after.mapValues(\.contents) == snapshot.mapValues(\.contents) && after.mapValues(\.modified) == snapshot.mapValues(\.modified))
        #expect(workspace.leftovers().isEmpty)
        var info = stat()
        #expect(lstat(folder, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        unlink(folder)
        #expect(try workspace.run("build").status == 0)
        #expect(try workspace.run("check").status == 0)
        // A link to a folder where a build writes a file is replaced by the file.
        let robots = workspace.url.appendingPathComponent("Output/m.example.com/robots.txt").path
        unlink(robots)
        #expect(symlink(copy, robots) == 0)
        #expect(try workspace.run("check").standardOutput == "changed: m.example.com/robots.txt\n")
        #expect(try workspace.run("build").status == 0)
        #expect(lstat(robots, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    }

    @Test func anItemPathNoFileSystemCanHoldIsAnErrorAtItsRow() throws {
        let workspace = try Workspace.bundled()
        let csv = try String(contentsOf: workspace.url.appendingPathComponent("data/profiles.csv"), encoding: .utf8)
        let rows = csv.split(separator: "\n").count
        let long = String(repeating: "a", count: 251)
        try workspace.write(csv + "/u/\(long),Long,A long one.,https://www.example.com/i.jpg,Long\n", to: "data/profiles.csv")
        let run = try workspace.run("build")
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "data/profiles.csv:\(rows + 1):1: error: item path segment '\(long.prefix(24))…' is 251 bytes long; file systems hold names of at most 255 bytes (250 for the last segment, which gets '.html')\n1 error; nothing was written\n"
        )
        #expect(workspace.snapshot().isEmpty && workspace.leftovers().isEmpty)
    }

    /// New files are written on a thread of their own while the build goes on: a file that
    /// cannot be created still fails the build with its name, and leaves the old output as it
    /// was, with nothing beside it. Here the staged file's path is longer than the system takes
    /// (the output folder is deep, the folders the file goes in are not too long).
    @Test func aFileThatCannotBeWrittenFailsTheBuildAndKeepsTheOldOutput() throws {
        let workspace = try Workspace.bundled()
        let base = workspace.url.resolvingSymlinksInPath().path.utf8.count + 1
        var deep = "deep"
        while base + deep.utf8.count < 3_880 { deep += "/" + String(repeating: "d", count: min(200, 3_880 - base - deep.utf8.count)) }
        try FileManager.default.createDirectory(at: workspace.url.appendingPathComponent(deep), withIntermediateDirectories: true)
        let output = deep + "/Out"
        #expect(try workspace.run("build", "--output", output).status == 0)
        let before = workspace.snapshot(output)
        #expect(!before.isEmpty)
        let csv = try String(contentsOf: workspace.url.appendingPathComponent("data/profiles.csv"), encoding: .utf8)
        let long = String(repeating: "a", count: 200)
        try workspace.write(csv + "/u/\(long),Long,A long one.,https://www.example.com/i.jpg,Long\n", to: "data/profiles.csv")
        let run = try workspace.run("build", "--output", output)
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("linkwell: error: cannot write '/"), "\(run.standardError)")
        #expect(run.standardError.hasSuffix("/Out/m.example.com/u/\(long).html': file name too long\n"), "\(run.standardError)")
        let after = workspace.snapshot(output)
        #expect(after.count == before.count && after.allSatisfy { before[$0.key]?.contents == $0.value.contents })
        let beside = (try? FileManager.default.contentsOfDirectory(atPath: workspace.url.appendingPathComponent(deep).path)) ?? []
        #expect(beside == ["Out"], "\(beside)")
    }

    /// `init` and `import` write each file beside its place and rename it in: a file they cannot
    /// write is named with the system's reason (root may write anywhere else, not in /proc, nor
    /// below a file).
    @Test func initAndImportSayWhichFileTheyCannotWrite() throws {
        let workspace = try Workspace.bundled()
        try workspace.write("a file, not a folder", to: "plain")
        let starter = ["init", "--domain", "www.example.com", "--mirror", "open.example.com", "--team-id", "ABCDE12345"]
        let below = try Binary.run(starter + ["--bundle-id", "com.example.app", "--manifest", "plain/site.yaml"], in: workspace.url)
        #expect(below.status == 1)
        #expect(below.standardError == "linkwell: error: cannot write 'plain/site.schema.json': not a directory\n")
        let proc = try Binary.run(starter + ["--bundle-id", "com.example.app", "--manifest", "/proc/site.yaml"], in: workspace.url)
        #expect(
            proc.status == 1 && proc.standardError == "linkwell: error: cannot write '/proc/site.schema.json': no such file or directory\n")
        #expect(try workspace.run("build").status == 0)
        let imported = try workspace.run(
            "import", "--aasa", "Output/m.example.com/.well-known/apple-app-site-association", "--domain", "m.example.com",
            "--output", "/proc/imported.yaml")
        #expect(imported.status == 1)
        #expect(imported.standardError == "linkwell: error: cannot write '/proc/site.schema.json': no such file or directory\n")
        #expect(workspace.leftovers().isEmpty)
    }

    @Test func anOutputFolderThatCannotBeCreatedIsSaidInWords() throws {
        let workspace = try Workspace.bundled()
        let run = try workspace.run("build", "--output", "/proc/linkwell-output")
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "linkwell: error: cannot write '/proc/linkwell-output': cannot create a folder beside it: no such file or directory\n")
        try workspace.write("not a folder", to: "Output")
        let file = try workspace.run("build")
        #expect(file.status == 1 && file.standardError == "linkwell: error: 'Output' exists and is not a folder\n")
    }
}
