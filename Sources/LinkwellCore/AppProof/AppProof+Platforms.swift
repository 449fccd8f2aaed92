/// Where an iOS app and its Android twin both claim a host, the URLs one opens and the other does
/// not: the iOS 13+ rules the host's AASA gives the app against the URLs the Android app's own
/// intent filters take there on Android 14 and earlier, compared exactly (both read the URL as
/// written, the filters decoding the path as `Uri.getPath()` does), by region, each with a
/// shortest witness re-checked through the concrete matchers.
extension AppProof {
    mutating func comparePlatforms(ios: [IOSApp], android: [AndroidApp], byHost: [String: Served], budget: EngineBudget) {
        // Twins share an id in site.yaml; on the command line one app of each is a pair.
        let pairs = ios.filter { !$0.entitlements.isEmpty }.compactMap { app in
            android.first { $0.id == app.id || (ios.count == 1 && android.count == 1) }.map { (app, $0) }
        }
        let jobs = pairs.flatMap { pair in byHost.keys.sorted().map { (ios: pair.0, android: pair.1, host: $0) } }
        let share = budget.share(of: max(1, jobs.count))
        for job in jobs {
            let at = job.android.location ?? job.android.handling.manifestLocation
            let aasa = byHost[job.host]?.aasa
            // iOS opens the host's links when every build's entitlements claim it and its AASA names the app.
            let iosOpens =
                job.ios.entitlements.allSatisfy { file in (file.domains ?? []).contains { $0.service == .applinks && $0.covers(job.host) } }
                && aasa.map { Self.names($0, .applinks, app: job.ios).names } == true
            let androidOpens = verifiedHosts[job.android.id]?.contains(job.host) == true
            guard iosOpens || androidOpens else { continue }
            guard iosOpens, androidOpens, let aasa else {
                let (platform, other) = iosOpens ? ("iOS", "Android") : ("Android", "iOS")
                add(job.android.id, .lint(AppClaimWarning.hostOnOnePlatform(host: job.host, platform: platform, other: other), at: at))
                continue
            }
            platformComparisons += 1
            let iosList = DecisionLists.aasa(aasa, form: .components).first { $0.appID == job.ios.appID }?.list ?? .empty
            let comparison = LinkEquivalence.compare(
                iosList, job.android.handling.decisionList(host: job.host), platform: .androidLegacy, app: job.android.id, host: job.host,
                budget: share)
            let matcher = AASAMatcher(document: aasa, form: .components)
            // Re-checked through the concrete matchers: a disagreement would be a bug, never a gap.
            let checked = comparison.differences.filter { difference in
                guard let url = URLParts(difference.witness) else { return false }
                return matcher.decide(url, appID: job.ios.appID, host: job.host).opensApp == difference.before.opensApp
                    && (job.android.handling.take(url, android15: false) != nil) == difference.after.opensApp
            }
            if !checked.isEmpty {
                let examples = checked.prefix(3).map { difference in
                    "\(difference.witness) opens the app on \(difference.before.opensApp ? "iOS" : "Android") only"
                }
                add(job.android.id, .lint(AppClaimWarning.platformGap(host: job.host, regions: checked.count, examples: examples), at: at))
            }
            switch comparison.verdict {
            case .same: platformProofs += 1
            case .notProven:
                add(job.android.id, Diagnostic(.note, AppClaimNote.notCompared(host: job.host, reason: comparison.summary), at: at))
            case .different: break
            }
        }
    }

    /// Where site.yaml names an Android app's manifest: on every host the app is verified on, the
    /// URLs the routes send to the app on Android 14 and earlier (the intent filters Linkwell
    /// writes) against the URLs the app's own filters take, exactly — a path spelt otherwise
    /// (`/hotels/` for `/hotel/`), a stray filter (`/pay/`) — each region with its witness and
    /// route, re-checked through the concrete matchers.
    mutating func compareWithRoutes(site: Site, android: [AndroidApp], budget: EngineBudget) {
        let jobs = android.flatMap { app in (verifiedHosts[app.id] ?? []).map { (app: app, host: $0) } }
        let share = budget.share(of: max(1, jobs.count))
        for job in jobs {
            guard let siteApp = site.androidApps.first(where: { $0.id == job.app.id }) else { continue }
            let at = job.app.location ?? job.app.handling.manifestLocation
            let intended = DecisionLists.intentFilters(site: site, app: siteApp, host: job.host)
            let comparison = LinkEquivalence.compare(
                intended.list, job.app.handling.decisionList(host: job.host), platform: .androidLegacy, app: job.app.id, host: job.host,
                budget: share)
            for difference in comparison.differences {
                guard let url = URLParts(difference.witness) else { continue }
                let taken = job.app.handling.take(url, android15: false)
                guard (taken != nil) == difference.after.opensApp else { continue }
                if difference.before.opensApp {
                    let route = difference.before.rule.flatMap { $0 < intended.origins.count ? intended.origins[$0] : nil } ?? "?"
                    add(
                        job.app.id,
                        .lint(
                            AppClaimWarning.routeNotTaken(
                                route: route, host: job.host, witness: difference.witness, region: difference.breadth?.sentence),
                            at: at))
                } else {
                    let filter = taken.map { job.app.handling.linkFilters[$0.filter] }
                    let entry = taken?.path.flatMap { index in filter.map { AppFiles.attribute($0.paths[index]) } } ?? "every path"
                    add(
                        job.app.id,
                        .lint(
                            AppClaimWarning.takenWithoutRoute(
                                host: job.host, witness: difference.witness, filter: "\(filter?.activity ?? "") \(entry)",
                                region: difference.breadth?.sentence), at: filter?.location ?? at))
                }
            }
            if comparison.verdict == .notProven {
                add(job.app.id, Diagnostic(.note, AppClaimNote.notCompared(host: job.host, reason: comparison.summary), at: at))
            }
        }
    }
}

extension AndroidLinkHandling {
    var manifestLocation: SourceLocation { SourceLocation(file: manifest.file, line: 1, column: 1) }

    /// The https URLs on `host` the app's link filters take on Android 14 and earlier, as one
    /// list for the exact engine: each filter's paths (every path for a filter without any);
    /// a path the engine does not model (a `pathAdvancedPattern`, a `.*` not at the end) leaves
    /// the list unmodelled, so nothing is proved from it.
    func decisionList(host: String) -> DecisionList {
        var list = DecisionList.empty
        guard let url = URLParts("https://\(host)/") else { return list }
        for filter in linkFilters where filter.schemes.contains("https") {
            guard filter.authorities.isEmpty || filter.authorities.contains(where: { Self.authority($0, takes: url) }) else { continue }
            // Without a host, AOSP ignores the paths: the filter takes every URL of its schemes.
            for path in filter.paths.isEmpty || filter.authorities.isEmpty ? [nil] : filter.paths.map(Optional.some) {
                let text = path.map(AppFiles.attribute) ?? "every path (\(filter.activity))"
                guard let automaton = RuleLanguage.intentFilterPath(path) else {
                    list.unmodelled.append(text)
                    continue
                }
                list.rules.append(DecisionRule(automaton: automaton, exclude: false, text: text, decodes: true))
            }
        }
        return list
    }
}
