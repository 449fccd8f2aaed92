/// The exact half of a diff: for every host either build serves, every platform reading and
/// every app, the regions of URLs whose decision changes, each with a shortest witness URL and
/// the rules (and routes) that decide it before and after. Nothing is sampled.
package struct LinkRegions: Sendable {
    package struct Change: Sendable, Hashable {
        package var host: String
        package var platform: Platform
        /// The app's manifest id (or its app ID / package when a side does not have it).
        package var app: String
        package var witness: String
        package var before: Side
        package var after: Side
        /// Set on a change between apps installed together: their manifest ids, and the reading of
        /// exclusions under which it shows (nil: under both).
        package var installed: [String]? = nil
        package var reading: ExclusionReading? = nil
        /// What else the region holds (nil: not read; for apps installed together, not read).
        package var breadth: RegionBreadth? = nil
    }

    /// What one build does in a region: the decision, the rule and the route that wrote it.
    package struct Side: Sendable, Hashable {
        package var opensApp: Bool
        package var outcome: MatchDecision.Outcome
        package var rule: String?
        package var route: String?
        /// Set on a change between apps installed together: the app that opens (nil: none).
        package var opener: String? = nil
    }

    package var changes: [Change] = []
    /// Comparisons that found no change but are not proved, in words.
    package var unproved: [String] = []
    /// How many (host, platform, app) comparisons ran.
    package var comparisons = 0

    init(base: ManifestDiff.Side, head: ManifestDiff.Side, budget: EngineBudget = .default) {
        let hosts = (base.site.hosts + head.site.hosts).uniqued()
        let packages = (base.site.androidApps.map(\.package) + head.site.androidApps.map(\.package)).uniqued()
        // One budget for the whole diff: per host, the files' comparison and each package's intent filters.
        let budget = budget.share(of: hosts.count * (1 + packages.count))
        for host in hosts {
            let before = Self.files(base, host: host)
            let after = Self.files(head, host: host)
            let comparison = AssociationComparison(before: before, after: after, host: host, budget: budget)
            let files = ReadableWitness.Files(before: before, after: after)
            for result in comparison.comparisons {
                record(result, base: base, head: head, files: files)
            }
            for difference in comparison.installedApps {
                recordTogether(difference, host: host, base: base, head: head)
            }
            unproved += comparison.notCompared.map { "\(host): \($0)" }
            unproved += comparison.inconsistencies.map { "\(host): internal check failed (please report): \($0)" }
            for package in packages {
                let old = base.site.androidApps.first { $0.package == package }
                let new = head.site.androidApps.first { $0.package == package }
                let a = old.map { Self.legacyList(base, app: $0, host: host) } ?? (.empty, [])
                let b = new.map { Self.legacyList(head, app: $0, host: host) } ?? (.empty, [])
                let result = LinkEquivalence.compare(
                    a.list, b.list, platform: .androidLegacy, app: package, host: host, budget: budget)
                record(result, base: base, head: head, origins: (a.origins, b.origins))
            }
        }
    }

    /// Android 14 and earlier on a side: the app's own filters where site.yaml names its manifest
    /// (nothing where they do not get the host verified), else the filters Linkwell writes.
    static func legacyList(_ side: ManifestDiff.Side, app: AndroidApp, host: String) -> (list: DecisionList, origins: [String?]) {
        guard let real = side.matcher.realFilters[app.id] else { return DecisionLists.intentFilters(site: side.site, app: app, host: host) }
        guard real.verified.contains(host) else { return (.empty, []) }
        let list = real.handling.decisionList(host: host)
        return (list, Array(repeating: nil, count: list.rules.count))
    }

    private mutating func record(
        _ result: LinkComparison, base: ManifestDiff.Side, head: ManifestDiff.Side, origins: ([String?], [String?])? = nil,
        files: ReadableWitness.Files? = nil
    ) {
        comparisons += 1
        if result.verdict == .notProven {
            unproved.append("\(result.host) \(result.platform.displayName) \(result.app): \(result.summary)")
        }
        // An app ID or package only one side has (a changed Team ID, a new app) is named with it,
        // so the rows of the old and the new identity are told apart.
        let inHead = Self.manifestID(result.app, platform: result.platform, in: head.site)
        let inBase = Self.manifestID(result.app, platform: result.platform, in: base.site)
        let app = (inHead ?? inBase).map { inHead != nil && inBase != nil ? $0 : "\($0) (\(result.app))" } ?? result.app
        for difference in result.differences {
            changes.append(
                Change(
                    host: result.host, platform: result.platform, app: app,
                    witness: files.map {
                        ReadableWitness.readable(
                            difference.witness, platform: result.platform, app: result.app, files: $0, before: difference.before,
                            after: difference.after)
                    } ?? difference.witness,
                    before: Self.side(difference.before, site: base, result: result, origins: origins?.0),
                    after: Self.side(difference.after, site: head, result: result, origins: origins?.1), breadth: difference.breadth))
        }
    }

    /// Two apps installed together: the row names both and the app that opens on each side.
    private mutating func recordTogether(
        _ difference: InstalledAppsDifference, host: String, base: ManifestDiff.Side, head: ManifestDiff.Side
    ) {
        func name(_ app: String) -> String {
            Self.manifestID(app, platform: difference.platform, in: head.site)
                ?? Self.manifestID(app, platform: difference.platform, in: base.site) ?? app
        }
        func side(_ side: InstalledAppsDifference.Side) -> Side {
            Side(
                opensApp: side.app != nil, outcome: side.decision.outcome, rule: side.decision.ruleText, route: nil,
                opener: side.app.map(name) ?? "")
        }
        let reading = difference.reading.map { ", \($0.words)" } ?? ""
        changes.append(
            Change(
                host: host, platform: difference.platform,
                app: difference.installed.map(name).joined(separator: " + ") + " installed together\(reading)", witness: difference.witness,
                before: side(difference.before), after: side(difference.after), installed: difference.installed.map(name),
                reading: difference.reading))
    }

    static func files(_ side: ManifestDiff.Side, host: String) -> AssociationComparison.Files {
        let aasa = side.files.first { $0.path == "\(host)/\(AssociationFiles.aasa)" }.flatMap { try? JSONValue.parse($0.contents) }
        let links = side.files.first { $0.path == "\(host)/\(AssociationFiles.assetLinks)" }.flatMap { try? JSONValue.parse($0.contents) }
        return .init(aasa: aasa, assetLinks: links)
    }

    static func manifestID(_ identifier: String, platform: Platform, in site: Site) -> String? {
        switch platform {
        case .ios, .iosLegacy: site.iosApps.first { $0.appID == identifier }?.id
        case .android, .androidLegacy: site.androidApps.first { $0.package == identifier }?.id
        }
    }

    static func side(_ decision: MatchDecision, site: ManifestDiff.Side, result: LinkComparison, origins: [String?]?) -> Side {
        var route: String?
        if let rule = decision.rule {
            let list =
                origins
                ?? manifestID(result.app, platform: result.platform, in: site.site).flatMap {
                    site.plan.ruleOrigins[BuildPlan.RuleListKey(host: result.host, platform: result.platform, app: $0)]
                } ?? []
            route = rule < list.count ? list[rule] : nil
        }
        return Side(opensApp: decision.opensApp, outcome: decision.outcome, rule: decision.ruleText, route: route)
    }
}
