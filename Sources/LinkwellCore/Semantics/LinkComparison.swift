/// Where two rule lists for one platform reading, app and host decide differently: one entry per
/// pair of deciding rules, each with a shortest URL that shows it.
package struct LinkDifference: Sendable, Hashable {
    /// A shortest URL on which the two lists disagree about opening the app.
    package var witness: String
    package var before: MatchDecision
    package var after: MatchDecision
    /// What else the region holds (nil: not read, see `RegionBreadth`).
    package var breadth: RegionBreadth? = nil
}

/// The exact comparison of two rule lists for one platform reading, one app, one host.
package struct LinkComparison: Sendable {
    package enum Verdict: String, Sendable {
        /// Proved: every URL is decided the same way (opens the app, or does not).
        case same
        /// At least one URL is decided differently; `differences` shows each region.
        case different
        /// No difference was found, but the walk did not finish; or a rule is not modelled (or
        /// rests on a reading nothing pins), and then any difference found holds under
        /// Linkwell's reading only: nothing is claimed beyond what is said.
        case notProven = "not proven"
    }

    package var platform: Platform
    package var app: String
    package var host: String
    package var differences: [LinkDifference]
    /// The walk reached every state of the product machine.
    package var complete: Bool
    /// When not complete: every URL up to this many characters was compared.
    package var exploredLength: Int
    package var states: Int
    /// Rules or lists the engine does not model (then nothing is proved).
    package var unmodelled: [String]
    /// Why the verdict needed no walk (both sides leave every URL to the same thing), or nil.
    package var note: String? = nil

    package var verdict: Verdict {
        guard unmodelled.isEmpty else { return .notProven }
        if !differences.isEmpty { return .different }
        return complete ? .same : .notProven
    }

    /// What was and was not checked, in words.
    package var summary: String {
        switch verdict {
        case .same: note.map { "same decision on every URL (\($0))" } ?? "same decision on every URL (proved over \(states) states)"
        case .different: "\(differences.count) region\(differences.count == 1 ? "" : "s") decided differently"
        case .notProven:
            unmodelled.isEmpty
                ? "no difference on any URL of up to \(exploredLength) characters; not proven beyond: the exact walk stopped at its "
                    + "budget (\(states) states; raise it with --budget)"
                : "not proven: not modelled: \(unmodelled.joined(separator: "; "))"
                    + (differences.isEmpty
                        ? ""
                        : "; under Linkwell's reading \(differences.count) region\(differences.count == 1 ? "" : "s") would differ (below)")
        }
    }
}

enum LinkEquivalence {
    /// Compares two lists exactly: walks the product of both machines with the URL universe and
    /// keeps, per pair of deciding rules whose outcomes differ (opens the app or not), the first
    /// — hence shortest — URL that reaches it.
    static func compare(
        _ before: DecisionList, _ after: DecisionList, platform: Platform, app: String, host: String,
        budget: EngineBudget = .default
    ) -> LinkComparison {
        guard !DecisionExploration.mixesReadings([before.rules, after.rules]) else {
            return LinkComparison(
                platform: platform, app: app, host: host, differences: [], complete: false, exploredLength: 0, states: 0,
                unmodelled: ["one list reads decoded text (Android), the other the URL as written: not compared"])
        }
        // Only URLs some unpaired rule accepts can be decided differently (`RuleAlignment`).
        var alignment = RuleAlignment(before: before.rules.count, after: after.rules.count) { side, index in
            RuleIdentity((side == 0 ? before : after).rules[index])
        }
        guard !alignment.isComplete else {
            return LinkComparison(
                platform: platform, app: app, host: host, differences: [], complete: true, exploredLength: .max, states: 0,
                unmodelled: before.unmodelled + after.unmodelled, note: Self.pairedNote)
        }
        let exploration = DecisionExploration(rules: [before.rules, after.rules])
        let spent = pairMoved(&alignment, before.rules, exploration: exploration, budget: budget)
        guard !alignment.isComplete else {
            return LinkComparison(
                platform: platform, app: app, host: host, differences: [], complete: true, exploredLength: .max, states: 0,
                unmodelled: before.unmodelled + after.unmodelled, note: Self.reorderedNote)
        }
        let unpaired = alignment.unpairedBefore.map { before.rules[$0] } + alignment.unpairedAfter.map { after.rules[$0] }
        // With no pair at all the guard would be every rule again: it is left out.
        let guarded = !alignment.pairs.isEmpty
        var machines = [exploration.machine(before.rules), exploration.machine(after.rules)]
        if guarded { machines.append(exploration.machine(unpaired)) }
        var seen: Set<[Int32]> = []
        var differences: [(key: [Int], difference: LinkDifference)] = []
        var regions = RegionTracker()
        var edges = ProductEdges()
        let outcome = exploration.explore(&machines, guarded: guarded, budget: budget.less(spent), edges: &edges) {
            state, labels, _, witness in
            let decisions = [decision(labels[0], before), decision(labels[1], after)]
            guard decisions[0].opensApp != decisions[1].opensApp else { return true }
            let key = [Int(labels[0]), Int(labels[1])]
            regions.note(key, node: state) { exploration.path(witness()) }
            guard seen.insert(labels).inserted else { return true }
            differences.append(
                (key, LinkDifference(witness: exploration.url(witness(), host: host), before: decisions[0], after: decisions[1])))
            return true
        }
        // A walk that stopped early reads no breadth: its graph is not built.
        let graph = differences.isEmpty || !outcome.complete ? nil : ProductGraph(edges, states: outcome.states)
        let described = differences.map { entry in
            var difference = entry.difference
            difference.breadth = regions.breadth(entry.key, graph: graph, complete: outcome.complete, exploration: exploration)
            return difference
        }
        return LinkComparison(
            platform: platform, app: app, host: host, differences: described, complete: outcome.complete,
            exploredLength: outcome.exploredLength, states: outcome.states,
            unmodelled: before.unmodelled + after.unmodelled)
    }

    /// Why two lists that pair rule for rule need no walk.
    static let pairedNote = "both hold the same rules in the same order: each pair has the same language and outcome, compared exactly"
    static let reorderedNote =
        "both hold the same rules: each pair has the same language and outcome, compared exactly, and rules in another order "
        + "either have the same outcome or match no URL in common"

    /// Pairs the rules that moved (`RuleAlignment.pairMoved`): two rules may trade places when
    /// they have the same outcome or no URL matches both (`RuleCoverage.overlap`, within a
    /// quarter of the budget; past it a rule stays unpaired). Returns the steps spent.
    static func pairMoved(
        _ alignment: inout RuleAlignment, _ rules: [DecisionRule], exploration: DecisionExploration, budget: EngineBudget
    ) -> Int {
        var steps = 0
        alignment.pairMoved { x, y in
            rules[x].exclude == rules[y].exclude
                || RuleCoverage.overlap(
                    rules[x].automaton, rules[y].automaton, universe: exploration.universe,
                    representatives: exploration.representatives, workLimit: budget.steps / 4, steps: &steps) == false
        }
        return steps
    }

    static func decision(_ label: Int32, _ list: DecisionList) -> MatchDecision {
        guard label >= 0 else {
            return MatchDecision(outcome: .noMatch, ruleText: list.rejection)
        }
        let rule = list.rules[Int(label)]
        return MatchDecision(outcome: rule.exclude ? .exclude : .match, rule: Int(label), ruleText: rule.text)
    }
}

extension LinkEquivalence {
    /// Compares two files' rules for every app at once, in one walk: per app as `compare` does,
    /// and for every pair of apps, which of the two opens a URL when both are installed, under
    /// each `ExclusionReading`. With each app alone, the pairs decide every combination of
    /// installed apps (see `InstalledAppsDifference`), so k apps cost one walk, not 2^k.
    static func compareApps(
        _ before: AppRules, _ after: AppRules, platform: Platform, host: String,
        budget: EngineBudget = .default
    ) -> (comparisons: [LinkComparison], installed: [InstalledAppsDifference]) {
        let apps = (before.apps + after.apps).uniqued()
        // Each app's index on either side, or nil where that side does not name it.
        let sides = [before, after].map { rules in
            apps.map { app in rules.apps.firstIndex(of: app) }
        }
        let (unpaired, spent, moved, made) = Self.unpairedRules(before, after, budget: budget)
        guard !unpaired.isEmpty else {
            let comparisons = apps.map { app in
                LinkComparison(
                    platform: platform, app: app, host: host, differences: [], complete: true, exploredLength: .max, states: 0,
                    unmodelled: [], note: moved ? Self.reorderedNote : Self.pairedNote)
            }
            return (comparisons, [])
        }
        let exploration = made ?? DecisionExploration(rules: [before.rules, after.rules])
        var machines = [
            exploration.machine(before.rules, scopes: before.scopes), exploration.machine(after.rules, scopes: after.scopes),
        ]
        // With no pair at all the guard would be every rule again: it is left out.
        let guarded = unpaired.count < before.rules.count + after.rules.count
        if guarded { machines.append(exploration.machine(unpaired)) }
        var seenApp: Set<[Int]> = []
        var seenPair: Set<[Int]> = []
        var differences = [[(key: [Int], difference: LinkDifference)]](repeating: [], count: apps.count)
        var installed: [InstalledAppsDifference] = []
        var regions = RegionTracker()
        var edges = ProductEdges()
        let outcome = exploration.explore(&machines, guarded: guarded, budget: budget.less(spent), edges: &edges) {
            state, _, accepting, witness in
            let decided = [before.decisions(accepting: accepting[0]), after.decisions(accepting: accepting[1])]
            // Per app of the union, its decision on each side (none where the side lacks it).
            let byApp: [[AppRules.Decision]] = (0..<2).map { side in
                sides[side].map { index in index.map { decided[side][$0] } ?? .none }
            }
            var sameAlone = [Bool](repeating: true, count: apps.count)
            var url: String?
            func witnessURL() -> String {
                if let url { return url }
                let made = exploration.url(witness(), host: host)
                url = made
                return made
            }
            for app in apps.indices {
                let (first, second) = (byApp[0][app], byApp[1][app])
                guard first.opensApp != second.opensApp else { continue }
                sameAlone[app] = false
                let key = [app, first.rule, second.rule]
                regions.note(key, node: state) { exploration.path(witness()) }
                guard seenApp.insert(key).inserted else { continue }
                differences[app].append(
                    (
                        key,
                        LinkDifference(
                            witness: witnessURL(), before: decision(first, app: sides[0][app], in: before),
                            after: decision(second, app: sides[1][app], in: after))
                    ))
            }
            // Pairs only where two apps decide the URL on some side, and each alone agrees.
            let deciding = apps.indices.filter { sameAlone[$0] && (byApp[0][$0].decided || byApp[1][$0].decided) }
            guard deciding.count > 1 else { return true }
            installed += pairDifferences(
                deciding, byApp, apps: apps, sides: sides, before, after, platform: platform, seen: &seenPair, witness: witnessURL)
            return true
        }
        let graph = differences.allSatisfy(\.isEmpty) || !outcome.complete ? nil : ProductGraph(edges, states: outcome.states)
        let comparisons = apps.indices.map { app in
            let described = differences[app].map { entry in
                var difference = entry.difference
                difference.breadth = regions.breadth(entry.key, graph: graph, complete: outcome.complete, exploration: exploration)
                return difference
            }
            return LinkComparison(
                platform: platform, app: apps[app], host: host, differences: described, complete: outcome.complete,
                exploredLength: outcome.exploredLength, states: outcome.states, unmodelled: [])
        }
        return (comparisons, installed)
    }

    /// The rules of either file that pair with none of the other's (`RuleAlignment`): a pair is
    /// the same language and outcome in a detail naming the same apps in the same order. Off the
    /// unpaired rules, each app's deciding rule is the same pair on both sides, and which of two
    /// installed apps opens compares the same things: two apps decided by one pair share its
    /// detail and its list of apps; two decided by different pairs are decided in different
    /// details on both sides (had one detail held both rules, it names both apps, and the earlier
    /// rule would decide for both), which the pairs keep in the same order.
    /// Files of one app (the same on both sides) are one list each: there, rules that moved
    /// pair as `compare` pairs them. Returns the steps that spent, whether rules moved, and the
    /// exploration it made for that (nil when none was needed).
    private static func unpairedRules(_ before: AppRules, _ after: AppRules, budget: EngineBudget)
        -> (rules: [DecisionRule], steps: Int, moved: Bool, exploration: DecisionExploration?)
    {
        struct Key: Hashable {
            var rule: RuleIdentity
            var apps: [String]
        }
        let sides = [before, after]
        var alignment = RuleAlignment(before: before.rules.count, after: after.rules.count) { side, index in
            let rules = sides[side]
            return RuleIdentity(rules.rules[index]).map { identity in
                Key(rule: identity, apps: rules.appsOfDetail[rules.detailOfRule[index]].map { rules.apps[$0] })
            }
        }
        var steps = 0
        var exploration: DecisionExploration?
        let inOrder = alignment.pairs.count
        if !alignment.isComplete, before.apps.count == 1, before.apps == after.apps {
            let made = DecisionExploration(rules: [before.rules, after.rules])
            steps = pairMoved(&alignment, before.rules, exploration: made, budget: budget)
            exploration = made
        }
        return (
            alignment.unpairedBefore.map { before.rules[$0] } + alignment.unpairedAfter.map { after.rules[$0] }, steps,
            alignment.pairs.count > inOrder, exploration
        )
    }

    /// The app whose decision settles a pair's outcome on one side: the opener, else (an
    /// exclusion ending the search) the first app that excludes, else none.
    /// For every two apps among `deciding` (each decides the URL alike on both sides alone), the
    /// installed pair whose opener differs between the sides, once per pair, reading and the
    /// rules that settle it on each side (`seen`).
    private static func pairDifferences(
        _ deciding: [Int], _ byApp: [[AppRules.Decision]], apps: [String], sides: [[Int?]], _ before: AppRules, _ after: AppRules,
        platform: Platform, seen seenPair: inout Set<[Int]>, witness witnessURL: () -> String
    ) -> [InstalledAppsDifference] {
        var installed: [InstalledAppsDifference] = []
        for (offset, a) in deciding.enumerated() {
            for b in deciding[(offset + 1)...] {
                let outcomes = ExclusionReading.allCases.map { reading in
                    (reading.opener(byApp[0], installed: [a, b]), reading.opener(byApp[1], installed: [a, b]))
                }
                let differing = ExclusionReading.allCases.indices.filter { outcomes[$0].0 != outcomes[$0].1 }
                guard let first = differing.first else { continue }
                let reading: ExclusionReading? =
                    differing.count == ExclusionReading.allCases.count ? nil : ExclusionReading.allCases[first]
                let (openerBefore, openerAfter) = outcomes[first]
                let reasons = [
                    settling(openerBefore, among: [a, b], byApp[0], reading: ExclusionReading.allCases[first]),
                    settling(openerAfter, among: [a, b], byApp[1], reading: ExclusionReading.allCases[first]),
                ]
                // One witness per pair, reading and the rules that settle it on each side.
                let key = [a, b, first, reading == nil ? 1 : 0, reasons[0] ?? -1, reasons[1] ?? -1]
                guard seenPair.insert(key + [rule(reasons[0], byApp[0]), rule(reasons[1], byApp[1])]).inserted else { continue }
                installed.append(
                    InstalledAppsDifference(
                        platform: platform, installed: [apps[a], apps[b]], witness: witnessURL(),
                        before: .init(
                            app: openerBefore.map { apps[$0] }, decision: quoted(reasons[0], byApp[0], sides[0], in: before)),
                        after: .init(
                            app: openerAfter.map { apps[$0] }, decision: quoted(reasons[1], byApp[1], sides[1], in: after)),
                        reading: reading))
            }
        }
        return installed
    }

    private static func settling(_ opener: Int?, among pair: [Int], _ decisions: [AppRules.Decision], reading: ExclusionReading)
        -> Int?
    {
        if let opener { return opener }
        guard reading == .everyApp else { return nil }
        return pair.filter { decisions[$0].decided }.min { decisions[$0].comesBefore(decisions[$1]) }
    }

    private static func rule(_ app: Int?, _ decisions: [AppRules.Decision]) -> Int {
        app.map { decisions[$0].rule } ?? -1
    }

    private static func quoted(_ app: Int?, _ decisions: [AppRules.Decision], _ indices: [Int?], in rules: AppRules) -> MatchDecision {
        guard let app else { return .noMatch }
        return decision(decisions[app], app: indices[app], in: rules)
    }

    private static func decision(_ decision: AppRules.Decision, app: Int?, in rules: AppRules) -> MatchDecision {
        guard let app else { return .noMatch }
        return rules.matchDecision(decision, app: app)
    }
}
