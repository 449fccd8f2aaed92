import LinkwellCore
import LinkwellTestSupport
import Testing

/// Each file in Tests/Fixtures/invalid is a manifest with one mistake; its trailing
/// `# expect:` lines are every diagnostic the build must print, exactly, with line and column.
@Suite struct InvalidManifestTests {
    static let cases = Fixtures.names(in: "invalid", suffix: ".yaml")

    @Test(arguments: cases)
    func reportsEveryProblemAtItsLocation(_ name: String) {
        let text = Fixtures.text("invalid/\(name).yaml")
        let expected = text.split(separator: "\n").filter { $0.hasPrefix("# expect: ") }.map { String($0.dropFirst(10)) }
        let result = Fixtures.build(text)

        #expect(!expected.isEmpty, "fixture \(name) has no '# expect:' lines")
        #expect(!result.succeeded)
        #expect(result.files.isEmpty, "a failed build must produce no files")
        #expect(result.diagnostics.map(\.description).joined(separator: "\n").split(separator: "\n").map(String.init) == expected)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(!errors.isEmpty && errors.allSatisfy { $0.location != nil }, "every error must carry a location")
    }

    @Test func coversAtLeastTwentyDistinctMistakes() {
        #expect(Self.cases.count >= 20)
    }

    @Test func theValidBaseManifestBuilds() {
        let result = Fixtures.build(Fixtures.validManifest)
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(result.diagnostics.isEmpty)
    }
}
