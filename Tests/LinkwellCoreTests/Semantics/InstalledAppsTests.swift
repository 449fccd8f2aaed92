import Foundation
import Testing

@testable import LinkwellCore

/// Several apps in one association file: which app opens a URL depends on which of them a device
/// has, and on the order of the details. The engine must prove equality for every combination of
/// installed apps, under both readings of an exclusion across apps, or show where it fails.
@Suite struct InstalledAppsTests {
    typealias Random = PropertyTests.Random
    static let host = SemanticsTests.host

    static func aasa(_ details: [(apps: [String], components: [String])]) -> JSONValue {
        let text = details.map { detail in
            let apps = detail.apps.map { "\"\($0)\"" }.joined(separator: ",")
            return #"{"appIDs": [\#(apps)], "components": [\#(detail.components.joined(separator: ","))]}"#
        }
        return try! JSONValue.parse(#"{"applinks": {"details": [\#(text.joined(separator: ","))]}}"#)
    }

    static func compare(_ before: JSONValue, _ after: JSONValue) -> AssociationComparison {
        AssociationComparison(before: .init(aasa: before, assetLinks: nil), after: .init(aasa: after, assetLinks: nil), host: host)
    }

    /// The issue's import example: `one: /a/*`, `two: /*`, `one: /*` against the merged lists.
    /// With both apps installed `/x` opened two before and opens one after; each app alone is the same.
    @Test func mergingOneAppsDetailsChangesWhichAppOpens() throws {
        let before = Self.aasa([(["T.one"], [#"{"/": "/a/*"}"#]), (["T.two"], [#"{"/": "/*"}"#]), (["T.one"], [#"{"/": "/*"}"#])])
        let after = Self.aasa([(["T.one"], [#"{"/": "/a/*"}"#, #"{"/": "/*"}"#]), (["T.two"], [#"{"/": "/*"}"#])])
        let comparison = Self.compare(before, after)
        #expect(comparison.inconsistencies == [])
        #expect(comparison.comparisons.allSatisfy { $0.verdict == .same }, "each app alone decides alike")
        #expect(!comparison.isProvedSame && comparison.differs)
        let difference = try #require(comparison.installedApps.first)
        #expect(difference.installed == ["T.one", "T.two"])
        #expect(difference.witness == "https://\(Self.host)/")
        #expect(difference.before.app == "T.two" && difference.after.app == "T.one")
        #expect(difference.reading == nil, "it holds under both readings of an exclusion")
        // And /a/x opens one on both sides: no difference is reported for it.
        #expect(!comparison.installedApps.contains { $0.witness.contains("/a") })
    }

    @Test func swappingTwoAppsDetailsIsADifferenceAndTheSameOrderIsProved() {
        let one = (["T.one"], [#"{"/": "/p/*"}"#])
        let two = (["T.two"], [#"{"/": "/*"}"#])
        let swapped = Self.compare(Self.aasa([one, two]), Self.aasa([two, one]))
        #expect(swapped.installedApps.map(\.witness) == ["https://\(Self.host)/p"])
        #expect(swapped.installedApps.first?.before.app == "T.one")
        #expect(swapped.installedApps.first?.after.app == "T.two")
        let same = Self.compare(Self.aasa([one, two]), Self.aasa([one, two]))
        #expect(same.isProvedSame)
        #expect(same.appSets.map(\.apps) == [["T.one", "T.two"]])
    }

    /// One app's exclusion ahead of another app's match: whether the second app opens depends on
    /// the reading; the difference is reported with the reading it needs.
    @Test func anExclusionAcrossAppsIsCheckedUnderBothReadings() throws {
        let exclusion = (["T.one"], [#"{"/": "/x", "exclude": true}"#])
        let catchAll = (["T.two"], [#"{"/": "/*"}"#])
        let comparison = Self.compare(Self.aasa([exclusion, catchAll]), Self.aasa([catchAll, exclusion]))
        #expect(comparison.inconsistencies == [])
        let difference = try #require(comparison.installedApps.first)
        #expect(comparison.installedApps.count == 1)
        #expect(difference.witness == "https://\(Self.host)/x")
        #expect(difference.reading == .everyApp)
        #expect(difference.before.app == nil && difference.before.decision.outcome == .exclude)
        #expect(difference.after.app == "T.two")
    }

    /// Two apps of one detail: tried in `appIDs` order (a reading), so swapping them is a difference.
    @Test func appsOfOneDetailAreTriedInTheirListedOrder() {
        let comparison = Self.compare(
            Self.aasa([(["T.one", "T.two"], [#"{"/": "/*"}"#])]), Self.aasa([(["T.two", "T.one"], [#"{"/": "/*"}"#])]))
        #expect(comparison.inconsistencies == [])
        #expect(comparison.installedApps.map(\.before.app) == ["T.one"])
        #expect(comparison.installedApps.map(\.after.app) == ["T.two"])
    }

    static let apps = ["T.a", "T.b", "T.c"]

    /// Every URL of up to two path units (escapes, upper case and an unnamed letter included),
    /// with a few queries and fragments: 1,368 URLs, each asked for seven sets of installed apps
    /// under two readings.
    static let urls: [(String, URLParts)] = {
        let units = ["a", "A", "/", "c", "%41", "%2F", "%C3%A9"]
        let paths = ["/"] + units.map { "/" + $0 } + units.flatMap { first in units.map { "/" + first + $0 } }
        let queries = ["", "?a", "?a=b", "?a=&a=b", "?b=a", "?a=a&b=b", "?&a=a", "?=a"]
        let fragments = ["", "#a", "#ab"]
        return paths.flatMap { path in
            queries.flatMap { query in
                fragments.map { fragment in
                    let text = "https://\(host)\(path)\(query)\(fragment)"
                    return (text, URLParts(text)!)
                }
            }
        }
    }()

    /// A random file: one to four details, each naming one or two of three apps.
    static func randomFile(_ random: inout Random) -> JSONValue {
        let details = (0..<(1 + random.below(4))).map { _ -> (apps: [String], components: [String]) in
            var named = [random.pick(apps)]
            if random.below(3) == 0 { named.append(random.pick(apps)) }
            let components = (0..<(1 + random.below(3))).map { _ in SemanticsTests.component(&random).compactText }
            return (named, components)
        }
        return aasa(details)
    }

    /// Every non-empty set of installed apps, each reading, every URL of the bounded set: the
    /// engine's "proved" never hides a brute-force difference, and every difference it shows is real.
    @Test(arguments: 0..<60)
    func everyInstalledCombinationAgreesWithBruteForce(_ seed: Int) {
        var random = Random(state: UInt64(seed) &* 104_729)
        let before = Self.randomFile(&random)
        var after = Self.randomFile(&random)
        if random.below(2) == 0, case .object(var root) = before, case .object(var applinks)? = root["applinks"],
            case .array(let details)? = applinks["details"]
        {
            // A reordering of the same details: equal per app far more often, so the pairs decide.
            applinks["details"] = .array(details.reversed())
            root["applinks"] = .object(applinks)
            after = .object(root)
        }
        Self.checkAgainstBruteForce(before, after)
    }

    /// A file and a copy with its details restructured — one split in two, two with the same
    /// apps merged, a rule moved to the detail before, a detail's apps reordered, a rule
    /// replaced — so that rules pair up across the files while which detail holds them changes
    /// (`RuleAlignment`: pairs may narrow the walk only when they keep to the same details).
    @Test(arguments: 0..<80)
    func restructuredDetailsAgreeWithBruteForce(_ seed: Int) {
        var random = Random(state: UInt64(seed) &* 7_919)
        var details = (0..<(1 + random.below(4))).map { _ -> (apps: [String], components: [String]) in
            var named = [random.pick(Self.apps)]
            if random.below(2) == 0 { named.append(random.pick(Self.apps.filter { $0 != named[0] })) }
            return (named, (0..<(1 + random.below(3))).map { _ in SemanticsTests.component(&random).compactText })
        }
        let before = Self.aasa(details)
        let index = random.below(details.count)
        switch random.below(5) {
        case 0 where details[index].components.count > 1:
            let cut = 1 + random.below(details[index].components.count - 1)
            let tail = Array(details[index].components[cut...])
            details[index].components.removeSubrange(cut...)
            details.insert((details[index].apps, tail), at: index + 1)
        case 1 where index + 1 < details.count:
            details[index].components += details[index + 1].components
            details[index].apps = details[index + 1].apps
            details.remove(at: index + 1)
        case 2 where index > 0 && details[index].components.count > 1:
            details[index - 1].components.append(details[index].components.removeFirst())
        case 3: details[index].apps.reverse()
        default: details[index].components[0] = SemanticsTests.component(&random).compactText
        }
        Self.checkAgainstBruteForce(before, Self.aasa(details))
    }

    static func checkAgainstBruteForce(_ before: JSONValue, _ after: JSONValue) {
        let comparison = Self.compare(before, after)
        #expect(comparison.inconsistencies == [])
        let matchers = [before, after].map { AASAMatcher(document: $0, form: .components) }
        let subsets = (1..<(1 << Self.apps.count)).map { mask in Self.apps.indices.filter { mask & (1 << $0) != 0 }.map { Self.apps[$0] } }
        var found: String?
        search: for (text, url) in Self.urls {
            for installed in subsets {
                for reading in ExclusionReading.allCases {
                    let openers = matchers.map { $0.opener(url, installed: installed, host: Self.host, reading: reading).app }
                    if openers[0] != openers[1] {
                        found = "\(text) with \(installed) (\(reading.rawValue)): \(openers[0] ?? "none") → \(openers[1] ?? "none")"
                        break search
                    }
                }
            }
        }
        let notProven = comparison.comparisons.filter { $0.verdict == .notProven }
        #expect(notProven.isEmpty)
        if comparison.isProvedSame { #expect(found == nil, "engine proved the files the same; brute force: \(found ?? "")") }
        if found != nil { #expect(comparison.differs) }
    }
}
