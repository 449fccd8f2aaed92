/// Where two rule lists for one platform reading, app and host decide differently: one entry per
/// pair of deciding rules, each with a shortest URL that shows it.
package struct LinkDifference: Sendable, Hashable {
    /// A shortest URL on which the two lists disagree about opening the app.
    package var witness: String
    package var before: MatchDecision
    package var after: MatchDecision
}

/// The exact comparison of two rule lists for one platform reading, one app, one host.
package struct LinkComparison: Sendable {
    package enum Verdict: String, Sendable {
        /// Proved: every URL is decided the same way (opens the app, or does not).
        case same
        /// At least one URL is decided differently; `differences` shows each region.
        case different
        /// No difference was found, but the walk did not finish or a rule is not modelled:
        /// nothing is claimed beyond `exploredLength`.
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

    package var verdict: Verdict {
        if !differences.isEmpty { return .different }
        return complete && unmodelled.isEmpty ? .same : .notProven
    }

    /// What was and was not checked, in words.
    package var summary: String {
        switch verdict {
        case .same: "same decision on every URL (proved over \(states) states)"
        case .different: "\(differences.count) region\(differences.count == 1 ? "" : "s") decided differently"
        case .notProven:
            unmodelled.isEmpty
                ? "no difference on any URL of up to \(exploredLength) characters; not proven beyond (stopped after \(states) states)"
                : "not proven: not modelled: \(unmodelled.joined(separator: "; "))"
        }
    }
}

enum LinkEquivalence {
    /// Compares two lists exactly: walks the product of both machines with the URL universe and
    /// keeps, per pair of deciding rules whose outcomes differ (opens the app or not), the first
    /// — hence shortest — URL that reaches it.
    static func compare(
        _ before: DecisionList, _ after: DecisionList, platform: Platform, app: String, host: String,
        stateLimit: Int = DecisionExploration.defaultStateLimit
    ) -> LinkComparison {
        let exploration = DecisionExploration(rules: [before.rules, after.rules])
        var machines = [exploration.machine(before.rules), exploration.machine(after.rules)]
        var seen: Set<[Int32]> = []
        var differences: [LinkDifference] = []
        let outcome = exploration.explore(&machines, stateLimit: stateLimit) { labels, _, witness in
            guard seen.insert(labels).inserted else { return true }
            let decisions = [decision(labels[0], before), decision(labels[1], after)]
            guard decisions[0].opensApp != decisions[1].opensApp else { return true }
            differences.append(
                LinkDifference(witness: URLUniverse.url(witness(), host: host), before: decisions[0], after: decisions[1]))
            return true
        }
        return LinkComparison(
            platform: platform, app: app, host: host, differences: differences, complete: outcome.complete,
            exploredLength: outcome.exploredLength, states: outcome.states,
            unmodelled: before.unmodelled + after.unmodelled)
    }

    static func decision(_ label: Int32, _ list: DecisionList) -> MatchDecision {
        guard label >= 0 else {
            return MatchDecision(outcome: .noMatch, ruleText: list.rejection)
        }
        let rule = list.rules[Int(label)]
        return MatchDecision(outcome: rule.exclude ? .exclude : .match, rule: Int(label), ruleText: rule.text)
    }
}
