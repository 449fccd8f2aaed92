#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Compiles one route into each platform's rule form (spec-reference §2.6), saying plainly what
/// a form cannot express and what that platform will do instead.
package struct RuleTranslation: Sendable, Hashable {
    /// The iOS 13+ component.
    package var component: AASAFile.Component
    /// The iOS 9–12 `paths` entries (several when a variable is expanded; none when the form
    /// cannot carry the rule at all).
    package var legacyPaths: [String]
    package var legacyLosses: [String]
    /// The Android 15+ dynamic rules (several when a variable is expanded; none when the rule
    /// cannot be written, see `androidError`).
    package var dynamicComponents: [AssetLinksStatement.DynamicComponent]
    package var androidLosses: [String]
    package var androidError: String?

    package init(route: Route, defaults: RuleDefaults, variables: [SubstitutionVariable] = []) {
        let expander = VariableExpander(variables: variables)
        component = Self.component(for: route)
        (legacyPaths, legacyLosses) = Self.legacyPaths(for: route, defaults: defaults, expander: expander)
        (dynamicComponents, androidLosses, androidError) = Self.dynamicComponents(for: route, defaults: defaults, expander: expander)
    }

    static func component(for route: Route) -> AASAFile.Component {
        let query: AASAFile.Query? =
            switch route.query {
            case .whole(let pattern): .whole(pattern)
            case .items(let items): .items(Dictionary(items.map { ($0.name, $0.pattern) }, uniquingKeysWith: { first, _ in first }))
            case nil: nil
            }
        return AASAFile.Component(
            path: route.path, query: query, fragment: route.fragment,
            exclude: route.exclude ? true : nil,
            comment: route.comment.map { "\(route.name): \($0)" } ?? route.name,
            caseSensitive: route.caseSensitive, percentEncoded: route.percentEncoded)
    }

    // MARK: - iOS 9–12

    static func legacyPaths(for route: Route, defaults: RuleDefaults, expander: VariableExpander) -> ([String], [String]) {
        var losses: [String] = []
        let written = route.path ?? "*"
        let expansion = expander.expand(written)
        var paths = expansion.patterns
        if expansion.widened {
            losses.append(
                "iOS 9–12 have no substitution variables, so the legacy form matches any text in place of \(expansion.widenedNames.map { "$(\($0))" }.joined(separator: ", "))"
            )
        }
        if (route.caseSensitive ?? defaults.caseSensitive) == false {
            losses.append("iOS 9–12 match '\(written)' case-sensitively")
        }
        if (route.percentEncoded ?? defaults.percentEncoded) == false {
            let encoded = paths.map { PercentEncoding.encoded($0, keeping: legacyAllowed.contains) }
            if encoded != paths {
                losses.append(
                    "iOS 9–12 compare paths still percent-encoded, so the legacy form is written '\(encoded.joined(separator: "', '"))'")
                paths = encoded
            }
        }
        let conditions = [route.query == nil ? nil : "query", route.fragment == nil ? nil : "fragment"].compactMap { $0 }
        guard conditions.isEmpty else {
            let what = conditions.joined(separator: " and ")
            if route.exclude {
                losses.append("iOS 9–12 cannot see the \(what), so they ignore this exclusion")
                return ([], losses)
            }
            // Without a path of its own the rule would become `*` and open the app for every
            // URL on old systems; leaving it out there is the narrower mistake.
            guard route.path != nil else {
                losses.append("iOS 9–12 cannot see the \(what), so this route opens nothing there")
                return ([], losses)
            }
            losses.append("iOS 9–12 cannot see the \(what), so they open the app for every URL whose path matches '\(written)'")
            return (paths, losses)
        }
        return (route.exclude ? paths.map { "NOT " + $0 } : paths, losses)
    }

    /// What legacy paths may hold unencoded: Foundation's URL path characters (`urlPathAllowed`:
    /// unreserved, sub-delimiters but `;`, `:`, `@`, `/`) plus the two wildcards.
    static let legacyAllowed = Set("!$&'()*+,-./0123456789:=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~*?".utf8)

    // MARK: - Android 15+

    static func dynamicComponents(
        for route: Route, defaults: RuleDefaults, expander: VariableExpander
    ) -> ([AssetLinksStatement.DynamicComponent], [String], String?) {
        var losses: [String] = []
        let paths = route.path.map(expander.expand)
        let fragments = route.fragment.map(expander.expand)
        let widened = [paths, fragments].compactMap { $0 }.filter(\.widened).flatMap(\.widenedNames)
        if !widened.isEmpty {
            losses.append(
                "Android has no substitution variables, so its dynamic rule matches any text in place of \(widened.map { "$(\($0))" }.joined(separator: ", "))"
            )
        }
        if (route.caseSensitive ?? defaults.caseSensitive) == false {
            losses.append("Android dynamic rules have no 'caseSensitive' key; Android compares the rule as written")
        }
        // Android compares decoded text (AOSP reads `Uri.getPath()`): a rule that iOS compares
        // still encoded is written decoded for Android, which then also opens the other spellings
        // of those characters; a rule iOS already compares decoded needs nothing.
        var written = [route.path, route.fragment].compactMap { $0 }
        switch route.query {
        case .items(let items): written += items.flatMap { [$0.name, $0.pattern] }
        case .whole(let pattern): written.append(pattern)
        case nil: break
        }
        let encoded = (route.percentEncoded ?? defaults.percentEncoded) != false && written.contains(where: PatternSyntax.hasEscape)
        if encoded {
            losses.append(
                "Android compares the decoded path, query and fragment, so its rule is written decoded and also opens other "
                    + "spellings of the escaped characters (lower-case hex, or unescaped)")
        }
        // A run of wildcards is written in a shape Android's documentation pins (`*?` as `?*`,
        // `**` as `*`: the same URLs on iOS), never one whose Android reading is a guess.
        func forAndroid(_ pattern: String) -> String { AndroidWildcards.pinned(encoded ? PercentDecoding.decode(pattern) : pattern) }
        // iOS reads a missing fragment or query item as empty; Android 15+ matches a fragment
        // filter only when the URL has a `#`, and a query entry only against an item that is
        // there (spec-reference §2.4 items 8 and 9). Where the pattern accepts the empty text,
        // the two differ.
        func acceptsEmpty(_ pattern: String) -> Bool { pattern.allSatisfy { $0 == "*" } }
        if let fragment = route.fragment, acceptsEmpty(fragment) {
            losses.append(
                "Android 15+ matches a fragment rule only when the URL has a '#', so it does not open URLs without one, which iOS 13+ opens"
            )
        }
        if case .items(let items) = route.query, let item = items.first(where: { acceptsEmpty($0.pattern) }) {
            losses.append(
                "Android 15+ needs a '\(item.name)' item in the query, so it does not open URLs without one, which iOS 13+ opens (a missing item is empty there)"
            )
        }
        var query: [String: String]?
        switch route.query {
        case .items(let items):
            // Item patterns must stay one rule each, so a variable in them widens to a wildcard.
            query = Dictionary(
                items.map { (forAndroid($0.name), forAndroid(expander.widen($0.pattern))) }, uniquingKeysWith: { first, _ in first })
            if items.contains(where: { !PatternSyntax.variables(in: $0.pattern).isEmpty }) {
                losses.append("Android has no substitution variables, so the query items match any text in their place")
            }
        case .whole(let pattern):
            guard let items = queryItems(fromWhole: pattern) else {
                return (
                    [], losses,
                    "the whole-query pattern '\(pattern)' cannot be written as an Android dynamic rule, which only matches named items; write the query as items (e.g. query: { ref: '?*' })"
                )
            }
            losses.append(
                "Android dynamic rules only match named items, so Android also opens URLs whose query has items besides '\(pattern)'")
            query = Dictionary(items.map { (forAndroid($0.key), forAndroid($0.value)) }, uniquingKeysWith: { first, _ in first })
        case nil:
            break
        }
        let exclude: Bool? = route.exclude ? true : nil
        let pathOptions: [String?] = paths?.patterns.map(forAndroid) ?? [nil]
        let fragmentOptions: [String?] = fragments?.patterns.map(forAndroid) ?? [nil]
        let components = pathOptions.flatMap { path in
            fragmentOptions.map { fragment in
                AssetLinksStatement.DynamicComponent(path: path, query: query, fragment: fragment, exclude: exclude)
            }
        }
        return (components, losses, nil)
    }

    /// `a=1&b=?*` as `["a": "1", "b": "?*"]`, when every item has a literal name and the text
    /// holds no wildcard that could swallow an `&`.
    static func queryItems(fromWhole pattern: String) -> [String: String]? {
        var items: [String: String] = [:]
        for item in pattern.split(separator: "&", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let value = parts.count > 1 ? String(parts[1]) : ""
            guard !name.isEmpty, !name.contains(where: { "*?$".contains($0) }), !value.contains("*"), items[name] == nil else {
                return nil
            }
            items[name] = value
        }
        return items
    }
}
