import Foundation
import LinkwellTestSupport
import Testing

/// `linkwell match` as a user runs it: production files on disk, URLs as arguments or on stdin.
@Suite struct MatchCommandTests {
    struct Vector: Decodable, CustomTestStringConvertible, Sendable {
        var number: Int
        var url: String
        var appID: String
        var platform: String
        var expected: String

        enum CodingKeys: String, CodingKey {
            case number, url, platform, expected
            case appID = "app_id"
        }
        var testDescription: String { "§3 #\(number) \(url)" }
    }

    /// (vector, its AASA file as compact JSON text)
    static let vectors: [(Vector, String)] = {
        let text = Fixtures.text("spec-vectors/aasa.jsonl")
        return text.split(separator: "\n").compactMap { line in
            guard let vector = try? JSONDecoder().decode(Vector.self, from: Data(line.utf8)),
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let aasa = object["aasa"], let data = try? JSONSerialization.data(withJSONObject: aasa)
            else { return nil }
            return (vector, String(decoding: data, as: UTF8.self))
        }
    }()

    @Test func everyVectorIsLoaded() {
        #expect(Self.vectors.count >= 58)
    }

    @Test(arguments: vectors.map(\.0.number).indices)
    func agreesWithSpecVector(_ index: Int) throws {
        let (vector, aasa) = Self.vectors[index]
        let workspace = try Workspace(manifest: "")
        try workspace.write(aasa, to: "aasa.json")
        let url = vector.url.hasPrefix("https://") ? vector.url : "https://example.com" + vector.url
        let run = try workspace.run("match", "--aasa", "aasa.json", "--app-id", vector.appID, "--host", "example.com", "--json", url)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let line = try #require(lines.first { $0["platform"] as? String == vector.platform }, "§3 #\(vector.number): \(run.standardOutput)")
        #expect(line["decision"] as? String == vector.expected, "§3 #\(vector.number) \(vector.url)")
        #expect(line["url"] as? String == url && line["app"] as? String == vector.appID)
        #expect(line.keys.contains("rule"))
    }

    @Test func manifestModeNamesRoutesAndPreviewTargets() throws {
        let workspace = try Workspace(manifest: Fixtures.text("golden/several-apps/site.yaml"))
        let run = try workspace.run("match", "https://open.shop.example.com/p/42?ref=mail")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput == """
                https://open.shop.example.com/p/42?ref=mail
                  iOS 13+     shop           opens the app through route 'product' (components[2] {"/":"/p/*","comment":"product"})
                  iOS 9–12    shop           opens the app through route 'product' (paths[2] /p/*)
                  iOS 13+     shop-business  opens the app through route 'product' (components[1] {"/":"/p/*","comment":"product"})
                  iOS 9–12    shop-business  opens the app through route 'product' (paths[1] /p/*)
                  Android 15+ shop           opens the app through route 'product' (dynamic_app_link_components[2] {"/":"/p/*"})
                  Android ≤14 shop           opens the app through route 'app-screen' (intent-filter data[0] every path)
                  iOS 13+     with shop and shop-business installed: shop opens it (its detail comes first)
                  iOS 9–12    with shop and shop-business installed: shop opens it (its detail comes first)
                  page type 'product'; native URL shop://p/42?ref=mail
                  preview page on open.shop.example.com: "Open in app" → https://shop.example.com/p/42?ref=mail
                  open.shop.example.com is the mirror: reaching it means the app is not installed, so it sends iPhone → https://apps.apple.com/app/id987654321; Android → https://play.google.com/store/apps/details?id=com.example.shop&referrer=https%3A%2F%2Fshop.example.com%2Fp%2F42%3Fref%3Dmail; desktop → https://shop.example.com/p/42?ref=mail


                """)
        #expect(run.standardError.isEmpty, "match prints only errors of the manifest, not its warnings")
    }

    @Test func stdinTakesOneURLPerLineAndJSONHasOneLinePerPlatformAndApp() throws {
        let workspace = try Workspace(manifest: Fixtures.text("golden/several-apps/site.yaml"))
        let input = "https://shop.example.com/checkout/pay\n\n# a comment\nhttps://s.example.com/Ab3dE\n"
        let run = try Binary.run(["match", "--stdin", "--json"], in: workspace.url, input: input)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 12, "2 URLs × (2 iOS apps × 2 forms + 1 Android app × 2 forms)")
        #expect(
            lines.first
                == #"{"app":"shop","app_id":"ABCDE12345.com.example.shop","decision":"exclude","detail":0,"host":"shop.example.com","page_type":null,"platform":"ios","route":"checkout","rule":0,"url":"https://shop.example.com/checkout/pay"}"#
        )
    }

    /// A file that is not an AASA matches nothing; saying nothing would read as "no app opens".
    @Test func anAASAThatIsNotAnObjectWithApplinksIsRefused() throws {
        let workspace = try Workspace.bundled()
        try workspace.write("[{\"applinks\": {}}]\n", to: "array.json")
        let array = try workspace.run("match", "--aasa", "array.json", "https://m.example.com/x")
        #expect(array.status == 1)
        #expect(array.standardError.contains("array.json:1:1: the file is a JSON array, not an apple-app-site-association"))
        try workspace.write("{\"webcredentials\": {\"apps\": []}}\n", to: "credentials.json")
        let credentials = try workspace.run("match", "--aasa", "credentials.json", "https://m.example.com/x")
        #expect(credentials.status == 1 && credentials.standardError.contains(":1:1: the file has no \"applinks\""))
    }

    @Test func jsonEndsWithThePreviewPageTheHostServes() throws {
        let workspace = try Workspace.bundled()
        let run = try workspace.run("match", "--json", "https://mlink.example.com/u/42?ref=a")
        let preview = try #require(run.standardOutput.split(separator: "\n").last)
        #expect(
            preview
                == #"{"preview":{"android":"https://play.google.com/store/apps/details?id=com.example.amora&referrer=https%3A%2F%2Fm.example.com%2Fu%2F42%3Fref%3Da","canonical":"https://m.example.com/u/42?ref=a","desktop":"https://www.example.com/u/42?ref=a","desktopRedirects":true,"iPhone":"https://apps.apple.com/app/id1234567890","native":"amora://u/42?ref=a","openInApp":"https://m.example.com/u/42?ref=a","pageType":"profile","primaryHost":"m.example.com","role":"mirror","web":"https://www.example.com/u/42?ref=a"},"url":"https://mlink.example.com/u/42?ref=a"}"#
        )
        // No page route serves /account/: no preview line.
        let account = try workspace.run("match", "--json", "https://m.example.com/account/x")
        #expect(!account.standardOutput.contains("preview"))
    }

    @Test func assetlinksFilesAreEvaluatedPerPackage() throws {
        let workspace = try Workspace(manifest: "")
        try workspace.write(
            Fixtures.text("golden/android-only/expected/transit.example.net/.well-known/assetlinks.json"), to: "assetlinks.json")
        let run = try workspace.run(
            "match", "--assetlinks", "assetlinks.json", "https://transit.example.net/admin/x",
            "https://transit.example.net/trip?mode=bus&id=12345")
        #expect(
            run.standardOutput == """
                https://transit.example.net/admin/x
                  Android 15+ com.example.transit       stays in the browser: excluded by dynamic_app_link_components[0] {"/":"/admin/*","exclude":true}
                  Android ≤14 com.example.transit       verified for this host; dynamic rules apply only on Android 15+ with Google services: the app's own intent filters decide
                  Android 15+ com.example.transit.lite  stays in the browser: excluded by dynamic_app_link_components[0] {"/":"/admin/*","exclude":true}
                  Android ≤14 com.example.transit.lite  verified for this host; dynamic rules apply only on Android 15+ with Google services: the app's own intent filters decide

                https://transit.example.net/trip?mode=bus&id=12345
                  Android 15+ com.example.transit       opens the app through dynamic_app_link_components[1] {"/":"/trip","?":{"id":"?????","mode":"bus"}}
                  Android ≤14 com.example.transit       verified for this host; dynamic rules apply only on Android 15+ with Google services: the app's own intent filters decide
                  Android 15+ com.example.transit.lite  opens the app through dynamic_app_link_components[1] {"/":"*"}
                  Android ≤14 com.example.transit.lite  verified for this host; dynamic rules apply only on Android 15+ with Google services: the app's own intent filters decide
                  Android 15+ with com.example.transit and com.example.transit.lite installed: Android shows a chooser (each app's links are verified)


                """)
    }

    @Test func badInputIsReported() throws {
        let workspace = try Workspace(manifest: "")
        try workspace.write("{\"applinks\": {\"details\": [],}}", to: "aasa.json")
        let broken = try workspace.run("match", "--aasa", "aasa.json", "https://example.com/")
        #expect(broken.status == 1)
        #expect(broken.standardError == "linkwell: error: aasa.json:1:29: trailing comma before '}'\n")
        #expect(try workspace.run("match", "--app-id", "T.A", "https://example.com/").status == 64)
        #expect(try workspace.run("match").status == 64)
        try workspace.write("{\"applinks\": {\"details\": []}}", to: "empty.json")
        let notURL = try workspace.run("match", "--aasa", "empty.json", "example.com/x")
        #expect(notURL.status == 1)
        #expect(notURL.standardError == "linkwell: error: 'example.com/x' is not an absolute URL (https://host/path)\n")
    }
}
