import LinkwellCore
import LinkwellTestSupport
import Testing

/// `accept`: every warning a build gives has a code, the entry it is about can accept it, and
/// `--strict` fails on exactly the warnings that are not accepted (the CI gate must be passable
/// and still strict).
@Suite struct AcceptTests {
    static let first = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let second = "B1:35:8E:4C:9F:0A:61:D2:77:C3:28:5E:4A:0B:9D:13:6F:E2:81:C7:3A:55:D4:0E:92:B8:1F:6C:07:E9:A3:44"

    /// A manifest that gives one warning, the code it should carry, and the same manifest with
    /// the warning accepted in the entry it is about.
    struct Case: Sendable, CustomStringConvertible {
        var code: LintCode
        var warned: String
        var accepted: String
        var files: [String: String] = [:]
        var description: String { code.rawValue }
    }

    static func replacing(_ old: String, _ new: String, in yaml: String = Fixtures.validManifest) -> String {
        precondition(yaml.contains(old), old)
        return yaml.replacingOccurrences(of: old, with: new)
    }

    static let oneKey = replacing("\n        - \(second)", "")
    static let shortLinks = replacing(
        "    mirror: mlink.example.com\n",
        "    mirror: mlink.example.com\n  short: go.example.com\nshortLinks:\n  - code: Spring\n    target: /p/1\n  - code: spring\n    target: /p/2\n"
    )
    static let githubPages = replacing(
        "    mirror: mlink.example.com\n",
        "    mirror: mlink.example.com\n  short: go.example.com\nhosting: [github-pages]\nshortLinks:\n  - code: a1\n    target: /p/1\n")
    static let defaults = replacing("domains:\n", "defaults:\n  caseSensitive: false\ndomains:\n")
    static let items = replacing(
        "    web: https://www.example.com{path}{query}\n", "    web: https://www.example.com{path}{query}\n    items: data/p.csv\n")

    static let cases: [Case] = [
        Case(
            code: .singleFingerprint, warned: oneKey,
            accepted: replacing(
                "      package: com.example.app\n", "      package: com.example.app\n      accept: [single-fingerprint]\n", in: oneKey)),
        Case(
            code: .noFingerprint, warned: replacing("      sha256:\n        - \(first)\n", "      sha256: []\n", in: oneKey),
            accepted: replacing("      sha256:\n        - \(first)\n", "      sha256: []\n      accept: [no-fingerprint]\n", in: oneKey)),
        Case(
            code: .duplicateFingerprint,
            warned: replacing(second, second.lowercased().replacingOccurrences(of: ":", with: " ") + "\n        - " + second),
            accepted: replacing(
                "      package: com.example.app\n", "      package: com.example.app\n      accept: [duplicate-fingerprint]\n",
                in: replacing(second, second.lowercased().replacingOccurrences(of: ":", with: " ") + "\n        - " + second))),
        Case(
            code: .shortCodeCase, warned: shortLinks,
            accepted: replacing("  - code: spring\n", "  - code: spring\n    accept: [short-code-case]\n", in: shortLinks)),
        Case(
            code: .hostCannotServe, warned: githubPages,
            accepted: replacing(
                "    page: product\n", "    page: product\n    accept: [host-cannot-serve]\n",
                in: replacing("    target: /p/1\n", "    target: /p/1\n    accept: [host-cannot-serve]\n", in: githubPages))),
        Case(
            code: .defaultsNeedIOS14, warned: defaults,
            accepted: replacing("  caseSensitive: false\n", "  caseSensitive: false\n  accept: [defaults-need-ios14]\n", in: defaults)),
        Case(
            code: .itemPathCase, warned: items,
            accepted: replacing("    items: data/p.csv\n", "    items: data/p.csv\n    accept: [item-path-case]\n", in: items),
            files: ["data/p.csv": "path,title\n/p/Ab,One\n/p/aB,Two\n"]),
        Case(
            code: .windowsName, warned: items,
            accepted: replacing("    items: data/p.csv\n", "    items: data/p.csv\n    accept: [windows-name]\n", in: items),
            files: ["data/p.csv": "path,title\n/p/con,One\n"]),
    ]

    /// Builds and streams item pages as `linkwell build` does, strictly or not.
    static func diagnostics(_ yaml: String, files: [String: String], strict: Bool) -> [Diagnostic] {
        let project = InMemoryProjectFiles(files)
        let result = Linkwell.build(SourceFile(path: "site.yaml", text: yaml), project: project, strict: strict)
        guard result.succeeded else { return result.diagnostics }
        return result.diagnostics + BuildOutput.files(of: result, project: project, strict: strict) { _ in }.diagnostics
    }

    @Test(arguments: cases) func everyWarningCanBeAcceptedWhereItIsAbout(_ test: Case) {
        func split(_ found: [Diagnostic]) -> (mine: [Diagnostic], others: [String]) {
            (found.filter { $0.code == test.code }, found.filter { $0.code != test.code }.map { "\($0.severity) \($0.message)" })
        }
        let warned = split(Self.diagnostics(test.warned, files: test.files, strict: false))
        #expect(!warned.mine.isEmpty && warned.mine.allSatisfy { $0.severity == .warning }, "\(warned)")
        let failed = split(Self.diagnostics(test.warned, files: test.files, strict: true))
        #expect(!failed.mine.isEmpty && failed.mine.allSatisfy { $0.severity == .error }, "strict: \(failed)")
        // Accepted: that warning is gone, strict or not, and nothing else changed.
        let accepted = split(Self.diagnostics(test.accepted, files: test.files, strict: false))
        #expect(accepted.mine.isEmpty && accepted.others == warned.others, "\(accepted)")
        #expect(split(Self.diagnostics(test.accepted, files: test.files, strict: true)).mine.isEmpty)
        #expect(warned.mine.allSatisfy { $0.location != nil }, "an accepted warning is reported at a place in the manifest")
    }

    /// Accepting one code does not accept another about the same entry.
    @Test func anAcceptListAcceptsOnlyWhatItNames() {
        let yaml = Self.replacing(
            "      package: com.example.app\n", "      package: com.example.app\n      accept: [duplicate-fingerprint]\n", in: Self.oneKey)
        let found = Self.diagnostics(yaml, files: [:], strict: true)
        #expect(found.map(\.code) == [.singleFingerprint] && found.allSatisfy { $0.severity == .error })
    }

    @Test(arguments: [
        (
            "      package: com.example.app\n      accept: [single-fingerprnt]\n",
            "site.yaml:15:16: error: Android app 'example' accepts unknown warning 'single-fingerprnt'; did you mean 'single-fingerprint'?"
        ),
        (
            "      package: com.example.app\n      accept: [shadowed-rule]\n",
            "site.yaml:15:16: error: Android app 'example' accepts 'shadowed-rule', a warning about a route, never about an Android app; "
                + "list it under the entry it is about (an Android app can accept no-fingerprint, single-fingerprint, duplicate-fingerprint, unclaimed-host, filter-not-verified, unused-fingerprint, platform-gap, filter-drift)"
        ),
        (
            "      package: com.example.app\n      accept: [nothing-at-all]\n",
            "site.yaml:15:16: error: Android app 'example' accepts unknown warning 'nothing-at-all'; an Android app can accept "
                + "no-fingerprint, single-fingerprint, duplicate-fingerprint, unclaimed-host, filter-not-verified, unused-fingerprint, platform-gap, filter-drift"
        ),
    ])
    func acceptListsNameCodesTheirEntryCanCause(_ insert: String, _ expected: String) {
        let yaml = Self.replacing("      package: com.example.app\n", insert)
        #expect(Fixtures.build(yaml).diagnostics.map(\.description) == [expected])
    }

    @Test func aPageTypeCannotAcceptARoutesWarning() {
        let yaml = Self.replacing("    title: A product\n", "    title: A product\n    accept: [legacy-loss]\n")
        #expect(
            Fixtures.build(yaml).diagnostics.map(\.description) == [
                "site.yaml:32:14: error: page type 'product' accepts 'legacy-loss', a warning about a route, never about a page type; "
                    + "list it under the entry it is about (a page type can accept item-path-case, windows-name, host-file-limit, unused-page-setting)"
            ])
    }

    /// Every code belongs to at least one kind of entry, so every warning can be accepted.
    @Test func everyCodeHasAnEntryThatAcceptsIt() {
        for code in LintCode.allCases { #expect(!code.subjects.isEmpty, "\(code)") }
    }
}
