/// Answers "what does this URL do?" for a built manifest, by evaluating the very files the build
/// writes (parsed back) with the same matchers that read any production file, and naming the
/// route behind each rule.
package struct SiteMatcher: Sendable {
    struct HostMatchers: Sendable {
        var components: AASAMatcher?
        var legacy: AASAMatcher?
        var android: AndroidDynamicMatcher?
    }

    package let site: Site
    /// Which preview page each host serves, compiled once (`match --stdin` asks per URL).
    let pageRouting: PageRouting
    let hosts: [String: HostMatchers]
    let origins: [BuildPlan.RuleListKey: [String?]]
    /// Per Android app id: each host group's intent filter as (hosts, path entries).
    let intentFilters: [String: [(hosts: [String], paths: [(attribute: AndroidPathMatcher?, route: String)], index: PathPrefixIndex)]]
    /// Each route's page type, by name (a decision names its route).
    let pageTypes: [String: String]
    /// Per Android app id whose manifest site.yaml names: its real link handling, and the hosts
    /// its links are verified on (Android 12+: per host) — then Android decides by the app's own
    /// intent filters, not by the ones Linkwell writes.
    let realFilters: [String: (handling: AndroidLinkHandling, verified: Set<String>)]

    package init(site: Site, plan: BuildPlan, files: [OutputFile], appSide: AppSideFiles = AppSideFiles()) {
        self.site = site
        pageRouting = PageRouting(site: site)
        origins = plan.ruleOrigins
        let byPath = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        var hosts: [String: HostMatchers] = [:]
        // Mirrors serve the same files: each distinct pair is read and compiled once.
        var compiled: [[String?]: HostMatchers] = [:]
        for host in site.hosts {
            let texts = [byPath["\(host)/\(AssociationFiles.aasa)"], byPath["\(host)/\(AssociationFiles.assetLinks)"]]
            if let known = compiled[texts] {
                hosts[host] = known
                continue
            }
            let aasa = texts[0].flatMap { try? JSONValue.parse($0) }
            let assetLinks = texts[1].flatMap { try? JSONValue.parse($0) }
            let matchers = HostMatchers(
                components: aasa.map { AASAMatcher(document: $0, form: .components) },
                legacy: site.legacyPaths ? aasa.map { AASAMatcher(document: $0, form: .legacyPaths) } : nil,
                android: assetLinks.map { AndroidDynamicMatcher(document: $0) })
            compiled[texts] = matchers
            hosts[host] = matchers
        }
        self.hosts = hosts
        intentFilters = Dictionary(
            site.androidApps.map { app in
                let filters = AppFiles.intentFilterEntries(site: site, app: app).map { filter in
                    let starts = filter.paths.map { PathPrefixIndex.printable($0.attribute?.literalStart ?? "") }
                    return (filter.hosts, filter.paths, PathPrefixIndex(literalStarts: starts))
                }
                return (app.id, filters)
            },
            uniquingKeysWith: { first, _ in first })
        pageTypes = Dictionary(
            site.routes.compactMap { route in route.pageType.map { (route.name, $0) } }, uniquingKeysWith: { first, _ in first })
        var real: [String: (AndroidLinkHandling, Set<String>)] = [:]
        for app in site.androidApps {
            guard let handling = appSide.android[app.id] else { continue }
            let verified = site.hosts.filter { host in
                handling.verificationHosts.contains { claim in
                    guard AndroidLinkHandling.covers(claim.value, host),
                        let links = hosts[AndroidLinkHandling.fileHost(of: claim.value)]?.android, links.rejection == nil,
                        links.packageNames.contains(app.package)
                    else { return false }
                    // With the signing certificate given, a file that lists only other certificates verifies nothing.
                    return app.appFiles.signingCertificate.map { app.fingerprints.contains($0.value) } ?? true
                }
            }
            real[app.id] = (handling, Set(verified))
        }
        realFilters = real
    }

    /// Every platform and app's decision for `url`; empty when its host is not the site's.
    package func decisions(for text: String, url: URLParts) -> [LinkDecision] {
        guard url.scheme == "https" || url.scheme == "http", let matchers = hosts[url.host] else { return [] }
        var decisions: [LinkDecision] = []
        for app in site.iosApps {
            for (platform, matcher) in [(Platform.ios, matchers.components), (.iosLegacy, matchers.legacy)] {
                guard let matcher else { continue }
                decisions.append(decision(text, url, platform, app.id, app.appID, matcher.decide(url, appID: app.appID, host: url.host)))
            }
        }
        for app in site.androidApps {
            // No assetlinks.json statement for the app (no fingerprint): never verified, on any
            // Android; said as the cause rather than "no rule matches".
            guard !app.fingerprints.isEmpty else {
                let unverified = MatchDecision(
                    outcome: .noMatch,
                    ruleText: "assetlinks.json leaves the app out until 'sha256' lists its signing key (Play Console → App integrity → "
                        + "App signing), so Android verifies none of its links")
                for platform in [Platform.android, .androidLegacy] {
                    decisions.append(
                        LinkDecision(
                            url: text, platform: platform, host: url.host, app: app.id, appIdentifier: app.package, decision: unverified))
                }
                continue
            }
            if let real = realFilters[app.id] {
                decisions += realDecisions(text, url, app: app, real: real, matchers: matchers)
                continue
            }
            let (decision, route) = intentFilterDecision(url, app: app)
            if let dynamic = matchers.android.map({ $0.decide(url, package: app.package) }) ?? .noMatch {
                decisions.append(self.decision(text, url, .android, app.id, app.package, dynamic))
            } else if !app.dynamicRules, !app.fingerprints.isEmpty {
                // No dynamic rules: Android 15+ decides by the same intent filters as Android 14.
                var filtered = decision
                filtered.ruleText =
                    "no dynamic rules (dynamicRules: false): the intent filters decide, "
                    + (decision.ruleText.map { "through \($0)" } ?? "and none matches")
                decisions.append(
                    LinkDecision(
                        url: text, platform: .android, host: url.host, app: app.id, appIdentifier: app.package, decision: filtered,
                        route: route, pageType: route.flatMap { pageTypes[$0] }))
            }
            decisions.append(
                LinkDecision(
                    url: text, platform: .androidLegacy, host: url.host, app: app.id, appIdentifier: app.package, decision: decision,
                    route: route,
                    pageType: route.flatMap { pageTypes[$0] }))
        }
        return decisions
    }

    /// Android decided by the app's own manifest: a host its filters do not get verified opens
    /// nothing; else on Android 14 and earlier the first link filter that takes the URL decides
    /// (dynamic rules are ignored there), and on Android 15+ a filter (with its relative groups)
    /// must take it and the file's dynamic rules, where it has any, must open it.
    private func realDecisions(
        _ text: String, _ url: URLParts, app: AndroidApp, real: (handling: AndroidLinkHandling, verified: Set<String>),
        matchers: HostMatchers
    ) -> [LinkDecision] {
        let file = real.handling.manifest.file
        guard real.verified.contains(url.host) else {
            let unverified = MatchDecision(
                outcome: .noMatch,
                ruleText: "\(file) does not get \(url.host) verified (no autoVerify filter claims it, or the host's assetlinks.json "
                    + "does not name the app with its certificate)")
            return [Platform.android, .androidLegacy].map {
                LinkDecision(url: text, platform: $0, host: url.host, app: app.id, appIdentifier: app.package, decision: unverified)
            }
        }
        // Android 15+: the file's dynamic rules decide where a filter takes the URL.
        let dynamic = matchers.android?.decide(url, package: app.package)
        let decided = real.handling.decisions(url, dynamic: dynamic)
        // A URL both the app's filter and a route open is opened through that route.
        let (_, route) = intentFilterDecision(url, app: app)
        let legacyRoute = decided.androidLegacy.opensApp ? route : nil
        let modern =
            dynamic != nil && decided.android == dynamic
            ? dynamic.map { decision(text, url, .android, app.id, app.package, $0) } : nil
        return [
            modern
                ?? LinkDecision(
                    url: text, platform: .android, host: url.host, app: app.id, appIdentifier: app.package, decision: decided.android),
            LinkDecision(
                url: text, platform: .androidLegacy, host: url.host, app: app.id, appIdentifier: app.package,
                decision: decided.androidLegacy,
                route: legacyRoute, pageType: legacyRoute.flatMap { pageTypes[$0] }),
        ]
    }

    /// Android 14 and earlier: the generated intent filter of the URL's host group decides on
    /// the decoded path; exclusions do not exist there, queries and fragments are not seen.
    private func intentFilterDecision(_ url: URLParts, app: AndroidApp) -> (MatchDecision, String?) {
        // Without a fingerprint in assetlinks.json the links are never verified.
        guard !app.fingerprints.isEmpty else { return (.noMatch, nil) }
        guard let filter = intentFilters[app.id]?.first(where: { $0.hosts.contains(url.host) }) else { return (.noMatch, nil) }
        guard url.schemeWrittenInLowerCase else { return (.schemeNotLowerCase, nil) }
        // `Uri.getPath()`: decoded, and empty for `https://host` (which `pathPrefix="/"` misses).
        let path = url.androidPath
        for index in filter.index.candidates(for: path) ?? Array(filter.paths.indices) {
            let entry = filter.paths[index]
            guard entry.attribute.map({ $0.matches(path) }) ?? true else { continue }
            let text = entry.attribute.map(AppFiles.attribute) ?? "every path"
            return (MatchDecision(outcome: .match, rule: index, ruleText: text), entry.route)
        }
        return (.noMatch, nil)
    }

    /// The route of each path in the app's intent filter for `host`, in the filter's order (none
    /// without a fingerprint: the links are never verified).
    func intentFilterOrigins(app: AndroidApp, host: String) -> [String?] {
        guard !app.fingerprints.isEmpty else { return [] }
        return intentFilters[app.id]?.first { $0.hosts.contains(host) }?.paths.map(\.route) ?? []
    }

    /// The preview page the host serves for `url` (by path, as the generated host rewrites
    /// decide) and where it sends people.
    package func targets(for url: URLParts) -> LinkTargets? {
        guard let rule = pageRouting.rule(for: url.path, on: url.host), var targets = LinkTargets(site: site, route: rule.route, url: url)
        else { return nil }
        // Where the page's app does not open the URL, as the built files (and the app's own intent
        // filters, where read) decide it on iOS 13+ and Android 15+ (the page's script decides it
        // by the same rules).
        guard targets.web != nil, let page = site.pageTypes.first(where: { $0.name == rule.pageType }),
            let host = PageHost.of(url.host, in: site)
        else { return targets }
        let links = PageLinks(site: site, page: page, host: host)
        var kept: [String: String] = [:]
        for decision in decisions(for: "", url: url) where !decision.decision.opensApp {
            let reason = decision.decision.outcome == .exclude ? decision.route.map { "route '\($0)' excludes it" } : nil
            switch decision.platform {
            case .ios where decision.app == links.iosApp?.id: kept["ios"] = reason ?? "no route matches it"
            case .android where decision.app == links.androidApp?.id && (links.androidApp?.dynamicRules ?? false):
                kept["android"] = reason ?? (realFilters[decision.app] != nil ? decision.decision.ruleText : nil) ?? "no route matches it"
            case .android where decision.app == links.androidApp?.id && realFilters[decision.app] != nil:
                // No dynamic rules: the app's own filters alone decide, and the page's script holds them.
                kept["android"] = decision.decision.ruleText ?? "no intent filter takes it"
            default: break
            }
        }
        targets.keptOnWeb = kept.isEmpty ? nil : kept
        return targets
    }

    private func decision(
        _ text: String, _ url: URLParts, _ platform: Platform, _ app: String, _ identifier: String, _ decision: MatchDecision
    )
        -> LinkDecision
    {
        let list = origins[BuildPlan.RuleListKey(host: url.host, platform: platform, app: app)] ?? []
        let routeName = decision.rule.flatMap { $0 < list.count ? list[$0] : nil }
        let pageType = decision.opensApp ? routeName.flatMap { pageTypes[$0] } : nil
        return LinkDecision(
            url: text, platform: platform, host: url.host, app: app, appIdentifier: identifier, decision: decision, route: routeName,
            pageType: pageType)
    }
}
