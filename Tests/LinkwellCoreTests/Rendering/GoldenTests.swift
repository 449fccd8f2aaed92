import Foundation
import LinkwellCore
import LinkwellTestSupport
import Testing

/// Golden files at the pipeline's two seams: manifest → model (`model.json`) and
/// model → files (`expected/`), plus the warnings (`diagnostics.txt`). Run with
/// LINKWELL_RECORD=1 to re-record after an intended change, then review the diff.
@Suite struct GoldenTests {
    static let cases = Fixtures.names(in: "golden")

    @Test(arguments: cases)
    func matchesGoldenFiles(_ name: String) throws {
        let folder = Fixtures.root.appendingPathComponent("golden/\(name)")
        let result = Fixtures.build(Fixtures.text("golden/\(name)/site.yaml"))
        #expect(result.succeeded, "\(result.diagnostics)")
        let site = try #require(result.site)

        let actual = Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) })
        let model = JSONText.encode(site)
        let diagnostics = result.diagnostics.map { $0.description + "\n" }.joined()
        if Fixtures.isRecording {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("expected"))
            for (path, contents) in actual { try write(contents, to: folder.appendingPathComponent("expected/\(path)")) }
            try write(model, to: folder.appendingPathComponent("model.json"))
            try write(diagnostics, to: folder.appendingPathComponent("diagnostics.txt"))
            return
        }
        let expected = Fixtures.files(below: folder.appendingPathComponent("expected"))
        #expect(Set(actual.keys) == Set(expected.keys))
        for (path, contents) in actual {
            #expect(
                contents == expected[path],
                "\(name)/expected/\(path) differs (re-record with LINKWELL_RECORD=1 if intended):\n\(Fixtures.lineDifference(expected: expected[path] ?? "", actual: contents))"
            )
        }
        #expect(model == Fixtures.text("golden/\(name)/model.json"))
        #expect(diagnostics == Fixtures.text("golden/\(name)/diagnostics.txt"))
    }

    /// The committed Output/ is the bundled example's golden output; `linkwell check` guards it
    /// in CI too, this keeps `swift test` honest on its own.
    @Test func bundledExampleMatchesCommittedOutput() throws {
        let manifest = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)
        let built = Fixtures.buildBundled(manifest)
        #expect(!built.diagnostics.hasErrors, "\(built.diagnostics)")
        let committed = Fixtures.files(below: Fixtures.repositoryRoot.appendingPathComponent("Output"))
        let files = Dictionary(uniqueKeysWithValues: built.files.map { ($0.path, $0.contents) })
        #expect(files.keys.sorted() == committed.keys.sorted())
        for (path, contents) in files where contents != committed[path] {
            Issue.record(
                "Output/\(path) differs from a fresh build of site.yaml; run 'swift run linkwell build':\n\(Fixtures.lineDifference(expected: committed[path] ?? "", actual: contents))"
            )
        }
    }

    private func write(_ contents: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }
}
