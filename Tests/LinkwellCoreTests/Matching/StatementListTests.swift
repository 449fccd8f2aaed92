import Testing

@testable import LinkwellCore

/// Google's Digital Asset Links compatibility suite, group 2000 ("web statement-list parsing",
/// public repository google/digitalassetlinks, compatibility-tests/v1/2000-web-statement-list-parsing),
/// transcribed as facts: each body and whether the verifier accepts the list. One invalid
/// statement rejects the whole list. (comptest2203 needs a non-standard port on the source and
/// tests nothing about the body; comptest2005's include is accepted as an include.)
@Suite struct StatementListTests {
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    static func web(_ relation: String, site: String = "https://target.digitalassetlinks.org") -> String {
        #"[{"relation": ["\#(relation)"], "target" : { "namespace": "web", "site": "\#(site)"} }]"#
    }

    static func app(_ target: String) -> String {
        #"[{"target": {"namespace": "android_app", \#(target)}, "relation": ["delegate_permission/common.get_login_creds"]}]"#
    }

    /// (comptest number, body, accepted)
    static let cases: [(Int, String, Bool)] = [
        (
            2001,
            #"[{"relation": ["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_user_location"], "target" : { "namespace": "android_app", "package_name": "org.digitalassetlinks.comptest2001", "sha256_cert_fingerprints": ["\#(fingerprint)"] }}, {"relation": [ "delegate_permission/common.get_login_creds" ], "target" : { "namespace": "web", "site": "https://target-comptest2001.digitalassetlinks.org" }}]"#,
            true
        ),
        (2002, "[]", false),
        (
            2003,
            #"[{"target": {"namespace": "web", "site": "https://target-comptest2003.digitalassetlinks.org"}, "relation": ["delegate_permission/common.get_login_creds"]}, {}, {"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "org.digitalassetlinks.comptest2003", "sha256_cert_fingerprints": ["10:39:38:EE:45:37:E5:9E:8E:E7:92:F6:54:50:4F:B8:34:6F:C6:B3:46:D0:BB:C4:41:5F:C3:39:FC:FC:8E:C1"]}}]"#,
            false
        ),
        (
            2004,
            #"[{"target": {"namespace": "web", "site": "https://target-comptest2004.digitalassetlinks.org"}, "include": "https://source-comptest2004.digitalassetlinks.org/includefile.json" }]"#,
            false
        ),
        (
            2005, #"[{"magicfield": {"foo": "bar"}, "include": "https://source-comptest2005.digitalassetlinks.org/includefile.json" }]"#,
            true
        ),
        (
            2009,
            #"{"relation": [ "delegate_permission/common.handle_all_urls" ], "target" : { "namespace": "web", "site": "https://t.example"} }"#,
            false
        ),
        (2010, #""foo""#, false),
        (2011, #"[{"relation": [ "delegate_permission/common.handle_all_urls" ]}]"#, false),
        (2012, #"[{ "target" : { "namespace": "web", "site": "https://target-comptest2012.digitalassetlinks.org"} }]"#, false),
        (
            2013,
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target" : "https://target-comptest2013.digitalassetlinks.org" }]"#,
            false
        ),
        (
            2014,
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target" : { "namespace": "internets", "site": "https://target-comptest2014.digitalassetlinks.org"} }]"#,
            false
        ),
        (2101, web("delegate_permission/common.handle_all_urls"), true),
        (2102, web("delegate_permission/write_on_the_walls"), true),
        (2103, web("delegate_permission/org.digitalassetlinks.write_on_the_walls"), true),
        (2104, web("navigate/yellow_brick_road"), true),
        (2105, web("delegate_permission/get_login_creds"), true),
        (2106, #"[{ "target" : { "namespace": "web", "site": "https://target-comptest2106.digitalassetlinks.org"} }]"#, false),
        (2107, web(""), false),
        (
            2108,
            #"[{"relation": "delegate_permission/common.handle_all_urls", "target" : { "namespace": "web", "site": "https://t.example"} }]"#,
            false
        ),
        (2109, #"[{"relation": [ {} ], "target" : { "namespace": "web", "site": "https://t.example"} }]"#, false),
        (2110, web("delegate_permission/*"), false),
        (2111, web("INVALID_KIND/write_on_the_walls"), false),
        (2112, web("/write_on_the_walls"), false),
        (2113, web("/"), false),
        (2114, web("write_on_the_walls"), false),
        (2115, web("delegate_permission"), false),
        (2116, web("delegate_permission/write_on_the_walls/foo"), false),
        (2117, web("delegate_permission,write_on_the_walls"), false),
        (2118, web("delegate_permission/"), false),
        (2119, web("delegate_permission/write on the walls"), false),
        (2120, web("delegate_permission/write+on+the+walls"), false),
        (2121, web("delegate_permission/write_on_the_walls!"), false),
        (2122, web("delegate_permission/write_on_the_WALLS"), false),
        (2123, web("delegate_permission/write_on_the_walls "), false),
        (2124, web(" delegate_permission/write_on_the_walls"), false),
        (2125, web("delegate_permission / write_on_the_walls"), false),
        (2201, web("delegate_permission/common.get_login_creds"), true),
        (2202, web("delegate_permission/common.get_login_creds", site: "https://comptest2202.digitalassetlinks.org"), true),
        (2204, web("delegate_permission/common.get_login_creds", site: "https://target.digitalassetlinks.org."), true),
        (2205, web("delegate_permission/common.get_login_creds", site: "HtTpS://target.digitalassetlinks.org"), true),
        (2206, #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target" : { "namespace": "web" } }]"#, false),
        (2207, web("delegate_permission/common.handle_all_urls", site: "https://target.digitalassetlinks.org:999999"), false),
        (2208, web("delegate_permission/common.handle_all_urls", site: "mailto://user@digitalassetlinks.org"), false),
        (2209, web("delegate_permission/common.handle_all_urls", site: "https://x:y@target.digitalassetlinks.org"), false),
        (2210, web("delegate_permission/common.handle_all_urls", site: "https://target.digitalassetlinks.org?bar"), false),
        (2211, web("delegate_permission/common.handle_all_urls", site: "https://target.digitalassetlinks.org#bar"), false),
        (2212, web("delegate_permission/common.handle_all_urls", site: "https://target.digitalassetlinks.org/"), false),
        (2213, web("delegate_permission/common.handle_all_urls", site: "https://target.digitalassetlinks.org/XXX"), false),
        (2214, web("delegate_permission/common.handle_all_urls", site: "https://target.digitalassetlinks.org/XXX/"), false),
        (2215, web("delegate_permission/common.handle_all_urls", site: "https://target.digitalassetlinks.org/*"), false),
        (2216, web("delegate_permission/common.handle_all_urls", site: "target.digitalassetlinks.org"), false),
        (
            2301,
            app(
                #""package_name": "org.digitalassetlinks.comptest2301", "sha256_cert_fingerprints": ["\#(Array(repeating: "00", count: 32).joined(separator: ":"))"]"#
            ),
            true
        ),
        (
            2302,
            app(
                #""package_name": "org.digitalassetlinks.comptest2302", "sha256_cert_fingerprints": ["\#(Array(repeating: "11", count: 32).joined(separator: ":"))", "\#(Array(repeating: "22", count: 32).joined(separator: ":"))"]"#
            ),
            true
        ),
        (2303, app(#""sha256_cert_fingerprints": ["\#(fingerprint)"]"#), false),
        (2304, app(#""package_name": "org.digitalassetlinks.comptest2304""#), false),
        (2305, app(#""package_name": "org.digitalassetlinks.comptest2305", "sha256_cert_fingerprints": "\#(fingerprint)""#), false),
        (2306, app(#""package_name": "org.digitalassetlinks.comptest2306", "sha256_cert_fingerprints": [{}]"#), false),
        (2307, app(#""package_name": "", "sha256_cert_fingerprints": ["\#(fingerprint)"]"#), false),
        (2308, app(#""package_name": "B A D", "sha256_cert_fingerprints": ["\#(fingerprint)"]"#), false),
        (2309, app(#""package_name": "org.digitalassetlinks.comptest2309", "sha256_cert_fingerprints": []"#), false),
        (2310, app(#""package_name": "org.digitalassetlinks.comptest2310", "sha256_cert_fingerprints": [""]"#), false),
        (2311, app(#""package_name": "org.digitalassetlinks.comptest2311", "sha256_cert_fingerprints": ["B A D"]"#), false),
        (
            2312,
            app(#""package_name": "org.digitalassetlinks.comptest2312", "sha256_cert_fingerprints": ["\#(fingerprint.lowercased())"]"#),
            false
        ),
        (
            2313,
            app(
                #""package_name": "org.digitalassetlinks.comptest2313", "sha256_cert_fingerprints": ["GG:HH:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]"#
            ),
            false
        ),
        (
            2314,
            app(#""package_name": "org.digitalassetlinks.comptest2314", "sha256_cert_fingerprints": ["\#(fingerprint.dropFirst(3))"]"#),
            false
        ),
    ]

    @Test(arguments: cases)
    func verifierReadsTheList(_ number: Int, _ body: String, _ accepted: Bool) throws {
        let document = try JSONValue.parse(body)
        let rejection = StatementListCheck.rejection(of: document)
        #expect((rejection == nil) == accepted, "comptest\(number): \(rejection?.description ?? "accepted")")
    }

    /// The JSON-level cases (2006–2008): the strict parser refuses them before any statement is read.
    @Test(arguments: [
        (2006, "[{"), (2007, "42"), (2008, #"[{"relation": [ "delegate_permission/common.handle_all_urls", ], "target": {}}]"#),
    ])
    func invalidJSONIsRefused(_ number: Int, _ body: String) {
        let document = try? JSONValue.parse(body)
        #expect(document == nil || StatementListCheck.rejection(of: document!) != nil, "comptest\(number)")
    }

    /// A rejected list opens nothing, and says why, for every package it names.
    @Test func aRejectedListOpensNothing() throws {
        let body =
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["\#(Self.fingerprint)"]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "*"}]}}}, {}]"#
        let matcher = AndroidDynamicMatcher(document: try JSONValue.parse(body))
        let url = try #require(URLParts("https://m.example.com/x"))
        let decision = try #require(matcher.decide(url, package: "com.example.app"))
        #expect(decision.outcome == .noMatch)
        #expect(decision.ruleText == "assetlinks.json is rejected by Android's verifier (statement 2: no relation array specified)")
        #expect(StatementListCheck.location(ofStatement: 1, in: body)?.line == 1)
    }
}
