/// One concrete URL per route and host that the route's own conditions accept, for the checks
/// that must ask "what happens to a link like this?": `verify` fetches them from the live host
/// and `diff` compares two manifests' decisions on them.
///
/// A sample is built from the pattern, not searched for: `*` becomes `sample`, `?` becomes `x`,
/// a manifest variable its first value and a built-in variable a common value. Whether an
/// earlier route takes the sample first is not this type's business; the callers ask the
/// matchers, which is the point.
package enum RouteSamples {
    package struct Sample: Sendable, Hashable {
        package var route: String
        package var host: String
        package var url: String
    }

    /// Every route's sample on each of its hosts, in route then host order. Routes with no
    /// path use `/sample`.
    package static func samples(of site: Site) -> [Sample] {
        let values = Dictionary(site.substitutionVariables.map { ($0.name, $0.values) }, uniquingKeysWith: { first, _ in first })
        return site.routes.flatMap { route in
            let suffix = pathAndQuery(of: route, values: values)
            return route.hosts.map { Sample(route: route.name, host: $0, url: "https://\($0)\(suffix)") }
        }
    }

    static func pathAndQuery(of route: Route, values: [String: [String]]) -> String {
        var path = route.path.map { fill($0, values: values) } ?? "/sample"
        if !path.hasPrefix("/") { path = "/" + path }
        var text = path
        switch route.query {
        case .whole(let pattern): text += "?" + fill(pattern, values: values)
        case .items(let items): text += "?" + items.map { "\($0.name)=\(fill($0.pattern, values: values))" }.joined(separator: "&")
        case nil: break
        }
        if let fragment = route.fragment { text += "#" + fill(fragment, values: values) }
        return text
    }

    /// The pattern with each wildcard and variable replaced by text it matches. A `*` right
    /// after a `?` adds nothing: the `?` already gave it a character.
    static func fill(_ pattern: String, values: [String: [String]]) -> String {
        guard case .success(let pieces) = PatternSyntax.pieces(of: pattern) else { return pattern }
        var result = ""
        for piece in pieces {
            switch piece {
            case .variable(let name):
                result += values[name]?.first ?? builtInSamples[name] ?? "sample"
            case .literal(let text):
                var previous: Character?
                for character in text {
                    switch character {
                    case "*": result += previous == "?" || previous == "*" ? "" : "sample"
                    case "?": result += "x"
                    default: result.append(character)
                    }
                    previous = character
                }
            }
        }
        return result
    }

    static let builtInSamples = [
        "alpha": "a", "upper": "A", "lower": "a", "alnum": "a", "digit": "1", "xdigit": "f", "region": "US", "lang": "en",
    ]
}
