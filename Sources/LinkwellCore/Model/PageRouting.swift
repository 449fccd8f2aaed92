/// Which page a host serves for a path, exactly as the generated host rewrites decide it: the
/// first route, in manifest order, that has a page type, applies on the host and whose path
/// pattern matches. Custom variables are expanded into one rule per value and built-in ones
/// widened, as in the rewrites; query and fragment conditions play no part (hosts route by path).
package struct PageRouting: Sendable {
    package struct Rule: Sendable {
        package var route: Route
        package var pageType: String
        /// The route's path pattern with variables expanded (`*` any characters, `?` one).
        package var pattern: String
        let glob: GlobPattern
    }

    let site: Site
    let rules: [Rule]
    /// Each of the site's hosts' rules, in order (`rule(for:on:)` runs per item row).
    private let rulesByHost: [String: [Rule]]

    package init(site: Site) {
        self.site = site
        let expander = VariableExpander(variables: site.substitutionVariables)
        rules = site.routes.flatMap { route -> [Rule] in
            guard let pageType = route.pageType, !route.exclude, let path = route.path else { return [] }
            let caseSensitive = route.caseSensitive ?? site.defaults.caseSensitive ?? true
            return expander.expand(path).patterns.map { pattern in
                let normalised = pattern.hasPrefix("/") || pattern.hasPrefix("*") ? pattern : "/" + pattern
                return Rule(
                    route: route, pageType: pageType, pattern: normalised, glob: GlobPattern(normalised, caseSensitive: caseSensitive))
            }
        }
        var byHost: [String: [Rule]] = [:]
        for host in site.hosts { byHost[host] = rules.filter { $0.route.hosts.contains(host) } }
        rulesByHost = byHost
    }

    /// The rules on `host`, in the order hosts must try them.
    package func rules(on host: String) -> [Rule] {
        rulesByHost[host] ?? []
    }

    package func rule(for path: String, on host: String) -> Rule? {
        // Each rule's pattern read in place: `first(where:)` copied out every rule it tried (a
        // route in each), and item builds ask for every row.
        guard let rules = rulesByHost[host] else { return nil }
        for index in rules.indices where rules[index].glob.matches(path) { return rules[index] }
        return nil
    }

    /// Whether `rule(for: path, on: host)` shows `pageType`, without copying the rule out (an
    /// item build asks for every row, and the copy was most of the answer; read through a
    /// pointer, since even a member read from the array copied the whole rule).
    package func shows(_ pageType: String, at path: String, on host: String) -> Bool {
        guard let rules = rulesByHost[host] else { return false }
        return rules.withUnsafeBufferPointer { rules in
            for index in rules.indices where rules[index].glob.matches(path) { return rules[index].pageType == pageType }
            return false
        }
    }
}
