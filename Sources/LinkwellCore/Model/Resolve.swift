/// Turns a manifest that passed validation into a `Site`. This is the only place that knows
/// the defaults; it trusts validation and never reports anything itself.
public enum Resolve {
    public static func site(from manifest: RawManifest) -> Site {
        let iosApps = manifest.iosApps.map(iosApp)
        let androidApps = manifest.androidApps.map(androidApp)
        let pairs = (manifest.domains?.pairs ?? []).map { MirrorPair(primary: $0.primary!.value, mirror: $0.mirror!.value) }
        let allAppIDs = (iosApps.map(\.id) + androidApps.map(\.id)).uniqued()
        let pairHosts = pairs.flatMap { [$0.primary, $0.mirror] }
        return Site(
            name: manifest.name!.value,
            scheme: manifest.scheme?.value,
            legacyPaths: manifest.legacyPaths?.value ?? true,
            iosApps: iosApps,
            androidApps: androidApps,
            mirrorPairs: pairs,
            shortHost: manifest.domains?.short?.value,
            defaults: RuleDefaults(
                caseSensitive: manifest.defaults?.caseSensitive?.value, percentEncoded: manifest.defaults?.percentEncoded?.value,
                location: manifest.defaults?.location),
            substitutionVariables: manifest.substitutionVariables.map {
                SubstitutionVariable(name: $0.name.value, values: $0.values.map(\.value))
            },
            routes: manifest.routes.map { route($0, allAppIDs: allAppIDs, defaultHosts: pairHosts) },
            pageTypes: manifest.pageTypes.map(pageType),
            robots: RobotsPolicy(
                groups: (manifest.robots?.groups ?? []).map {
                    RobotsGroup(
                        userAgents: ($0.userAgents ?? []).map(\.value), allow: $0.allow.map(\.value), disallow: $0.disallow.map(\.value))
                },
                sitemaps: (manifest.robots?.sitemaps ?? []).map(\.value)),
            linkTests: manifest.tests.map { linkTest($0, manifest: manifest) },
            hosting: manifest.hosting.map { written in
                HostingProvider.allCases.filter { provider in written.contains { $0.value == provider.rawValue } }
            }
                ?? HostingProvider.allCases,
            templatesFolder: manifest.templates,
            shortLinks: manifest.shortLinks.map { ShortLink(code: $0.code!.value, target: $0.target!.value, comment: $0.comment?.value) },
            webHome: manifest.web?.value,
            theme: theme(manifest.theme),
            allowedOrigins: AllowedOrigins(
                scripts: (manifest.contentSecurityPolicy?.scripts ?? []).map(\.value).uniqued(),
                connect: (manifest.contentSecurityPolicy?.connect ?? []).map(\.value).uniqued()))
    }

    private static func theme(_ raw: RawTheme?) -> Theme {
        var theme = Theme()
        guard let raw else { return theme }
        theme.accent = raw.accent?.value ?? theme.accent
        theme.accentText = raw.accentText?.value ?? theme.accentText
        theme.text = raw.text?.value ?? theme.text
        theme.background = raw.background?.value ?? theme.background
        theme.darkText = raw.darkText?.value ?? theme.darkText
        theme.darkBackground = raw.darkBackground?.value ?? theme.darkBackground
        theme.logo = raw.logo?.value
        theme.icon = raw.icon?.value
        theme.font = raw.font?.value ?? theme.font
        return theme
    }

    /// `expect` stands for every platform the test's app (or the site) has.
    private static func linkTest(_ test: RawLinkTest, manifest: RawManifest) -> LinkTest {
        var expectations: [LinkTest.PlatformExpectation] = []
        for platform in Validation.platforms(of: test.app?.value, in: manifest) {
            guard let written = test.platforms[platform.rawValue] ?? test.expect else { continue }
            expectations.append(
                .init(platform: platform, expectation: expectation(written.value, routes: manifest.routes)!, location: written.location))
        }
        return LinkTest(url: test.url!.value, app: test.app?.value, expectations: expectations, location: test.location)
    }

    /// `opens`, `blocked`, `web`, or a route's name (opening through it, or excluded by it).
    static func expectation(_ text: String, routes: [RawRoute]) -> LinkTest.Expectation? {
        switch text {
        case "opens": return .opens(route: nil)
        case "blocked": return .blocked(route: nil)
        case "web": return .web
        default:
            guard let route = routes.first(where: { $0.name?.value == text }) else { return nil }
            return route.exclude?.value == true ? .blocked(route: text) : .opens(route: text)
        }
    }

    private static func iosApp(_ app: RawIOSApp) -> IOSApp {
        IOSApp(
            id: app.id!.value, name: app.name!.value, teamID: app.teamID!.value, bundleID: app.bundleID!.value,
            appStoreID: app.appStoreID?.value, webcredentials: app.webcredentials?.value ?? false,
            appClipBundleIDs: app.appClips.map(\.value))
    }

    private static func androidApp(_ app: RawAndroidApp) -> AndroidApp {
        let fingerprints = (app.fingerprints ?? []).compactMap { try? Identifiers.canonicalFingerprint($0.value).get() }
        return AndroidApp(
            id: app.id!.value, name: app.name!.value, package: app.package!.value,
            fingerprints: fingerprints.uniqued(), webcredentials: app.webcredentials?.value ?? false)
    }

    /// A route applies to every app and every mirror-pair host unless it names them; the short
    /// host only ever carries routes that name it, since its URLs are codes, not site paths.
    private static func route(_ route: RawRoute, allAppIDs: [String], defaultHosts: [String]) -> Route {
        let query: QueryCondition? =
            switch route.query {
            case .whole(let pattern): .whole(pattern.value)
            case .items(let items, _): .items(items.map { QueryItem(name: $0.name.value, pattern: $0.pattern.value) })
            case nil: nil
            }
        return Route(
            name: route.name!.value,
            path: route.path?.value,
            query: query,
            fragment: route.fragment?.value,
            exclude: route.exclude?.value ?? false,
            comment: route.comment?.value,
            caseSensitive: route.caseSensitive?.value,
            percentEncoded: route.percentEncoded?.value,
            apps: route.apps.map { $0.map(\.value).uniqued() } ?? allAppIDs,
            hosts: route.hosts.map { $0.map(\.value).uniqued() } ?? defaultHosts,
            pageType: route.page?.value,
            acceptedWarnings: route.accept.map(\.value),
            location: route.location)
    }

    private static func pageType(_ page: RawPageType) -> PageType {
        PageType(
            name: page.name.value,
            fallback: page.fallback.flatMap { PageType.Fallback(rawValue: $0.value) } ?? .store,
            webURL: page.web?.value,
            desktopURL: page.desktop?.value,
            title: page.title!.value,
            description: page.description?.value,
            image: page.image?.value,
            sinceIOS: page.since.first { $0.platform.value == "ios" }?.version.value,
            sinceAndroid: page.since.first { $0.platform.value == "android" }?.version.value,
            android: page.android.flatMap { PageType.AndroidStoreLink(rawValue: $0.value) } ?? .play,
            iosInstallURL: page.iosInstall?.value,
            clipboard: page.clipboard.flatMap { written in
                written.value == "true" ? .link : PageType.ClipboardHandoff(rawValue: written.value)
            },
            labels: PageType.ButtonLabels(open: page.labels?.open?.value, store: page.labels?.store?.value, web: page.labels?.web?.value),
            nativeAttempt: page.nativeAttempt?.value ?? false,
            items: page.items)
    }
}
