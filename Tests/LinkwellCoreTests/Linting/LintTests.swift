import LinkwellCore
import LinkwellTestSupport
import Testing

@Suite struct LintTests {
    static func manifest(routes: String, extra: String = "") -> String {
        """
        version: 1
        name: Example
        apps:
          ios:
            - {id: example, name: Example, teamID: ABCDE12345, bundleID: com.example.app}
          android:
            - {id: droid, name: Droid, package: com.example.app, sha256: [\(IdentifiersTests.canonical), \(IdentifiersTests.canonical.replacingOccurrences(of: "14:", with: "15:"))]}
        legacyPaths: false
        domains:
          pairs: [{primary: m.example.com, mirror: mlink.example.com}]
        routes:
        \(routes)
        \(extra)
        """
    }

    /// The diagnostics, or only those of `code` (the test manifest also reaches old Android).
    static func warnings(_ yaml: String, strict: Bool = false, code: LintCode? = nil) -> [String] {
        Linkwell.build(SourceFile(path: "site.yaml", text: yaml), strict: strict).diagnostics
            .filter { code == nil || $0.code == code }.map(\.description)
    }

    @Test func anExclusionAfterACoveringIncludeIsNamedAsSuch() {
        let yaml = Self.manifest(routes: "  - {name: all, path: '/a/*'}\n  - {name: private, path: /a/private/*, exclude: true}")
        #expect(
            Self.warnings(yaml, code: .shadowedRule) == [
                "site.yaml:13:5: warning: exclusion 'private' never takes effect: route 'all' comes first and matches every URL it would exclude, and the first match wins; move the exclusion before it [shadowed-rule]"
            ])
    }

    /// Thirty routes shaped `/*c2*r*`: 'o28' (`/*c28*r*`) is dead, because 'o2' matches every
    /// URL it matches. Listing every route that takes its URLs is exponential in the others'
    /// progress and stops at its budget; the rule-by-rule proof names 'o2' on every platform
    /// that reads the patterns (Android 14's filters, which open every path, are walked to the end).
    @Test func aRouteCoveredByOneEarlierRouteIsProvedDeadAndNamed() {
        let routes = (0..<30).map { index in
            let first = Character(Unicode.Scalar(97 + index % 26) ?? "a")
            let second = Character(Unicode.Scalar(97 + (index * 7 + 3) % 26) ?? "a")
            return "  - {name: o\(index), path: '/*\(first)\(index)*\(second)*'}"
        }
        let warnings = Self.warnings(Self.manifest(routes: routes.joined(separator: "\n")), code: .shadowedRule)
        let dead = warnings.filter { $0.contains("'o28' never decides") }
        #expect(
            dead == [
                "site.yaml:40:5: warning: route 'o28' never decides on iOS 13+, Android 15+: route 'o2' comes first and matches every URL it matches; on Android ≤14: route 'o0' comes first and matches every URL it matches [shadowed-rule]"
            ], "\(warnings)")
        #expect(!warnings.contains { $0.contains("not proven") }, "\(warnings)")
    }

    @Test func routesCoveredOnlyTogetherAreNamedTogether() {
        let yaml = Self.manifest(
            routes: "  - {name: short, path: '/n/?'}\n  - {name: long, path: '/n/??*'}\n  - {name: any, path: '/n/?*'}")
        #expect(
            Self.warnings(yaml, code: .shadowedRule) == [
                "site.yaml:14:5: warning: route 'any' can never decide anything: routes 'short', 'long' come first and together match every URL it matches [shadowed-rule]"
            ])
    }

    @Test func anIncludeBehindAnExclusionNeverOpens() {
        let yaml = Self.manifest(
            routes: "  - {name: hidden, path: '/h/*', exclude: true}\n  - {name: item, path: '/h/item', query: {id: '?*'}}")
        #expect(
            Self.warnings(yaml, code: .shadowedRule) == [
                "site.yaml:13:5: warning: route 'item' never opens the app on iOS 13+, Android 15+: route 'hidden' comes first and matches every URL it matches and keeps it in the browser; it still decides on Android ≤14, e.g. https://m.example.com/h/item?id=x [shadowed-rule]"
            ])
    }

    /// A narrower condition keeps the later rule alive where the platform sees it; Android 14 and
    /// earlier see no fragment or query, so there (only) the later rule never decides, and the
    /// warning says so with a URL where it still does.
    @Test(arguments: [
        ("  - {name: a, path: '/a/*', fragment: top}\n  - {name: b, path: /a/x}", true),
        ("  - {name: a, path: '/a/*', query: {id: '?*'}}\n  - {name: b, path: /a/x}", true),
        ("  - {name: a, path: '/a/?'}\n  - {name: b, path: '/a/??'}", false),
        ("  - {name: a, path: '/a/*', apps: [example]}\n  - {name: b, path: /a/x, apps: [droid]}", false),
    ])
    func noFalseAlarmWhenTheLaterRuleCanStillFire(_ routes: String, _ deadOnOldAndroid: Bool) {
        let shadowed = Self.warnings(Self.manifest(routes: routes), code: .shadowedRule)
        if deadOnOldAndroid {
            #expect(
                shadowed == [
                    "site.yaml:13:5: warning: route 'b' never decides on Android ≤14: route 'a' comes first and matches every URL it matches; it still decides on iOS 13+, e.g. https://m.example.com/a/x; Android 15+, e.g. https://m.example.com/a/x [shadowed-rule]"
                ])
        } else {
            #expect(shadowed == [])
        }
    }

    /// Covers the old lint missed: a case-insensitive route covering a case-sensitive one, a whole
    /// query `*` covering an item condition, `percentEncoded: false` covering the encoded form,
    /// `/*` covering a fragment-only route, a union of earlier routes.
    @Test(arguments: [
        "  - {name: a, path: '/a/*', caseSensitive: false}\n  - {name: b, path: /A/x}",
        "  - {name: a, path: '/a/*', query: '*', apps: [example]}\n  - {name: b, path: '/a/*', query: {id: '?*'}, apps: [example]}",
        "  - {name: a, path: '/a b/*', percentEncoded: false}\n  - {name: b, path: '/a%20b/x'}",
        "  - {name: a, path: '/a/?*'}\n  - {name: c, path: /a}\n  - {name: b, path: '/a/*'}",
    ])
    func coversTheOldLintMissedAreFound(_ routes: String) {
        let shadowed = Self.warnings(Self.manifest(routes: routes), code: .shadowedRule)
        #expect(shadowed.contains { $0.contains("route 'b' ") }, "\(shadowed)")
    }

    @Test func aPathWithoutLeadingSlashIsNamed() {
        let yaml = Self.manifest(routes: "  - {name: terms, path: '*/terms/*'}")
        #expect(
            Self.warnings(yaml, code: .pathWithoutSlash) == [
                "site.yaml:12:5: warning: path '*/terms/*' of route 'terms' does not start with '/': how iOS reads it is not pinned down (Linkwell reads the leading '*' as taking the path's own slash, so it also matches with no segment before); write '/*/terms/*' or '/terms/*' [path-without-slash]"
            ])
    }

    @Test func questionMarkInPathMirrorAndPlatform() {
        let routes = """
              - {name: detail, path: '/detail/?id=*'}
              - {name: half, path: '/h/*', hosts: [m.example.com]}
              - {name: ios-only, path: '/i/*', apps: [example]}
            """
        #expect(
            Self.warnings(Self.manifest(routes: routes)) == [
                "site.yaml:12:5: warning: path '/detail/?id=*' of route 'detail' has a '?', which matches any one character in a path and never a query; put query conditions under 'query' [question-mark-in-path]",
                "site.yaml:13:5: warning: route 'half' is on 'm.example.com' but not on its mirror 'mlink.example.com', so the two hosts disagree about its URLs and the preview button that crosses to 'mlink.example.com' never opens the app [single-mirror]",
                "site.yaml:14:5: warning: route 'ios-only' opens an app on iOS only (apps: example); on Android its URLs stay in the browser [single-platform]",
            ])
    }

    @Test func acceptedWarningsAreSilentAndStrictMakesTheRestErrors() {
        let accepted = Self.manifest(routes: "  - {name: ios-only, path: '/i/*', apps: [example], accept: [single-platform]}")
        #expect(Self.warnings(accepted, strict: true).isEmpty)
        let strict = Self.manifest(routes: "  - {name: ios-only, path: '/i/*', apps: [example]}")
        let result = Linkwell.build(SourceFile(path: "site.yaml", text: strict), strict: true)
        #expect(!result.succeeded && result.files.isEmpty)
        #expect(result.diagnostics.map(\.severity) == [.error])
    }

    /// A test names the problem it expects by its typed message; the lint's code comes with it.
    @Test func findingsAreNamedByTheirTypedMessages() {
        let yaml = Self.manifest(
            routes: "  - {name: ios-only, path: '/i/*', apps: [example]}\n  - {name: r, path: '/r', accept: [single-platfrom]}")
        let found = Linkwell.build(SourceFile(path: "site.yaml", text: yaml)).diagnostics
        #expect(
            found == [
                .error(
                    AcceptProblem.unknown("single-platfrom", what: "route 'r'", subject: .route),
                    at: SourceLocation(file: "site.yaml", line: 13, column: 36))
            ])
        let fixed = yaml.replacingOccurrences(of: "single-platfrom", with: "question-mark-in-path")
        let lint = LintFinding.singlePlatform(route: "ios-only", on: "iOS", off: "Android", apps: ["example"])
        #expect(lint.code == .singlePlatform)
        #expect(
            Linkwell.build(SourceFile(path: "site.yaml", text: fixed)).diagnostics == [
                .lint(lint, at: SourceLocation(file: "site.yaml", line: 12, column: 5))
            ])
    }

    @Test func oldAndroidLossesAreReportedWhereTheyMatter() {
        let routes = """
              - {name: hidden, path: '/h/*', exclude: true}
              - {name: item, path: '/h/item', query: {id: '?*'}}
              - {name: account, path: '/account/*', exclude: true}
              - {name: post, path: '/p/*/edit'}
            """
        #expect(
            Self.warnings(Self.manifest(routes: routes), code: .androidManifestLoss) == [
                "site.yaml:12:5: warning: Android 14 and earlier cannot exclude, so they open URLs of exclusion 'hidden' that route 'item' lets through; the app must hand those back to the browser [android-manifest-loss]\n"
                    + "site.yaml:12:5: note: e.g. https://m.example.com/h/item: Android 15+ keeps it in the browser, Android ≤14 opens the app",
                "site.yaml:13:5: warning: route 'item': Android 14 and earlier cannot see the query, so they open every URL whose path matches '/h/item' [android-manifest-loss]\n"
                    + "site.yaml:13:5: note: e.g. https://m.example.com/h/item: Android 15+ keeps it in the browser, Android ≤14 opens the app",
                "site.yaml:15:5: warning: route 'post': Android 14 and earlier cannot match '/p/*/edit' exactly without backtracking, so they open every URL whose path starts with '/p/' [android-manifest-loss]\n"
                    + "site.yaml:15:5: note: e.g. https://m.example.com/p/: Android 15+ keeps it in the browser, Android ≤14 opens the app",
            ])
    }

    @Test func unknownAcceptedCodesAreErrors() {
        let yaml = Self.manifest(routes: "  - {name: r, path: '/r', accept: [single-platfrom]}")
        #expect(
            Self.warnings(yaml) == [
                "site.yaml:12:36: error: route 'r' accepts unknown warning 'single-platfrom'; did you mean 'single-platform'?"
            ])
    }

    @Test func nearingTheSizeLimitNamesTheCostliestRoutes() {
        let routes = (1...600).map {
            "  - {name: r\($0), path: '/a-fairly-long-path-segment-that-costs-bytes-\($0)/*', comment: 'padding padding padding padding padding padding'}"
        }
        .joined(separator: "\n")
        let warnings = Self.warnings(Self.manifest(routes: routes))
        let size = warnings.filter { $0.contains("[size-near-limit]") }
        #expect(size.count == 1)
        // Pointed at the costliest route (r100: the first with the longest path), which it names first.
        #expect(size.first?.hasPrefix("site.yaml:111:5: warning: the apple-app-site-association for 'm.example.com' is ") == true)
        #expect(size.first?.contains("the routes that cost most are 'r100'") == true)
    }

    /// Past Apple's limit the build fails, at the costliest route, saying how many routes the
    /// file holds and which cost most (the error once had no location and named no route).
    @Test func anAASAOverTheLimitIsAnErrorAtTheCostliestRoute() {
        let routes = (1...1_500).map { "  - {name: r\($0), path: '/a-fairly-long-path-segment-that-costs-bytes-\($0)/*'}" }
        let errors = Self.warnings(Self.manifest(routes: routes.joined(separator: "\n"))).filter { $0.contains(": error: ") }
        #expect(errors.count == 2, "\(errors)")
        for (error, host) in zip(errors, ["m.example.com", "mlink.example.com"]) {
            #expect(error.hasPrefix("site.yaml:1011:5: error: the apple-app-site-association for '\(host)' is "), "\(error)")
            #expect(
                error.contains(
                    "iOS refuses files over 128000 bytes, so merge or shorten routes (or turn off legacyPaths); it holds the rules of 1500 routes, the costliest 'r1000' ("
                ), "\(error)")
        }
    }

    /// GitHub Pages alone cannot rewrite or redirect: the build says so at the first page route.
    @Test func githubPagesAloneIsToldWhatItCannotServe() {
        let yaml = Fixtures.validManifest.replacingOccurrences(of: "scheme: example\n", with: "scheme: example\nhosting: [github-pages]\n")
        let found = Fixtures.build(yaml).diagnostics.map(\.description)
        #expect(found.count == 1)
        #expect(
            found.first?.hasPrefix(
                "site.yaml:27:5: warning: hosting is only github-pages, which cannot rewrite URLs: the route pages of 1 route ('product') are never served"
            ) == true, "\(found)")
        #expect(found.first?.hasSuffix("[host-cannot-serve]") == true)
        let withNetlify = yaml.replacingOccurrences(of: "hosting: [github-pages]", with: "hosting: [github-pages, netlify]")
        #expect(Fixtures.build(withNetlify).diagnostics.isEmpty)
    }
}
