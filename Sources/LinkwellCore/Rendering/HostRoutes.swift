/// The page rewrites and short-link redirects of one host, and how each host's configuration
/// language writes a route's path pattern (`*` any characters, `?` one character).
struct HostRoutes: Sendable, Hashable {
    struct Rewrite: Sendable, Hashable {
        /// The expanded path pattern.
        var pattern: String
        var caseSensitive: Bool
        /// The page's URL path, `/_linkwell/<type>.html`.
        var page: String
        var route: String
    }

    struct Redirect: Sendable, Hashable {
        var path: String
        var target: String
    }

    var rewrites: [Rewrite] = []
    var redirects: [Redirect] = []

    var isEmpty: Bool { rewrites.isEmpty && redirects.isEmpty }

    init(site: Site, routing: PageRouting, host: String) {
        rewrites = routing.rules(on: host).map { rule in
            Rewrite(
                pattern: rule.pattern, caseSensitive: rule.route.caseSensitive ?? site.defaults.caseSensitive ?? true,
                page: "/\(PreviewPages.folder)/\(rule.pageType).html", route: rule.route.name)
        }
        if host == site.shortHost, let pair = site.mirrorPairs.first {
            redirects = site.shortLinks.map { Redirect(path: "/\($0.code)", target: "https://\(pair.primary)\($0.target)") }
        }
    }

    /// An anchored regular expression (nginx, Firebase's RE2): exact.
    static func regex(_ pattern: String) -> String {
        var result = "^"
        // By character, as the pattern's other readers go; a special is one ASCII scalar, so
        // its byte value tells it (comparing characters as strings was most of the hosting files).
        for character in pattern {
            switch character.asciiValue {
            case UInt8(ascii: "*"): result += ".*"
            case UInt8(ascii: "?"): result += "."
            case UInt8(ascii: "\\"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["),
                UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "$"):
                result += "\\\(character)"
            default: result.append(character)
            }
        }
        return result + "$"
    }

    /// Vercel's path-to-regexp source: literal text with `(.*)` and `(.)` groups: exact.
    static func pathToRegexp(_ pattern: String) -> String {
        var result = ""
        for character in pattern {
            switch character.asciiValue {
            case UInt8(ascii: "*"): result += "(.*)"
            case UInt8(ascii: "?"): result += "(.)"
            case UInt8(ascii: ":"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                UInt8(ascii: "\\"):
                result += "\\\(character)"
            default: result.append(character)
            }
        }
        return result
    }

    /// Netlify and Cloudflare `_redirects`, whose only wildcard is a splat at the end: the
    /// literal text up to the first wildcard, cut back to its last `/`, then `*`. Wider than the
    /// route when the pattern has a wildcard mid-path (the page then shows for a few more URLs).
    static func splat(_ pattern: String) -> String {
        guard let wildcard = pattern.firstIndex(where: { $0 == "*" || $0 == "?" }) else { return pattern }
        let literal = pattern[..<wildcard]
        if pattern[wildcard...] == "*" { return literal + "*" }
        let directory = literal.lastIndex(of: "/").map { literal[...$0] } ?? "/"
        return directory + "*"
    }
}
