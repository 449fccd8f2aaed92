extension Validation {
    static func checkRouteNames(_ manifest: RawManifest) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for route in manifest.routes {
            guard let name = route.name else {
                found.append(missing("name", in: "a route", at: route.location))
                continue
            }
            found += problem(name, Identifiers.nameProblem(_:what:), "route name")
        }
        return found + duplicates(manifest.routes.compactMap(\.name), what: "route name")
    }

    /// A route must say where it matches; an empty pattern means nothing any platform agrees on.
    static func checkRouteConditions(_ manifest: RawManifest) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for route in manifest.routes {
            if route.path == nil, route.query == nil, route.fragment == nil {
                found.append(
                    .error(
                        "route \(describe(route)) has no 'path', 'query' or 'fragment'; add at least one (use path: '*' for every URL)",
                        at: route.location))
            }
            if let path = route.path {
                if path.value.isEmpty {
                    found.append(
                        .error(
                            "route \(describe(route)) has an empty path pattern; write '/' for the home page or '*' for every path",
                            at: path.location))
                } else if !path.value.hasPrefix("/"), !path.value.hasPrefix("*"), !path.value.hasPrefix("$(") {
                    found.append(
                        .error(
                            "path '\(path.value)' of route \(describe(route)) must start with '/'; write '/\(path.value)'",
                            at: path.location))
                } else if path.value.split(separator: "/").contains("..") {
                    found.append(
                        .error(
                            "path '\(path.value)' of route \(describe(route)) contains a '..' segment, which no URL is matched against as written",
                            at: path.location))
                }
            }
            if let fragment = route.fragment, fragment.value.isEmpty {
                found.append(
                    .error(
                        "route \(describe(route)) has an empty fragment pattern; omit 'fragment' to ignore fragments", at: fragment.location
                    ))
            }
            if case .items(let items, let location) = route.query {
                if items.isEmpty {
                    found.append(
                        .error("the query of route \(describe(route)) names no items; omit 'query' to ignore the query", at: location))
                }
                for item in items where item.name.value.isEmpty {
                    found.append(.error("a query item of route \(describe(route)) has an empty name", at: item.name.location))
                }
            }
        }
        return found
    }

    /// Every `$(name)` must be a built-in or a declared variable, and every `$(` closed.
    static func checkRoutePatterns(_ manifest: RawManifest) -> [Diagnostic] {
        let declared = Set(manifest.substitutionVariables.map(\.name.value))
        let known = declared.union(PatternSyntax.builtInVariables)
        var found: [Diagnostic] = []
        for route in manifest.routes {
            for pattern in patterns(of: route) {
                switch PatternSyntax.pieces(of: pattern.value) {
                case .failure:
                    found.append(
                        .error(
                            "pattern '\(pattern.value)' opens a substitution variable with '$(' but never closes it with ')'",
                            at: pattern.location))
                case .success:
                    for name in PatternSyntax.variables(in: pattern.value) where !known.contains(name) {
                        found.append(
                            .error(
                                "unknown substitution variable '$(\(name))' in '\(pattern.value)'\(Suggestion.didYouMean(name, in: known.sorted())); declare it under 'substitutionVariables'",
                                at: pattern.location))
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
                found.append(
                    .error(
                        "route \(describe(route)) names unknown app '\(app.value)'\(Suggestion.didYouMean(app.value, in: appIDs.sorted()))",
                        at: app.location))
            }
            if let apps = route.apps, apps.isEmpty {
                found.append(.error("route \(describe(route)) lists no apps; omit 'apps' to apply it to every app", at: route.location))
            }
            for host in route.hosts ?? [] where !hosts.contains(host.value) {
                found.append(
                    .error(
                        "route \(describe(route)) names host '\(host.value)', which is not under 'domains'\(Suggestion.didYouMean(host.value, in: hosts.sorted()))",
                        at: host.location))
            }
            let codes = LintCode.allCases.map(\.rawValue)
            for accepted in route.accept where !codes.contains(accepted.value) {
                let hint = Suggestion.didYouMean(accepted.value, in: codes)
                found.append(
                    .error(
                        "route \(describe(route)) accepts unknown warning '\(accepted.value)'\(hint.isEmpty ? "; the warnings are \(codes.joined(separator: ", "))" : hint)",
                        at: accepted.location))
            }
            if let page = route.page {
                if !pageTypes.contains(page.value) {
                    found.append(
                        .error(
                            "route \(describe(route)) names unknown page type '\(page.value)'\(Suggestion.didYouMean(page.value, in: pageTypes.sorted()))",
                            at: page.location))
                }
                if route.exclude?.value == true {
                    found.append(
                        .error(
                            "route \(describe(route)) is excluded, so it opens no app and has no preview page; remove 'page'",
                            at: page.location))
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
