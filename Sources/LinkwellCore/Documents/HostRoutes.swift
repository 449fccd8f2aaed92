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
                page: "/\(PagePaths.folder)/\(rule.pageType).html", route: rule.route.name)
        }
        if host == site.shortHost, let pair = site.mirrorPairs.first {
            redirects = site.shortLinks.map { Redirect(path: "/\($0.code)", target: $0.url(primaryHost: pair.primary)) }
        }
    }

    /// An anchored regular expression (nginx, Firebase's RE2): exact. `bracesAsCodes`: a brace is
    /// written `\\x7B`/`\\x7D` rather than `\\{`/`\\}` — for Caddy, which reads `{…}` in a
    /// matcher's pattern as a placeholder and fills it in at each request, escaped or not.
    static func regex(_ pattern: String, bracesAsCodes: Bool = false) -> String {
        "^"
            + escaping(pattern) { byte in
                switch byte {
                case UInt8(ascii: "*"): ".*"
                case UInt8(ascii: "?"): "."
                case UInt8(ascii: "{") where bracesAsCodes: "\\x7B"
                case UInt8(ascii: "}") where bracesAsCodes: "\\x7D"
                case UInt8(ascii: "\\"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["),
                    UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "$"):
                    "\\" + String(UnicodeScalar(byte))
                default: nil
                }
            } + "$"
    }

    /// Vercel's path-to-regexp source: literal text with `(.*)` and `(.)` groups: exact.
    static func pathToRegexp(_ pattern: String) -> String {
        escaping(pattern) { byte in
            switch byte {
            case UInt8(ascii: "*"): "(.*)"
            case UInt8(ascii: "?"): "(.)"
            case UInt8(ascii: ":"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                UInt8(ascii: "\\"):
                "\\" + String(UnicodeScalar(byte))
            default: nil
            }
        }
    }

    /// `pattern` with each character that `replacement` names (always one ASCII scalar) replaced.
    /// Characters are what the pattern's other readers go by; an ASCII pattern (nearly every one:
    /// paged paths are URL characters) is walked by bytes, each byte one character, without
    /// grapheme breaking.
    private static func escaping(_ pattern: String, _ replacement: (UInt8) -> String?) -> String {
        let utf8 = pattern.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            var result = ""
            for character in pattern {
                // A "\r\n" character has the ASCII value of "\n", which nothing replaces.
                if let ascii = character.asciiValue, let replaced = replacement(ascii) {
                    result += replaced
                } else {
                    result.append(character)
                }
            }
            return result
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count + 8)
        for byte in utf8 {
            if let replaced = replacement(byte) { bytes += replaced.utf8 } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
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
