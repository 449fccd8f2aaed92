/// Turns a manifest that passed validation into a `Site`. This is the only place that knows
/// the defaults. It relies on validation for what it reports, but never on faith: a value
/// validation should have required and did not comes back as `Unresolved`, located, instead of
/// a crash.
package enum Resolve {
    /// A required value missing after validation passed: a gap in validation, reported as such.
    package struct Unresolved: Error, Sendable {
        package var diagnostic: Diagnostic
    }

    /// The value of a key validation requires, or `Unresolved` at the mapping that lacks it.
    static func required<T>(_ value: Located<T>?, _ key: String, in what: String, at location: SourceLocation) throws(Unresolved) -> T {
        guard let value else {
            throw Unresolved(diagnostic: .error(ResolveProblem.missingKey(key, in: what), at: location))
        }
        return value.value
    }

    package static func site(from manifest: RawManifest) throws(Unresolved) -> Site {
        let iosApps = try manifest.iosApps.map { app throws(Unresolved) in try iosApp(app) }
        let androidApps = try manifest.androidApps.map { app throws(Unresolved) in try androidApp(app) }
        let pairs = try (manifest.domains?.pairs ?? []).map { pair throws(Unresolved) in
            MirrorPair(
                primary: try required(pair.primary, "primary", in: "a mirror pair", at: pair.location),
                mirror: try required(pair.mirror, "mirror", in: "a mirror pair", at: pair.location), web: pair.web?.value,
                lang: pair.lang?.value)
        }
        let allAppIDs = (iosApps.map(\.id) + androidApps.map(\.id)).uniqued()
        let pairHosts = pairs.flatMap { [$0.primary, $0.mirror] }
        return Site(
            name: try required(manifest.name, "name", in: "the manifest", at: manifest.location),
            scheme: manifest.scheme?.value,
            legacyPaths: manifest.legacyPaths?.value ?? true,
            iosApps: iosApps,
            androidApps: androidApps,
            mirrorPairs: pairs,
            shortHost: manifest.domains?.short?.value,
            signInHosts: manifest.domains?.signIn.map(\.value) ?? [],
            defaults: RuleDefaults(
                caseSensitive: manifest.defaults?.caseSensitive?.value, percentEncoded: manifest.defaults?.percentEncoded?.value,
                location: manifest.defaults?.location, acceptedWarnings: manifest.defaults?.accept.map(\.value) ?? []),
            substitutionVariables: manifest.substitutionVariables.map {
                SubstitutionVariable(name: $0.name.value, values: $0.values.map(\.value))
            },
            routes: try manifest.routes.map { raw throws(Unresolved) in try route(raw, allAppIDs: allAppIDs, defaultHosts: pairHosts) },
            pageTypes: try manifest.pageTypes.map { page throws(Unresolved) in try pageType(page) },
            robots: RobotsPolicy(
                groups: (manifest.robots?.groups ?? []).map {
                    RobotsGroup(
                        userAgents: ($0.userAgents ?? []).map(\.value), allow: $0.allow.map(\.value), disallow: $0.disallow.map(\.value))
                },
                sitemaps: (manifest.robots?.sitemaps ?? []).map(\.value)),
            linkTests: try manifest.tests.map { test throws(Unresolved) in try linkTest(test, manifest: manifest) },
            hosting: manifest.hosting.map { written in
                HostingProvider.allCases.filter { provider in written.contains { $0.value == provider.rawValue } }
            }
                ?? HostingProvider.allCases,
            templatesFolder: manifest.templates,
            shortLinks: try manifest.shortLinks.map { link throws(Unresolved) in
                ShortLink(
                    code: try required(link.code, "code", in: "a short link", at: link.location),
                    target: try required(link.target, "target", in: "a short link", at: link.location), comment: link.comment?.value,
                    acceptedWarnings: link.accept.map(\.value), location: link.location)
            },
            webHome: manifest.web?.value,
            theme: Theme(written: manifest.theme),
            allowedOrigins: AllowedOrigins(
                scripts: (manifest.contentSecurityPolicy?.scripts ?? []).map(\.value).uniqued(),
                connect: (manifest.contentSecurityPolicy?.connect ?? []).map(\.value).uniqued()),
            homeApp: manifest.homePages?.app?.value, homeAppClip: manifest.homePages?.appClip?.value ?? true,
            notFoundToWeb: manifest.homePages?.notFound?.value == "web",
            lang: manifest.lang?.value ?? "en", itemPagesAtDeploy: manifest.itemPages?.value == "deploy")
    }

    /// `expect` stands for every platform the test's app (or the site) has.
    private static func linkTest(_ test: RawLinkTest, manifest: RawManifest) throws(Unresolved) -> LinkTest {
        var expectations: [LinkTest.PlatformExpectation] = []
        for platform in Validation.platforms(of: test.app?.value, in: manifest) {
            guard let written = test.platforms[platform.rawValue] ?? test.expect else { continue }
            guard let resolved = Validation.expectation(written.value, routes: manifest.routes) else {
                throw Unresolved(diagnostic: .error(ResolveProblem.unknownExpectation(written.value), at: written.location))
            }
            expectations.append(.init(platform: platform, expectation: resolved, location: written.location))
        }
        return LinkTest(
            url: try required(test.url, "url", in: "a link test", at: test.location), app: test.app?.value, expectations: expectations,
            location: test.location)
    }

    private static func iosApp(_ app: RawIOSApp) throws(Unresolved) -> IOSApp {
        var resolved = IOSApp(
            id: try required(app.id, "id", in: "an iOS app", at: app.location),
            name: try required(app.name, "name", in: "an iOS app", at: app.location),
            teamID: try required(app.teamID, "teamID", in: "an iOS app", at: app.location),
            bundleID: try required(app.bundleID, "bundleID", in: "an iOS app", at: app.location),
            appStoreID: app.appStoreID?.value, webcredentials: app.webcredentials?.value ?? false,
            appClipBundleIDs: app.appClips.map(\.value), location: app.location)
        resolved.appFiles.files = app.entitlements
        resolved.appFiles.buildSettings = values(app.buildSettings)
        resolved.appFiles.accepted = app.accept.map(\.value)
        return resolved
    }

    /// Named values, the first of a repeated name kept (validation refuses repeats).
    private static func values(_ named: [RawNamedValue]) -> [String: String] {
        Dictionary(named.map { ($0.name.value, $0.value.value) }, uniquingKeysWith: { first, _ in first })
    }

    private static func androidApp(_ app: RawAndroidApp) throws(Unresolved) -> AndroidApp {
        let fingerprints = (app.fingerprints ?? []).compactMap { try? Identifiers.canonicalFingerprint($0.value).get() }
        var resolved = AndroidApp(
            id: try required(app.id, "id", in: "an Android app", at: app.location),
            name: try required(app.name, "name", in: "an Android app", at: app.location),
            package: try required(app.package, "package", in: "an Android app", at: app.location),
            fingerprints: fingerprints.uniqued(), webcredentials: app.webcredentials?.value ?? false,
            dynamicRules: app.dynamicRules?.value ?? true, location: app.location)
        resolved.appFiles.files = app.manifest.map { [$0] } ?? []
        resolved.appFiles.strings = values(app.strings)
        resolved.appFiles.placeholders = values(app.placeholders)
        resolved.appFiles.targetSdk = app.targetSdk
        resolved.appFiles.signingCertificate = app.signingCertificate.flatMap { certificate in
            (try? Identifiers.canonicalFingerprint(certificate.value).get()).map { Located($0, at: certificate.location) }
        }
        resolved.appFiles.accepted = app.accept.map(\.value)
        return resolved
    }

    /// A route applies to every app and every mirror-pair host unless it names them; the short
    /// host only ever carries routes that name it, since its URLs are codes, not site paths.
    private static func route(_ route: RawRoute, allAppIDs: [String], defaultHosts: [String]) throws(Unresolved) -> Route {
        let query: QueryCondition? =
            switch route.query {
            case .whole(let pattern): .whole(pattern.value)
            case .items(let items, _): .items(items.map { QueryItem(name: $0.name.value, pattern: $0.pattern.value) })
            case nil: nil
            }
        return Route(
            name: try required(route.name, "name", in: "a route", at: route.location),
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

    private static func pageType(_ page: RawPageType) throws(Unresolved) -> PageType {
        PageType(
            name: page.name.value,
            fallback: page.fallback.flatMap { PageType.Fallback(rawValue: $0.value) } ?? .store,
            webURL: page.web?.value,
            desktopURL: page.desktop?.value,
            title: try required(page.title, "title", in: "page type '\(page.name.value)'", at: page.location),
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
            appClip: page.appClip?.value ?? true,
            items: page.items,
            acceptedWarnings: page.accept.map(\.value), location: page.location,
            written: ManifestFields.pageType.values(of: page).map {
                ManifestFieldValue(key: $0.key, text: $0.value.value, isPageText: $0.kind == .text && !$0.key.contains("."))
            },
            details: page.details.compactMap { detail in
                detail.column.map { .init(column: $0.value, label: detail.label?.value ?? $0.value, location: $0.location) }
            })
    }
}

/// A value validation should have refused: a gap in validation, said as one.
package enum ResolveProblem: DiagnosticMessage {
    case missingKey(String, in: String)
    case unknownExpectation(String)

    package var text: String {
        switch self {
        case .missingKey(let key, let what):
            "missing required key '\(key)' in \(what) (validation let it through; please report this)"
        case .unknownExpectation(let written):
            "expectation '\(written)' names no route (validation let it through; please report this)"
        }
    }
}
