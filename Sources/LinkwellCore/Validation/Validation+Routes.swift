extension Validation {
    static func checkRouteNames(_ manifest: RawManifest) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for route in manifest.routes {
            guard let name = route.name else { continue }
            found += problem(name, Identifiers.nameProblem(_:what:), "route name")
        }
        return found + duplicates(manifest.routes.compactMap(\.name), what: "route name")
    }

    /// A route must say where it matches; an empty pattern means nothing any platform agrees on.
    /// A page route's path is written into every host's rewrite rules, and some hosts read parts
    /// of it as syntax: a segment starting with `:` is a placeholder in Netlify's, Cloudflare's,
    /// Vercel's and Firebase's rules (the rule would match any segment there), and nginx decodes
    /// `%XX` and merges `//` before it matches a location (the rule would never match).
    static func checkPagePathsForHosts(_ manifest: RawManifest) -> [Diagnostic] {
        let named = (manifest.hosting ?? []).compactMap { HostingProvider(rawValue: $0.value) }
        let providers = Set(named.isEmpty ? HostingProvider.allCases : named)
        let placeholders: Set<HostingProvider> = [.netlify, .cloudflare, .vercel, .firebase]
        var found: [Diagnostic] = []
        for route in manifest.routes where route.page != nil && route.exclude?.value != true {
            // A path with characters no line may hold is refused for them already (`checkCharacters`).
            guard let path = route.path, path.value.unicodeScalars.allSatisfy(HostingLineText.allows) else { continue }
            let readers = providers.intersection(placeholders).map(\.rawValue).sorted()
            if !readers.isEmpty, path.value.split(separator: "/").contains(where: { $0.hasPrefix(":") }) {
                found.append(.error(RouteProblem.placeholderSegment(path.value, route: describe(route), hosts: readers), at: path.location))
            }
            let normalisers = providers.intersection([.nginx, .apache, .caddy]).map(\.rawValue).sorted()
            if !normalisers.isEmpty, path.value.contains("//") || PatternSyntax.hasEscape(path.value) {
                found.append(
                    .error(RouteProblem.serverNormalises(path.value, route: describe(route), servers: normalisers), at: path.location))
            }
            // Caddy replaces '{$NAME}' with an environment variable anywhere in a Caddyfile, quotes or not.
            if providers.contains(.caddy), path.value.contains("{$") {
                found.append(.error(RouteProblem.caddyEnvironment(path.value, route: describe(route)), at: path.location))
            }
        }
        return found
    }

    static func checkRouteConditions(_ manifest: RawManifest) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for route in manifest.routes {
            if route.path == nil, route.query == nil, route.fragment == nil {
                found.append(.error(RouteProblem.noCondition(route: describe(route)), at: route.location))
            }
            if let path = route.path {
                if path.value.isEmpty {
                    found.append(.error(RouteProblem.emptyPath(route: describe(route)), at: path.location))
                } else if !path.value.hasPrefix("/"), !path.value.hasPrefix("*"), !path.value.hasPrefix("$(") {
                    found.append(.error(RouteProblem.pathWithoutSlash(path.value, route: describe(route)), at: path.location))
                } else if path.value.split(separator: "/").contains("..") {
                    found.append(.error(RouteProblem.dotDotSegment(path.value, route: describe(route)), at: path.location))
                }
            }
            if let fragment = route.fragment, fragment.value.isEmpty {
                found.append(.error(RouteProblem.emptyFragment(route: describe(route)), at: fragment.location))
            }
            if case .items(let items, let location) = route.query {
                if items.isEmpty {
                    found.append(.error(RouteProblem.emptyQueryItems(route: describe(route)), at: location))
                }
                for item in items where item.name.value.isEmpty {
                    found.append(.error(RouteProblem.emptyQueryItemName(route: describe(route)), at: item.name.location))
                }
            }
        }
        return found
    }

    /// Wildcards (`*`, `?`) one pattern may hold. Each is progress the exact checks (the shadowing
    /// lint, `diff`, `import`) must follow through every URL; real patterns hold a handful, and a
    /// pattern of thousands only exhausts their budget.
    package static let maximumWildcards = 32

    /// Every `$(name)` must be a built-in or a declared variable, and every `$(` closed; a pattern
    /// holds at most `maximumWildcards` wildcards.
    static func checkRoutePatterns(_ manifest: RawManifest) -> [Diagnostic] {
        let declared = Set(manifest.substitutionVariables.map(\.name.value))
        let known = declared.union(PatternSyntax.builtInVariables)
        var found: [Diagnostic] = []
        for route in manifest.routes {
            for pattern in patterns(of: route) {
                switch PatternSyntax.pieces(of: pattern.value) {
                case .failure:
                    found.append(.error(RouteProblem.unclosedVariable(pattern.value), at: pattern.location))
                case .success:
                    let wildcards = pattern.value.count { $0 == "*" || $0 == "?" }
                    if wildcards > maximumWildcards {
                        found.append(
                            .error(
                                RouteProblem.tooManyWildcards(pattern.value, route: describe(route), count: wildcards),
                                at: pattern.location))
                    }
                    for name in PatternSyntax.variables(in: pattern.value) where !known.contains(name) {
                        found.append(
                            .error(RouteProblem.unknownVariable(name, in: pattern.value, known: known.sorted()), at: pattern.location))
                    }
                }
            }
        }
        return found
    }

    static func checkRouteReferences(_ manifest: RawManifest) -> [Diagnostic] {
        let appIDs = Set((manifest.iosApps.compactMap(\.id) + manifest.androidApps.compactMap(\.id)).map(\.value))
        let pairs = manifest.domains?.pairs ?? []
        let hosts = Set((pairs.flatMap { [$0.primary, $0.mirror] } + [manifest.domains?.short]).compactMap { $0?.value })
        let pageTypes = Set(manifest.pageTypes.map(\.name.value))
        var found: [Diagnostic] = []
        for route in manifest.routes {
            for app in route.apps ?? [] where !appIDs.contains(app.value) {
                found.append(.error(RouteProblem.unknownApp(app.value, route: describe(route), known: appIDs.sorted()), at: app.location))
            }
            if let apps = route.apps, apps.isEmpty {
                found.append(.error(RouteProblem.noApps(route: describe(route)), at: route.location))
            }
            for host in route.hosts ?? [] where !hosts.contains(host.value) {
                found.append(.error(RouteProblem.unknownHost(host.value, route: describe(route), known: hosts.sorted()), at: host.location))
            }
            if let page = route.page {
                if !pageTypes.contains(page.value) {
                    found.append(
                        .error(
                            RouteProblem.unknownPageType(page.value, route: describe(route), known: pageTypes.sorted()), at: page.location))
                }
                if route.exclude?.value == true {
                    found.append(.error(RouteProblem.excludedWithPage(route: describe(route)), at: page.location))
                }
            }
        }
        return found
    }

    static func describe(_ route: RawRoute) -> String {
        route.name.map { "'\($0.value)'" } ?? "at line \(route.location.line)"
    }

    static func patterns(of route: RawRoute) -> [Located<String>] {
        var patterns = [route.path, route.fragment].compactMap { $0 }
        switch route.query {
        case .whole(let pattern): patterns.append(pattern)
        case .items(let items, _): patterns += items.map(\.pattern)
        case nil: break
        }
        return patterns
    }
}

/// What the route checks find. `route` is the route as `describe` names it: `'name'`, or its line.
package enum RouteProblem: DiagnosticMessage {
    case noCondition(route: String)
    case emptyPath(route: String)
    case pathWithoutSlash(String, route: String)
    case dotDotSegment(String, route: String)
    case emptyFragment(route: String)
    case emptyQueryItems(route: String)
    case emptyQueryItemName(route: String)
    case unclosedVariable(String)
    case tooManyWildcards(String, route: String, count: Int)
    case unknownVariable(String, in: String, known: [String])
    case unknownApp(String, route: String, known: [String])
    case noApps(route: String)
    case unknownHost(String, route: String, known: [String])
    case unknownPageType(String, route: String, known: [String])
    case excludedWithPage(route: String)
    case placeholderSegment(String, route: String, hosts: [String])
    case serverNormalises(String, route: String, servers: [String])
    case caddyEnvironment(String, route: String)

    package var text: String {
        switch self {
        case .placeholderSegment(let path, let route, let hosts):
            "path '\(path)' of page route \(route) has a segment starting with ':', which \(hosts.joined(separator: ", ")) read as a "
                + "placeholder in their rewrite rules, so the page would answer any segment there; rename the segment"
        case .serverNormalises(let path, let route, let servers):
            "path '\(path)' of page route \(route) holds a '%XX' escape or '//', and \(servers.joined(separator: ", ")) decode escapes and merge slashes "
                + "before they match a rule, so this page's rule never matches there; write the path without escapes and doubled slashes, or leave \(servers.joined(separator: ", ")) out of 'hosting'"
        case .caddyEnvironment(let path, let route):
            "path '\(path)' of page route \(route) holds '{$', which Caddy reads as an environment variable anywhere in a Caddyfile; "
                + "percent-encoding cannot help (Caddy matches decoded paths): change the path, or leave caddy out of 'hosting'"
        case .noCondition(let route):
            "route \(route) has no 'path', 'query' or 'fragment'; add at least one (use path: '*' for every URL)"
        case .emptyPath(let route):
            "route \(route) has an empty path pattern; write '/' for the home page or '*' for every path"
        case .pathWithoutSlash(let path, let route):
            "path '\(path)' of route \(route) must start with '/'; write '/\(path)'"
        case .dotDotSegment(let path, let route):
            "path '\(path)' of route \(route) contains a '..' segment, which no URL is matched against as written"
        case .emptyFragment(let route):
            "route \(route) has an empty fragment pattern; omit 'fragment' to ignore fragments"
        case .emptyQueryItems(let route):
            "the query of route \(route) names no items; omit 'query' to ignore the query"
        case .emptyQueryItemName(let route):
            "a query item of route \(route) has an empty name"
        case .unclosedVariable(let pattern):
            "pattern '\(pattern)' opens a substitution variable with '$(' but never closes it with ')'"
        case .tooManyWildcards(let pattern, let route, let count):
            "pattern '\(pattern)' of route \(route) holds \(count) wildcards ('*' and '?'); a pattern may hold at most "
                + "\(Validation.maximumWildcards), because every exact check follows each one through every URL; split the route, or "
                + "write '*' once where several stand together"
        case .unknownVariable(let name, let pattern, let known):
            "unknown substitution variable '$(\(name))' in '\(pattern)'\(Suggestion.didYouMean(name, in: known)); declare it under 'substitutionVariables'"
        case .unknownApp(let app, let route, let known):
            "route \(route) names unknown app '\(app)'\(Suggestion.didYouMean(app, in: known))"
        case .noApps(let route):
            "route \(route) lists no apps; omit 'apps' to apply it to every app"
        case .unknownHost(let host, let route, let known):
            "route \(route) names host '\(host)', which is not under 'domains'\(Suggestion.didYouMean(host, in: known))"
        case .unknownPageType(let page, let route, let known):
            "route \(route) names unknown page type '\(page)'\(Suggestion.didYouMean(page, in: known))"
        case .excludedWithPage(let route):
            "route \(route) is excluded, so it opens no app and has no preview page; remove 'page'"
        }
    }
}
