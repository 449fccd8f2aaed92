import Foundation
import Testing

/// `verify`'s command line; what it finds on real servers is tested in Tests/Serving/test_verify.py
/// (nginx) and its judging in the core (DeploymentCheckTests).
@Suite struct VerifyCommandTests {
    @Test func anUnknownHostIsAUsageErrorWithASuggestion() throws {
        let run = try Workspace.bundled().run("verify", "m.exampel.com")
        #expect(run.status == 64)
        #expect(run.standardError.contains("'m.exampel.com' is not a host of site.yaml; did you mean 'm.example.com'?"))
        #expect(run.standardOutput.isEmpty, "nothing is fetched")
    }

    @Test func aBaseURLMustBeHTTP() throws {
        let run = try Workspace.bundled().run("verify", "--base-url", "127.0.0.1:8080")
        #expect(run.status == 64)
        #expect(run.standardError.contains("--base-url '127.0.0.1:8080' is not an http:// or https:// URL"))
    }

    @Test func aServerThatIsNotThereIsAnErrorPerCheck() throws {
        // Port 9 (discard) on loopback: nothing listens there in a test machine.
        let run = try Workspace.bundled().run("verify", "go.example.com", "--base-url", "http://127.0.0.1:9", "--timeout", "5")
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("✗ /.well-known/apple-app-site-association  no answer"))
        #expect(run.standardOutput.contains("error: no answer from http://127.0.0.1:9/.well-known/apple-app-site-association"))
        #expect(run.standardOutput.hasSuffix("8 checks on 1 host: 8 errors, 0 warnings\n"))
    }
}
