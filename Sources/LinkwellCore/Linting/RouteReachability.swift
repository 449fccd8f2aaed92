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
        /// Platforms where the route is dead but the walk that lists the routes deciding its URLs
        /// stopped at its budget: `deciders` names some of them, not all.
        var decidersIncomplete: Set<Platform> = []
        /// Per platform, earlier routes each of which alone matches every URL the route matches
        /// (proved rule by rule, `RuleCoverage`).
        var coveredBy: [Platform: Set<String>] = [:]

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
        explore(site: site, plan: plan, files: files, witnesses: witnesses, budget: budget)
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
    /// explored, on every core — but only for the routes no sample URL witnessed there (a list
    /// whose every route has one is not walked).
    private mutating func explore(
        site: Site, plan: BuildPlan, files: [OutputFile], witnesses: [Witness: String], budget: EngineBudget
    ) {
        let byPath = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<[String]> = []
        var jobs: [Job] = []
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
            var lists: [(Platform, String, DecisionList, [String?])] = []
            for app in site.iosApps {
                for (platform, form) in [(Platform.ios, AASAMatcher.Form.components), (.iosLegacy, .legacyPaths)]
                where site.platforms.contains(platform) {
                    guard let list = aasaList(aasa, form: form, appID: app.appID) else { continue }
                    lists.append(
                        (
                            platform, app.id, list,
                            plan.ruleOrigins[BuildPlan.RuleListKey(host: host, platform: platform, app: app.id)] ?? []
                        ))
                }
            }
            for app in site.androidApps {
                if let list = links.flatMap({ DecisionLists.android($0).first { $0.package == app.package }?.list }) {
                    lists.append(
                        (
                            .android, app.id, list,
                            plan.ruleOrigins[BuildPlan.RuleListKey(host: host, platform: .android, app: app.id)] ?? []
                        ))
                }
                let legacy = DecisionLists.intentFilters(site: site, app: app, host: host)
                lists.append((.androidLegacy, app.id, legacy.list, legacy.origins))
            }
            for (platform, app, list, origins) in lists where list.rules.count == origins.count {
                var wanted: Set<String> = []
                for origin in origins.compactMap({ $0 }) {
                    findings[origin, default: Finding()].present.insert(platform)
                    if let url = witnesses[Witness(route: origin, platform: platform, host: host, app: app)] {
                        if findings[origin]?.decides[platform] == nil { findings[origin]?.decides[platform] = url }
                    } else {
                        wanted.insert(origin)
                    }
                }
                // Mirrors (and apps with the same routes) repeat a list: once is enough.
                let key = [platform.rawValue] + list.rules.map(\.text) + origins.map { $0 ?? "" } + wanted.sorted()
                if !wanted.isEmpty, seen.insert(key).inserted {
                    jobs.append(Job(platform: platform, list: list, origins: origins, wanted: wanted, host: host))
                }
            }
        }
        // Each list is its own machine: explored on every core, recorded in list order.
        let budget = budget.share(of: jobs.count)
        let walks = jobs.concurrentMap { Self.walk($0, budget: budget) }
        for (job, walk) in zip(jobs, walks) {
            record(walk, job)
        }
    }

    /// One list to walk, and the routes on it no sample URL witnessed.
    private struct Job: Sendable {
        var platform: Platform
        var list: DecisionList
        var origins: [String?]
        var wanted: Set<String>
        var host: String
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

    /// What exploring one list found: per wanted route, a shortest URL it decides; per route
    /// proved dead, the routes that decide its URLs.
    private struct Walk: Sendable {
        /// Wanted routes whose searches stopped at their budget, with no URL found.
        var unfinished: Set<String>
        /// Spells a walk's symbols as a URL (as written, or decoded text for Android).
        var exploration: DecisionExploration
        var witnesses: [String: [Symbol]]
        var deciders: [String: Set<Int>]
        /// Dead routes whose deciders walk stopped at its budget.
        var decidersIncomplete: Set<String>
        /// Dead routes' rules that an earlier rule covers (`RuleCoverage`), by that rule.
        var covering: [String: Set<Int>]
    }

    /// Each wanted route's rules are searched in turn for a URL they decide (`DecidingURLSearch`,
    /// on one machine of the list) until one is found; a route none of whose rules decides
    /// anywhere, proved, is walked again for the routes that decide its URLs, with its own rules
    /// kept (the machine drops rules a settled one outranks, so it tells which rule decides, not
    /// every rule that accepts). Each rule's search has an equal share of the list's budget, and
    /// the routes' deciders what is left of it.
    private static func walk(_ job: Job, budget: EngineBudget) -> Walk {
        let rules = job.list.rules
        let exploration = DecisionExploration(rules: [rules])
        var machine = exploration.machine(rules)
        let searched = rules.indices.filter { job.origins[$0].map(job.wanted.contains) ?? false }
        let share = budget.share(of: searched.count)
        var witnesses: [String: [Symbol]] = [:]
        var unfinished: Set<String> = []
        var coverers: [Int: Int] = [:]
        var spent = 0
        for rule in searched {
            guard let origin = job.origins[rule], witnesses[origin] == nil else { continue }
            // An earlier rule that accepts all it accepts: dead, proved, without a search.
            if let earlier = Self.coverer(of: rule, in: rules, exploration: exploration, budget: share, spent: &spent) {
                coverers[rule] = earlier
                continue
            }
            guard
                var search = DecidingURLSearch(
                    rule: rules[rule].automaton, universe: exploration.universe, representatives: exploration.representatives)
            else {
                unfinished.insert(origin)
                continue
            }
            let result = search.search(rule, in: &machine, representatives: exploration.representatives, budget: share)
            spent += result.steps
            if let witness = result.witness {
                witnesses[origin] = witness
                unfinished.remove(origin)
            } else if !result.complete {
                unfinished.insert(origin)
            }
        }
        var deciders: [String: Set<Int>] = [:]
        var covering: [String: Set<Int>] = [:]
        var incomplete: Set<String> = []
        let dead = job.wanted.subtracting(witnesses.keys).subtracting(unfinished)
        let deadRules = rules.indices.filter { job.origins[$0].map(dead.contains) ?? false }
        let left = EngineBudget(steps: max(1, budget.steps - spent), productStates: budget.productStates).share(of: deadRules.count)
        for rule in deadRules {
            guard let origin = job.origins[rule] else { continue }
            // A rule an earlier one covers is dead whatever the walk finds; the walk only adds
            // which routes take its URLs, so it gets an eighth of its share.
            let found = Self.deciders(
                of: rule, in: rules, exploration: exploration, budget: coverers[rule] == nil ? left : left.share(of: 8))
            deciders[origin, default: []].formUnion(found.rules)
            if !found.complete { incomplete.insert(origin) }
            if let earlier = coverers[rule] { covering[origin, default: []].insert(earlier) }
        }
        return Walk(
            unfinished: unfinished, exploration: exploration, witnesses: witnesses, deciders: deciders,
            decidersIncomplete: incomplete, covering: covering)
    }

    /// The first earlier rule that accepts every URL `rule` accepts (`RuleCoverage`), within the
    /// rule's share of the budget.
    private static func coverer(
        of rule: Int, in rules: [DecisionRule], exploration: DecisionExploration, budget: EngineBudget, spent: inout Int
    ) -> Int? {
        var steps = 0
        defer { spent += steps }
        for earlier in 0..<rule {
            let covered = RuleCoverage.covers(
                rules[earlier].automaton, rules[rule].automaton, universe: exploration.universe,
                representatives: exploration.representatives, workLimit: budget.steps, steps: &steps)
            if covered == true { return earlier }
            if steps >= budget.steps { return nil }
        }
        return nil
    }

    /// The rules that decide the URLs rule `rule` accepts: the list up to it, with it kept
    /// whatever settles before it, walked only where it can still accept.
    private static func deciders(of rule: Int, in rules: [DecisionRule], exploration: DecisionExploration, budget: EngineBudget)
        -> (rules: Set<Int>, complete: Bool)
    {
        let scopes = (0...rule).map { $0 == rule ? UInt64(2) : 1 }
        var machines = [exploration.machine(Array(rules[0...rule]), scopes: scopes), exploration.machine([rules[rule]])]
        var found: Set<Int> = []
        let outcome = exploration.explore(&machines, guarded: true, budget: budget) { labels, accepting, _ in
            if accepting[0].contains(rule), labels[0] >= 0 { found.insert(Int(labels[0])) }
            return true
        }
        return (found, outcome.complete)
    }

    private mutating func record(_ walk: Walk, _ job: Job) {
        for origin in job.wanted {
            if let witness = walk.witnesses[origin] {
                if findings[origin]?.decides[job.platform] == nil {
                    findings[origin]?.decides[job.platform] = walk.exploration.url(witness, host: job.host)
                }
            } else if walk.unfinished.contains(origin) || !job.list.unmodelled.isEmpty {
                findings[origin]?.unproved.insert(job.platform)
            }
            for winner in walk.deciders[origin] ?? [] {
                if let name = job.origins[winner], name != origin { findings[origin]?.deciders[job.platform, default: []].insert(name) }
            }
            if walk.decidersIncomplete.contains(origin) { findings[origin]?.decidersIncomplete.insert(job.platform) }
            for earlier in walk.covering[origin] ?? [] {
                if let name = job.origins[earlier], name != origin { findings[origin]?.coveredBy[job.platform, default: []].insert(name) }
            }
        }
    }

    func finding(_ route: String) -> Finding? { findings[route] }
}
