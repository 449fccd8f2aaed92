/// Translates a route's path into AndroidManifest `<data>` path attributes for Android 14 and
/// earlier, which read no dynamic rules (spec-reference §2.5–§2.6). Only forms Android matches
/// exactly are used — `path`, `pathPrefix`, and `pathPattern` with single-character wildcards
/// and at most a final `.*` — so nothing depends on backtracking, which Android never does.
/// Anything else becomes the widest exact prefix, and the loss is reported.
struct AndroidManifestPaths: Sendable, Hashable {
    /// The attributes, e.g. `pathPrefix="/u/"`; empty: the route matches every path.
    var attributes: [AndroidPathMatcher]
    var losses: [String]

    init(route: Route, defaults: RuleDefaults, expander: VariableExpander) {
        var losses: [String] = []
        let expansion = expander.expand(route.path ?? "*")
        if expansion.widened {
            losses.append(
                "Android 14 and earlier have no substitution variables, so they open the app for any text in place of \(expansion.widenedNames.map { "$(\($0))" }.joined(separator: ", "))"
            )
        }
        var attributes: [AndroidPathMatcher] = []
        for pattern in expansion.patterns {
            guard !PatternSyntax.isCatchAll(pattern) else {
                attributes = []
                break
            }
            let (attribute, exact) = Self.attribute(for: pattern)
            attributes.append(attribute)
            if !exact {
                losses.append(
                    "Android 14 and earlier cannot match '\(pattern)' exactly without backtracking, so they open every URL whose path starts with '\(Self.literalStart(of: pattern))'"
                )
            }
        }
        if (route.caseSensitive ?? defaults.caseSensitive) == false {
            losses.append("Android 14 and earlier match paths case-sensitively")
        }
        let ignored = [route.query == nil ? nil : "query", route.fragment == nil ? nil : "fragment"].compactMap { $0 }
        if !ignored.isEmpty {
            losses.append(
                "Android 14 and earlier cannot see the \(ignored.joined(separator: " and ")), so they open every URL whose path matches '\(route.path ?? "*")'"
            )
        }
        self.attributes = attributes
        self.losses = losses
    }

    /// The exact attribute for a pattern when there is one, else the widest safe prefix.
    static func attribute(for pattern: String) -> (AndroidPathMatcher, exact: Bool) {
        let literal = literalStart(of: pattern)
        let rest = pattern.dropFirst(literal.count)
        if rest.isEmpty { return (.path(pattern), true) }
        if rest == "*" { return (.prefix(literal), true) }
        let body = rest.hasSuffix("*") ? rest.dropLast() : rest
        if !body.contains("*") {
            // Single-character wildcards and at most a final `*`: a simple glob with no jumps
            // but the last, which can only run to the end.
            let escaped = pattern.dropLast(rest.count - body.count).map { character -> String in
                switch character {
                case "?": "."
                case ".", "*", "\\": "\\\(character)"
                default: String(character)
                }
            }.joined()
            return (.pattern(escaped + (body.count < rest.count ? ".*" : "")), true)
        }
        return (.prefix(literal), false)
    }

    static func literalStart(of pattern: String) -> String {
        String(pattern.prefix { $0 != "*" && $0 != "?" })
    }
}
