/// Reads a `YAMLNode` tree into a `RawManifest`, reporting shape problems (wrong types, unknown
/// keys) as it goes and carrying on, so that one run lists every problem in the file.
struct ManifestDecoder {
    private(set) var diagnostics: [Diagnostic] = []

    mutating func decode(_ root: YAMLNode) -> RawManifest? {
        guard let fields = fields(of: root, named: "the manifest", known: ManifestKeys.root) else { return nil }
        var manifest = RawManifest(location: root.location)
        manifest.version = fields["version"].flatMap { integer($0, key: "version") }
        manifest.name = fields["name"].flatMap { string($0, key: "name") }
        manifest.scheme = fields["scheme"].flatMap { string($0, key: "scheme") }
        manifest.legacyPaths = fields["legacyPaths"].flatMap { boolean($0, key: "legacyPaths") }
        if let apps = fields["apps"], let appFields = self.fields(of: apps, named: "'apps'", known: ManifestKeys.apps) {
            manifest.iosApps = appFields["ios"].flatMap { list($0, key: "ios") }?.compactMap { iosApp($0) } ?? []
            manifest.androidApps = appFields["android"].flatMap { list($0, key: "android") }?.compactMap { androidApp($0) } ?? []
        }
        manifest.domains = fields["domains"].flatMap { domains($0) }
        manifest.defaults = fields["defaults"].flatMap { ruleDefaults($0) }
        manifest.substitutionVariables = fields["substitutionVariables"].map { substitutionVariables($0) } ?? []
        manifest.routes = fields["routes"].flatMap { list($0, key: "routes") }?.compactMap { route($0) } ?? []
        manifest.pageTypes = fields["pages"].map { pageTypes($0) } ?? []
        manifest.robots = fields["robots"].flatMap { robots($0) }
        manifest.hosting = fields["hosting"].flatMap { stringList($0, key: "hosting") }
        manifest.templates = fields["templates"].flatMap { string($0, key: "templates") }
        manifest.shortLinks = fields["shortLinks"].flatMap { list($0, key: "shortLinks") }?.compactMap { shortLink($0) } ?? []
        manifest.tests = fields["tests"].flatMap { list($0, key: "tests") }?.compactMap { linkTest($0) } ?? []
        manifest.web = fields["web"].flatMap { string($0, key: "web") }
        manifest.theme = fields["theme"].flatMap { theme($0) }
        manifest.contentSecurityPolicy = fields["contentSecurityPolicy"].flatMap { allowedOrigins($0) }
        return manifest
    }

    // MARK: - Sections

    private mutating func iosApp(_ node: YAMLNode) -> RawIOSApp? {
        guard let fields = fields(of: node, named: "an iOS app", known: ManifestKeys.iosApp) else { return nil }
        var app = RawIOSApp(location: node.location)
        app.id = fields["id"].flatMap { string($0, key: "id") }
        app.name = fields["name"].flatMap { string($0, key: "name") }
        app.teamID = fields["teamID"].flatMap { string($0, key: "teamID") }
        app.bundleID = fields["bundleID"].flatMap { string($0, key: "bundleID") }
        app.appStoreID = fields["appStoreID"].flatMap { string($0, key: "appStoreID") }
        app.webcredentials = fields["webcredentials"].flatMap { boolean($0, key: "webcredentials") }
        app.appClips = fields["appClips"].flatMap { stringList($0, key: "appClips") } ?? []
        return app
    }

    private mutating func androidApp(_ node: YAMLNode) -> RawAndroidApp? {
        guard let fields = fields(of: node, named: "an Android app", known: ManifestKeys.androidApp) else { return nil }
        var app = RawAndroidApp(location: node.location)
        app.id = fields["id"].flatMap { string($0, key: "id") }
        app.name = fields["name"].flatMap { string($0, key: "name") }
        app.package = fields["package"].flatMap { string($0, key: "package") }
        app.fingerprints = fields["sha256"].flatMap { stringList($0, key: "sha256") }
        app.fingerprintsLocation = fields["sha256"]?.location
        app.webcredentials = fields["webcredentials"].flatMap { boolean($0, key: "webcredentials") }
        return app
    }

    private mutating func domains(_ node: YAMLNode) -> RawDomains? {
        guard let fields = fields(of: node, named: "'domains'", known: ManifestKeys.domains) else { return nil }
        var domains = RawDomains(location: node.location)
        domains.pairs =
            fields["pairs"].flatMap { list($0, key: "pairs") }?.compactMap { pairNode in
                guard let pair = self.fields(of: pairNode, named: "a mirror pair", known: ManifestKeys.mirrorPair) else { return nil }
                return RawMirrorPair(
                    location: pairNode.location,
                    primary: pair["primary"].flatMap { string($0, key: "primary") },
                    mirror: pair["mirror"].flatMap { string($0, key: "mirror") })
            } ?? []
        domains.short = fields["short"].flatMap { string($0, key: "short") }
        return domains
    }

    private mutating func ruleDefaults(_ node: YAMLNode) -> RawRuleDefaults? {
        guard let fields = fields(of: node, named: "'defaults'", known: ManifestKeys.defaults) else { return nil }
        return RawRuleDefaults(
            location: node.location,
            caseSensitive: fields["caseSensitive"].flatMap { boolean($0, key: "caseSensitive") },
            percentEncoded: fields["percentEncoded"].flatMap { boolean($0, key: "percentEncoded") })
    }

    private mutating func substitutionVariables(_ node: YAMLNode) -> [RawSubstitutionVariable] {
        guard case .mapping(let entries, _) = node else {
            report(expected: "a mapping of variable names to lists of values", for: "substitutionVariables", found: node)
            return []
        }
        return entries.compactMap { entry in
            guard let values = stringList(entry.value, key: entry.key.text) else { return nil }
            return RawSubstitutionVariable(name: Located(entry.key.text, at: entry.key.location), values: values)
        }
    }

    private mutating func route(_ node: YAMLNode) -> RawRoute? {
        guard let fields = fields(of: node, named: "a route", known: ManifestKeys.route) else { return nil }
        var route = RawRoute(location: node.location)
        route.name = fields["name"].flatMap { string($0, key: "name") }
        route.path = fields["path"].flatMap { string($0, key: "path") }
        route.query = fields["query"].flatMap { query($0) }
        route.fragment = fields["fragment"].flatMap { string($0, key: "fragment") }
        route.exclude = fields["exclude"].flatMap { boolean($0, key: "exclude") }
        route.comment = fields["comment"].flatMap { string($0, key: "comment") }
        route.caseSensitive = fields["caseSensitive"].flatMap { boolean($0, key: "caseSensitive") }
        route.percentEncoded = fields["percentEncoded"].flatMap { boolean($0, key: "percentEncoded") }
        route.apps = fields["apps"].flatMap { stringList($0, key: "apps") }
        route.hosts = fields["hosts"].flatMap { stringList($0, key: "hosts") }
        route.page = fields["page"].flatMap { string($0, key: "page") }
        route.accept = fields["accept"].flatMap { stringList($0, key: "accept") } ?? []
        return route
    }

    private mutating func query(_ node: YAMLNode) -> RawQuery? {
        switch node {
        case .scalar:
            return string(node, key: "query").map(RawQuery.whole)
        case .mapping(let entries, let location):
            let items = entries.compactMap { entry in
                string(entry.value, key: entry.key.text).map {
                    RawQueryItem(name: Located(entry.key.text, at: entry.key.location), pattern: $0)
                }
            }
            return .items(items, location)
        case .sequence:
            report(expected: "a string (the whole query) or a mapping of item names to patterns", for: "query", found: node)
            return nil
        }
    }

    private mutating func pageTypes(_ node: YAMLNode) -> [RawPageType] {
        guard case .mapping(let entries, _) = node else {
            report(expected: "a mapping of page type names to their settings", for: "pages", found: node)
            return []
        }
        return entries.compactMap { entry in
            let name = entry.key.text
            guard let fields = fields(of: entry.value, named: "page type '\(name)'", known: ManifestKeys.pageType) else { return nil }
            var page = RawPageType(name: Located(name, at: entry.key.location), location: entry.value.location)
            page.fallback = fields["fallback"].flatMap { string($0, key: "fallback") }
            page.web = fields["web"].flatMap { string($0, key: "web") }
            page.desktop = fields["desktop"].flatMap { string($0, key: "desktop") }
            page.title = fields["title"].flatMap { string($0, key: "title") }
            page.description = fields["description"].flatMap { string($0, key: "description") }
            page.image = fields["image"].flatMap { string($0, key: "image") }
            page.android = fields["android"].flatMap { string($0, key: "android") }
            page.iosInstall = fields["iosInstall"].flatMap { string($0, key: "iosInstall") }
            page.clipboard = fields["clipboard"].flatMap { string($0, key: "clipboard") }
            if let labelsNode = fields["labels"], let labels = self.fields(of: labelsNode, named: "'labels'", known: ManifestKeys.labels) {
                page.labels = RawButtonLabels(
                    location: labelsNode.location, open: labels["open"].flatMap { string($0, key: "open") },
                    store: labels["store"].flatMap { string($0, key: "store") }, web: labels["web"].flatMap { string($0, key: "web") })
            }
            page.nativeAttempt = fields["nativeAttempt"].flatMap { boolean($0, key: "nativeAttempt") }
            page.items = fields["items"].flatMap { string($0, key: "items") }
            if let sinceNode = fields["since"], let since = self.fields(of: sinceNode, named: "'since'", known: ManifestKeys.since) {
                page.since = ManifestKeys.since.compactMap { platform in
                    guard let versionNode = since[platform], let version = string(versionNode, key: platform),
                        let key = sinceNode.entries.first(where: { $0.key.text == platform })?.key
                    else { return nil }
                    return RawSince(platform: Located(platform, at: key.location), version: version)
                }
            }
            return page
        }
    }

    private mutating func theme(_ node: YAMLNode) -> RawTheme? {
        guard let fields = fields(of: node, named: "'theme'", known: ManifestKeys.theme) else { return nil }
        var theme = RawTheme(location: node.location)
        theme.accent = fields["accent"].flatMap { string($0, key: "accent") }
        theme.accentText = fields["accentText"].flatMap { string($0, key: "accentText") }
        theme.text = fields["text"].flatMap { string($0, key: "text") }
        theme.background = fields["background"].flatMap { string($0, key: "background") }
        theme.darkText = fields["darkText"].flatMap { string($0, key: "darkText") }
        theme.darkBackground = fields["darkBackground"].flatMap { string($0, key: "darkBackground") }
        theme.logo = fields["logo"].flatMap { string($0, key: "logo") }
        theme.icon = fields["icon"].flatMap { string($0, key: "icon") }
        theme.font = fields["font"].flatMap { string($0, key: "font") }
        return theme
    }

    private mutating func allowedOrigins(_ node: YAMLNode) -> RawAllowedOrigins? {
        guard let fields = fields(of: node, named: "'contentSecurityPolicy'", known: ManifestKeys.contentSecurityPolicy) else {
            return nil
        }
        var origins = RawAllowedOrigins(location: node.location)
        origins.scripts = fields["scripts"].flatMap { stringList($0, key: "scripts") } ?? []
        origins.connect = fields["connect"].flatMap { stringList($0, key: "connect") } ?? []
        return origins
    }

    private mutating func shortLink(_ node: YAMLNode) -> RawShortLink? {
        guard let fields = fields(of: node, named: "a short link", known: ManifestKeys.shortLink) else { return nil }
        var link = RawShortLink(location: node.location)
        link.code = fields["code"].flatMap { string($0, key: "code") }
        link.target = fields["target"].flatMap { string($0, key: "target") }
        link.comment = fields["comment"].flatMap { string($0, key: "comment") }
        return link
    }

    private mutating func robots(_ node: YAMLNode) -> RawRobots? {
        guard let fields = fields(of: node, named: "'robots'", known: ManifestKeys.robots) else { return nil }
        var robots = RawRobots(location: node.location)
        robots.sitemaps = fields["sitemaps"].flatMap { stringList($0, key: "sitemaps") } ?? []
        robots.groups =
            fields["groups"].flatMap { list($0, key: "groups") }?.compactMap { groupNode in
                guard let group = self.fields(of: groupNode, named: "a robots group", known: ManifestKeys.robotsGroup) else { return nil }
                return RawRobotsGroup(
                    location: groupNode.location,
                    userAgents: group["userAgents"].flatMap { stringList($0, key: "userAgents") },
                    allow: group["allow"].flatMap { stringList($0, key: "allow") } ?? [],
                    disallow: group["disallow"].flatMap { stringList($0, key: "disallow") } ?? [])
            } ?? []
        return robots
    }

    private mutating func linkTest(_ node: YAMLNode) -> RawLinkTest? {
        guard let fields = fields(of: node, named: "a link test", known: ManifestKeys.linkTest) else { return nil }
        var test = RawLinkTest(location: node.location)
        test.url = fields["url"].flatMap { string($0, key: "url") }
        test.app = fields["app"].flatMap { string($0, key: "app") }
        test.expect = fields["expect"].flatMap { string($0, key: "expect") }
        test.comment = fields["comment"].flatMap { string($0, key: "comment") }
        for platform in Platform.allCases {
            let key = ManifestKeys.platformKey(platform)
            if let value = fields[key].flatMap({ string($0, key: key) }) { test.platforms[platform.rawValue] = value }
        }
        return test
    }

    // MARK: - Typed readers

    /// The entries of a mapping by key; unknown keys are reported with the nearest known one.
    private mutating func fields(of node: YAMLNode, named what: String, known: [String]) -> [String: YAMLNode]? {
        guard case .mapping(let entries, _) = node else {
            diagnostics.append(.error("expected a mapping for \(what), found \(node.kindDescription)", at: node.location))
            return nil
        }
        var result: [String: YAMLNode] = [:]
        for entry in entries {
            if known.contains(entry.key.text) {
                result[entry.key.text] = entry.value
            } else {
                let hint = Suggestion.didYouMean(entry.key.text, in: known)
                let expected = hint.isEmpty ? "; expected one of \(known.map { "'\($0)'" }.joined(separator: ", "))" : hint
                diagnostics.append(.error("unknown key '\(entry.key.text)' in \(what)\(expected)", at: entry.key.location))
            }
        }
        return result
    }

    private mutating func list(_ node: YAMLNode, key: String) -> [YAMLNode]? {
        guard case .sequence(let items, _) = node else {
            report(expected: "a list", for: key, found: node)
            return nil
        }
        return items
    }

    private mutating func stringList(_ node: YAMLNode, key: String) -> [Located<String>]? {
        list(node, key: key)?.compactMap { string($0, key: key) }
    }

    private mutating func string(_ node: YAMLNode, key: String) -> Located<String>? {
        guard case .scalar(let scalar) = node, !scalar.isNull else {
            report(expected: "a string", for: key, found: node)
            return nil
        }
        return Located(scalar.text, at: scalar.location)
    }

    /// Only `true` and `false`: YAML 1.1's `yes`, `on` and friends are refused rather than
    /// guessed, because a quoted `'no'` and a plain `no` should never mean different things.
    private mutating func boolean(_ node: YAMLNode, key: String) -> Located<Bool>? {
        guard case .scalar(let scalar) = node, scalar.isPlain, ["true", "false"].contains(scalar.text) else {
            var message = "expected true or false for '\(key)', found \(node.kindDescription)"
            if let text = node.scalarText, ["yes", "no", "on", "off", "y", "n"].contains(text.lowercased()) {
                message += "; write \(["yes", "on", "y"].contains(text.lowercased()) ? "true" : "false") instead"
            }
            diagnostics.append(.error(message, at: node.location))
            return nil
        }
        return Located(scalar.text == "true", at: scalar.location)
    }

    private mutating func integer(_ node: YAMLNode, key: String) -> Located<Int>? {
        guard case .scalar(let scalar) = node, scalar.isPlain, let value = Int(scalar.text) else {
            report(expected: "a whole number", for: key, found: node)
            return nil
        }
        return Located(value, at: scalar.location)
    }

    private mutating func report(expected: String, for key: String, found node: YAMLNode) {
        diagnostics.append(.error("expected \(expected) for '\(key)', found \(node.kindDescription)", at: node.location))
    }
}

extension YAMLNode {
    fileprivate var entries: [Entry] {
        if case .mapping(let entries, _) = self { return entries }
        return []
    }
}

/// The keys each manifest section accepts: the single list both the decoder and the README's
/// reference are checked against.
public enum ManifestKeys {
    public static let root = [
        "version", "name", "scheme", "legacyPaths", "apps", "domains", "defaults", "substitutionVariables", "routes", "pages",
        "robots", "tests", "hosting", "templates", "shortLinks", "web", "theme", "contentSecurityPolicy",
    ]
    public static let apps = ["ios", "android"]
    public static let iosApp = ["id", "name", "teamID", "bundleID", "appStoreID", "webcredentials", "appClips"]
    public static let androidApp = ["id", "name", "package", "sha256", "webcredentials"]
    public static let domains = ["pairs", "short"]
    public static let mirrorPair = ["primary", "mirror"]
    public static let defaults = ["caseSensitive", "percentEncoded"]
    public static let route = [
        "name", "path", "query", "fragment", "exclude", "comment", "caseSensitive", "percentEncoded", "apps", "hosts", "page", "accept",
    ]
    public static let pageType = [
        "fallback", "web", "desktop", "title", "description", "image", "since", "android", "iosInstall", "clipboard", "nativeAttempt",
        "items", "labels",
    ]
    public static let labels = ["open", "store", "web"]
    public static let theme = ["accent", "accentText", "text", "background", "darkText", "darkBackground", "logo", "icon", "font"]
    public static let contentSecurityPolicy = ["scripts", "connect"]
    public static let shortLink = ["code", "target", "comment"]
    public static let since = ["ios", "android"]
    public static let robots = ["groups", "sitemaps"]
    public static let robotsGroup = ["userAgents", "allow", "disallow"]
    public static let linkTest = ["url", "app", "expect", "comment"] + Platform.allCases.map(platformKey)

    /// How a link test names a platform: `ios`, `iosLegacy`, `android`.
    public static func platformKey(_ platform: Platform) -> String {
        switch platform {
        case .ios: "ios"
        case .iosLegacy: "iosLegacy"
        case .android: "android"
        case .androidLegacy: "androidLegacy"
        }
    }

    public static let all = [
        root, apps, iosApp, androidApp, domains, mirrorPair, defaults, route, pageType, since, robots, robotsGroup, linkTest,
        shortLink, labels, theme, contentSecurityPolicy,
    ]
}
