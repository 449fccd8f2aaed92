/// Compares two sets of association files served on one host — every platform reading, every
/// app either side names — with the exact engine, and re-checks every witness URL through the
/// concrete matchers (a disagreement is a bug in one of the two, reported, never a result).
package struct AssociationComparison: Sendable {
    package struct Files: Sendable {
        package var aasa: JSONValue?
        package var assetLinks: JSONValue?

        package init(aasa: JSONValue?, assetLinks: JSONValue?) {
            self.aasa = aasa
            self.assetLinks = assetLinks
        }
    }

    package var comparisons: [LinkComparison]
    /// Apps whose Android decisions cannot be compared (the app's intent filters decide on a
    /// side), in words.
    package var notCompared: [String]
    /// Witnesses on which the engine and the concrete matchers disagree: always empty unless
    /// there is a bug; shown so that it can never hide.
    package var inconsistencies: [String]

    package var differences: [LinkComparison] { comparisons.filter { $0.verdict == .different } }
    package var isProvedSame: Bool { comparisons.allSatisfy { $0.verdict == .same } && notCompared.isEmpty && inconsistencies.isEmpty }

    package init(before: Files, after: Files, host: String) {
        var jobs: [Job] = []
        var notCompared: [String] = []
        for form in [AASAMatcher.Form.components, .legacyPaths] {
            let platform: Platform = form == .components ? .ios : .iosLegacy
            let old = before.aasa.map { DecisionLists.aasa($0, form: form) } ?? []
            let new = after.aasa.map { DecisionLists.aasa($0, form: form) } ?? []
            for app in (old.map(\.appID) + new.map(\.appID)).uniqued() {
                let a = old.first { $0.appID == app }?.list ?? .empty
                let b = new.first { $0.appID == app }?.list ?? .empty
                jobs.append(.init(before: a, after: b, platform: platform, app: app))
            }
        }
        let old = before.assetLinks.map(DecisionLists.android) ?? []
        let new = after.assetLinks.map(DecisionLists.android) ?? []
        for package in (old.map(\.package) + new.map(\.package)).uniqued() {
            let a = old.first { $0.package == package }
            let b = new.first { $0.package == package }
            switch (a?.list, b?.list) {
            case (let first?, let second?):
                jobs.append(.init(before: first, after: second, platform: .android, app: package))
            case (nil, nil) where a != nil && b != nil:
                notCompared.append("\(package): no dynamic rules on either side; the app's intent filters decide on Android 15+")
            case (let first?, nil) where b == nil:
                jobs.append(.init(before: first, after: .empty, platform: .android, app: package))
            case (nil, let second?) where a == nil:
                jobs.append(.init(before: .empty, after: second, platform: .android, app: package))
            default:
                notCompared.append(
                    "\(package): dynamic rules on one side only; on the other the app's intent filters decide, which these files do not show"
                )
            }
        }
        let comparisons = Self.run(jobs, host: host)
        self.comparisons = comparisons
        self.notCompared = notCompared
        inconsistencies = Self.recheck(comparisons, before: before, after: after, host: host)
    }

    /// Each comparison is independent: they run side by side on every core, results in job order.
    private static func run(_ jobs: [Job], host: String) -> [LinkComparison] {
        let compare: @Sendable (Job) -> LinkComparison = { job in
            LinkEquivalence.compare(job.before, job.after, platform: job.platform, app: job.app, host: host)
        }
        return jobs.concurrentMap(compare)
    }

    private struct Job: Sendable {
        var before: DecisionList
        var after: DecisionList
        var platform: Platform
        var app: String
    }

    private static func recheck(_ comparisons: [LinkComparison], before: Files, after: Files, host: String) -> [String] {
        var found: [String] = []
        for comparison in comparisons {
            for difference in comparison.differences {
                guard let url = URLParts(difference.witness) else {
                    found.append("witness \(difference.witness) does not parse")
                    continue
                }
                for (files, expected, side) in [(before, difference.before, "before"), (after, difference.after, "after")] {
                    let concrete = concreteDecision(files, platform: comparison.platform, app: comparison.app, url: url, host: host)
                    if concrete.opensApp != expected.opensApp {
                        found.append(
                            "\(comparison.platform.displayName) \(comparison.app) \(difference.witness) (\(side)): engine says "
                                + "\(expected.outcome.rawValue), matcher says \(concrete.outcome.rawValue)")
                    }
                }
            }
        }
        return found
    }

    static func concreteDecision(_ files: Files, platform: Platform, app: String, url: URLParts, host: String) -> MatchDecision {
        switch platform {
        case .ios, .iosLegacy:
            guard let aasa = files.aasa else { return .noMatch }
            return AASAMatcher(document: aasa, form: platform == .ios ? .components : .legacyPaths).decide(url, appID: app, host: host)
        case .android, .androidLegacy:
            guard let assetLinks = files.assetLinks else { return .noMatch }
            return AndroidDynamicMatcher(document: assetLinks).decide(url, package: app) ?? .noMatch
        }
    }
}
