/// What the build will write, host by host, as structured documents: decided here, turned into
/// bytes by `Render` (the plan holds no rendered text). Translation losses are reported once per
/// route, not once per host.
package struct BuildPlan: Sendable, Hashable {
    package enum Document: Sendable, Hashable {
        case aasa(AASAFile)
        case assetLinks([AssetLinksStatement])
        case robots(RobotsPolicy)
        /// A file for the apps (`app/…`).
        case appFile(AppFiles.File)
        /// A host's configuration for a hosting provider.
        case hostingFile(HostingFiles.File)
        /// A page type's route page for one host, rendered from the templates.
        case routePage(pageType: String)
        /// A short code's fallback page on the short host.
        case shortLinkPage(code: String)
        /// A host's home page or not-found page.
        case page(PageKind)
        /// The pages' shared style sheet or script, or the host's rules table (`PageAssets`, by the
        /// file's path on the host).
        case pageAsset(path: String)
    }

    package struct PlannedFile: Sendable, Hashable {
        package var path: String
        package var host: String
        package var document: Document
    }

    /// Which route each emitted rule came from, so a decision can name its route.
    package struct RuleListKey: Sendable, Hashable {
        package var host: String
        package var platform: Platform
        /// The app's manifest id.
        package var app: String
    }

    package var files: [PlannedFile]
    package var diagnostics: [Diagnostic]
    /// Route names in rule order; nil for a rule no route wrote (the closing catch-all).
    package var ruleOrigins: [RuleListKey: [String?]] = [:]

    /// `assets`: where the pages' shared files are (their names follow the content the build's
    /// templates give them, which `PageAssets` renders).
    package init(site: Site, assets: PageAssetPaths) {
        let translations = Translations(site: site)
        diagnostics = Self.losses(site: site, translations: translations)
        for host in site.hosts {
            let routes = site.routes(on: host)
            for app in site.iosApps {
                let appRoutes = routes.filter { $0.apps.contains(app.id) }
                ruleOrigins[RuleListKey(host: host, platform: .ios, app: app.id)] = appRoutes.map(\.name)
                ruleOrigins[RuleListKey(host: host, platform: .iosLegacy, app: app.id)] = appRoutes.flatMap { route in
                    translations[route].legacyPaths.map { _ in route.name }
                }
            }
            for app in site.androidApps {
                ruleOrigins[RuleListKey(host: host, platform: .android, app: app.id)] =
                    Self.dynamicRules(for: app, routes: routes, translations: translations).map(\.origin)
            }
        }
        let routing = PageRouting(site: site)
        diagnostics += Self.shortLinkDeadEnds(site: site, routing: routing)
        // Each host's files, and the apps' files, are independent: planned side by side.
        let hosts = site.hosts
        let jobs = Array(0...hosts.count).concurrentMap { job -> [PlannedFile] in
            guard job < hosts.count else {
                return AppFiles.plan(site: site).map { PlannedFile(path: $0.path, host: "", document: .appFile($0.file)) }
            }
            return Self.hostFiles(hosts[job], site: site, translations: translations, routing: routing, assets: assets)
        }
        files = jobs.flatMap { $0 } + site.signInHosts.flatMap { Self.signInHostFiles($0, site: site, routing: routing) }
    }

    /// What a sign-in host's folder holds: the apps' shared credentials and the configuration that
    /// serves them — no links, no pages, no robots.txt (the site on that host is the team's own;
    /// these files go beside it).
    private static func signInHostFiles(_ host: String, site: Site, routing: PageRouting) -> [PlannedFile] {
        var files: [PlannedFile] = []
        let credentialApps = site.iosApps.filter(\.webcredentials).map(\.appID)
        if !credentialApps.isEmpty {
            let aasa = Document.aasa(AASAFile(applinks: nil, webcredentials: .init(apps: credentialApps), appclips: nil))
            files.append(PlannedFile(path: "\(host)/\(AssociationFiles.aasa)", host: host, document: aasa))
            files.append(PlannedFile(path: "\(host)/\(AssociationFiles.aasaRoot)", host: host, document: aasa))
        }
        let statements = site.androidApps.filter { $0.webcredentials && !$0.fingerprints.isEmpty }.map { app in
            AssetLinksStatement(
                relation: [AssetLinksStatement.getLoginCredentials],
                target: .init(packageName: app.package, sha256CertFingerprints: app.fingerprints), relationExtensions: nil)
        }
        if !statements.isEmpty {
            files.append(PlannedFile(path: "\(host)/\(AssociationFiles.assetLinks)", host: host, document: .assetLinks(statements)))
        }
        let contentFiles = files.map { String($0.path.dropFirst(host.count + 1)) }
        files += HostingFiles.plan(
            for: site.hosting, contentFiles: contentFiles, routes: HostRoutes(site: site, routing: routing, host: host)
        )
        .map { PlannedFile(path: "\(host)/\($0.path)", host: host, document: .hostingFile($0.file)) }
        return files
    }

    /// What one host serves: association files, robots.txt, pages and its hosting configuration.
    private static func hostFiles(
        _ host: String, site: Site, translations: Translations, routing: PageRouting, assets: PageAssetPaths
    ) -> [PlannedFile] {
        var files: [PlannedFile] = []
        if !site.iosApps.isEmpty {
            let aasa = Document.aasa(Self.aasa(site: site, host: host, translations: translations))
            files.append(PlannedFile(path: "\(host)/\(AssociationFiles.aasa)", host: host, document: aasa))
            files.append(PlannedFile(path: "\(host)/\(AssociationFiles.aasaRoot)", host: host, document: aasa))
        }
        let statements = Self.assetLinks(site: site, host: host, translations: translations)
        if !statements.isEmpty {
            files.append(PlannedFile(path: "\(host)/\(AssociationFiles.assetLinks)", host: host, document: .assetLinks(statements)))
        }
        files.append(PlannedFile(path: "\(host)/robots.txt", host: host, document: .robots(site.robots)))
        for page in site.pageTypes where PagePaths.hosts(of: page.name, in: site).contains(where: { $0.host == host }) {
            files.append(
                PlannedFile(
                    path: PagePaths.routePage(host: host, pageType: page.name), host: host,
                    document: .routePage(pageType: page.name)))
        }
        // Every host has pages (its home and not-found pages at least), and they share these.
        files += assets.paths(on: host).map { PlannedFile(path: host + $0, host: host, document: .pageAsset(path: $0)) }
        // A route whose page covers `/` is the host's home: an index.html would shadow it on
        // hosts whose rewrites yield to files, and not on the others.
        for kind in PageKind.allCases where kind != .home || routing.rule(for: "/", on: host) == nil {
            files.append(PlannedFile(path: "\(host)/\(kind.fileName)", host: host, document: .page(kind)))
        }
        if host == site.shortHost, !site.mirrorPairs.isEmpty {
            files += site.shortLinks.map {
                PlannedFile(
                    path: PagePaths.shortLinkPage(host: host, code: $0.code), host: host, document: .shortLinkPage(code: $0.code)
                )
            }
        }
        let contentFiles = files.map { String($0.path.dropFirst(host.count + 1)) }
        let routes = HostRoutes(site: site, routing: routing, host: host)
        files += HostingFiles.plan(for: site.hosting, contentFiles: contentFiles, routes: routes).map {
            PlannedFile(path: "\(host)/\($0.path)", host: host, document: .hostingFile($0.file))
        }
        return files
    }

    /// Each route's rules in every platform's form, worked out once per route.
    struct Translations {
        let site: Site
        let byName: [String: RuleTranslation]

        init(site: Site) {
            self.site = site
            byName = Dictionary(
                site.routes.map { ($0.name, RuleTranslation(route: $0, defaults: site.defaults, variables: site.substitutionVariables)) },
                uniquingKeysWith: { first, _ in first })
        }

        /// The route's translation (route names are unique, so the table holds every route).
        subscript(route: Route) -> RuleTranslation {
            byName[route.name] ?? RuleTranslation(route: route, defaults: site.defaults, variables: site.substitutionVariables)
        }
    }

    static func aasa(site: Site, host: String, translations: Translations) -> AASAFile {
        let routes = site.routes(on: host)
        let details = site.iosApps.compactMap { app -> AASAFile.Detail? in
            let appRoutes = routes.filter { $0.apps.contains(app.id) }
            guard !appRoutes.isEmpty else { return nil }
            let rules = appRoutes.map { translations[$0] }
            return AASAFile.Detail(
                appID: site.legacyPaths ? app.appID : nil,
                appIDs: [app.appID],
                paths: site.legacyPaths ? rules.flatMap(\.legacyPaths) : nil,
                components: rules.map(\.component))
        }
        let defaults =
            site.defaults.isEmpty
            ? nil : AASAFile.Defaults(caseSensitive: site.defaults.caseSensitive, percentEncoded: site.defaults.percentEncoded)
        let variables =
            site.substitutionVariables.isEmpty
            ? nil : Dictionary(site.substitutionVariables.map { ($0.name, $0.values) }, uniquingKeysWith: { first, _ in first })
        let credentialApps = site.iosApps.filter(\.webcredentials).map(\.appID)
        let clips = site.iosApps.flatMap { app in app.appClipBundleIDs.map { "\(app.teamID).\($0)" } }
        return AASAFile(
            applinks: .init(details: details, defaults: defaults, substitutionVariables: variables),
            webcredentials: credentialApps.isEmpty ? nil : .init(apps: credentialApps),
            appclips: clips.isEmpty ? nil : .init(apps: clips))
    }

    static func assetLinks(site: Site, host: String, translations: Translations) -> [AssetLinksStatement] {
        let routes = site.routes(on: host)
        // An app without a fingerprint cannot be stated: its statement would be malformed. An app
        // no route on this host names is not delegated this host's links: a `handle_all_urls`
        // statement verifies the app for the host, and on Android 14 and earlier (and without
        // Google services), which ignore dynamic rules, its own intent filters would then open
        // whatever they claim here, whatever a closing exclusion says.
        return site.androidApps.filter { !$0.fingerprints.isEmpty }.compactMap { app in
            let linked = routes.contains { $0.apps.contains(app.id) }
            var relation = linked ? [AssetLinksStatement.handleAllURLs] : []
            if app.webcredentials { relation.append(AssetLinksStatement.getLoginCredentials) }
            guard !relation.isEmpty else { return nil }
            let components = dynamicRules(for: app, routes: routes, translations: translations).map(\.component)
            return AssetLinksStatement(
                relation: relation,
                target: .init(packageName: app.package, sha256CertFingerprints: app.fingerprints),
                relationExtensions: app.dynamicRules && linked
                    ? [AssetLinksStatement.handleAllURLs: .init(dynamicAppLinkComponents: components)] : nil)
        }
    }

    /// An Android app's dynamic rules on a host with the route each came from, closed by the
    /// catch-all exclusion unless the last rule already matches everything.
    static func dynamicRules(
        for app: AndroidApp, routes: [Route], translations: Translations
    ) -> [(component: AssetLinksStatement.DynamicComponent, origin: String?)] {
        let rules: [(component: AssetLinksStatement.DynamicComponent, origin: String?)] = routes.filter { $0.apps.contains(app.id) }.flatMap
        {
            route in translations[route].dynamicComponents.map { ($0, route.name) }
        }
        return AssetLinksStatement.DynamicComponent.closing(rules)
    }

    /// Legacy and Android translation losses, for routes that reach those platforms.
    static func losses(site: Site, translations: Translations) -> [Diagnostic] {
        let iosIDs = Set(site.iosApps.map(\.id))
        // Apps without dynamic rules lose nothing in translation: no rule is written for them.
        let androidIDs = Set(site.androidApps.filter(\.dynamicRules).map(\.id))
        var found: [Diagnostic] = []
        if site.legacyPaths, !site.iosApps.isEmpty {
            if site.defaults.caseSensitive == false || site.defaults.percentEncoded == false {
                found.append(.warning(PlanProblem.defaultsNeedIOS14, at: site.defaults.location, code: .defaultsNeedIOS14))
            }
        }
        for route in site.routes {
            let translation = translations[route]
            if site.legacyPaths, route.apps.contains(where: iosIDs.contains) {
                found += translation.legacyLosses.map {
                    .lint(TranslationLoss.legacy(route: route.name, $0), at: route.location)
                }
            }
            guard route.apps.contains(where: androidIDs.contains) else { continue }
            found += translation.androidLosses.map {
                .lint(TranslationLoss.android(route: route.name, $0), at: route.location)
            }
            if let error = translation.androidError {
                found.append(.error(PlanProblem.noAndroidTranslation(route: route.name, "\(error)"), at: route.location))
            }
        }
        return found
    }
}

/// What a route's translation for an older platform reading cannot carry (`RuleTranslation`'s
/// losses, one sentence each).
package enum TranslationLoss: LintMessage {
    case legacy(route: String, String)
    case android(route: String, String)

    package var code: LintCode {
        switch self {
        case .legacy: .legacyLoss
        case .android: .androidLoss
        }
    }

    package var text: String {
        switch self {
        case .legacy(let route, let loss), .android(let route, let loss): "route '\(route)': \(loss)"
        }
    }
}

/// What planning finds that the rules cannot say on a platform at all.
extension BuildPlan {
    /// A short link whose target on a mirror-pair host has no page there: the host would answer
    /// its not-found page to everyone who taps the code without the app. (Targets on the web
    /// origin are the web site's own pages, which the build cannot see.)
    static func shortLinkDeadEnds(site: Site, routing: PageRouting) -> [Diagnostic] {
        guard let pair = site.mirrorPairs.first else { return [] }
        let pageHosts = Set(site.mirrorPairs.flatMap { [$0.primary, $0.mirror] })
        return site.shortLinks.compactMap { link in
            let url = link.url(primaryHost: pair.primary)
            guard let parts = URLParts(url), pageHosts.contains(parts.host), routing.rule(for: parts.path, on: parts.host) == nil
            else { return nil }
            let excludedBy = site.routes.first { route in
                route.exclude && route.hosts.contains(parts.host) && route.path.map { GlobPattern($0).matches(parts.path) } == true
            }
            return .error(PlanProblem.shortLinkDeadEnd(code: link.code, url: url, excludedBy: excludedBy?.name), at: link.location)
        }
    }
}

package enum PlanProblem: DiagnosticMessage {
    case defaultsNeedIOS14
    case noAndroidTranslation(route: String, String)
    case shortLinkDeadEnd(code: String, url: String, excludedBy: String?)

    package var text: String {
        switch self {
        case .defaultsNeedIOS14:
            "'defaults' need iOS 14; iOS 9–13 match every rule with caseSensitive and percentEncoded true"
        case .noAndroidTranslation(let route, let error):
            "route '\(route)': \(error)"
        case .shortLinkDeadEnd(let code, let url, let excludedBy):
            "short link '\(code)' leads to \(url), where no route serves a page"
                + (excludedBy.map { " (route '\($0)' excludes it, and no page route comes after)" } ?? "")
                + ", so everyone who taps the code without the app gets the not-found page; point it at a page, "
                + "at the web origin, or give the path a page route"
        }
    }
}
