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
    /// Where two apps installed together open differently while each alone decides alike.
    package var installedApps: [InstalledAppsDifference]
    /// Per iOS reading whose files name two apps or more: the apps, so that a proof can say it
    /// covers every combination of them installed.
    package var appSets: [(platform: Platform, apps: [String])]
    /// Packages whose signing certificates differ: an app signed with a certificate only one side
    /// lists has its links verified on that side only, whatever the rules say.
    package var certificateChanges: [String]
    /// Packages only one side verifies for the host: on Android 14 and earlier, and on any Android
    /// without Google services, dynamic rules are ignored and a verified package's own intent
    /// filters open the host's links — on that side only, whatever its rules say.
    package var verificationChanges: [VerificationChange]

    /// A package one side verifies for the host and the other does not.
    package struct VerificationChange: Sendable, Hashable {
        package var package: String
        /// Only the file after verifies it (else only the file before).
        package var onlyAfter: Bool

        package var sentence: String {
            "verified only \(onlyAfter ? "after" : "before") (a valid handle_all_urls statement with its certificates): "
                + "there, on Android ≤14 and on any Android without Google services, which ignore dynamic rules, the app's own intent "
                + "filters open this host's links, whatever its dynamic rules say"
        }
    }
    /// Apps whose Android decisions cannot be compared (the app's intent filters decide on a
    /// side), in words.
    package var notCompared: [String]
    /// Witnesses on which the engine and the concrete matchers disagree: always empty unless
    /// there is a bug; shown so that it can never hide.
    package var inconsistencies: [String]

    package var differences: [LinkComparison] { comparisons.filter { $0.verdict == .different } }
    package var differs: Bool {
        !differences.isEmpty || !installedApps.isEmpty || !certificateChanges.isEmpty || !verificationChanges.isEmpty
    }
    package var isProvedSame: Bool {
        comparisons.allSatisfy { $0.verdict == .same } && installedApps.isEmpty && certificateChanges.isEmpty
            && verificationChanges.isEmpty && notCompared.isEmpty && inconsistencies.isEmpty
    }
    /// Whether Android files were compared (then a proof names the Android versions it covers).
    package var comparesAndroid: Bool

    package init(before: Files, after: Files, host: String, budget: EngineBudget = .default) {
        var iosJobs: [IOSJob] = []
        for form in [AASAMatcher.Form.components, .legacyPaths] {
            let platform: Platform = form == .components ? .ios : .iosLegacy
            // Compiled together: the rules both sides hold are compiled once.
            let compiled = DecisionLists.appRules([before.aasa, after.aasa].compactMap { $0 }, form: form)
            let old = before.aasa == nil ? .empty : compiled[0]
            let new = after.aasa == nil ? .empty : compiled[compiled.count - 1]
            iosJobs.append(IOSJob(before: old, after: new, platform: platform))
        }
        var jobs: [Job] = []
        var notCompared: [String] = []
        var sameWithoutRules: [LinkComparison] = []
        // One alphabet for both sides: their rules are compared over the same decoded text.
        let text = DecodedText(statementLists: [before.assetLinks, after.assetLinks].compactMap { $0 })
        let old = before.assetLinks.map { DecisionLists.android($0, text: text) } ?? []
        let new = after.assetLinks.map { DecisionLists.android($0, text: text) } ?? []
        for package in (old.map(\.package) + new.map(\.package)).uniqued() {
            let a = old.first { $0.package == package }
            let b = new.first { $0.package == package }
            switch (a?.list, b?.list) {
            case (let first?, let second?):
                jobs.append(.init(before: first, after: second, platform: .android, app: package))
            case (nil, nil) where a != nil && b != nil:
                // Both sides leave every URL to the same app's intent filters: the same decisions.
                sameWithoutRules.append(
                    LinkComparison(
                        platform: .android, app: package, host: host, differences: [], complete: true, exploredLength: .max, states: 0,
                        unmodelled: [], note: "no dynamic rules on either side: the app's own intent filters decide on both"))
            case (let first?, nil) where b == nil:
                jobs.append(.init(before: first, after: .empty, platform: .android, app: package))
            case (nil, let second?) where a == nil:
                jobs.append(.init(before: .empty, after: second, platform: .android, app: package))
            case (nil, nil):
                // Named, without dynamic rules, on one side only: there its intent filters decide
                // on every version, and on the other side nothing opens (`verificationChanges`).
                notCompared.append(
                    "\(package) (Android 15+): named only \(a == nil ? "after" : "before"), without dynamic rules: there the app's own "
                        + "intent filters decide, which these files do not show, and on the other side nothing opens")
            default:
                notCompared.append(
                    "\(package) (Android 15+): dynamic rules only \(a?.list == nil ? "after" : "before"); \(a?.list == nil ? "before" : "after") "
                        + "the app's own intent filters decide, which these files do not show (on Android ≤14 both sides verify it alike)")
            }
        }
        // The budget is the whole comparison's: each walk (a form of iOS, an Android package) has its share.
        let walkBudget = budget.share(of: iosJobs.count + jobs.count)
        let ios = iosJobs.concurrentMap { job in
            LinkEquivalence.compareApps(job.before, job.after, platform: job.platform, host: host, budget: walkBudget)
        }
        let comparisons = ios.flatMap(\.comparisons) + Self.run(jobs, host: host, budget: walkBudget) + sameWithoutRules
        self.comparisons = comparisons
        installedApps = ios.flatMap(\.installed)
        appSets = iosJobs.compactMap { job in
            let apps = (job.before.apps + job.after.apps).uniqued()
            return apps.count > 1 ? (job.platform, apps) : nil
        }
        certificateChanges = Self.certificateChanges(before.assetLinks, after.assetLinks)
        verificationChanges = Self.verificationChanges(before.assetLinks, after.assetLinks)
        comparesAndroid = before.assetLinks != nil || after.assetLinks != nil
        self.notCompared = notCompared
        inconsistencies =
            Self.recheck(comparisons, before: before, after: after, host: host)
            + Self.recheck(installedApps, before: before, after: after, host: host)
    }

    private struct IOSJob: Sendable {
        var before: AppRules
        var after: AppRules
        var platform: Platform
    }

    /// Per package that both files list: the certificate fingerprints, when they differ.
    private static func certificateChanges(_ before: JSONValue?, _ after: JSONValue?) -> [String] {
        // A list the verifier rejects verifies no certificate: its rules' differences say it all.
        guard let before, let after, StatementListCheck.rejection(of: before) == nil, StatementListCheck.rejection(of: after) == nil
        else { return [] }
        let old = AssetLinksStatement.fingerprintsByPackage(before)
        let new = AssetLinksStatement.fingerprintsByPackage(after)
        return old.keys.sorted().compactMap { package in
            guard let first = old[package], let second = new[package], first != second else { return nil }
            let gone = first.subtracting(second).sorted()
            let added = second.subtracting(first).sorted()
            var parts: [String] = []
            if !gone.isEmpty { parts.append("no longer lists \(gone.joined(separator: ", "))") }
            if !added.isEmpty { parts.append("now lists \(added.joined(separator: ", "))") }
            return "\(package): signing certificates differ (\(parts.joined(separator: "; "))): an app signed with a certificate "
                + "only one side lists has its links verified on that side only"
        }
    }

    /// Per package only one side verifies: a valid `handle_all_urls` statement (in a list the
    /// verifier accepts, so with at least one certificate) names it on that side only.
    private static func verificationChanges(_ before: JSONValue?, _ after: JSONValue?) -> [VerificationChange] {
        guard before != nil || after != nil else { return [] }
        let old = StatementListCheck.verifiedPackages(before)
        let new = StatementListCheck.verifiedPackages(after)
        let named = (before.map(AssetLinksStatement.packagesInOrder) ?? []) + (after.map(AssetLinksStatement.packagesInOrder) ?? [])
        return named.uniqued().compactMap { package in
            guard (old[package] == nil) != (new[package] == nil) else { return nil }
            return VerificationChange(package: package, onlyAfter: old[package] == nil)
        }
    }

    /// Each comparison is independent: they run side by side on every core, results in job order.
    private static func run(_ jobs: [Job], host: String, budget: EngineBudget) -> [LinkComparison] {
        let compare: @Sendable (Job) -> LinkComparison = { job in
            LinkEquivalence.compare(job.before, job.after, platform: job.platform, app: job.app, host: host, budget: budget)
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

    private static func recheck(_ differences: [InstalledAppsDifference], before: Files, after: Files, host: String) -> [String] {
        var found: [String] = []
        for difference in differences {
            guard let url = URLParts(difference.witness) else {
                found.append("witness \(difference.witness) does not parse")
                continue
            }
            // A difference under every reading quotes the first reading's openers.
            let reading = difference.reading ?? ExclusionReading.allCases[0]
            let form: AASAMatcher.Form = difference.platform == .ios ? .components : .legacyPaths
            for (files, expected, side) in [(before, difference.before, "before"), (after, difference.after, "after")] {
                let concrete =
                    files.aasa.map {
                        AASAMatcher(document: $0, form: form).opener(url, installed: difference.installed, host: host, reading: reading).app
                    } ?? nil
                if concrete != expected.app {
                    found.append(
                        "\(difference.platform.displayName) \(difference.installedText) \(difference.witness) (\(side), "
                            + "\(reading.rawValue)): engine says \(expected.app ?? "no app"), matcher says \(concrete ?? "no app")")
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
