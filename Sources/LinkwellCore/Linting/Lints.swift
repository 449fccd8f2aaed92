/// Warnings about rules that are valid but will not do what their author meant. Each has a code
/// the entry it is reported at can list under `accept` to say "I mean this"; `--strict` makes the
/// rest errors.
package enum Lints {

    /// Warn once the largest AASA passes this share of the limit.
    static let sizeWarningShare = 0.8

    /// `matcher`: the build's matcher of `files`, shared with the shadowing lint.
    package static func run(site: Site, plan: BuildPlan, files: [OutputFile], matcher: SiteMatcher? = nil) -> [Diagnostic] {
        let found =
            shadowedRules(site, plan: plan, files: files, matcher: matcher) + patternsWithoutLeadingSlash(site) + questionMarksInPaths(site)
            + singlePlatformRoutes(site) + singleMirrorRoutes(site)
            + androidManifestLosses(site) + sinceOnShortHost(site) + originOnShortHost(site)
        return unaccepted(found + sizeNearLimit(site: site, files: files) + hostingLimits(site), site: site)
    }

    /// GitHub Pages serves files as they are: it cannot rewrite a route's URLs to its page, nor
    /// redirect a short link, nor set a Content-Type. Said at build time, with what to put in front.
    static func hostingLimits(_ site: Site) -> [Diagnostic] {
        guard site.hosting == [.githubPages] else { return [] }
        let paged = site.routes.filter { $0.pageType != nil && !$0.exclude }
        var found: [Diagnostic] = []
        if let first = paged.first {
            found.append(.lint(LintFinding.routePagesNotServed(count: paged.count, first: first.name), at: first.location))
        }
        if let first = site.shortLinks.first {
            found.append(.lint(LintFinding.shortLinksNotRedirected, at: first.location))
        }
        return found
    }

    /// Drops warnings that the entry they are reported at (a route, a short link, `defaults`)
    /// accepts.
    static func unaccepted(_ diagnostics: [Diagnostic], site: Site) -> [Diagnostic] {
        diagnostics.filter { diagnostic in
            guard diagnostic.severity == .warning, let code = diagnostic.code?.rawValue, let location = diagnostic.location else {
                return true
            }
            let lists =
                site.routes.filter { $0.location == location }.map(\.acceptedWarnings)
                + site.shortLinks.filter { $0.location == location }.map(\.acceptedWarnings)
                + site.pageTypes.filter { $0.location == location }.map(\.acceptedWarnings)
                + (site.defaults.location == location ? [site.defaults.acceptedWarnings] : [])
            return !lists.contains { $0.contains(code) }
        }
    }

    // MARK: - Shadowing

    /// A build's exact lints (which routes decide, `RouteReachability`; what older platforms lose,
    /// `PlatformLosses`) share the default budget: half each, split again among their walks.
    static let walkBudget = EngineBudget.default.share(of: 2)

    /// Routes that never decide on some platform reading, proved by `RouteReachability`; the
    /// message names the routes that decide their URLs instead, and where the route still decides.
    static func shadowedRules(
        _ site: Site, plan: BuildPlan, files: [OutputFile], matcher: SiteMatcher? = nil, budget: EngineBudget = walkBudget
    ) -> [Diagnostic] {
        let reachability = RouteReachability(site: site, plan: plan, files: files, matcher: matcher, budget: budget)
        return site.routes.compactMap { route in
            guard let finding = reachability.finding(route.name), !finding.dead.isEmpty else { return nil }
            // What is known of the routes that take its URLs, per platform where it is dead;
            // platforms that share it are named together.
            var groups: [(cover: ShadowCover, platforms: [Platform])] = []
            for platform in finding.dead {
                let cover = ShadowCover(finding, platform: platform, routes: site.routes, route: route)
                if let index = groups.firstIndex(where: { $0.cover == cover }) {
                    groups[index].platforms.append(platform)
                } else {
                    groups.append((cover, [platform]))
                }
            }
            // Platforms where the walk stopped before deciding either way: nothing is said of them
            // but that (a route is "never" anything only where that was proved).
            let open = finding.unproved.subtracting(finding.decides.keys).sorted()
            var rest: [String] = []
            if !finding.decides.isEmpty {
                let still = finding.decides.sorted { $0.key < $1.key }.map { "\($0.key.displayName), e.g. \($0.value)" }
                rest.append("it still decides on \(still.joined(separator: "; "))")
            }
            if !open.isEmpty {
                rest.append(
                    "on \(open.map(\.displayName).joined(separator: ", ")) it is not proven either way (the exact walk stopped at its budget)"
                )
            }
            let message: String
            if groups.count == 1, rest.isEmpty {
                message = shadowMessage(route, groups[0].cover)
            } else if groups.count == 1 {
                let platforms = groups[0].platforms.map(\.displayName).joined(separator: ", ")
                message = "\(shadowMessage(route, groups[0].cover, on: platforms)); \(rest.joined(separator: "; "))"
            } else {
                let clauses = groups.map { "on \($0.platforms.map(\.displayName).joined(separator: ", ")): \($0.cover.clause)" }
                message = (["route '\(route.name)' never decides \(clauses.joined(separator: "; "))"] + rest).joined(separator: "; ")
            }
            return .lint(LintFinding.shadowed(message), at: route.location)
        }
    }

    /// `on`: the platforms it holds for, when the route still decides elsewhere or is not proven.
    static func shadowMessage(_ route: Route, _ cover: ShadowCover, on platforms: String? = nil) -> String {
        let there = platforms.map { " on \($0)" } ?? ""
        let coverers: [Route]
        switch cover {
        case .one(let cover):
            // Which earlier routes take its URLs first (and whether they open the app) is not known.
            return route.exclude
                ? "exclusion '\(route.name)' never takes effect\(there): route '\(cover.name)' comes first and matches every URL it would exclude"
                : "route '\(route.name)' never decides\(there): route '\(cover.name)' comes first and matches every URL it matches"
        case .some:
            return "route '\(route.name)' never decides\(there): \(cover.clause)"
        case .all(let routes):
            coverers = routes
        }
        let names = coverers.map { "'\($0.name)'" }.joined(separator: ", ")
        guard !coverers.isEmpty else { return "route '\(route.name)' matches no URL\(there)" }
        let first = coverers.count == 1 ? "route \(names) comes first and matches" : "routes \(names) come first and together match"
        if route.exclude, coverers.allSatisfy({ !$0.exclude }) {
            return
                "exclusion '\(route.name)' never takes effect\(there): \(first) every URL it would exclude, and the first match wins; move the exclusion before \(coverers.count == 1 ? "it" : "them")"
        }
        if !route.exclude, coverers.allSatisfy(\.exclude) {
            return "route '\(route.name)' never opens the app\(there): \(first) every URL it matches and keeps it in the browser"
        }
        return platforms == nil
            ? "route '\(route.name)' can never decide anything: \(first) every URL it matches"
            : "route '\(route.name)' never decides\(there): \(first) every URL it matches"
    }

    // MARK: - Other rule lints

    /// `*/terms/*`: whether Apple's `*` absorbs the path's own leading slash has no recorded
    /// outcome (spec-reference §7), so the pattern's meaning on iOS is not pinned down.
    static func patternsWithoutLeadingSlash(_ site: Site) -> [Diagnostic] {
        site.routes.compactMap { route in
            guard let path = route.path, !path.hasPrefix("/"), !PatternSyntax.isCatchAll(path) else { return nil }
            let rest = path.drop { $0 == "*" }
            let suggestion = path.hasPrefix("*") ? "'/*\(rest)' or '\(rest.hasPrefix("/") ? "" : "/")\(rest)'" : "'/\(path)'"
            return .lint(LintFinding.pathWithoutSlash(path, route: route.name, suggestion: suggestion), at: route.location)
        }
    }

    /// `/detail/?id=*` reads like a query condition but is a one-character wildcard in a path.
    static func questionMarksInPaths(_ site: Site) -> [Diagnostic] {
        site.routes.compactMap { route in
            guard let path = route.path, let mark = path.firstIndex(of: "?") else { return nil }
            let after = path[path.index(after: mark)...]
            guard after.contains("=") || after.first.map({ $0.isLetter }) == true && !after.hasPrefix("*") else { return nil }
            return .lint(LintFinding.questionMarkInPath(path, route: route.name), at: route.location)
        }
    }

    static func singlePlatformRoutes(_ site: Site) -> [Diagnostic] {
        guard !site.iosApps.isEmpty, !site.androidApps.isEmpty else { return [] }
        return site.routes.compactMap { route in
            guard !route.exclude else { return nil }
            let ios = site.iosApps.contains { route.apps.contains($0.id) }
            let android = site.androidApps.contains { route.apps.contains($0.id) }
            guard ios != android else { return nil }
            let (on, off) = ios ? ("iOS", "Android") : ("Android", "iOS")
            return .lint(LintFinding.singlePlatform(route: route.name, on: on, off: off, apps: route.apps), at: route.location)
        }
    }

    /// A route on one host of a pair only: the preview button on the other host leads to a URL
    /// the app does not open, or the other way round.
    static func singleMirrorRoutes(_ site: Site) -> [Diagnostic] {
        site.routes.flatMap { route in
            site.mirrorPairs.compactMap { pair -> Diagnostic? in
                let onPrimary = route.hosts.contains(pair.primary)
                guard onPrimary != route.hosts.contains(pair.mirror) else { return nil }
                let (on, off) = onPrimary ? (pair.primary, pair.mirror) : (pair.mirror, pair.primary)
                return .lint(
                    LintFinding.singleMirror(route: route.name, on: on, off: off, excludes: route.exclude), at: route.location)
            }
        }
    }

    /// Each key is documented on its own, the combination is not: `since` makes a page send
    /// phones without the app (or with an older one) to the web, never to a store, since it
    /// cannot tell them apart; on the short host, whose links are how new people arrive (an
    /// invite, a referral), that page's whole purpose is an install.
    static func sinceOnShortHost(_ site: Site) -> [Diagnostic] {
        guard let short = site.shortHost else { return [] }
        return site.routes.compactMap { route -> Diagnostic? in
            guard !route.exclude, route.hosts.contains(short), let name = route.pageType,
                let page = site.pageTypes.first(where: { $0.name == name }), page.fallback == .store,
                page.sinceIOS != nil || page.sinceAndroid != nil
            else { return nil }
            return .lint(LintFinding.sinceOnShortHost(route: route.name, page: name, host: short), at: route.location)
        }
    }

    /// `{origin}{path}` reads as "the same page on this market's site"; the short host has no
    /// market (its `{origin}` is the manifest's web home) and its paths are codes, so a desktop
    /// (and `fallback: web`) would land on a page the web site does not have.
    static func originOnShortHost(_ site: Site) -> [Diagnostic] {
        guard let short = site.shortHost else { return [] }
        return site.routes.compactMap { route -> Diagnostic? in
            guard !route.exclude, route.hosts.contains(short), let name = route.pageType,
                let page = site.pageTypes.first(where: { $0.name == name }),
                let template = [page.desktopURL, page.webURL].compactMap({ $0 }).first(where: {
                    $0.hasPrefix("{origin}") && $0.contains("{path}")
                }),
                let links = PageHost.of(short, in: site).map({ PageLinks(site: site, page: page, host: $0) }),
                let web = links.desktop ?? links.web
            else { return nil }
            let example = URLTemplate.Compiled(web).expand(path: "/Ab3dE", query: "", primaryHost: short)
            return .lint(
                LintFinding.originOnShortHost(route: route.name, page: name, host: short, template: template, example: example),
                at: route.location)
        }
    }

    /// What Android 14 and earlier do instead, for routes that reach them. An exclusion only
    /// matters there when an include's filter lets some of its URLs through.
    static func androidManifestLosses(_ site: Site) -> [Diagnostic] {
        let expander = VariableExpander(variables: site.substitutionVariables)
        let androidRoutes = site.routes.filter { route in site.androidApps.contains { route.apps.contains($0.id) } }
        let includes = androidRoutes.filter { !$0.exclude }.map {
            ($0, AndroidManifestPaths(route: $0, defaults: site.defaults, expander: expander))
        }
        let everyPathOpens = includes.contains { $0.1.attributes.isEmpty }
        // Each include's literal starts, worked out once: every exclusion is compared with every include.
        let includeStarts = includes.map { $0.1.attributes.map(Self.literalStart) }
        var found: [Diagnostic] = []
        var nextInclude = 0
        for route in androidRoutes {
            if route.exclude {
                let start = AndroidManifestPaths.literalStart(of: route.path ?? "*")
                let through = includes.indices.first { index in
                    let include = includes[index].0
                    guard include.hosts.contains(where: route.hosts.contains), include.apps.contains(where: route.apps.contains) else {
                        return false
                    }
                    return includeStarts[index].isEmpty || includeStarts[index].contains { $0.hasPrefix(start) || start.hasPrefix($0) }
                }
                guard let through else { continue }
                found.append(
                    .lint(LintFinding.exclusionOpensOnOldAndroid(route.name, through: includes[through].0.name), at: route.location))
                continue
            }
            // `includes` holds the routes that are not exclusions, in this order.
            let paths = includes[nextInclude].1
            nextInclude += 1
            if !everyPathOpens || paths.attributes.isEmpty {
                // Once one route opens every path, only that route's losses say anything.
                found += paths.losses.map {
                    .lint(LintFinding.oldAndroidLoss(route: route.name, $0), at: route.location)
                }
            }
        }
        return found
    }

    private static func literalStart(of matcher: AndroidPathMatcher) -> String {
        switch matcher {
        case .path(let value), .prefix(let value): value
        case .pattern(let value), .advancedPattern(let value):
            AndroidManifestPaths.literalStart(of: value.replacingEvery(".", with: "?"))
        case .suffix: ""
        }
    }

    /// Names the routes that cost most bytes once the largest AASA nears the limit.
    static func sizeNearLimit(site: Site, files: [OutputFile]) -> [Diagnostic] {
        guard let largest = files.filter({ $0.path.hasSuffix(AssociationFiles.aasa) }).max(by: { $0.bytes.count < $1.bytes.count }) else {
            return []
        }
        let size = largest.bytes.count
        let limit = AssociationFiles.aasaSizeLimit
        guard Double(size) >= Double(limit) * sizeWarningShare, size <= limit else { return [] }
        let costs = costliestRoutes(site)
        let host = largest.path.split(separator: "/").first.map(String.init) ?? largest.path
        return [
            .lint(
                LintFinding.sizeNearLimit(host: host, size: size, limit: limit, costliest: costs.map(\.cost)),
                at: costs.first?.route.location)
        ]
    }

    /// The three routes that add most bytes to the AASA (their component and, with legacyPaths,
    /// their paths, once per iOS app), costliest first: where to look when it nears or passes
    /// Apple's limit.
    static func costliestRoutes(_ site: Site) -> [(route: Route, cost: LintFinding.RouteCost)] {
        let costs = site.routes.map { route -> (route: Route, cost: LintFinding.RouteCost) in
            let translation = RuleTranslation(route: route, defaults: site.defaults, variables: site.substitutionVariables)
            let component = JSONText.document(translation.component.jsonValue).utf8.count
            let legacy = site.legacyPaths ? translation.legacyPaths.reduce(0) { $0 + $1.utf8.count + 4 } : 0
            let apps = site.iosApps.filter { route.apps.contains($0.id) }.count
            return (route, LintFinding.RouteCost(route: route.name, bytes: (component + legacy) * apps))
        }
        // Stable: equal costs keep manifest order.
        return Array(
            costs.enumerated().sorted { ($1.element.cost.bytes, $0.offset) < ($0.element.cost.bytes, $1.offset) }.prefix(3).map(\.element))
    }
}

/// What the lints find, each with its code.
package enum LintFinding: LintMessage {
    case routePagesNotServed(count: Int, first: String)
    case shortLinksNotRedirected
    /// The sentence `Lints.shadowMessage` builds: its wording depends on which routes cover.
    case shadowed(String)
    case pathWithoutSlash(String, route: String, suggestion: String)
    case questionMarkInPath(String, route: String)
    case singlePlatform(route: String, on: String, off: String, apps: [String])
    case singleMirror(route: String, on: String, off: String, excludes: Bool)
    case exclusionOpensOnOldAndroid(String, through: String)
    case oldAndroidLoss(route: String, String)
    case sizeNearLimit(host: String, size: Int, limit: Int, costliest: [RouteCost])
    case sinceOnShortHost(route: String, page: String, host: String)
    case originOnShortHost(route: String, page: String, host: String, template: String, example: String)

    package struct RouteCost: Hashable, Sendable {
        package var route: String
        package var bytes: Int
    }

    package var code: LintCode {
        switch self {
        case .routePagesNotServed, .shortLinksNotRedirected: .hostCannotServe
        case .shadowed: .shadowedRule
        case .pathWithoutSlash: .pathWithoutSlash
        case .questionMarkInPath: .questionMarkInPath
        case .singlePlatform: .singlePlatform
        case .singleMirror: .singleMirror
        case .exclusionOpensOnOldAndroid, .oldAndroidLoss: .androidManifestLoss
        case .sizeNearLimit: .sizeNearLimit
        case .sinceOnShortHost: .sinceOnShortHost
        case .originOnShortHost: .shortHostOrigin
        }
    }

    package var text: String {
        switch self {
        case .routePagesNotServed(let count, let first):
            "hosting is only github-pages, which cannot rewrite URLs: the route pages of \(count) route\(count == 1 ? "" : "s") ('\(first)'\(count > 1 ? ", …" : "")) are never served, so those URLs get the not-found page (item pages, home and not-found pages work); put a CDN that rewrites in front (Cloudflare, Netlify) or add its name to 'hosting'"
        case .shortLinksNotRedirected:
            "hosting is only github-pages, which cannot redirect: short links are served by their refresh page (<code>.html), which a crawler does not follow"
        case .shadowed(let sentence):
            sentence
        case .pathWithoutSlash(let path, let route, let suggestion):
            "path '\(path)' of route '\(route)' does not start with '/': how iOS reads it is not pinned down ("
                + (path.hasPrefix("*")
                    ? "Linkwell reads the leading '*' as taking the path's own slash, so it also matches with no segment before"
                    : "Linkwell assumes Apple adds the slash") + "); write \(suggestion)"
        case .questionMarkInPath(let path, let route):
            "path '\(path)' of route '\(route)' has a '?', which matches any one character in a path and never a query; put query conditions under 'query'"
        case .singlePlatform(let route, let on, let off, let apps):
            "route '\(route)' opens an app on \(on) only (apps: \(apps.joined(separator: ", "))); on \(off) its URLs stay in the browser"
        case .singleMirror(let route, let on, let off, let excludes):
            "route '\(route)' is on '\(on)' but not on its mirror '\(off)', so the two hosts disagree about its URLs and the preview button that crosses to '\(off)' \(excludes ? "opens the app there" : "never opens the app")"
        case .exclusionOpensOnOldAndroid(let route, let through):
            "Android 14 and earlier cannot exclude, so they open URLs of exclusion '\(route)' that route '\(through)' lets through; the app must hand those back to the browser"
        case .oldAndroidLoss(let route, let loss):
            "route '\(route)': \(loss)"
        case .sinceOnShortHost(let route, let page, let host):
            "route '\(route)' shows page type '\(page)' on the short host '\(host)', and '\(page)' has 'since': its pages send phones without the app (or with an older one) to the web, never to the store, so the people a short link brings never get the app; drop 'since' from '\(page)', or give the short host's route a page type without it"
        case .originOnShortHost(let route, let page, let host, let template, let example):
            "route '\(route)' shows page type '\(page)' on the short host '\(host)', whose paths are codes and which belongs to no market: "
                + "'\(template)' sends a desktop there to a page the web site does not have (e.g. \(example)); give the short host's route a "
                + "page type whose web URL names a page of its own, e.g. '{origin}/invite?link={link}'"
        case .sizeNearLimit(let host, let size, let limit, let costliest):
            "the apple-app-site-association for '\(host)' is \(size) bytes, \(Int((Double(size) / Double(limit) * 100).rounded()))% of iOS's \(limit)-byte limit; the routes that cost most are \(costliest.map { "'\($0.route)' (\($0.bytes) bytes)" }.joined(separator: ", "))"
        }
    }
}

/// What is known, on one platform, of the earlier routes that take every URL a dead route
/// matches.
enum ShadowCover: Equatable {
    /// Every route that decides one of its URLs (the walk listing them finished), in manifest
    /// order; none when the route matches no URL.
    case all([Route])
    /// One earlier route that alone matches every URL it matches (proved rule by rule), where the
    /// walk listing every route that decides one of its URLs stopped at its budget.
    case one(Route)
    /// Some of the routes that decide its URLs: the walk listing them stopped at its budget.
    case some([Route])

    init(_ finding: RouteReachability.Finding, platform: Platform, routes: [Route], route: Route) {
        let deciders = routes.filter { ($0.name != route.name) && (finding.deciders[platform]?.contains($0.name) ?? false) }
        guard finding.decidersIncomplete.contains(platform) else {
            self = .all(deciders)
            return
        }
        if let cover = routes.first(where: { finding.coveredBy[platform]?.contains($0.name) ?? false }) {
            self = .one(cover)
        } else {
            self = .some(deciders)
        }
    }

    /// What comes first, as the part of a sentence after the platforms it holds on.
    var clause: String {
        switch self {
        case .all(let routes):
            guard let first = routes.first else { return "it matches no URL" }
            return routes.count == 1
                ? "route '\(first.name)' comes first and matches every URL it matches"
                : "routes \(Self.names(routes)) come first and together match every URL it matches"
        case .one(let route): return "route '\(route.name)' comes first and matches every URL it matches"
        case .some(let routes):
            let among = routes.isEmpty ? "" : ", among them \(Self.names(routes))"
            return "earlier routes decide every URL it matches\(among) (the exact walk that lists them stopped at its budget)"
        }
    }

    private static func names(_ routes: [Route]) -> String { routes.map { "'\($0.name)'" }.joined(separator: ", ") }
}
