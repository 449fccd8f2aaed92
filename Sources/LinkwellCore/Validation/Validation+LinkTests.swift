extension Validation {
    static func checkLinkTests(_ manifest: RawManifest) -> [Diagnostic] {
        let routeNames = manifest.routes.compactMap(\.name?.value)
        let appIDs = (manifest.iosApps.compactMap(\.id) + manifest.androidApps.compactMap(\.id)).map(\.value)
        var found: [Diagnostic] = []
        for test in manifest.tests {
            guard let url = test.url else { continue }
            if let parts = URLParts(url.value), ["https", "http"].contains(parts.scheme) {
            } else {
                found.append(.error(LinkTestProblem.badURL(url.value), at: url.location))
            }
            if test.expect == nil, test.platforms.isEmpty {
                let keys = ["expect"] + Platform.allCases.map(ManifestKeys.platformKey)
                found.append(.error(LinkTestProblem.expectsNothing(url.value, keys: keys), at: test.location))
            }
            if let app = test.app, !appIDs.contains(app.value) {
                found.append(.error(LinkTestProblem.unknownApp(app.value, known: appIDs), at: app.location))
            }
            let available = platforms(of: test.app?.value, in: manifest)
            for (platformName, written) in test.platforms.sorted(by: { $0.value.location < $1.value.location }) {
                guard let platform = Platform(rawValue: platformName) else { continue }
                if !available.contains(platform) {
                    found.append(.error(LinkTestProblem.platformNotServed(platform, app: test.app?.value), at: written.location))
                }
            }
            for written in [test.expect].compactMap({ $0 }) + test.platforms.values
            where expectation(written.value, routes: manifest.routes) == nil {
                found.append(.error(LinkTestProblem.unknownExpectation(written.value, routes: routeNames), at: written.location))
            }
        }
        return found
    }

    /// The platforms a test can expect something of: those the manifest serves, narrowed to
    /// the platforms of `app` when the test names one.
    static func platforms(of app: String?, in manifest: RawManifest) -> [Platform] {
        let ios = app == nil ? !manifest.iosApps.isEmpty : manifest.iosApps.contains { $0.id?.value == app }
        let android = app == nil ? !manifest.androidApps.isEmpty : manifest.androidApps.contains { $0.id?.value == app }
        var platforms: [Platform] = []
        if ios { platforms += manifest.legacyPaths?.value == false ? [.ios] : [.ios, .iosLegacy] }
        if android { platforms += [.android, .androidLegacy] }
        return platforms
    }
}

extension Validation {
    /// `opens`, `blocked`, `web`, `browser`, or a route's name (opening through it, or excluded by it).
    static func expectation(_ text: String, routes: [RawRoute]) -> LinkTest.Expectation? {
        switch text {
        case "opens": return .opens(route: nil)
        case "blocked": return .blocked(route: nil)
        case "web": return .web
        case "browser": return .browser
        default:
            guard let route = routes.first(where: { $0.name?.value == text }) else { return nil }
            return route.exclude?.value == true ? .blocked(route: text) : .opens(route: text)
        }
    }
}

/// What the link-test checks find.
package enum LinkTestProblem: DiagnosticMessage {
    case badURL(String)
    case expectsNothing(String, keys: [String])
    case unknownApp(String, known: [String])
    case platformNotServed(Platform, app: String?)
    case unknownExpectation(String, routes: [String])

    package var text: String {
        switch self {
        case .badURL(let url):
            "link test URL '\(url)' must be an absolute https:// URL"
        case .expectsNothing(let url, let keys):
            "link test '\(url)' expects nothing; add one of \(keys.map { "'\($0)'" }.joined(separator: ", "))"
        case .unknownApp(let app, let known):
            "link test names unknown app '\(app)'\(Suggestion.didYouMean(app, in: known))"
        case .platformNotServed(let platform, let app):
            "link test expects something of \(platform.displayName), but "
                + (app.map { "app '\($0)' has no \(platform.displayName) version" } ?? "this manifest does not serve it")
        case .unknownExpectation(let written, let routes):
            "unknown expectation '\(written)'"
                + Suggestion.didYouMean(
                    written, in: LinkTest.Expectation.keywords + routes,
                    otherwise: "; expected 'opens', 'blocked', 'web', 'browser' or a route name")
        }
    }
}
