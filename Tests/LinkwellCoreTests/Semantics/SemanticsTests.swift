import Foundation
import Testing

@testable import LinkwellCore

/// The exact engine against the concrete matchers: seeded random rule lists, every verdict
/// checked by brute force over a bounded set of URLs, every witness re-run through the matcher.
@Suite struct SemanticsTests {
    typealias Random = PropertyTests.Random

    static let host = "m.example.com"

    static func pattern(_ random: inout Random, alphabet: [String]) -> String {
        (0..<(random.below(4))).map { _ in random.pick(alphabet) }.joined()
    }

    /// One random iOS 13+ component with every key the engine models.
    static func component(_ random: inout Random) -> JSONValue {
        var object: [String: JSONValue] = [:]
        if random.below(4) != 0 { object["/"] = .string("/" + pattern(&random, alphabet: ["a", "b", "A", "/", "*", "?", "é"])) }
        switch random.below(5) {
        case 0: object["?"] = .string(pattern(&random, alphabet: ["a", "=", "b", "*", "&"]))
        case 1:
            var items: [String: JSONValue] = [:]
            for name in ["a", "b"] where random.below(2) == 0 {
                items[name] = .string(pattern(&random, alphabet: ["a", "b", "*", "?"]))
            }
            object["?"] = .object(items)
        default: break
        }
        if random.below(4) == 0 { object["#"] = .string(pattern(&random, alphabet: ["a", "*", "?"])) }
        if random.below(3) == 0 { object["exclude"] = .bool(true) }
        if random.below(4) == 0 { object["caseSensitive"] = .bool(false) }
        if random.below(4) == 0 { object["percentEncoded"] = .bool(false) }
        return .object(object)
    }

    static func aasa(_ random: inout Random, legacy: Bool = false) -> JSONValue {
        let components = (0..<(1 + random.below(4))).map { _ in component(&random) }
        var detail: [String: JSONValue] = ["appIDs": .array([.string("ABCDE12345.com.example.app")]), "components": .array(components)]
        if legacy {
            detail["appID"] = .string("ABCDE12345.com.example.app")
            detail["paths"] = .array(
                (0..<(1 + random.below(3))).map { _ in
                    .string((random.below(3) == 0 ? "NOT " : "") + "/" + pattern(&random, alphabet: ["a", "b", "/", "*", "?"]))
                })
        }
        var applinks: [String: JSONValue] = ["details": .array([.object(detail)])]
        if random.below(5) == 0 { applinks["defaults"] = .object(["caseSensitive": .bool(false)]) }
        return .object(["applinks": .object(applinks)])
    }

    static func assetLinks(_ random: inout Random, most: Int = 4, pathAlphabet: [String] = ["a", "b", "/", "*", "?"]) -> JSONValue {
        let rules = (0..<(1 + random.below(most))).map { _ -> JSONValue in
            var object: [String: JSONValue] = [:]
            if random.below(4) != 0 { object["/"] = .string("/" + pattern(&random, alphabet: pathAlphabet)) }
            if random.below(4) == 0 {
                object["?"] = .object(["a": .string(pattern(&random, alphabet: ["a", "b", "*", "?"]))])
            }
            if random.below(5) == 0 { object["#"] = .string(pattern(&random, alphabet: ["a", "*"])) }
            if random.below(3) == 0 { object["exclude"] = .bool(true) }
            if object.isEmpty { object["/"] = .string("*") }
            return .object(object)
        }
        return .array([
            .object([
                "relation": .array([.string(AssetLinksStatement.handleAllURLs)]),
                "target": .object([
                    "namespace": .string("android_app"), "package_name": .string("com.example.app"),
                    "sha256_cert_fingerprints": .array([.string(Array(repeating: "AB", count: 32).joined(separator: ":"))]),
                ]),
                "relation_extensions": .object([
                    AssetLinksStatement.handleAllURLs: .object(["dynamic_app_link_components": .array(rules)])
                ]),
            ])
        ])
    }

    /// Every URL over a few path units (including escapes, upper case and an unnamed letter),
    /// a few queries and fragments, absent and empty among them.
    static let urls: [String] = {
        let units = ["a", "A", "/", "c", "%41", "%2F", "%C3%A9"]
        var paths = ["/"]
        var frontier = ["/"]
        for _ in 0..<3 {
            frontier = frontier.flatMap { prefix in units.map { prefix + $0 } }
            paths += frontier
        }
        // No `?` and a bare `?` (no `#`, a bare `#`) differ on Android 15+.
        let queries = ["", "?", "?a", "?a=b", "?a=&a=b", "?b=a", "?a=a&b=b", "?&a=a", "?=a"]
        let fragments = ["", "#", "#a", "#ab"]
        return paths.flatMap { path in queries.flatMap { query in fragments.map { "https://\(host)\(path)\(query)\($0)" } } }
    }()

    static let parsedURLs = urls.map { ($0, URLParts($0)!) }

    /// The concrete matcher for one side, made once.
    static func decider(_ files: AssociationComparison.Files, platform: Platform) -> (URLParts, String) -> Bool {
        switch platform {
        case .ios, .iosLegacy:
            let matcher = files.aasa.map { AASAMatcher(document: $0, form: platform == .ios ? .components : .legacyPaths) }
            return { url, app in matcher?.decide(url, appID: app, host: host).opensApp ?? false }
        case .android, .androidLegacy:
            let matcher = files.assetLinks.map(AndroidDynamicMatcher.init(document:))
            return { url, app in matcher?.decide(url, package: app)?.opensApp ?? false }
        }
    }

    /// The concrete matcher's whole decision for one side, made once.
    static func decisions(_ files: AssociationComparison.Files, platform: Platform) -> (URLParts, String) -> MatchDecision? {
        switch platform {
        case .ios, .iosLegacy:
            let matcher = files.aasa.map { AASAMatcher(document: $0, form: platform == .ios ? .components : .legacyPaths) }
            return { url, app in matcher?.decide(url, appID: app, host: host) }
        case .android, .androidLegacy:
            let matcher = files.assetLinks.map(AndroidDynamicMatcher.init(document:))
            return { url, app in matcher?.decide(url, package: app) }
        }
    }

    /// A region's breadth held to the matchers: each example is decided by the region's two
    /// rules, and every URL of `urls` they decide starts with the shared start.
    static func checkBreadth(
        _ difference: LinkDifference, _ result: LinkComparison, _ before: AssociationComparison.Files, _ after: AssociationComparison.Files
    ) {
        guard let breadth = difference.breadth else { return }
        let (a, b) = (decisions(before, platform: result.platform), decisions(after, platform: result.platform))
        func inRegion(_ url: URLParts) -> Bool {
            let first = a(url, result.app)
            guard first?.ruleText == difference.before.ruleText && first?.outcome == difference.before.outcome else { return false }
            let second = b(url, result.app)
            return second?.ruleText == difference.after.ruleText && second?.outcome == difference.after.outcome
        }
        #expect(!breadth.examples.isEmpty)
        for example in breadth.examples {
            let url = URLParts("https://\(host)\(example)")
            #expect(url.map(inRegion) == true, "example \(example) of \(difference.witness) is not in its region")
        }
        // The region's brute-force URLs, found once for both checks.
        guard breadth.sharedStart != nil || breadth.exhaustive else { return }
        let members = parsedURLs.filter { inRegion($0.1) }
        if let start = breadth.sharedStart {
            for (text, url) in members {
                let path = breadth.decoded ? url.androidPath : url.path
                #expect(path.hasPrefix(start), "\(text) is in the region of \(difference.witness), not under \(start)")
                if breadth.wholePath { #expect(path == start, "\(text) is in the region of \(difference.witness), not at \(start)") }
            }
        }
        if breadth.exhaustive {
            let found = members.map(\.0)
            #expect(found.allSatisfy { $0 == "https://\(host)\(breadth.examples[0])" }, "\(found)")
        }
    }

    static func bruteForceDiffers(
        _ before: AssociationComparison.Files, _ after: AssociationComparison.Files, platform: Platform, app: String
    )
        -> String?
    {
        let a = decider(before, platform: platform)
        let b = decider(after, platform: platform)
        return parsedURLs.first { a($0.1, app) != b($0.1, app) }?.0
    }

    /// The engine's verdicts held to the concrete matchers: a "same" by asking every URL of `urls`
    /// on both sides, a "different" by asking its witnesses (each must be decided differently).
    static func check(_ before: AssociationComparison.Files, _ after: AssociationComparison.Files) {
        let comparison = AssociationComparison(before: before, after: after, host: host)
        #expect(comparison.inconsistencies == [])
        // Identical files decide every URL alike (the matchers are functions of the file), so a
        // "same" between them needs no search.
        let identical = before.aasa == after.aasa && before.assetLinks == after.assetLinks
        for result in comparison.comparisons {
            switch result.verdict {
            case .same:
                guard !identical else { continue }
                let found = bruteForceDiffers(before, after, platform: result.platform, app: result.app)
                #expect(found == nil, "engine says same on \(result.platform), brute force differs on \(found ?? "")")
            case .different:
                #expect(!result.differences.isEmpty && !identical)
                let (a, b) = (decider(before, platform: result.platform), decider(after, platform: result.platform))
                for difference in result.differences {
                    let url = URLParts(difference.witness)
                    #expect(url.map { a($0, result.app) != b($0, result.app) } == true, "witness \(difference.witness) is decided alike")
                    checkBreadth(difference, result, before, after)
                }
            case .notProven:
                // A list that uses a run of wildcards Android does not pin (`**`, `*?`) is never
                // proved either way; anything else not proven is a failure here.
                let unpinned = [before.assetLinks, after.assetLinks].contains { file in
                    (file.map { "\($0)" } ?? "").contains("**") || (file.map { "\($0)" } ?? "").contains("*?")
                }
                #expect(
                    result.platform == .android && unpinned
                        && result.summary.contains("which neither Google's documentation nor AOSP pins"),
                    "not proven: \(result.summary)")
            }
        }
    }

    @Test(arguments: 0..<250)
    func componentListsAgreeWithBruteForce(_ seed: Int) {
        var random = Random(state: UInt64(seed) &* 7919)
        let a = Self.aasa(&random, legacy: true)
        // Half the time compare against a small mutation, where equal lists are common.
        let b = random.below(2) == 0 ? Self.aasa(&random, legacy: true) : a
        Self.check(.init(aasa: a, assetLinks: nil), .init(aasa: b, assetLinks: nil))
        var reordered = a
        if case .object(var root) = a, case .object(var applinks)? = root["applinks"], case .array(var details)? = applinks["details"],
            case .object(var detail) = details[0], case .array(var components)? = detail["components"], components.count > 1
        {
            components.swapAt(0, components.count - 1)
            detail["components"] = .array(components)
            details[0] = .object(detail)
            applinks["details"] = .array(details)
            root["applinks"] = .object(applinks)
            reordered = .object(root)
        }
        Self.check(.init(aasa: a, assetLinks: nil), .init(aasa: reordered, assetLinks: nil))
    }

    /// The path-prefix index asks only the rules whose literal start can begin a URL's path; it
    /// must decide exactly as asking every rule in order does (non-ASCII patterns and paths too).
    @Test(arguments: 0..<60)
    func dynamicRulesIndexDecidesAsEveryRuleInOrder(_ seed: Int) throws {
        var random = Random(state: UInt64(seed) &* 31_337)
        let document = Self.assetLinks(&random, most: 16, pathAlphabet: ["a", "A", "/", "c", "*", "?", "é"])
        let matcher = AndroidDynamicMatcher(document: document)
        let rules = try #require(matcher.packages.first?.rules)
        for (text, url) in Self.parsedURLs {
            let first = rules.firstIndex { $0.matches(url) }
            let decision = try #require(matcher.decide(url, package: "com.example.app"))
            #expect(decision.rule == first, "\(text)")
            #expect(decision.outcome == (first.map { rules[$0].exclude ? .exclude : .match } ?? .noMatch), "\(text)")
        }
    }

    /// Every path an intent-filter attribute matches starts with its literal start, so the
    /// intent filters' prefix index never leaves out a rule that could decide.
    @Test func intentFilterLiteralStartsBeginEveryMatchedPath() {
        var random = Random(state: 2_718)
        let alphabet = ["a", "b", "/", ".", "*", "\\", "é"]
        let paths = Self.parsedURLs.map { PercentDecoding.decode($0.1.path) }.uniqued() + ["/a.b", "/a*b", "/a\\b", "/aab", "/b"]
        var checked = 0
        for _ in 0..<400 {
            let text = "/" + Self.pattern(&random, alphabet: alphabet) + Self.pattern(&random, alphabet: alphabet)
            for attribute in [AndroidPathMatcher.path(text), .prefix(text), .suffix(text), .pattern(text), .advancedPattern(text)] {
                for path in paths where attribute.matches(path) {
                    checked += 1
                    #expect(
                        path.hasPrefix(attribute.literalStart), "\(attribute) matches \(path) but starts with '\(attribute.literalStart)'")
                }
            }
        }
        #expect(checked > 1000)
        #expect(AndroidPathMatcher.pattern("/a/b*c.*").literalStart == "/a/")
        #expect(AndroidPathMatcher.pattern("/a\\.b").literalStart == "/a")
    }

    @Test(arguments: 0..<150)
    func dynamicRulesAgreeWithBruteForce(_ seed: Int) {
        var random = Random(state: UInt64(seed) &* 104_729)
        let a = Self.assetLinks(&random)
        let b = random.below(2) == 0 ? Self.assetLinks(&random) : a
        Self.check(.init(aasa: nil, assetLinks: a), .init(aasa: nil, assetLinks: b))
    }

    /// A list and an edited copy (a rule replaced, inserted, deleted, moved or turned into an
    /// exclusion): the comparison walks only where unpaired rules accept (`RuleAlignment`), and
    /// must still agree with brute force everywhere.
    @Test(arguments: 0..<200)
    func editedListsAgreeWithBruteForce(_ seed: Int) {
        var random = Random(state: UInt64(seed) &* 65_537)
        let components = (0..<(2 + random.below(6))).map { _ in Self.component(&random) }
        let edited = Self.edited(components, &random) { Self.component(&$0) }
        Self.check(.init(aasa: Self.aasa(components), assetLinks: nil), .init(aasa: Self.aasa(edited), assetLinks: nil))
        guard case .array(let statements) = Self.assetLinks(&random, most: 7), case .object(var statement) = statements[0],
            case .array(let rules)? = statement["relation_extensions"]?[AssetLinksStatement.handleAllURLs]?["dynamic_app_link_components"]
        else { return }
        let editedRules = Self.edited(rules, &random) { random in
            guard case .array(let more) = Self.assetLinks(&random, most: 1),
                let rule = more[0]["relation_extensions"]?[AssetLinksStatement.handleAllURLs]?["dynamic_app_link_components"]?.array?.first
            else { return .object(["/": .string("/a")]) }
            return rule
        }
        let before = JSONValue.array(statements)
        statement["relation_extensions"] = .object([
            AssetLinksStatement.handleAllURLs: .object(["dynamic_app_link_components": .array(editedRules)])
        ])
        Self.check(.init(aasa: nil, assetLinks: before), .init(aasa: nil, assetLinks: .array([.object(statement)])))
    }

    /// The search the `shadowed-rule` lint makes for each rule: every witness decides through
    /// its rule in the concrete matcher, and a rule it proves decides nothing decides none of the
    /// brute-force URLs (each search runs to the end on these small lists).
    @Test(arguments: 0..<150)
    func decidingURLSearchAgreesWithBruteForce(_ seed: Int) throws {
        var random = Random(state: UInt64(seed) &* 40_503)
        let app = "ABCDE12345.com.example.app"
        let aasa = Self.aasa((0..<(2 + random.below(6))).map { _ in Self.component(&random) })
        let links = Self.assetLinks(&random, most: 7)
        let ios = AASAMatcher(document: aasa, form: .components)
        let android = AndroidDynamicMatcher(document: links)
        let cases: [(DecisionList?, (URLParts) -> Int?)] = [
            (DecisionLists.aasa(aasa, form: .components).first?.list, { ios.decide($0, appID: app, host: Self.host).rule }),
            (DecisionLists.android(links).first?.list, { android.decide($0, package: "com.example.app")?.rule }),
        ]
        for (list, decide) in cases {
            let rules = try #require(list).rules
            let exploration = DecisionExploration(rules: [rules])
            var machine = exploration.machine(rules)
            // Asked of every URL only when a rule is said to decide none (witnesses are checked alone).
            lazy var decided = Set(Self.parsedURLs.compactMap { decide($0.1) })
            for rule in rules.indices {
                var search = try #require(
                    DecidingURLSearch(
                        rule: rules[rule].automaton, universe: exploration.universe, representatives: exploration.representatives))
                let result = search.search(rule, in: &machine, representatives: exploration.representatives, budget: .default)
                #expect(result.complete)
                if let witness = result.witness {
                    let url = exploration.url(witness, host: Self.host)
                    #expect(URLParts(url).flatMap(decide) == rule, "\(url) is said to be decided by rule \(rule)")
                } else {
                    #expect(!decided.contains(rule), "rule \(rule) (\(rules[rule].text)) is said to decide nothing")
                }
            }
        }
    }

    /// `RuleCoverage` against brute force: where it says an earlier rule accepts every URL a
    /// later one accepts, no URL of the bounded set says otherwise; where such a URL exists, it
    /// never says so.
    @Test(arguments: 0..<200)
    func ruleCoverageAgreesWithBruteForce(_ seed: Int) throws {
        var random = Random(state: UInt64(seed) &* 92_821)
        let app = "ABCDE12345.com.example.app"
        var pair = [Self.component(&random), Self.component(&random)]
        // A narrowed copy of the first rule often makes a covered pair.
        if random.below(2) == 0, case .object(var narrowed) = pair[0] {
            narrowed["/"] = .string((narrowed["/"]?.string ?? "/") + "a")
            pair[1] = .object(narrowed)
        }
        let rules = try #require(DecisionLists.aasa(Self.aasa(pair), form: .components).first?.list.rules)
        let exploration = DecisionExploration(rules: [rules])
        var steps = 0
        let covered = RuleCoverage.covers(
            rules[0].automaton, rules[1].automaton, universe: exploration.universe,
            representatives: exploration.representatives, workLimit: .max, steps: &steps)
        let matchers = pair.map { AASAMatcher(document: Self.aasa([$0]), form: .components) }
        let escape = Self.parsedURLs.first { _, url in
            matchers[1].decide(url, appID: app, host: Self.host).rule != nil
                && matchers[0].decide(url, appID: app, host: Self.host).rule == nil
        }
        #expect(covered != nil)
        if covered == true { #expect(escape == nil, "\(pair[0].compactText) covers \(pair[1].compactText), yet not \(escape?.0 ?? "")") }
        if escape != nil { #expect(covered == false) }
    }

    /// Rules that trade places pair when they cannot decide one URL differently: disjoint rules
    /// are proved without a walk; an exclusion moved behind the route it carves out of is a
    /// difference, found by the walk.
    @Test func movedRulesPairOnlyWhereTheOrderCannotMatter() throws {
        func compare(_ before: [String], _ after: [String]) throws -> LinkComparison {
            let files = try [before, after].map { rules in
                AssociationComparison.Files(aasa: Self.aasa(try rules.map { try JSONValue.parse($0) }), assetLinks: nil)
            }
            return try #require(AssociationComparison(before: files[0], after: files[1], host: Self.host).comparisons.first)
        }
        let disjoint = try compare(
            [#"{"/": "/a/*"}"#, #"{"/": "/b/*", "exclude": true}"#, #"{"/": "/c"}"#],
            [#"{"/": "/b/*", "exclude": true}"#, #"{"/": "/a/*"}"#, #"{"/": "/c"}"#])
        #expect(disjoint.verdict == .same && disjoint.states == 0)
        #expect(disjoint.summary.contains("rules in another order either have the same outcome or match no URL in common"))
        let carved = try compare(
            [#"{"/": "/a/x", "exclude": true}"#, #"{"/": "/a/*"}"#], [#"{"/": "/a/*"}"#, #"{"/": "/a/x", "exclude": true}"#])
        #expect(carved.verdict == .different)
        #expect(carved.differences.map(\.witness) == ["https://\(Self.host)/a/x"])
    }

    static func aasa(_ components: [JSONValue]) -> JSONValue {
        .object([
            "applinks": .object([
                "details": .array([
                    .object(["appIDs": .array([.string("ABCDE12345.com.example.app")]), "components": .array(components)])
                ])
            ])
        ])
    }

    /// One or two edits of a list.
    static func edited(_ list: [JSONValue], _ random: inout Random, making: (inout Random) -> JSONValue) -> [JSONValue] {
        var list = list
        for _ in 0...random.below(2) {
            let index = random.below(list.count)
            switch random.below(5) {
            case 0: list[index] = making(&random)
            case 1: list.insert(making(&random), at: index)
            case 2 where list.count > 1: list.remove(at: index)
            case 3 where list.count > 1: list.swapAt(index, (index + 1) % list.count)
            default:
                if case .object(var rule) = list[index] {
                    rule["exclude"] = .bool(rule["exclude"] != .bool(true))
                    list[index] = .object(rule)
                }
            }
        }
        return list
    }
}

/// The engine's case partners cover every scalar `GlobPattern` folds to the same scalar.
@Suite struct CaseFoldingTests {
    @Test func everyScalarIsAPartnerOfItsFolding() {
        var missing: [String] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let folded = CaseFolding.fold(scalar)
            if folded != scalar, !CaseFolding.partners(of: folded).contains(scalar) {
                missing.append(String(format: "U+%04X", value))
            }
        }
        #expect(missing == [])
    }
}
