import Foundation
import LinkwellTestSupport
import Testing

/// Every invalid fixture, through the binary: exit code 1, the located diagnostics on stderr
/// exactly, and an output folder left byte for byte and time for time as it was.
@Suite struct InvalidManifestCommandTests {
    @Test(arguments: Fixtures.invalidCases)
    func failsWithLocatedErrorsAndLeavesOutputUntouched(_ name: String) throws {
        let valid = Fixtures.text("golden/several-apps/site.yaml")
        let workspace = try Workspace(manifest: valid)
        _ = try workspace.run("build")
        let before = workspace.snapshot()
        #expect(before.count == Fixtures.goldenFiles("several-apps").count)

        let text = Fixtures.text("invalid/\(name).yaml")
        try workspace.write(text, to: "site.yaml")
        for command in ["build", "validate", "check"] {
            let run = try workspace.run(command)
            #expect(run.status == 1, "\(command) of \(name)")
            let expected = text.split(separator: "\n").filter { $0.hasPrefix("# expect: ") }.map { $0.dropFirst(10) + "\n" }.joined()
            let errors = expected.components(separatedBy: ": error: ").count - 1
            // Only `build` writes, so only `build` says that nothing was written.
            let written = command == "build" ? "; nothing was written" : ""
            #expect(run.standardError == expected + "\(errors) error\(errors == 1 ? "" : "s")\(written)\n")
            #expect(run.standardOutput.isEmpty)
        }
        let after = workspace.snapshot()
        #expect(after.mapValues(\.contents) == before.mapValues(\.contents))
        #expect(after.mapValues(\.modified) == before.mapValues(\.modified))
        #expect(workspace.leftovers().isEmpty)
    }
}
