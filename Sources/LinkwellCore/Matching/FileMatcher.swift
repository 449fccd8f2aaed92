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

    package init(aasa: JSONValue?, appIDs: [String], assetLinks: JSONValue?, packages: [String], host: String?) {
        self.aasa = aasa.map { (AASAMatcher(document: $0, form: .components), AASAMatcher(document: $0, form: .legacyPaths)) }
        self.appIDs = appIDs
        self.android = assetLinks.map(AndroidDynamicMatcher.init)
        self.packages = packages
        self.host = host
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
            let onHost = host.map { $0.lowercased() == url.host } ?? true
            for package in packages.isEmpty ? android.packageNames : packages {
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
}
