/// The set of URLs a route matches on iOS 13+, as automata, for deciding whether earlier routes
/// cover all of it. Conservative: whatever cannot be proved covered is reported as not covered.
struct RouteLanguage {
    let route: Route
    let paths: [GlobPattern]
    let query: QueryCondition?
    let fragment: GlobPattern?
    let caseSensitive: Bool
    let percentEncoded: Bool
    let variables: [String: [String]]
    /// The path's literal start, before any wildcard or variable (lower-cased when matching
    /// ignores case): two routes whose starts disagree can never share a URL.
    let literalPrefix: String

    init(_ route: Route, site: Site) {
        self.route = route
        var variables = BuiltInVariables.values
        for variable in site.substitutionVariables { variables[variable.name] = variable.values }
        self.variables = variables
        caseSensitive = route.caseSensitive ?? site.defaults.caseSensitive ?? true
        percentEncoded = route.percentEncoded ?? site.defaults.percentEncoded ?? true
        paths = PathMatcher(route.path ?? "*", caseSensitive: caseSensitive, percentEncoded: percentEncoded, variables: variables).patterns
        let start = (paths.first?.source ?? "").prefix { !"*?$".contains($0) }
        literalPrefix = caseSensitive ? String(start) : start.lowercased()
        query = route.query
        let caseSensitive = caseSensitive
        fragment = route.fragment.map { GlobPattern($0, caseSensitive: caseSensitive, variables: variables) }
    }

    /// The earlier routes that together cover this one, or nil when they do not (or it cannot
    /// be proved). A single covering route is preferred, as the clearest thing to name.
    func cover(by earlier: [RouteLanguage]) -> [Route]? {
        let candidates = earlier.filter { sharesPrefix(with: $0) && isCoveredOutsideThePath(by: $0) }
        guard !candidates.isEmpty else { return nil }
        if let single = candidates.first(where: { literalPrefix.hasPrefix($0.literalPrefix) && pathIsCovered(by: [$0]) }) {
            return [single.route]
        }
        return pathIsCovered(by: candidates) ? candidates.map(\.route) : nil
    }

    private func sharesPrefix(with other: RouteLanguage) -> Bool {
        literalPrefix.hasPrefix(other.literalPrefix) || other.literalPrefix.hasPrefix(literalPrefix)
    }

    func pathIsCovered(by others: [RouteLanguage]) -> Bool {
        let union = others.flatMap(\.paths)
        return paths.allSatisfy { PatternInclusion.isCovered($0, by: union) }
    }

    /// Whether `other`'s query and fragment conditions accept every URL this route's accept,
    /// under the same matching settings.
    func isCoveredOutsideThePath(by other: RouteLanguage) -> Bool {
        guard other.caseSensitive == caseSensitive, other.percentEncoded == percentEncoded else { return false }
        return fragmentIsCovered(by: other) && queryIsCovered(by: other)
    }

    private func fragmentIsCovered(by other: RouteLanguage) -> Bool {
        guard let theirs = other.fragment else { return true }
        guard let mine = fragment else { return PatternSyntax.isCatchAll(theirs.source) }
        return PatternInclusion.isCovered(mine, by: [theirs])
    }

    private func queryIsCovered(by other: RouteLanguage) -> Bool {
        switch (query, other.query) {
        case (_, nil):
            return true
        case (.whole(let mine)?, .whole(let theirs)?):
            return PatternInclusion.isCovered(glob(mine), by: [glob(theirs)])
        case (.items(let mine)?, .items(let theirs)?):
            // Every item they require must be required by us with a narrower pattern, or be
            // theirs to accept anything (an absent item counts as "").
            return theirs.allSatisfy { item in
                if PatternSyntax.isCatchAll(item.pattern) { return true }
                guard let ours = mine.first(where: { $0.name == item.name }) else { return false }
                return PatternInclusion.isCovered(glob(ours.pattern), by: [glob(item.pattern)])
            }
        case (nil, .whole(let theirs)?):
            return PatternSyntax.isCatchAll(theirs)
        case (nil, .items(let theirs)?):
            return theirs.allSatisfy { PatternSyntax.isCatchAll($0.pattern) }
        default:
            return false
        }
    }

    private func glob(_ pattern: String) -> GlobPattern {
        GlobPattern(pattern, caseSensitive: caseSensitive, variables: variables)
    }
}
