/// Which routes decide some URL on each platform reading, worked out exactly from the files the
/// build writes: each (host, app, platform) rule list is one decision machine, explored once;
/// a route decides on a platform when one of its rules is the first match for some URL there.
/// Unions of earlier routes, case folding, whole-query and item conditions, decoding and
/// fragments are all covered, because the machine reads URLs as the platform does.
///
/// Most sites have no dead route, and then no machine is needed: when every route's own sample
/// URL (`RouteSamples`) is decided through that route on every platform, host and app it has rules
/// for — asked of the matchers, which read the built files as the platforms do — every route is
/// proved to decide everywhere, by a witness. Only when some route has no such witness are the
/// machines compiled and explored, all of them, as if there were no shortcut; the shortcut itself
/// compiles nothing.
struct RouteReachability {
    struct Finding {
        /// Platforms where the route has rules at all.
        var present: Set<Platform> = []
        /// A URL each platform decides through the route (the shortest found).
        var decides: [Platform: String] = [:]
        /// Routes whose rules decide the route's URLs, per platform (rules no route wrote are left out).
        var deciders: [Platform: Set<String>] = [:]
        /// Platforms where the walk did not finish, so nothing is claimed.
        var unproved: Set<Platform> = []

        /// Platforms where the route has rules but never decides, proved.
        var dead: [Platform] { present.subtracting(decides.keys).subtracting(unproved).sorted() }
    }

    private(set) var findings: [String: Finding] = [:]

    /// `matcher`: the build's own, when it has one already (it reads the same files).
    init(site: Site, plan: BuildPlan, files: [OutputFile], matcher: SiteMatcher? = nil, budget: EngineBudget = Lints.walkBudget) {
        let matcher = matcher ?? SiteMatcher(site: site, plan: plan, files: files)
        let witnesses = Self.sampleWitnesses(site: site, matcher: matcher)
        if let witnessed = Self.witnessedEverywhere(site: site, plan: plan, matcher: matcher, witnesses: witnesses) {
            findings = witnessed
            return
        }
        explore(site: site, plan: plan, files: files, budget: budget)
    }

    /// The shortcut, without compiling a machine: every route's rules, per host, app and platform
    /// as the plan (and, for Android 14 and earlier, the intent filters) places them, each with a
    /// sample URL decided through it there. Nil when some route lacks one. The routes asked about
    /// are a superset of those the machines would be built for (those skip rules they cannot
    /// model), so "every route decides" here holds there too.
    private static func witnessedEverywhere(site: Site, plan: BuildPlan, matcher: SiteMatcher, witnesses: [Witness: String])
        -> [String: Finding]?
    {
        var findings: [String: Finding] = [:]
        func witness(_ origins: [String?], platform: Platform, host: String, app: String) -> Bool {
            for origin in origins.compactMap({ $0 }) {
                guard let url = witnesses[Witness(route: origin, platform: platform, host: host, app: app)] else { return false }
                findings[origin, default: Finding()].present.insert(platform)
                if findings[origin]?.decides[platform] == nil { findings[origin]?.decides[platform] = url }
            }
            return true
        }
        for host in site.hosts {
            for app in site.iosApps {
                for platform in [Platform.ios, .iosLegacy] where site.platforms.contains(platform) {
                    let origins = plan.ruleOrigins[BuildPlan.RuleListKey(host: host, platform: platform, app: app.id)] ?? []
                    guard witness(origins, platform: platform, host: host, app: app.id) else { return nil }
                }
            }
            for app in site.androidApps {
                let dynamic = plan.ruleOrigins[BuildPlan.RuleListKey(host: host, platform: .android, app: app.id)] ?? []
                guard witness(dynamic, platform: .android, host: host, app: app.id),
                    witness(matcher.intentFilterOrigins(app: app, host: host), platform: .androidLegacy, host: host, app: app.id)
                else { return nil }
            }
        }
        return findings
    }

    /// The machines: each (host, app, platform) rule list compiled from the built files and
    /// explored, on every core.
    private mutating func explore(site: Site, plan: BuildPlan, files: [OutputFile], budget: EngineBudget) {
        let byPath = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<[String]> = []
        var jobs: [(platform: Platform, list: DecisionList, origins: [String?], host: String)] = []
        // Each distinct file's lists are compiled once: mirrors serve the same bytes, and every
        // app of a file is read from one compilation.
        var aasaLists: [String: [AASAMatcher.Form: [(appID: String, list: DecisionList)]]] = [:]
        func aasaList(_ text: String?, form: AASAMatcher.Form, appID: String) -> DecisionList? {
            guard let text else { return nil }
            if aasaLists[text]?[form] == nil {
                aasaLists[text, default: [:]][form] = (try? JSONValue.parse(text)).map { DecisionLists.aasa($0, form: form) } ?? []
            }
            return aasaLists[text]?[form]?.first { $0.appID == appID }?.list
        }
        for host in site.hosts {
            let aasa = byPath["\(host)/\(AssociationFiles.aasa)"]
            let links = byPath["\(host)/\(AssociationFiles.assetLinks)"].flatMap { try? JSONValue.parse($0) }
            var lists: [(Platform, DecisionList, [String?])] = []
            for app in site.iosApps {
                for (platform, form) in [(Platform.ios, AASAMatcher.Form.components), (.iosLegacy, .legacyPaths)]
                where site.platforms.contains(platform) {
                    guard let list = aasaList(aasa, form: form, appID: app.appID) else { continue }
                    lists.append(
                        (platform, list, plan.ruleOrigins[BuildPlan.RuleListKey(host: host, platform: platform, app: app.id)] ?? []))
                }
            }
            for app in site.androidApps {
                if let list = links.flatMap({ DecisionLists.android($0).first { $0.package == app.package }?.list }) {
                    lists.append(
                        (.android, list, plan.ruleOrigins[BuildPlan.RuleListKey(host: host, platform: .android, app: app.id)] ?? []))
                }
                let legacy = DecisionLists.intentFilters(site: site, app: app, host: host)
                lists.append((.androidLegacy, legacy.list, legacy.origins))
            }
            for (platform, list, origins) in lists where list.rules.count == origins.count {
                for origin in origins.compactMap({ $0 }) {
                    findings[origin, default: Finding()].present.insert(platform)
                }
                // Mirrors (and apps with the same routes) repeat a list: once is enough.
                let key = [platform.rawValue] + list.rules.map(\.text) + origins.map { $0 ?? "" }
                if seen.insert(key).inserted { jobs.append((platform, list, origins, host)) }
            }
        }
        // Each list is its own machine: explored on every core, recorded in list order.
        let budget = budget.share(of: jobs.count)
        let walks = jobs.map(\.list).concurrentMap { Self.walk($0, budget: budget) }
        for (job, walk) in zip(jobs, walks) {
            record(walk, platform: job.platform, list: job.list, origins: job.origins, host: job.host)
        }
    }

    /// A route deciding some URL on one platform, host and app.
    private struct Witness: Hashable {
        var route: String
        var platform: Platform
        var host: String
        var app: String
    }

    /// Each route's sample URL on each of its hosts, asked of the matchers: where the deciding
    /// rule (a match or an exclusion) is the route's own, that URL proves the route decides there.
    private static func sampleWitnesses(site: Site, matcher: SiteMatcher) -> [Witness: String] {
        var witnesses: [Witness: String] = [:]
        for sample in RouteSamples.samples(of: site) where isURL(sample.url) {
            guard let url = URLParts(sample.url) else { continue }
            for decision in matcher.decisions(for: sample.url, url: url)
            where decision.route == sample.route && decision.decision.outcome != .noMatch {
                witnesses[Witness(route: sample.route, platform: decision.platform, host: sample.host, app: decision.app)] = sample.url
            }
        }
        return witnesses
    }

    /// Whether `text` is a URL as a browser sends it (RFC 3986 characters only, every `%` an
    /// escape): a sample with a raw space or `é` witnesses nothing, and its route is walked.
    private static func isURL(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() {
            guard byte > 0x20, byte < 0x7F, !notInURLs.contains(byte) else { return false }
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, bytes[index + 1].isHexDigit, bytes[index + 2].isHexDigit else { return false }
            }
        }
        return true
    }

    /// The printable ASCII characters RFC 3986 leaves out of URLs.
    private static let notInURLs = Array(#""<>\^`{|}"#.utf8)

    /// What exploring one list found: per rule, a shortest URL it decides and the rules that
    /// decide its URLs.
    private struct Walk: Sendable {
        var complete: Bool
        /// Spells a walk's symbols as a URL (as written, or decoded text for Android).
        var exploration: DecisionExploration
        var witnesses: [Int: [Symbol]]
        var deciders: [Int: Set<Int>]
    }

    private static func walk(_ list: DecisionList, budget: EngineBudget) -> Walk {
        let exploration = DecisionExploration(rules: [list.rules])
        var machines = [exploration.machine(list.rules)]
        var witnesses: [Int: [Symbol]] = [:]
        var deciders: [Int: Set<Int>] = [:]
        let outcome = exploration.explore(&machines, budget: budget) { labels, accepting, witness in
            let winner = Int(labels[0])
            guard winner >= 0 else { return true }
            if witnesses[winner] == nil { witnesses[winner] = witness() }
            for rule in accepting[0] { deciders[rule, default: []].insert(winner) }
            // Once every rule decides somewhere, no route is dead here: nothing more to learn.
            return witnesses.count < list.rules.count
        }
        return Walk(complete: outcome.complete, exploration: exploration, witnesses: witnesses, deciders: deciders)
    }

    private mutating func record(_ walk: Walk, platform: Platform, list: DecisionList, origins: [String?], host: String) {
        let allDecide = walk.witnesses.count == list.rules.count
        for (rule, origin) in origins.enumerated() {
            guard let origin else { continue }
            if (!walk.complete && !allDecide) || !list.unmodelled.isEmpty { findings[origin]?.unproved.insert(platform) }
            if let witness = walk.witnesses[rule], findings[origin]?.decides[platform] == nil {
                findings[origin]?.decides[platform] = walk.exploration.url(witness, host: host)
            }
            for winner in walk.deciders[rule] ?? [] where winner != rule {
                if let name = origins[winner] { findings[origin]?.deciders[platform, default: []].insert(name) }
            }
        }
    }

    func finding(_ route: String) -> Finding? { findings[route] }
}
