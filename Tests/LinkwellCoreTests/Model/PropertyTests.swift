import Foundation
import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// Properties checked on seeded random rule lists, so a failure reproduces exactly.
@Suite struct PropertyTests {
    /// A small deterministic generator (SplitMix64).
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    /// A path pattern in canonical form: no `//` and no trailing `/`, where iOS 13+'s observed
    /// slash rules (not shared by iOS 9–12) would apply to the pattern itself.
    static func pattern(_ random: inout Random) -> String {
        var pattern = "/" + (0..<(1 + random.below(4))).map { _ in random.pick(["a", "b", "/", "*", "?"]) }.joined()
        while pattern.contains("//") { pattern = pattern.replacingOccurrences(of: "//", with: "/") }
        while pattern.count > 1, pattern.hasSuffix("/") { pattern.removeLast() }
        return pattern
    }

    static func routes(_ random: inout Random, count: Int) -> [Route] {
        (0..<count).map { index in
            Route(
                name: "r\(index)", path: pattern(&random), query: nil, fragment: nil, exclude: random.below(3) == 0, comment: nil,
                caseSensitive: nil, percentEncoded: nil, apps: ["app"], hosts: ["m.example.com"], pageType: nil,
                location: SourceLocation(file: "site.yaml", line: index + 1, column: 1))
        }
    }

    static func site(_ routes: [Route]) -> Site {
        Site(
            name: "Property", scheme: nil, legacyPaths: true,
            iosApps: [
                IOSApp(
                    id: "app", name: "App", teamID: "ABCDE12345", bundleID: "com.example.app", webcredentials: false, appClipBundleIDs: [])
            ],
            androidApps: [], mirrorPairs: [MirrorPair(primary: "m.example.com", mirror: "mlink.example.com")], shortHost: nil,
            defaults: RuleDefaults(), substitutionVariables: [], routes: routes, pageTypes: [],
            robots: RobotsPolicy(groups: [], sitemaps: []))
    }

    /// Every path over the patterns' characters plus one they never name, up to `length`.
    static func paths(upTo length: Int) -> [String] {
        var all = [""]
        var frontier = [""]
        for _ in 0..<length {
            frontier = frontier.flatMap { prefix in ["a", "b", "/", "c"].map { prefix + $0 } }
            all += frontier
        }
        return all.map { "/" + $0 }
    }

    static let longPaths = paths(upTo: 6)
    static let shortPaths = paths(upTo: 5)

    /// Per platform reading (iOS 13+ with Apple's slash rules, iOS 9–12 as written): when the
    /// exact reachability says a route never decides, no path it matches escapes the earlier
    /// rules; and when no path up to the bound escapes them, it says so (it decides, it does not
    /// sample). Every witness of a route that still decides is decided by that route.
    @Test(arguments: 0..<80)
    func shadowingAgreesWithBruteForce(_ seed: Int) throws {
        var random = Random(state: UInt64(seed))
        let routes = Self.routes(&random, count: 2 + random.below(4))
        let site = Self.site(routes)
        let files = Linkwell.Build.files(for: site)
        let reachability = RouteReachability(site: site, plan: BuildPlan(site: site), files: files)
        let readings: [(Platform, [PathMatcher])] = [
            (.ios, routes.map { PathMatcher($0.path!, caseSensitive: true, percentEncoded: true, variables: [:]) }),
            (.iosLegacy, routes.map { PathMatcher(legacy: $0.path!) }),
        ]
        let aasa = try JSONValue.parse(try #require(files.first { $0.path == "m.example.com/\(AssociationFiles.aasa)" }).contents)
        for (platform, matchers) in readings {
            let concrete = AASAMatcher(document: aasa, form: platform == .ios ? .components : .legacyPaths)
            for (index, route) in routes.enumerated() {
                let finding = try #require(reachability.finding(route.name))
                let matched = Self.longPaths.filter(matchers[index].matches)
                let escapes = matched.first { path in !matchers[..<index].contains { $0.matches(path) } }
                if finding.dead.contains(platform) {
                    #expect(
                        escapes == nil,
                        "seed \(seed) \(platform): '\(route.path!)' never decides, but \(escapes ?? "") escapes \(routes[..<index].map { $0.path! })"
                    )
                } else if !matched.isEmpty, index > 0, escapes == nil {
                    #expect(Bool(false), "seed \(seed) \(platform): '\(route.path!)' is covered by \(routes[..<index].map { $0.path! })")
                }
                if let witness = finding.decides[platform] {
                    let decision = concrete.decide(try #require(URLParts(witness)), appID: "ABCDE12345.com.example.app")
                    #expect(decision.rule == index, "seed \(seed) \(platform): witness \(witness) of '\(route.path!)'")
                }
            }
        }
    }

    /// Where the iOS 9–12 form can express a rule list, it decides every URL as the iOS 13+ form
    /// does. A URL is expressible when each rule alone reads it the same on both (iOS 13+'s
    /// observed slash rules — trailing slashes, the bare parent of `/*` — are not in old iOS);
    /// what remains is what the translation controls: order, `NOT`, and the per-app details.
    @Test(arguments: 0..<80)
    func legacyTranslationAgreesWithComponents(_ seed: Int) throws {
        var random = Random(state: UInt64(1000 + seed))
        let routes = Self.routes(&random, count: 1 + random.below(5))
        let files = Linkwell.Build.files(for: Self.site(routes))
        let aasa = try JSONValue.parse(try #require(files.first { $0.path == "m.example.com/\(AssociationFiles.aasa)" }).contents)
        let modern = AASAMatcher(document: aasa, form: .components)
        let legacy = AASAMatcher(document: aasa, form: .legacyPaths)
        let readings = routes.map {
            (PathMatcher($0.path!, caseSensitive: true, percentEncoded: true, variables: [:]), GlobPattern($0.path!))
        }
        let app = "ABCDE12345.com.example.app"
        var compared = 0
        for path in Self.shortPaths where readings.allSatisfy({ $0.0.matches(path) == $0.1.matches(path) }) {
            let url = try #require(URLParts("https://m.example.com" + path))
            compared += 1
            #expect(
                modern.decide(url, appID: app).outcome == legacy.decide(url, appID: app).outcome,
                "seed \(seed): \(routes.map { ($0.exclude ? "NOT " : "") + $0.path! }) disagree on \(path)")
        }
        #expect(compared > 0)
    }
}

/// Hundreds of damaged copies of the bundled manifest (lines dropped, repeated, swapped or
/// garbled) go through the whole pipeline: each ends in files or in errors, never in a crash,
/// and a failed build never returns files.
@Suite struct MutationTests {
    static let manifest = (try? String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)) ?? ""

    @Test(arguments: 0..<12)
    func damagedManifestsNeverCrashThePipeline(_ batch: Int) {
        var random = PropertyTests.Random(state: UInt64(77 + batch))
        let lines = Self.manifest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var failures = 0
        for _ in 0..<25 {
            var damaged = lines
            for _ in 0..<(1 + random.below(3)) {
                let index = random.below(damaged.count)
                switch random.below(5) {
                case 0: damaged.remove(at: index)
                case 1: damaged.insert(damaged[index], at: index)
                case 2: damaged.swapAt(index, random.below(damaged.count))
                case 3: damaged[index] = String(damaged[index].shuffled(using: &random))
                default: damaged[index] += random.pick([":", " - x", " [", "\t", " *", ": ~", " #"])
                }
            }
            let result = Fixtures.build(damaged.joined(separator: "\n"))
            #expect(result.succeeded != result.diagnostics.hasErrors)
            #expect(result.succeeded || result.files.isEmpty)
            if !result.succeeded { failures += 1 }
        }
        #expect(failures > 5, "the damage should break most copies; only \(failures) of 25 failed")
    }
}

extension PropertyTests.Random: RandomNumberGenerator {}
