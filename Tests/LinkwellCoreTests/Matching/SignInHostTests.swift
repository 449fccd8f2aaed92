import LinkwellCore
import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// `domains.signIn`: a host where people sign in and no link opens an app. Its folder holds the
/// apps' shared credentials only — an AASA with `webcredentials` and no `applinks`, an
/// assetlinks.json with `get_login_creds` for the Android apps that share them — and
/// configurations that touch only those paths (the site on that host is the team's own); the
/// apps' entitlements and asset statements name it; `verify` checks its files.
@Suite struct SignInHostTests {
    static let manifest = Fixtures.validManifest
        .replacingOccurrences(
            of: "      appStoreID: \"1234567890\"\n", with: "      appStoreID: \"1234567890\"\n      webcredentials: true\n"
        )
        .replacingOccurrences(of: "      package: com.example.app\n", with: "      package: com.example.app\n      webcredentials: true\n")
        .replacingOccurrences(
            of: "      mirror: mlink.example.com\n", with: "      mirror: mlink.example.com\n  signIn: [www.example.com]\n")

    static func file(_ result: Linkwell.BuildResult, _ path: String) -> String? {
        result.files.first { $0.path == path }?.contents
    }

    @Test func aSignInHostGetsOnlyCredentialsAndTheAppsNameIt() throws {
        let result = Fixtures.build(Self.manifest)
        #expect(result.succeeded, "\(result.diagnostics)")
        let folder = result.files.map(\.path).filter { $0.hasPrefix("www.example.com/") }.sorted()
        #expect(
            folder == [
                "www.example.com/.htaccess", "www.example.com/.nojekyll", "www.example.com/.well-known/apple-app-site-association",
                "www.example.com/.well-known/assetlinks.json", "www.example.com/Caddyfile", "www.example.com/_headers",
                "www.example.com/apple-app-site-association", "www.example.com/content-types.json", "www.example.com/firebase.json",
                "www.example.com/nginx.conf", "www.example.com/vercel.json",
            ], "no pages, no robots.txt, no redirects")
        let aasa = try JSONValue.parse(try #require(Self.file(result, "www.example.com/.well-known/apple-app-site-association")))
        #expect(aasa["applinks"] == nil)
        #expect(aasa["webcredentials"]?["apps"] == .strings(["ABCDE12345.com.example.app"]))
        #expect(
            Self.file(result, "www.example.com/apple-app-site-association")
                == Self.file(result, "www.example.com/.well-known/apple-app-site-association"))
        let links = try JSONValue.parse(try #require(Self.file(result, "www.example.com/.well-known/assetlinks.json")))
        #expect(links.array?.count == 1)
        #expect(links.array?.first?["relation"] == .strings([AssetLinksStatement.getLoginCredentials]))
        #expect(links.array?.first?["relation_extensions"] == nil)
        let entitlements = try #require(Self.file(result, "app/ios/example.entitlements"))
        #expect(entitlements.contains("<string>webcredentials:www.example.com</string>"))
        #expect(!entitlements.contains("applinks:www.example.com"))
        let statements = try #require(Self.file(result, "app/android/example.asset-statements.xml"))
        #expect(statements.contains(#"{\"include\": \"https://www.example.com/.well-known/assetlinks.json\"}"#))
        #expect(statements.contains(#"{\"include\": \"https://m.example.com/.well-known/assetlinks.json\"}"#))
    }

    /// The site on a sign-in host is not Linkwell's: its configurations never serve other files,
    /// rewrite, clean URLs or set robots.txt rules — only the association paths' type and 404.
    @Test func aSignInHostsConfigurationsTouchOnlyTheAssociationPaths() throws {
        let result = Fixtures.build(Self.manifest)
        let nginx = try #require(Self.file(result, "www.example.com/nginx.conf"))
        #expect(!nginx.contains("robots.txt") && !nginx.contains("error_page") && !nginx.contains("location ~"))
        #expect(nginx.components(separatedBy: "location = ").count - 1 == 3)
        let caddy = try #require(Self.file(result, "www.example.com/Caddyfile"))
        #expect(!caddy.contains("file_server") && !caddy.contains("route {") && !caddy.contains("handle_errors"))
        let apache = try #require(Self.file(result, "www.example.com/.htaccess"))
        #expect(!apache.contains("MultiViews") && !apache.contains("ErrorDocument") && !apache.contains(".html"))
        let vercel = try JSONValue.parse(try #require(Self.file(result, "www.example.com/vercel.json")))
        #expect(vercel.object?.keys.sorted() == ["headers"])
        let firebase = try JSONValue.parse(try #require(Self.file(result, "www.example.com/firebase.json")))
        #expect(firebase["hosting"]?.object?.keys.sorted() == ["appAssociation", "headers"])
        // A link host's configuration is unchanged by a sign-in host beside it.
        let without = Fixtures.build(Self.manifest.replacingOccurrences(of: "  signIn: [www.example.com]\n", with: ""))
        #expect(Self.file(without, "m.example.com/nginx.conf") == Self.file(result, "m.example.com/nginx.conf"))
    }

    @Test func verifyChecksASignInHostsAssociationFiles() throws {
        let result = Fixtures.build(Self.manifest)
        let site = try #require(result.site)
        let probes = DeploymentProbe.probes(site: site, files: result.files, hosts: site.hosts + site.signInHosts, appleCDN: nil)
        let onSignIn = probes.filter { $0.host == "www.example.com" }.map(\.target).sorted()
        #expect(onSignIn == ["/.well-known/apple-app-site-association", "/.well-known/assetlinks.json", "/apple-app-site-association"])
    }

    @Test func aSignInHostNeedsAnAppThatSharesCredentials() {
        let yaml = Fixtures.validManifest.replacingOccurrences(
            of: "      mirror: mlink.example.com\n", with: "      mirror: mlink.example.com\n  signIn: [www.example.com, m.example.com]\n")
        let line = yaml.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("signIn:") }.map { $0 + 1 } ?? 0
        #expect(
            Fixtures.build(yaml).diagnostics.map(\.description).contains(
                "site.yaml:\(line):12: error: sign-in host 'www.example.com' would carry only shared credentials, but no app has "
                    + "'webcredentials: true'; set it on the apps that share passwords and passkeys with the site"))
        #expect(Fixtures.build(yaml).diagnostics.map(\.description).contains { $0.contains("error: duplicate host 'm.example.com'") })
        // A host that is not a host name: Tests/Fixtures/invalid/sign-in-hosts.yaml.
    }

    /// `match` knows a sign-in host for what it is: not a stranger, a host no link opens.
    @Test func matchSaysASignInHostOpensNoApp() throws {
        let result = Fixtures.build(Self.manifest)
        let matcher = SiteMatcher(site: try #require(result.site), plan: try #require(result.plan), files: result.files)
        let url = "https://www.example.com/login"
        let lines = MatchEvaluator.site(matcher).report(url, try #require(URLParts(url)), json: false)
        #expect(lines.contains { $0.contains("'www.example.com' is a sign-in host (domains.signIn)") }, "\(lines)")
        #expect(!lines.contains { $0.contains("not one of the manifest's hosts") })
    }
}
