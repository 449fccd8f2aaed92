import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// What each platform form can carry of a route, and the warning that says what it cannot.
@Suite struct RuleTranslationTests {
    static func route(
        path: String? = "/p/*", query: QueryCondition? = nil, fragment: String? = nil, exclude: Bool = false,
        caseSensitive: Bool? = nil, percentEncoded: Bool? = nil
    ) -> Route {
        Route(
            name: "r", path: path, query: query, fragment: fragment, exclude: exclude, comment: nil, caseSensitive: caseSensitive,
            percentEncoded: percentEncoded, apps: [], hosts: [], pageType: nil,
            location: SourceLocation(file: "site.yaml", line: 1, column: 1))
    }

    static func translate(_ route: Route, defaults: RuleDefaults = RuleDefaults(), variables: [SubstitutionVariable] = [])
        -> RuleTranslation
    {
        RuleTranslation(route: route, defaults: defaults, variables: variables)
    }

    @Test func plainRulesTranslateWithoutLoss() {
        let include = Self.translate(Self.route())
        #expect(include.legacyPaths == ["/p/*"])
        #expect(include.legacyLosses.isEmpty && include.androidLosses.isEmpty)
        #expect(include.dynamicComponents == [.init(path: "/p/*")])
        let exclude = Self.translate(Self.route(exclude: true))
        #expect(exclude.legacyPaths == ["NOT /p/*"])
        #expect(exclude.dynamicComponents == [.init(path: "/p/*", exclude: true)])
        #expect(exclude.component.exclude == true && include.component.exclude == nil)
    }

    @Test func queryIncludeOpensTheWholePathOnOldIOS() {
        let translation = Self.translate(Self.route(path: "/s", query: .items([QueryItem(name: "ref", pattern: "?*")])))
        #expect(translation.legacyPaths == ["/s"])
        #expect(translation.legacyLosses == ["iOS 9–12 cannot see the query, so they open the app for every URL whose path matches '/s'"])
        #expect(translation.dynamicComponents == [.init(path: "/s", query: ["ref": "?*"])])
    }

    @Test func fragmentExclusionIsDroppedFromTheLegacyForm() {
        let translation = Self.translate(Self.route(path: nil, fragment: "no_universal_links", exclude: true))
        #expect(translation.legacyPaths.isEmpty)
        #expect(translation.legacyLosses == ["iOS 9–12 cannot see the fragment, so they ignore this exclusion"])
        #expect(translation.dynamicComponents == [.init(fragment: "no_universal_links", exclude: true)])
    }

    /// A fragment-only include must never become `*`, which would open every URL on iOS 12.
    @Test func fragmentOnlyIncludeOpensNothingOnOldIOS() {
        let translation = Self.translate(Self.route(path: nil, fragment: "app/*"))
        #expect(translation.legacyPaths.isEmpty)
        #expect(translation.legacyLosses == ["iOS 9–12 cannot see the fragment, so this route opens nothing there"])
    }

    /// iOS reads a missing fragment or query item as empty, Android 15+ does not (AOSP's
    /// `getFragment()` is null without `#`; a query entry needs its item): a pattern that
    /// accepts empty text opens different URLs on the two, and the route says so.
    @Test func patternsThatAcceptEmptyTextWarnThatAndroidNeedsThePart() {
        let fragment = Self.translate(Self.route(fragment: "*"))
        #expect(
            fragment.androidLosses == [
                "Android 15+ matches a fragment rule only when the URL has a '#', so it does not open URLs without one, which iOS 13+ opens"
            ])
        let item = Self.translate(Self.route(query: .items([QueryItem(name: "a", pattern: "1"), QueryItem(name: "ref", pattern: "*")])))
        #expect(
            item.androidLosses == [
                "Android 15+ needs a 'ref' item in the query, so it does not open URLs without one, which iOS 13+ opens (a missing item is empty there)"
            ])
        // Patterns that need at least one character are read alike on both.
        #expect(Self.translate(Self.route(query: .items([QueryItem(name: "ref", pattern: "?*")]), fragment: "a*")).androidLosses.isEmpty)
    }

    @Test func caseAndEncodingSettingsAreReportedForOldIOSAndAndroid() {
        let translation = Self.translate(Self.route(path: "/café/*", caseSensitive: false, percentEncoded: false))
        #expect(translation.legacyPaths == ["/caf%C3%A9/*"])
        #expect(
            translation.legacyLosses == [
                "iOS 9–12 match '/café/*' case-sensitively",
                "iOS 9–12 compare paths still percent-encoded, so the legacy form is written '/caf%C3%A9/*'",
            ])
        // Android compares decoded text, as `percentEncoded: false` asks: only the case is lost.
        #expect(translation.androidLosses == ["Android dynamic rules have no 'caseSensitive' key; Android compares the rule as written"])
        #expect(translation.component.caseSensitive == false && translation.component.percentEncoded == false)
        // An escape iOS compares still encoded is written decoded for Android, which says so.
        let encoded = Self.translate(Self.route(path: "/caf%C3%A9/*"))
        #expect(encoded.androidLosses.count == 1 && encoded.androidLosses[0].hasPrefix("Android compares the decoded path"))
        let fromDefaults = Self.translate(Self.route(), defaults: RuleDefaults(caseSensitive: false))
        #expect(fromDefaults.legacyLosses == ["iOS 9–12 match '/p/*' case-sensitively"])
    }

    @Test func customVariablesExpandExactlyAndBuiltInsWiden() {
        let variables = [SubstitutionVariable(name: "food", values: ["pizza", "sushi"])]
        let exact = Self.translate(Self.route(path: "/$(food)/*"), variables: variables)
        #expect(exact.legacyPaths == ["/pizza/*", "/sushi/*"])
        #expect(exact.dynamicComponents.map(\.path) == ["/pizza/*", "/sushi/*"])
        #expect(exact.legacyLosses.isEmpty && exact.androidLosses.isEmpty)
        #expect(exact.component.path == "/$(food)/*")

        let widened = Self.translate(Self.route(path: "/$(lang)_$(region)/id/$(digit)", exclude: true))
        #expect(widened.legacyPaths == ["NOT /*_*/id/?"])
        #expect(
            widened.legacyLosses == [
                "iOS 9–12 have no substitution variables, so the legacy form matches any text in place of $(lang), $(region), $(digit)"
            ])
        #expect(widened.dynamicComponents == [.init(path: "/*_*/id/?", exclude: true)])
    }

    @Test func largeExpansionsWidenInstead() {
        let many = (1...40).map { "v\($0)" }
        let translation = Self.translate(Self.route(path: "/$(many)/*"), variables: [SubstitutionVariable(name: "many", values: many)])
        #expect(translation.legacyPaths == ["/*/*"])
    }

    @Test func wholeQueryStringsBecomeItemsOnAndroidWhenTheyCan() {
        #expect(RuleTranslation.queryItems(fromWhole: "a=1&b=??") == ["a": "1", "b": "??"])
        #expect(RuleTranslation.queryItems(fromWhole: "flag") == ["flag": ""])
        #expect(RuleTranslation.queryItems(fromWhole: "a=*") == nil)
        #expect(RuleTranslation.queryItems(fromWhole: "a=1&a=2") == nil)
        #expect(RuleTranslation.queryItems(fromWhole: "*=1") == nil)
        let refused = Self.translate(Self.route(query: .whole("q=*")))
        #expect(refused.dynamicComponents.isEmpty && refused.androidError != nil)
    }

    @Test func androidRuleListsEndWithAnExplicitCatchAllExclusion() throws {
        let yaml = Fixtures.validManifest.replacingOccurrences(
            of: "    page: product\n", with: "    page: product\n  - name: rest\n    path: '*'\n")
        let withCatchAll = try #require(Fixtures.build(yaml).files.first { $0.path == "m.example.com/.well-known/assetlinks.json" })
        let without = try #require(
            Fixtures.build(Fixtures.validManifest).files.first { $0.path == "m.example.com/.well-known/assetlinks.json" })
        #expect(without.contents.contains("\"/\": \"*\",\n            \"exclude\": true"))
        #expect(!withCatchAll.contents.contains("\"exclude\": true\n          }\n        ]"))
    }
}
