import Dispatch
import Foundation
import LinkwellCore
import LinkwellSystem
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The output folder called directly, without a process: what a build adds, changes and removes,
/// that a build with nothing to change writes nothing, and that a build that fails leaves the
/// folder as it was and nothing beside it.
@Suite struct OutputFolderTests {
    /// A fresh folder under the system's temporary folder, removed when the test ends.
    final class Scratch {
        let root: String
        var output: String { root + "/Output" }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("linkwell-folder-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// Every file under the output folder, by path, with its text.
        func tree() throws -> [String: String] {
            var found: [String: String] = [:]
            let enumerator = FileManager.default.enumerator(atPath: output)
            while let path = enumerator?.nextObject() as? String {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: output + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                    found[path] = try String(contentsOfFile: output + "/" + path, encoding: .utf8)
                }
            }
            return found
        }

        /// What is beside the output folder: nothing but the folder itself once a build ends.
        func besideOutput() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: root).sorted()
        }

        func inode(_ path: String) -> UInt64 {
            var status = stat()
            return stat(output + "/" + path, &status) == 0 ? UInt64(status.st_ino) : 0
        }
    }

    static func producing(_ files: [String: String]) -> OutputFolder.Producer {
        { emit in
            for (path, text) in files.sorted(by: { $0.key < $1.key }) { try emit(OutputFile(path: path, contents: text)) }
        }
    }

    @Test func aBuildAddsChangesAndRemovesWhatDiffers() throws {
        let scratch = try Scratch()
        let folder = OutputFolder(path: scratch.output)
        let first = ["a.com/robots.txt": "one\n", "a.com/x.html": "x\n", "b.com/y.html": "y\n"]
        let (fresh, count) = try folder.replace(produce: Self.producing(first))
        #expect((fresh.added, fresh.changed, fresh.removed, count) == (3, 0, 0, 3))
        #expect(try scratch.tree() == first)

        let second = ["a.com/robots.txt": "two\n", "a.com/x.html": "x\n", "c.com/z.html": "z\n"]
        let (planned, _) = try folder.changes(produce: Self.producing(second))
        #expect(planned.map { "\($0.kind) \($0.path)" } == ["changed a.com/robots.txt", "removed b.com/y.html", "added c.com/z.html"])
        let (changed, _) = try folder.replace(produce: Self.producing(second))
        #expect((changed.added, changed.changed, changed.removed) == (1, 1, 1))
        #expect(try scratch.tree() == second)
        #expect(try scratch.besideOutput() == ["Output"])
    }

    @Test func aBuildWithNothingToChangeWritesNothing() throws {
        let scratch = try Scratch()
        let folder = OutputFolder(path: scratch.output)
        let files = ["a.com/robots.txt": "one\n", "a.com/x.html": "x\n"]
        _ = try folder.replace(produce: Self.producing(files))
        let before = scratch.inode("a.com/x.html")
        let (summary, _) = try folder.replace(produce: Self.producing(files))
        #expect(summary.isEmpty)
        #expect(scratch.inode("a.com/x.html") == before)
        #expect(try folder.changes(produce: Self.producing(files)).changes.isEmpty)
    }

    @Test func aFailedBuildLeavesTheFolderAsItWasAndNothingBesideIt() throws {
        struct Stop: Error {}
        let scratch = try Scratch()
        let folder = OutputFolder(path: scratch.output)
        let files = ["a.com/robots.txt": "one\n", "a.com/x.html": "x\n"]
        _ = try folder.replace(produce: Self.producing(files))
        #expect(throws: Stop.self) {
            _ = try folder.replace { emit in
                try emit(OutputFile(path: "a.com/robots.txt", contents: "changed\n"))
                throw Stop()
            }
        }
        #expect(try scratch.tree() == files)
        #expect(try scratch.besideOutput() == ["Output"])
    }

    /// In place, a file may give way to a folder of the same name and back.
    @Test func aFileAndAFolderOfOneNameTradePlaces() throws {
        let scratch = try Scratch()
        let folder = OutputFolder(path: scratch.output)
        let asFolder = ["a.com/x/y.html": "y\n", "a.com/robots.txt": "r\n"]
        let asFile = ["a.com/x": "x\n", "a.com/robots.txt": "r\n"]
        _ = try folder.replace(produce: Self.producing(asFolder))
        _ = try folder.replace(produce: Self.producing(asFile))
        #expect(try scratch.tree() == asFile)
        _ = try folder.replace(produce: Self.producing(asFolder))
        #expect(try scratch.tree() == asFolder)
        #expect(try scratch.besideOutput() == ["Output"])
    }

    @Test func aPathThatIsAFileIsRefusedInWords() throws {
        let scratch = try Scratch()
        #expect(FileManager.default.createFile(atPath: scratch.output, contents: Data("x".utf8)))
        #expect(throws: OutputFolderError.self) {
            _ = try OutputFolder(path: scratch.output).replace(produce: Self.producing(["a.com/robots.txt": "x\n"]))
        }
    }

    /// A lane whose own batches are written takes the other lane's: every file of a build whose
    /// pages are nearly all in one host is written once, and of two repeated paths the one the
    /// build made first is named.
    @Test func filesOfOneHostAreWrittenOnceWhicheverLaneTakesThem() throws {
        let scratch = try Scratch()
        var files = ["b.com/robots.txt": "b\n"]
        for index in 0..<2_000 { files["a.com/p/\(index).html"] = "\(index)\n" }
        let (summary, count) = try OutputFolder(path: scratch.output).replace(produce: Self.producing(files))
        #expect((summary.added, count) == (2_001, 2_001))
        #expect(try scratch.tree() == files)

        let repeated = try Scratch()
        let error = #expect(throws: OutputFolderError.self) {
            _ = try OutputFolder(path: repeated.output).replace { emit in
                try Self.producing(files)(emit)
                try emit(OutputFile(path: "a.com/p/700.html", contents: "again\n"))
                for index in 0..<500 { try emit(OutputFile(path: "a.com/q/\(index).html", contents: "q\n")) }
                try emit(OutputFile(path: "a.com/p/5.html", contents: "again\n"))
            }
        }
        #expect(error?.description.contains("'a.com/p/700.html'") == true, "\(String(describing: error))")
        #expect(try repeated.besideOutput().isEmpty)
    }

    /// A producer was not handed the batch writer it needs.
    /// Item pages as a build emits them: a row's two hosts' pages in turn, and one page in a
    /// folder no other file of the build names.
    static func pages(_ count: Int) -> [OutputFile] {
        (0..<count).flatMap { index in
            ["a.com", "b.com"].map { host in OutputFile(path: "\(host)/p/\(index).html", contents: "\(host) \(index)\n") }
        } + [OutputFile(path: "b.com/deep/er/page.html", contents: "deep\n")]
    }

    /// A page whose path another file of the build has is named as a repeated path, and a page
    /// whose name the file system refuses fails the build naming why; the output is not made
    /// either time, and nothing is left beside it.
    @Test func aRepeatedPathOrAnImpossibleNameFailsTheBuildAndLeavesNothing() throws {
        let scratch = try Scratch()
        let error = #expect(throws: OutputFolderError.self) {
            _ = try OutputFolder(path: scratch.output).replace(produce: { emit in
                try emit(OutputFile(path: "a.com/p/3.html", contents: "first\n"))
                for page in Self.pages(10) { try emit(page) }
            })
        }
        #expect(
            error?.description.contains("two files of the build have the path 'a.com/p/3.html'") == true, "\(String(describing: error))")
        #expect(try scratch.besideOutput().isEmpty)

        let long = try Scratch()
        let name = String(repeating: "n", count: 200)
        let deep = (0..<25).map { _ in name }.joined(separator: "/")
        let tooLong = #expect(throws: OutputFolderError.self) {
            _ = try OutputFolder(path: long.output).replace(produce: { emit in
                for page in Self.pages(2) + [OutputFile(path: "a.com/\(deep).html", contents: "x\n")] { try emit(page) }
            })
        }
        #expect(tooLong?.description.contains("file name too long") == true, "\(String(describing: tooLong))")
        #expect(try long.besideOutput().isEmpty)
    }

    /// A writer that goes without `finish` (a build that threw first) still writes the batches it
    /// handed over before it goes, and lets its lanes' threads end.
    @Test func aWriterDroppedWithoutFinishingWritesWhatItHandedOver() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.output + "/a.com", withIntermediateDirectories: true)
        do {
            var writer = StagedFileWriter(root: scratch.output, staging: scratch.output)
            for index in 0..<64 { try writer.write(Array("\(index)\n".utf8), path: "a.com/\(index).html") }
        }
        #expect(try scratch.tree().count == 64)
    }

    /// A record file is replaced whole or not at all: a fill that fails leaves the old record
    /// and nothing beside it; one that succeeds replaces it, again with nothing beside it.
    @Test func aRecordIsReplacedWholeOrNotAtAll() throws {
        let scratch = try Scratch()
        let file = scratch.root + "/record"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("old".utf8)))
        #expect(!BuildRecord.replace(file) { descriptor in write(descriptor, "half", 4) == 4 && false })
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "old")
        #expect(try scratch.besideOutput() == ["record"])
        #expect(BuildRecord.replace(file) { descriptor in write(descriptor, "new", 3) == 3 })
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "new")
        #expect(try scratch.besideOutput() == ["record"])
    }

    /// `finish` (where a build writes its record) runs with the folder's lock held — after a
    /// build that wrote files and after one that had nothing to change — so no other build can
    /// replace a page before the record reads its identity.
    @Test func aBuildFinishesWithTheFolderStillLocked() throws {
        let scratch = try Scratch()
        let folder = OutputFolder(path: scratch.output)
        func lockedByTheBuild() -> Bool {
            let descriptor = open(scratch.root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            defer { close(descriptor) }
            return descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
        }
        var finished: [(Bool, Bool)] = []
        for _ in 0..<2 {
            _ = try folder.replace(produce: Self.producing(["a.html": "a"])) { summary in
                finished.append((summary.isEmpty, lockedByTheBuild()))
            }
        }
        #expect(finished.map(\.0) == [false, true])
        #expect(finished.map(\.1) == [true, true])
        #expect(!lockedByTheBuild())
    }

    /// The record's clock: a file changed before the probe has a status-change time before or
    /// at it, one changed after has one at or after it, and the probe leaves nothing beside or in
    /// the folder.
    @Test func theRecordsClockIsTheTimeOfAChangeMadeNow() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.output, withIntermediateDirectories: true)
        func changed(_ path: String) throws -> BuildRecord.ChangeTime {
            #expect(FileManager.default.createFile(atPath: path, contents: Data("page".utf8)))
            var info = stat()
            #expect(lstat(path, &info) == 0)
            return BuildRecord.ChangeTime(info)
        }
        let before = try changed(scratch.output + "/before.html")
        let now = try #require(BuildRecord.ChangeTime.now(in: scratch.output))
        let after = try changed(scratch.output + "/after.html")
        #expect(before <= now && now <= after)
        #expect(try scratch.besideOutput() == ["Output"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.output).sorted() == ["after.html", "before.html"])
        #expect(BuildRecord.ChangeTime.now(in: scratch.root + "/missing/Output") == nil)
    }

    /// A record written by walking the folder, or again after a build in place, leaves out the
    /// pages whose files changed at its clock or later; pages it carries over were proved, so
    /// recorded before.
    @Test func aRecordLeavesOutPagesChangedAtItsClock() throws {
        let scratch = try Scratch()
        let paths = ["m.example.com/u/a.html", "m.example.com/u/b.html"]
        try FileManager.default.createDirectory(atPath: scratch.output + "/m.example.com/u", withIntermediateDirectories: true)
        for path in paths { #expect(FileManager.default.createFile(atPath: scratch.output + "/" + path, contents: Data(path.utf8))) }
        defer { BuildRecord.remove(root: scratch.output) }
        let pages = paths.map { (path: BuildRecord.hash($0), fingerprint: PageFingerprint(high: 3, low: 4)) }.sorted { $0.path < $1.path }
        let start = BuildRecord.ChangeTime(seconds: 0, nanoseconds: 0)
        // A clock past the files' changes: it ticks coarsely, so they may share its first reading.
        let newest = paths.map { path in
            var info = stat()
            #expect(lstat(scratch.output + "/" + path, &info) == 0)
            return BuildRecord.ChangeTime(info)
        }.max()
        var now = try #require(BuildRecord.ChangeTime.now(in: scratch.output))
        while let newest, now <= newest {
            usleep(1_000)
            now = try #require(BuildRecord.ChangeTime.now(in: scratch.output))
        }

        BuildRecord.write(root: scratch.output, pages: pages, before: start)
        #expect(BuildRecord(root: scratch.output).count == 0)
        BuildRecord.write(root: scratch.output, pages: pages, before: now)
        let record = BuildRecord(root: scratch.output)
        #expect(record.count == 2)
        #expect(record.isCurrent(paths[0], fingerprint: PageFingerprint(high: 3, low: 4)))

        // Written again: an unproved page changed at the clock is left out, a proved one carried.
        record.rewrite(pages: pages, unproved: [paths[1]], before: start)
        let rewritten = BuildRecord(root: scratch.output)
        #expect(rewritten.count == 1)
        #expect(rewritten.isCurrent(paths[0], fingerprint: PageFingerprint(high: 3, low: 4)))
        #expect(!rewritten.isCurrent(paths[1], fingerprint: PageFingerprint(high: 3, low: 4)))
        rewritten.rewrite(pages: pages, unproved: [paths[1]], before: now)
        #expect(BuildRecord(root: scratch.output).count == 2)
    }

    /// A record entry is its four words, each little-endian, in the order the record reads them
    /// (path, fingerprint high, fingerprint low, file): spelled out byte by byte, so a change to
    /// how entries are appended cannot change the file's bytes.
    @Test func aRecordEntryIsFourLittleEndianWords() {
        var bytes: [UInt8] = [0xAA]
        BuildRecord.appendEntry(
            path: 0x0102_0304_0506_0708, fingerprint: PageFingerprint(high: 0x1112_1314_1516_1718, low: 0x2122_2324_2526_2728),
            identity: 0xF1F2_F3F4_F5F6_F7F8, to: &bytes)
        #expect(
            bytes == [
                0xAA, 0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0x18, 0x17, 0x16, 0x15, 0x14, 0x13, 0x12, 0x11,
                0x28, 0x27, 0x26, 0x25, 0x24, 0x23, 0x22, 0x21, 0xF8, 0xF7, 0xF6, 0xF5, 0xF4, 0xF3, 0xF2, 0xF1,
            ])
    }
}
