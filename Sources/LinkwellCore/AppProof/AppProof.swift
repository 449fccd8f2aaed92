/// The app side held against the web side, per app and host: every host an app's own files
/// claim is served a file that names the app (package and a certificate it is signed with; app
/// ID for the service), every host the site associates with the app is claimed by it, and where
/// both platforms' apps claim a host, the URLs one opens and the other does not, by region, with
/// witnesses (app-side-reference §1; `linkwell app`, `validate`).
package struct AppProof: Sendable {
    /// What one host serves.
    package struct Served: Sendable {
        package var host: String
        package var aasa: JSONValue?
        package var assetLinks: JSONValue?

        package init(host: String, aasa: JSONValue?, assetLinks: JSONValue?) {
            self.host = host
            self.aasa = aasa
            self.assetLinks = assetLinks
        }
    }

    package struct IOSApp: Sendable {
        package var id: String
        /// `TEAM.bundle`.
        package var appID: String
        package var clipIDs: [String] = []
        package var entitlements: [AppEntitlements]
        /// Where site.yaml names the app (nil on the command line).
        package var location: SourceLocation?
    }

    package struct AndroidApp: Sendable {
        package var id: String
        package var package: String
        package var handling: AndroidLinkHandling
        /// The signing certificate's fingerprints, when given.
        package var certificates: [String]?
        /// The fingerprints site.yaml lists (nil on the command line).
        package var listed: [Located<String>]?
        package var location: SourceLocation?

        package init(
            id: String, package: String, handling: AndroidLinkHandling, certificates: [String]?, listed: [Located<String>]? = nil,
            location: SourceLocation? = nil
        ) {
            self.id = id
            self.package = package
            self.handling = handling
            self.certificates = certificates
            self.listed = listed
            self.location = location
        }
    }

    /// One thing the proof found, as the diagnostic it prints as, for one app.
    package struct Finding: Sendable, Hashable {
        package var app: String
        package var diagnostic: Diagnostic
    }

    package private(set) var findings: [Finding] = []
    /// Per Android app id, the hosts its links are verified on (Android 12+, per host).
    package private(set) var verifiedHosts: [String: [String]] = [:]
    /// The (app, host) pairs held across platforms, and how many of them were proved alike.
    package internal(set) var platformComparisons = 0
    package internal(set) var platformProofs = 0

    package var failed: Bool { findings.contains { $0.diagnostic.severity == .error } }

    /// Files given one by one: each claim against them, and where an iOS and an Android app
    /// both claim a host, the two platforms against each other.
    package init(served: [Served], ios: [IOSApp], android: [AndroidApp], budget: EngineBudget = .default) {
        self.init(served: served, ios: ios, android: android, site: nil, budget: budget)
    }

    /// With a site, an Android app's filters are held against its routes instead (what the
    /// routes send to the app on iOS and Android 15+ is the same by construction; the build's
    /// `android-manifest-loss` says where Android 14's filters cannot follow a route).
    init(served: [Served], ios: [IOSApp], android: [AndroidApp], site: Site?, budget: EngineBudget) {
        let byHost = Dictionary(served.map { ($0.host, $0) }, uniquingKeysWith: { first, _ in first })
        for app in android { check(app, byHost: byHost, served: served) }
        for app in ios { check(app, byHost: byHost, served: served) }
        if let site {
            compareWithRoutes(site: site, android: android, budget: budget)
        } else {
            comparePlatforms(ios: ios, android: android, byHost: byHost, budget: budget)
        }
    }

    mutating func add(_ app: String, _ diagnostic: Diagnostic) {
        findings.append(Finding(app: app, diagnostic: diagnostic))
    }

    // MARK: - Android

    private mutating func check(_ app: AndroidApp, byHost: [String: Served], served: [Served]) {
        let handling = app.handling
        let manifestAt = SourceLocation(file: handling.manifest.file, line: 1, column: 1)
        if let declared = handling.manifest.package, declared.value != app.package {
            add(
                app.id,
                .error(AppClaimProblem.renamedPackage(app: app.id, site: app.package, manifest: declared.value), at: declared.location))
        }
        if handling.targetSdk < AndroidLinkHandling.restrictDomainsSince {
            add(
                app.id,
                Diagnostic(
                    .note, AppClaimNote.legacyCollection(targetSdk: handling.targetSdk),
                    at: handling.manifest.targetSdk?.location ?? manifestAt))
        }
        for (filter, reason) in handling.notCollected {
            add(app.id, .lint(AppClaimWarning.filterNotVerified(activity: filter.activity, reason: reason), at: filter.location))
        }
        for host in handling.invalidHosts {
            add(app.id, .error(AppClaimProblem.invalidHost(host.value), at: host.location))
        }
        if app.certificates == nil {
            add(app.id, Diagnostic(.note, AppClaimNote.certificateNotGiven(app: app.id), at: app.location ?? manifestAt))
        }
        var verified: [String] = []
        var failing: [String] = []
        for claim in handling.verificationHosts {
            let fileHost = AndroidLinkHandling.fileHost(of: claim.value)
            guard let links = byHost[fileHost]?.assetLinks else {
                add(app.id, .error(AppClaimProblem.unserved(claim: claim.value, fileHost: fileHost), at: claim.location))
                failing.append(claim.value)
                continue
            }
            if let rejection = StatementListCheck.rejection(of: links) {
                add(app.id, .error(AppClaimProblem.rejected(fileHost: fileHost, reason: rejection.description), at: claim.location))
                failing.append(claim.value)
                continue
            }
            guard let listed = StatementListCheck.verifiedPackages(links)[app.package] else {
                add(
                    app.id,
                    .error(
                        AppClaimProblem.notNamed(
                            claim: claim.value, fileHost: fileHost, file: "assetlinks.json", identifier: app.package,
                            section: "a handle_all_urls statement"), at: claim.location))
                failing.append(claim.value)
                continue
            }
            if let certificates = app.certificates, listed.isDisjoint(with: certificates) {
                add(
                    app.id,
                    .error(
                        AppClaimProblem.wrongCertificate(
                            claim: claim.value, fileHost: fileHost, listed: listed.sorted(), signing: certificates),
                        at: claim.location))
                failing.append(claim.value)
                continue
            }
            verified.append(claim.value)
        }
        if !failing.isEmpty, !verified.isEmpty {
            add(app.id, Diagnostic(.note, AppClaimNote.allOrNothing(failing: failing.joined(separator: ", ")), at: manifestAt))
        }
        verifiedHosts[app.id] = served.map(\.host).filter { host in verified.contains { AndroidLinkHandling.covers($0, host) } }
        for host in verifiedHosts[app.id] ?? [] {
            // Verified, yet no filter takes the host's https links at all.
            guard let url = URLParts("https://\(host)/") else { continue }
            let takes = handling.linkFilters.contains { filter in
                filter.schemes.contains("https")
                    && (filter.authorities.isEmpty || filter.authorities.contains { AndroidLinkHandling.authority($0, takes: url) })
            }
            if !takes { add(app.id, .error(AppClaimProblem.noLinkFilter(claim: host), at: manifestAt)) }
        }
        // Every host whose served file names the package: claimed by the app, or it never receives those links.
        for entry in served {
            guard let links = entry.assetLinks, StatementListCheck.verifiedPackages(links)[app.package] != nil else { continue }
            let claimed = handling.verificationHosts.contains { AndroidLinkHandling.covers($0.value, entry.host) }
            // An apex whose file serves the app's `*.apex` claim needs no claim of its own.
            let servesWildcard = handling.verificationHosts.contains { $0.value.lowercased() == "*." + entry.host }
            if !claimed, !servesWildcard {
                add(
                    app.id,
                    .lint(AppClaimWarning.unclaimedHost(host: entry.host, file: handling.manifest.file), at: app.location ?? manifestAt))
            }
        }
        if let certificates = app.certificates, let listed = app.listed {
            for fingerprint in listed where !certificates.contains(fingerprint.value) {
                add(app.id, .lint(AppClaimWarning.unusedFingerprint(fingerprint.value), at: fingerprint.location))
            }
        }
    }

    // MARK: - iOS

    private mutating func check(_ app: IOSApp, byHost: [String: Served], served: [Served]) {
        for file in app.entitlements {
            let fileAt = SourceLocation(file: file.file, line: 1, column: 1)
            if let stated = file.applicationIdentifier, stated.value != app.appID {
                add(
                    app.id,
                    .error(AppClaimProblem.renamedAppID(file: file.file, site: app.appID, stated: stated.value), at: stated.location))
            }
            guard let domains = file.domains else {
                add(app.id, .error(AppClaimProblem.noDomains(file: file.file), at: fileAt))
                continue
            }
            let modal = domains.filter { !$0.modes.isEmpty }
            if let first = modal.first {
                add(app.id, Diagnostic(.note, AppClaimNote.developerMode(claims: modal.map(\.text)), at: first.location))
            }
            for domain in domains {
                guard let aasa = byHost[domain.host]?.aasa else {
                    add(app.id, .error(AppClaimProblem.unserved(claim: domain.text, fileHost: domain.host), at: domain.location))
                    continue
                }
                let (names, section, identifier) = Self.names(aasa, domain.service, app: app)
                if !names {
                    add(
                        app.id,
                        .error(
                            AppClaimProblem.notNamed(
                                claim: domain.text, fileHost: domain.host, file: "the apple-app-site-association", identifier: identifier,
                                section: section), at: domain.location))
                }
            }
            for entry in served {
                guard let aasa = entry.aasa, Self.names(aasa, .applinks, app: app).names else { continue }
                let links = domains.filter { $0.service == .applinks }
                let claimed = links.contains { $0.covers(entry.host) }
                let servesWildcard = links.contains { $0.wildcard && $0.host == entry.host }
                if !claimed, !servesWildcard {
                    add(app.id, .lint(AppClaimWarning.unclaimedHost(host: entry.host, file: file.file), at: app.location ?? fileAt))
                }
            }
        }
    }

    /// Whether an AASA names the app for a service, with the section and identifier looked for.
    static func names(_ aasa: JSONValue, _ service: AppEntitlements.AssociatedDomain.Service, app: IOSApp) -> (
        names: Bool, section: String, identifier: String
    ) {
        func apps(_ key: String) -> [String] { aasa[key]?["apps"]?.array?.compactMap(\.string) ?? [] }
        switch service {
        case .applinks:
            let details = aasa["applinks"]?["details"]?.array ?? []
            let named = details.contains { detail in
                detail["appID"]?.string == app.appID || (detail["appIDs"]?.array ?? []).contains { $0.string == app.appID }
            }
            return (named, "applinks.details", app.appID)
        case .webcredentials: return (apps("webcredentials").contains(app.appID), "webcredentials.apps", app.appID)
        case .activitycontinuation: return (apps("activitycontinuation").contains(app.appID), "activitycontinuation.apps", app.appID)
        case .appclips:
            let clips = app.clipIDs.isEmpty ? apps("appclips").filter { $0.hasPrefix(app.appID + ".") } : app.clipIDs
            let named = !clips.isEmpty && clips.allSatisfy(apps("appclips").contains)
            return (named, "appclips.apps", clips.isEmpty ? "an App Clip of \(app.appID)" : clips.joined(separator: ", "))
        }
    }
}
