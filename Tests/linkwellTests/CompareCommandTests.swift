import Foundation
import Testing

/// `linkwell compare` through the binary: proved the same, different with a witness, two kinds
/// refused, and a statement list Android rejects named at its line.
@Suite struct CompareCommandTests {
    static let before =
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a/*"}, {"/": "/a/private/*", "exclude": true}]}]}}"#
    static let after =
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a/private/*", "exclude": true}, {"/": "/a/*"}]}]}}"#

    @Test func provesTheSameAndShowsWhereFilesDiffer() throws {
        let workspace = try Workspace(manifest: "")
        try workspace.write(Self.before, to: "before.json")
        try workspace.write(Self.after, to: "after.json")
        try workspace.write(
            Self.before.replacingOccurrences(of: #"{"/": "/a/*"}"#, with: #"{"/": "/a/*", "comment": "same rule"}"#), to: "same.json")
        let same = try workspace.run("compare", "before.json", "same.json", "--host", "m.example.com")
        #expect(same.status == 0, "\(same.standardOutput)\(same.standardError)")
        #expect(
            same.standardOutput.hasSuffix("proved on m.example.com: the two files decide every URL the same way on iOS 13+ and iOS 9–12\n"))
        // Without --host the proof is about any host that serves the files (they name none).
        let anyHost = try workspace.run("compare", "before.json", "same.json")
        #expect(
            anyHost.standardOutput.hasSuffix(
                "proved on any host that serves them: the two files decide every URL the same way on iOS 13+ and iOS 9–12\n"))
        let different = try workspace.run("compare", "before.json", "after.json", "--host", "m.example.com")
        #expect(different.status == 1)
        #expect(
            different.standardOutput == """
                iOS 13+ · ABCDE12345.com.example.app: 1 region decided differently
                  https://m.example.com/a/private
                    before: opens the app — {"/":"/a/*"}
                    after:  stays in the browser — {"/":"/a/private/*","exclude":true}
                    region: infinitely many, all starting /a/private (also /a/private/, /a/private/x)

                """)
        let json = try workspace.run("compare", "before.json", "after.json", "--json")
        #expect(json.standardOutput.contains(#""verdict":"different""#))
    }

    /// A key written twice in a file given on the command line is a warning at the repeat (the
    /// platforms' parsers take the later value; others differ), and the later value is used.
    @Test func aRepeatedKeyIsAWarningAtTheRepeat() throws {
        let workspace = try Workspace(manifest: "")
        try workspace.write(Self.before, to: "before.json")
        try workspace.write(
            Self.after.replacingOccurrences(of: #"{"applinks": "#, with: "{\"applinks\": {},\n \"applinks\": "), to: "after.json")
        let run = try workspace.run("compare", "before.json", "after.json", "--host", "m.example.com")
        #expect(run.status == 1, "the later 'applinks' is read: the files differ")
        #expect(
            run.standardError
                == "after.json:2:2: warning: duplicate key \"applinks\": the later value is used; parsers differ on repeated keys, keep one\n"
        )
    }

    @Test func refusesTwoKindsAndNamesARejectedStatementList() throws {
        let workspace = try Workspace(manifest: "")
        try workspace.write(Self.before, to: "aasa.json")
        let links = """
            [
              {"relation": ["delegate_permission/common.handle_all_urls"],
               "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["ab:cd"]}}
            ]
            """
        try workspace.write(links, to: "links.json")
        let mixed = try workspace.run("compare", "aasa.json", "links.json")
        #expect(mixed.status == 64)
        let rejected = try workspace.run("match", "--assetlinks", "links.json", "https://m.example.com/x")
        #expect(
            rejected.standardError.hasPrefix(
                "links.json:2:3: warning: Android's verifier rejects this whole statement list (statement 1: malformed cert fingerprint 'ab:cd'"
            ))
        #expect(rejected.standardOutput.contains("stays in the browser: assetlinks.json is rejected by Android's verifier"))
    }
}
