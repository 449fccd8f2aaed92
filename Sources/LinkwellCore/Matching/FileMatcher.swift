/// Any production `apple-app-site-association` and/or `assetlinks.json`, with the apps to ask
/// about (default: every app the files name), taken as served by `host` or by each URL's host.
package struct FileMatcher: Sendable {
    /// Why `document` cannot be matched against as an apple-app-site-association, nil when it
    /// can: an AASA is an object with `applinks`; anything else would match nothing and say so
    /// as if it were true.
    package static func aasaProblem(_ document: JSONValue) -> String? {
        guard case .object(let fields) = document else {
            return "the file is \(document.kindName), not an apple-app-site-association (a JSON object with \"applinks\")"
        }
        guard fields["applinks"] != nil else { return "the file has no \"applinks\": there is no rule to match URLs against" }
        return nil
    }

    package var aasa: (components: AASAMatcher, legacy: AASAMatcher)?
    package var appIDs: [String]
    package var android: AndroidDynamicMatcher?
    package var packages: [String]
    package var host: String?
    /// The Android app's own manifest, where one is given: its package's links are decided by
    /// its real intent filters instead of "the app's own intent filters decide".
    package var app: (package: String, handling: AndroidLinkHandling)?

    package init(
        aasa: JSONValue?, appIDs: [String], assetLinks: JSONValue?, packages: [String], host: String?,
        app: (package: String, handling: AndroidLinkHandling)? = nil
    ) {
        self.aasa = aasa.map { (AASAMatcher(document: $0, form: .components), AASAMatcher(document: $0, form: .legacyPaths)) }
        self.appIDs = appIDs
        self.android = assetLinks.map(AndroidDynamicMatcher.init)
        self.packages = packages
        self.host = host
        self.app = app
    }

    package func decisions(for text: String, url: URLParts) -> [LinkDecision] {
        var decisions: [LinkDecision] = []
        forEachDecision(for: text, url: url) { decisions.append(copy $0) }
        return decisions
    }

    /// Each decision handed over as it is made, never collected: `match --stdin` writes each
    /// one straight out.
    package func forEachDecision(for text: String, url: URLParts, _ body: (borrowing LinkDecision) -> Void) {
        if let aasa {
            let apps = appIDs.isEmpty ? (aasa.components.appIDs + aasa.legacy.appIDs).uniqued() : appIDs
            for app in apps {
                body(
                    LinkDecision(
                        url: text, platform: .ios, host: host ?? url.host, app: app, appIdentifier: app,
                        decision: aasa.components.decide(url, appID: app, host: host)))
                body(
                    LinkDecision(
                        url: text, platform: .iosLegacy, host: host ?? url.host, app: app, appIdentifier: app,
                        decision: aasa.legacy.decide(url, appID: app, host: host)))
            }
        }
        if let android {
            let named = packages.isEmpty ? (android.packageNames + (app.map { [$0.package] } ?? [])).uniqued() : packages
            for package in named {
                if let app, app.package == package {
                    for decision in appDecisions(text, url, android: android, app: app) { body(decision) }
                    continue
                }
                let onHost = host.map { $0.lowercased() == url.host } ?? true
                for platform in [Platform.android, .androidLegacy] {
                    let decision = onHost ? android.decide(url, package: package, platform: platform) : .noMatch
                    body(
                        LinkDecision(
                            url: text, platform: platform, host: host ?? url.host, app: package, appIdentifier: package, decision: decision)
                    )
                }
            }
        }
    }

    /// The given app's package decided by its own manifest: the file must verify it for the
    /// URL's host (served by that host, or by the apex for a `*.` host the app names), the app
    /// must ask for that host's verification, and then its filters decide
    /// (`AndroidLinkHandling.decisions`).
    private func appDecisions(
        _ text: String, _ url: URLParts, android: AndroidDynamicMatcher, app: (package: String, handling: AndroidLinkHandling)
    ) -> [LinkDecision] {
        let served = host?.lowercased() ?? url.host
        let file = app.handling.manifest.file
        let asked = app.handling.verificationHosts.first { declared in
            AndroidLinkHandling.covers(declared.value, url.host) && AndroidLinkHandling.fileHost(of: declared.value) == served
        }
        func both(_ decision: MatchDecision) -> [LinkDecision] {
            [Platform.android, .androidLegacy].map {
                LinkDecision(url: text, platform: $0, host: served, app: app.package, appIdentifier: app.package, decision: decision)
            }
        }
        let verified = android.decide(url, package: app.package, platform: .androidLegacy)
        guard verified.outcome == .intentFilters else { return both(verified) }
        guard asked != nil else {
            return both(
                MatchDecision(
                    outcome: .noMatch,
                    ruleText: "\(file) does not ask Android to verify \(url.host)"
                        + (served == url.host ? "" : " through \(served)'s file")
                        + " (no collected autoVerify filter names it), so no Android version opens its links"))
        }
        let decided = app.handling.decisions(url, dynamic: android.decide(url, package: app.package))
        return [
            LinkDecision(
                url: text, platform: .android, host: served, app: app.package, appIdentifier: app.package, decision: decided.android),
            LinkDecision(
                url: text, platform: .androidLegacy, host: served, app: app.package, appIdentifier: app.package,
                decision: decided.androidLegacy),
        ]
    }
}
