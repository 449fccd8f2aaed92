import Foundation
import LinkwellCore
import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// Cloudflare Pages deploys at most 20,000 files a site on its free plan and 100,000 on paid
/// ones: a host folder past the first is a warning at the items file of its catalogue's page type
/// (which can accept it), past the second an error.
@Suite struct HostFileLimitTests {
    static func site(hosting: String) throws -> Site {
        let yaml = PreviewPageTests.items.replacingOccurrences(of: "domains:\n", with: "hosting: [\(hosting)]\ndomains:\n")
        let result = Linkwell.build(
            SourceFile(path: "site.yaml", text: yaml), project: InMemoryProjectFiles(["data/p.csv": "path\n/p/1\n"]))
        return try #require(result.site, "\(result.diagnostics)")
    }

    @Test func aCatalogueOverTheFreePlanIsAWarningAndOverEveryPlanAnError() throws {
        let site = try Self.site(hosting: "cloudflare")
        let found = HostFileLimit.diagnostics(
            site: site, files: [("m.example.com", 20_000), ("mlink.example.com", 20_001), ("go.example.com", 100_001)]
        ).map(\.description)
        #expect(
            found == [
                "site.yaml:34:12: warning: Output/mlink.example.com holds 20001 files; Cloudflare Pages deploys at most 20000 files a site on its free plan (100000 on paid plans): accept 'host-file-limit' on this page type if your plan allows it [host-file-limit]"
            ], "\(found)")
        let over = HostFileLimit.diagnostics(site: site, files: [("m.example.com", 100_001)]).map(\.description)
        #expect(
            over.count == 1 && over[0].contains("error: Output/m.example.com holds 100001 files; Cloudflare Pages deploys at most 100000"))
        #expect(HostFileLimit.diagnostics(site: try Self.site(hosting: "netlify"), files: [("m.example.com", 50_000)]).isEmpty)
        // Every host a catalogue fills is named in one warning, not one warning a host.
        let both = HostFileLimit.diagnostics(site: site, files: [("m.example.com", 20_500), ("mlink.example.com", 20_001)]).map(
            \.description)
        #expect(
            both.count == 1 && both[0].contains("warning: Output/m.example.com, Output/mlink.example.com hold up to 20500 files each"),
            "\(both)")
        // Without 'hosting' every provider's files are written: Cloudflare may not be the host, so even past every plan it
        // is a warning, which the page type can accept.
        let yaml = PreviewPageTests.items
        let result = Linkwell.build(
            SourceFile(path: "site.yaml", text: yaml), project: InMemoryProjectFiles(["data/p.csv": "path\n/p/1\n"]))
        let unnamed = HostFileLimit.diagnostics(site: try #require(result.site), files: [("m.example.com", 100_001)])
        #expect(unnamed.map(\.severity) == [.warning] && unnamed.allSatisfy { $0.code == .hostFileLimit })
        #expect(unnamed.first?.message.contains("if you deploy it to Cloudflare Pages") == true, "\(unnamed)")
    }
}
