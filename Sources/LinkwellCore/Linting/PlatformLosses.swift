/// Backs each `legacy-loss` and `android-manifest-loss` warning with a URL the platform really
/// decides otherwise: the iOS 9–12 machine is compared exactly with the iOS 13+ machine of the
/// same host and app, and the intent filters Linkwell writes for Android 14 and earlier with the
/// dynamic rules Android 15+ reads; the first regions the route decides on either side become a
/// note. A loss with no such region says so: then nothing is lost in practice. (`android-loss`
/// warnings carry no such note: Android's dynamic rules read decoded text, and no walk compares
/// them with rules that read the URL as written, `DecisionExploration.mixesReadings`.)
enum PlatformLosses {
    static func addingWitnesses(to diagnostics: [Diagnostic], site: Site, plan: BuildPlan, files: [OutputFile]) -> [Diagnostic] {
        let codes: [LintCode: Platform] = [.legacyLoss: .iosLegacy, .androidManifestLoss: .androidLegacy]
        guard diagnostics.contains(where: { $0.code.map(codes.keys.contains) ?? false }) else { return diagnostics }
        let (witnesses, compared) = regions(site: site, plan: plan, files: files)
        return diagnostics.map { diagnostic in
            guard let code = diagnostic.code, let platform = codes[code],
                let route = site.routes.first(where: { $0.location == diagnostic.location })
            else { return diagnostic }
            var noted = diagnostic
            if let examples = witnesses[RouteOnPlatform(route: route.name, platform: platform)] {
                noted.notes.append(Note("e.g. " + examples.joined(separator: "; ")))
            } else if compared.contains(RouteOnPlatform(route: route.name, platform: platform)) {
                let reference = platform == .androidLegacy ? Platform.android : .ios
                noted.notes.append(
                    Note(
                        "no URL is decided differently by \(platform.displayName) than by \(reference.displayName) through this route "
                            + "(checked exactly)"))
            }
            return noted
        }
    }

    struct RouteOnPlatform: Hashable {
        var route: String
        var platform: Platform
    }

    /// At most this many examples per route and platform.
    static let examples = 3

    /// For each route and platform, the first few differences it is involved in, in words.
    static func regions(site: Site, plan: BuildPlan, files: [OutputFile]) -> (
        found: [RouteOnPlatform: [String]], compared: Set<RouteOnPlatform>
    ) {
        var found: [RouteOnPlatform: [String]] = [:]
        var compared: Set<RouteOnPlatform> = []
        // Examples come from the first host that shows one: mirrors repeat the same lists.
        var exampleHost: [RouteOnPlatform: String] = [:]
        let byPath = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        // Every comparison first, so each gets its share of the lint's budget.
        var walks: [LossWalk] = []
        // A mirror serves the same bytes: its comparison would find the same regions, and
        // examples come from the first host that shows one.
        var compiledFiles: Set<String> = []
        for host in site.hosts {
            guard let text = byPath["\(host)/\(AssociationFiles.aasa)"], compiledFiles.insert(text).inserted,
                let aasa = try? JSONValue.parse(text)
            else { continue }
            let modern = DecisionLists.aasa(aasa, form: .components)
            let legacy = DecisionLists.aasa(aasa, form: .legacyPaths)
            for app in site.iosApps {
                guard let reference = modern.first(where: { $0.appID == app.appID })?.list else { continue }
                let origins = plan.ruleOrigins[BuildPlan.RuleListKey(host: host, platform: .ios, app: app.id)] ?? []
                var others: [(Platform, DecisionList, [String?])] = []
                if site.legacyPaths, let list = legacy.first(where: { $0.appID == app.appID })?.list {
                    others.append(
                        (.iosLegacy, list, plan.ruleOrigins[BuildPlan.RuleListKey(host: host, platform: .iosLegacy, app: app.id)] ?? []))
                }
                for (platform, list, otherOrigins) in others {
                    walks.append(
                        LossWalk(
                            host: host, app: app.id, reference: reference, origins: origins, platform: platform, list: list,
                            otherOrigins: otherOrigins))
                }
            }
        }
        // Android: the dynamic rules Android 15+ reads against the filters written for Android 14.
        var compiledLinks: Set<String> = []
        for host in site.hosts {
            guard let text = byPath["\(host)/\(AssociationFiles.assetLinks)"], compiledLinks.insert(text).inserted,
                let document = try? JSONValue.parse(text)
            else { continue }
            // One alphabet for both: the dynamic rules' patterns and the filters' paths.
            let filterPaths = site.androidApps.flatMap { app in
                AppFiles.intentFilterEntries(site: site, app: app).flatMap(\.paths).compactMap { $0.attribute.map(AppFiles.attribute) }
            }
            guard let alphabet = DecodedText(statementLists: [document], also: filterPaths) else { continue }
            let lists = DecisionLists.android(document, text: alphabet)
            for app in site.androidApps {
                guard let reference = lists.first(where: { $0.package == app.package })?.list else { continue }
                let filters = DecisionLists.intentFilters(site: site, app: app, host: host, text: alphabet)
                walks.append(
                    LossWalk(
                        host: host, app: app.package, reference: reference,
                        origins: plan.ruleOrigins[BuildPlan.RuleListKey(host: host, platform: .android, app: app.id)] ?? [],
                        platform: .androidLegacy, list: filters.list, otherOrigins: filters.origins, referencePlatform: .android))
            }
        }
        let budget = Lints.walkBudget.share(of: walks.count)
        for walk in walks {
            let (host, origins, otherOrigins, platform) = (walk.host, walk.origins, walk.otherOrigins, walk.platform)
            // Only a finished, fully modelled comparison may say "no difference".
            let comparison = LinkEquivalence.compare(
                walk.reference, walk.list, platform: platform, app: walk.app, host: host, budget: budget)
            // Android ≤14 reads `https://host` as an empty path and the decoded-text universe as `/`:
            // its examples are exact, a "no difference" would not be.
            if comparison.complete, comparison.unmodelled.isEmpty, platform != .androidLegacy {
                for route in (origins + otherOrigins).compactMap({ $0 }) {
                    compared.insert(RouteOnPlatform(route: route, platform: platform))
                }
            }
            for difference in comparison.differences {
                let routes = [
                    difference.before.rule.flatMap { $0 < origins.count ? origins[$0] : nil },
                    difference.after.rule.flatMap { $0 < otherOrigins.count ? otherOrigins[$0] : nil },
                ].compactMap { $0 }
                let text =
                    "\(difference.witness): \(walk.referencePlatform.displayName) \(verb(difference.before)), "
                    + "\(platform.displayName) \(verb(difference.after))"
                for route in routes.uniqued() {
                    let key = RouteOnPlatform(route: route, platform: platform)
                    guard exampleHost[key, default: host] == host else { continue }
                    exampleHost[key] = host
                    if found[key, default: []].count < examples, !found[key, default: []].contains(text) {
                        found[key, default: []].append(text)
                    }
                }
            }
        }
        return (found, compared)
    }

    /// One comparison of an iOS 13+ list with another platform's list of the same routes.
    private struct LossWalk {
        var host: String
        var app: String
        var reference: DecisionList
        var origins: [String?]
        var platform: Platform
        var list: DecisionList
        var otherOrigins: [String?]
        var referencePlatform = Platform.ios
    }

    private static func verb(_ decision: MatchDecision) -> String {
        decision.opensApp ? "opens the app" : "keeps it in the browser"
    }
}
