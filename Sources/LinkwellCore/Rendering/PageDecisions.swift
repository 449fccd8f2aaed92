/// How a preview page's script decides whether the app opens its own URL, as the platform does:
/// the page's app's rules on the host, in order, the first that matches deciding.
///
/// Hosts serve a page type's page for every path of its routes, so URLs the app does not open
/// get it too: one an earlier exclusion carves out (`/l/*/report` before `/l/*`), one the route's
/// query or fragment condition refuses, one a host's path rule only approximates. Its "Open in
/// app" would lead to the mirror, where the app does not open the URL either, and the mirror —
/// reached, so "the app is missing" — would send a person who has the app to the store. So where
/// the app does not open the URL, the page offers the web instead (no hop to the mirror), and the
/// mirror sends it to the web, never to a store. It decides in the browser, so query and fragment
/// conditions count too, which no host can rewrite by. `linkwell match` says the same from the
/// built files (`LinkTargets.keptOnWeb`), and the browser suite holds the two together.
struct PageDecisions: Sendable, Hashable {
    /// A route as iOS 13+ reads its component: Apple's slash rules, `caseSensitive`,
    /// `percentEncoded`, query items that every repeat must match, fragments. Patterns are
    /// JavaScript regular expressions.
    struct IOSRule: Sendable, Hashable {
        var route: String
        var exclude: Bool
        /// Any of them must match the path; none: any path.
        var path: [String]
        var ignoreCase: Bool
        /// Whether the parts are percent-decoded before they are compared.
        var decode: Bool
        var query: String?
        /// Query items: name and value pattern.
        var items: [[String]]?
        var fragment: String?
    }

    /// A dynamic rule as Android 15+ reads it (the very rule the build writes): the decoded path
    /// and fragment against Google's glob, each query entry `name=value` against some parameter.
    struct AndroidRule: Sendable, Hashable {
        var route: String?
        var exclude: Bool
        var path: String?
        var query: [String]?
        var fragment: String?
    }

    /// Per app id, its rules on the host: iOS apps' components, and the dynamic rules of Android
    /// apps whose Android 15+ follows them (the others' intent filters open every path of their
    /// routes, so their pages never need to decide).
    var ios: [String: [IOSRule]]
    var android: [String: [AndroidRule]]
    /// Per Android app whose own manifest is read: its filters that take the host, one of which
    /// must take the URL too (`withAppFilters`).
    var androidFilters: [String: [JSONValue]] = [:]

    /// Every app's rules on `host`. The table is part of the host's page script (`PageAssets`),
    /// so a page carries only which apps it names.
    init(site: Site, host: String) {
        let onHost = site.routes(on: host)
        var variables = BuiltInVariables.values
        for variable in site.substitutionVariables { variables[variable.name] = variable.values }
        var ios: [String: [IOSRule]] = [:]
        for app in site.iosApps {
            ios[app.id] = onHost.filter { $0.apps.contains(app.id) }.map { Self.iosRule($0, site: site, variables: variables) }
        }
        var android: [String: [AndroidRule]] = [:]
        for app in site.androidApps where app.dynamicRules && !app.fingerprints.isEmpty {
            let rules = onHost.filter { $0.apps.contains(app.id) }.flatMap { route in
                RuleTranslation(route: route, defaults: site.defaults, variables: site.substitutionVariables).dynamicComponents.map {
                    (component: $0, origin: Optional(route.name))
                }
            }
            android[app.id] = AssetLinksStatement.DynamicComponent.closing(rules).map { rule in
                AndroidRule(
                    route: rule.origin, exclude: rule.component.exclude ?? false, path: rule.component.path,
                    query: rule.component.query.map { $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } },
                    fragment: rule.component.fragment)
            }
        }
        self.ios = ios
        self.android = android
    }

    /// The table as the script's first statement: `var linkwellRules = {…};`.
    var script: String {
        "var linkwellRules = " + JSONText.line(jsonValue) + ";\n"
    }

    /// The table as JSON, absent optionals left out; built without `Codable`'s generic encoder,
    /// which every host's table would pay.
    var jsonValue: JSONValue {
        func optional(_ pairs: [(String, JSONValue?)]) -> JSONValue {
            .object(Dictionary(pairs.compactMap { key, value in value.map { (key, $0) } }, uniquingKeysWith: { first, _ in first }))
        }
        let ios = self.ios.mapValues { rules in
            JSONValue.array(
                rules.map { rule in
                    optional([
                        ("route", .string(rule.route)), ("exclude", .bool(rule.exclude)), ("path", .strings(rule.path)),
                        ("ignoreCase", .bool(rule.ignoreCase)), ("decode", .bool(rule.decode)), ("query", rule.query.map(JSONValue.string)),
                        ("items", rule.items.map { .array($0.map(JSONValue.strings)) }), ("fragment", rule.fragment.map(JSONValue.string)),
                    ])
                })
        }
        let android = self.android.mapValues { rules in
            JSONValue.array(
                rules.map { rule in
                    optional([
                        ("route", rule.route.map(JSONValue.string)), ("exclude", .bool(rule.exclude)),
                        ("path", rule.path.map(JSONValue.string)),
                        ("query", rule.query.map(JSONValue.strings)), ("fragment", rule.fragment.map(JSONValue.string)),
                    ])
                })
        }
        var table: [String: JSONValue] = ["ios": .object(ios), "android": .object(android)]
        if !androidFilters.isEmpty { table["androidFilters"] = .object(androidFilters.mapValues(JSONValue.array)) }
        return .object(table)
    }

    private static func iosRule(_ route: Route, site: Site, variables: [String: [String]]) -> IOSRule {
        var rule = IOSRule(
            route: route.name, exclude: route.exclude,
            path: route.path.map(PathMatcher.variants(of:))?.map { regex($0, variables: variables) } ?? [],
            ignoreCase: !(route.caseSensitive ?? site.defaults.caseSensitive ?? true),
            decode: !(route.percentEncoded ?? site.defaults.percentEncoded ?? true))
        switch route.query {
        case .whole(let pattern)?: rule.query = regex(pattern, variables: variables)
        case .items(let items)?: rule.items = items.map { [$0.name, regex($0.pattern, variables: variables)] }
        case nil: break
        }
        rule.fragment = route.fragment.map { regex($0, variables: variables) }
        return rule
    }

    /// An AASA pattern as an anchored JavaScript regular expression: `*` any run, `?` one
    /// character, a variable any of its values (themselves patterns), everything else literal.
    static func regex(_ pattern: String, variables: [String: [String]]) -> String {
        func literal(_ text: String) -> String {
            var result = ""
            for character in text {
                switch character {
                case "*": result += "[\\s\\S]*"
                case "?": result += "[\\s\\S]"
                case "\\", ".", "+", "(", ")", "[", "]", "{", "}", "|", "^", "$", "/": result += "\\" + String(character)
                default: result.append(character)
                }
            }
            return result
        }
        guard case .success(let pieces) = PatternSyntax.pieces(of: pattern) else { return "^" + literal(pattern) + "$" }
        let body = pieces.map { piece -> String in
            switch piece {
            case .literal(let text): return literal(text)
            case .variable(let name):
                // A variable with no values never matches (`GlobPattern`).
                let values = variables[name] ?? []
                return values.isEmpty ? "(?!)" : "(?:" + values.map(literal).joined(separator: "|") + ")"
            }
        }
        return "^" + body.joined() + "$"
    }
}
