/// Every app's rules of one association file on one iOS reading, for deciding what a device with
/// several of the file's apps installed does. Each detail's rules stand once, in file order; an
/// app's own list is the concatenation of the details that name it (`DecisionLists.aasa`), so one
/// machine over these rules decides every app at once, and so every combination of installed apps.
///
/// Apple: "The order of the dictionaries in the array determines the order the system follows
/// when looking for a match, so you can specify an app to handle a particular part of your
/// website." Two things no recorded outcome pins down are modelled as readings (`docs/matching.md`):
/// several installed apps of one detail are tried in the order its `appIDs` lists them, and what an
/// exclusion does to the other apps (`ExclusionReading`) — every comparison checks both.
struct AppRules: Sendable {
    var apps: [String]
    var rules: [DecisionRule]
    /// Per rule: the detail that holds it.
    var detailOfRule: [Int]
    /// Per detail: its apps (indices into `apps`) in the order the detail lists them.
    var appsOfDetail: [[Int]]
    /// Per detail: the index of its first rule in `rules`.
    var firstRuleOfDetail: [Int]

    static let empty = AppRules(apps: [], rules: [], detailOfRule: [], appsOfDetail: [], firstRuleOfDetail: [])

    /// Per rule, the apps its detail names as bits: a rule that has settled decides for those
    /// apps from there on, so later rules for no other app are dropped (`DecisionMachine`). Nil
    /// (nothing dropped) past 64 apps.
    var scopes: [UInt64]? {
        guard apps.count <= 64 else { return nil }
        return detailOfRule.map { detail in appsOfDetail[detail].reduce(UInt64(0)) { $0 | 1 << UInt64($1) } }
    }

    /// One app's rule list (the concatenation of every detail that names it).
    func list(_ app: Int) -> DecisionList {
        var list = DecisionList.empty
        for (detail, members) in appsOfDetail.enumerated() where members.contains(app) {
            list.rules += rules[firstRuleOfDetail[detail]..<(firstRuleOfDetail[detail] + ruleCount(detail))]
        }
        return list
    }

    private func ruleCount(_ detail: Int) -> Int {
        (detail + 1 < firstRuleOfDetail.count ? firstRuleOfDetail[detail + 1] : rules.count) - firstRuleOfDetail[detail]
    }

    /// What one app does with a URL, and where it stands among the apps: the detail that decided
    /// and the app's place in that detail's `appIDs`.
    struct Decision: Sendable, Hashable {
        /// The deciding rule in `rules`, or -1 when no rule of the app matches.
        var rule: Int
        var exclude: Bool
        var detail: Int
        var position: Int

        static let none = Decision(rule: -1, exclude: false, detail: .max, position: .max)

        var decided: Bool { rule >= 0 }
        var opensApp: Bool { rule >= 0 && !exclude }

        /// Apple tries details in file order, and (a reading) the apps of one detail in order.
        func comesBefore(_ other: Decision) -> Bool {
            (detail, position) < (other.detail, other.position)
        }
    }

    /// Every app's decision from the rules accepting at a machine state (ascending): for each app,
    /// the first of them that a detail naming the app holds.
    func decisions(accepting: [Int]) -> [Decision] {
        var result = [Decision](repeating: .none, count: apps.count)
        var undecided = apps.count
        for rule in accepting where undecided > 0 {
            let detail = detailOfRule[rule]
            for (position, app) in appsOfDetail[detail].enumerated() where !result[app].decided {
                result[app] = Decision(rule: rule, exclude: rules[rule].exclude, detail: detail, position: position)
                undecided -= 1
            }
        }
        return result
    }

    /// The decision as `AASAMatcher.decide` reports it: the rule's place in the app's own list.
    func matchDecision(_ decision: Decision, app: Int) -> MatchDecision {
        guard decision.decided else { return .noMatch }
        var offset = 0
        for detail in 0..<decision.detail where appsOfDetail[detail].contains(app) { offset += ruleCount(detail) }
        let rule = rules[decision.rule]
        return MatchDecision(
            outcome: rule.exclude ? .exclude : .match, rule: offset + decision.rule - firstRuleOfDetail[decision.detail],
            detail: decision.detail, ruleText: rule.text)
    }
}

extension ExclusionReading {
    /// Which of the installed apps opens the URL (nil: none), from each app's decision.
    func opener(_ decisions: [AppRules.Decision], installed: some Sequence<Int>) -> Int? {
        var first: Int?
        for app in installed {
            let decision = decisions[app]
            let counts = self == .ownAppOnly ? decision.opensApp : decision.decided
            guard counts else { continue }
            if let current = first, !decision.comesBefore(decisions[current]) { continue }
            first = app
        }
        guard let first, decisions[first].opensApp else { return nil }
        return first
    }
}

/// Where two files open a different app for a URL when two of their apps are both installed,
/// while each app alone decides that URL the same way in both (those differences are the apps'
/// own, `LinkDifference`). Checking every pair, and every app alone, decides every combination of
/// installed apps: the app that opens is the first of the installed ones in a total order of the
/// apps that decide the URL, and pairs and singletons fix that order.
package struct InstalledAppsDifference: Sendable, Hashable {
    package struct Side: Sendable, Hashable {
        /// The app that opens the URL, or nil (it stays in the browser).
        package var app: String?
        /// The rule that decides: the opening app's, or the exclusion that ends the search.
        package var decision: MatchDecision
    }

    package var platform: Platform
    package var installed: [String]
    package var witness: String
    package var before: Side
    package var after: Side
    /// Nil: the difference holds under every reading of an exclusion; else the one it needs.
    package var reading: ExclusionReading?

    /// One line for people.
    package var installedText: String { "with \(installed.joined(separator: " and ")) installed" }
}
