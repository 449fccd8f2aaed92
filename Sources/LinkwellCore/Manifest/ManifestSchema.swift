/// The manifest's JSON Schema (draft 2020-12), for editors (`# yaml-language-server: $schema=…`).
///
/// Generated, never written by hand: every mapping's properties are `ManifestKeys` (the lists the
/// decoder accepts), each key's type comes from the table below, and the fixed value lists come
/// from the Swift enums validation checks against. A key added to the decoder without a type
/// here stops the schema from being generated in tests (`ManifestSchemaTests`), and
/// Tests/Schema checks every fixture against it, valid and invalid.
public enum ManifestSchema {
    /// Beside the manifest, where `init` writes it and the manifest's first line points.
    public static let fileName = "site.schema.json"

    /// The schema as the committed `site.schema.json` holds it.
    public static var text: String { JSONText.encode(document) }

    static var document: Node {
        var root = object(ManifestKeys.root, types: rootTypes, required: ["version", "name", "domains"])
        root.schema = "https://json-schema.org/draft/2020-12/schema"
        root.title = "Linkwell manifest (site.yaml)"
        return root
    }

    /// A YAML scalar the decoder reads as text: a plain `6.4` or `true` is text too.
    static let scalar = Node(type: ["string", "number", "boolean"])
    static let boolean = Node(type: ["boolean"])
    static let scalars = Node(type: ["array"], items: scalar)

    /// Formats the validators check, written as ECMA-262 patterns that accept exactly what they
    /// accept (Tests/Schema runs every invalid fixture through a real validator to hold them to it).
    enum Pattern {
        static let name = "^[a-z][a-z0-9_-]*$"
        static let teamID = "^[A-Z0-9]{10}$"
        static let bundleID = "^[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+$"
        static let package = "^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+$"
        static let fingerprint = "^[ \\t]*([Ss][Hh][Aa]256:)?([ :-]*[0-9A-Fa-f]){64}[ :-]*[ \\t]*$"
        static let host = "^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$"
        static let digits = "^[0-9]+$"
        static let scheme = "^[A-Za-z][A-Za-z0-9+.-]*$"
        static let version = "^[0-9]+(\\.[0-9]+)*$"
        static let shortCode = "^[A-Za-z0-9-][A-Za-z0-9_-]*$"
    }

    /// `node` with its description and an example an editor shows.
    static func field(_ node: Node, _ description: String, example: Example? = nil) -> Node {
        var node = node
        node.description = description
        node.examples = example.map { [$0] }
        return node
    }

    /// Text (a YAML scalar read as text) held to `pattern` when it is a string.
    static func text(_ pattern: String) -> Node { Node(type: ["string", "number", "boolean"], pattern: pattern) }

    static func object(_ keys: [String], types: [String: Node], required: [String] = []) -> Node {
        var properties: [String: Node] = [:]
        for key in keys {
            guard let type = types[key] else { preconditionFailure("ManifestSchema has no type for '\(key)'") }
            properties[key] = type
        }
        return Node(type: ["object"], properties: properties, additionalProperties: .forbidden, required: required.isEmpty ? nil : required)
    }

    static func list(_ item: Node, minimum: Int? = nil) -> Node { Node(type: ["array"], items: item, minItems: minimum) }

    static func oneOf(_ values: [String], _ description: String) -> Node {
        Node(type: ["string"], description: description, enumeration: values)
    }

    static func described(_ node: Node, _ description: String) -> Node {
        var node = node
        node.description = description
        return node
    }

    static var rootTypes: [String: Node] {
        [
            "version": field(Node(type: ["integer"], const: 1), "The manifest format; 1.", example: .int(1)),
            "name": field(scalar, "The site's name, for pages (og:site_name) and messages.", example: .string("Amora")),
            "scheme": field(
                text(Pattern.scheme), "The app's URL scheme without '://', for Facebook App Links tags and native attempts.",
                example: .string("amora")),
            "legacyPaths": field(boolean, "Also write the iOS 9–12 'paths' form in each AASA detail (default true).", example: .bool(true)),
            "apps": field(
                object(
                    ManifestKeys.apps,
                    types: [
                        "ios": field(list(iosApp), "The iOS apps: Team ID and bundle ID, in the AASA as appIDs."),
                        "android": field(list(androidApp), "The Android apps: package and signing keys, in assetlinks.json."),
                    ]),
                "The apps the links open: an 'ios' list and/or an 'android' list."),
            "domains": field(
                object(
                    ManifestKeys.domains,
                    types: [
                        "pairs": field(
                            list(
                                object(
                                    ManifestKeys.mirrorPair,
                                    types: [
                                        "primary": field(
                                            text(Pattern.host), "The host people share links to.", example: .string("m.example.com")),
                                        "mirror": field(
                                            text(Pattern.host), "The host the primary's 'Open in app' buttons point at.",
                                            example: .string("mlink.example.com")),
                                    ], required: ["primary", "mirror"])),
                            "Mirror pairs: each preview page's button points at the same path on the other host of its pair."),
                        "short": field(
                            text(Pattern.host), "The short-link host: codes the app resolves itself.", example: .string("go.example.com")),
                    ]), "The hosts that serve association files and pages."),
            "defaults": field(
                object(
                    ManifestKeys.defaults,
                    types: [
                        "caseSensitive": field(
                            boolean, "Match every route case-sensitively (AASA defaults, iOS 14+).", example: .bool(false)),
                        "percentEncoded": field(
                            boolean, "Compare the URL percent-encoded (AASA defaults, iOS 14+).", example: .bool(false)),
                    ]), "Matching defaults for every route (applinks.defaults, iOS 14+)."),
            "substitutionVariables": Node(
                type: ["object"], description: "Variables for patterns: name → list of values, used as $(name).",
                additionalProperties: .schema(scalars), examples: [.strings(["dating", "friends"])]),
            "routes": field(list(route), "In order: the first route that matches a URL decides."),
            "pages": Node(
                type: ["object"], description: "Page types by name: what people without the app see.",
                additionalProperties: .schema(pageType), propertyNames: Node(type: ["string"], pattern: Pattern.name)),
            "robots": field(
                object(
                    ManifestKeys.robots,
                    types: [
                        "groups": field(
                            list(
                                object(
                                    ManifestKeys.robotsGroup,
                                    types: [
                                        "userAgents": field(scalars, "The crawlers the group is for.", example: .strings(["GPTBot"])),
                                        "allow": field(scalars, "Paths the group allows.", example: .strings(["/p/"])),
                                        "disallow": field(scalars, "Paths the group disallows.", example: .strings(["/account/"])),
                                    ],
                                    required: ["userAgents"])), "Extra robots.txt groups; none may block an association file."),
                        "sitemaps": field(scalars, "Sitemap: lines.", example: .strings(["https://www.example.com/sitemap.xml"])),
                    ]), "robots.txt rules beside what every host needs."),
            "tests": field(list(linkTest), "What each URL must do; build, validate and check fail when one no longer holds."),
            "hosting": field(
                list(oneOf(HostingProvider.allCases.map(\.rawValue), "A static host to write configuration for.")),
                "The static hosts to write configuration for (default: all).", example: .strings(["netlify", "nginx"])),
            "templates": field(
                scalar, "A folder of .mustache templates that replace the built-in ones.", example: .string("Templates")),
            "shortLinks": field(
                list(
                    object(
                        ManifestKeys.shortLink,
                        types: [
                            "code": field(text(Pattern.shortCode), "The code after the short host's '/'.", example: .string("Ab3dE")),
                            "target": field(
                                scalar, "Path and query on the first pair's primary host.", example: .string("/i/Ab3dE?ref=share")),
                            "comment": field(scalar, "Why the code exists.", example: .string("spring campaign posters")),
                        ], required: ["code", "target"])), "Codes on the short host, each redirected to its target."),
            "web": field(
                https,
                "The site's web home: 'Continue on the web' for page types without a 'web' URL, and the home pages' web link.",
                example: .string("https://www.example.com/")),
            "theme": field(theme, "The preview pages' look."),
            "contentSecurityPolicy": field(
                object(
                    ManifestKeys.contentSecurityPolicy,
                    types: [
                        "scripts": field(
                            list(origin), "Origins the pages may load scripts from (script-src).",
                            example: .strings(["https://plausible.io"])),
                        "connect": field(
                            list(origin), "Origins the pages' scripts may send requests to (connect-src).",
                            example: .strings(["https://plausible.io"])),
                    ]), "What the pages' policy allows beyond the templates' own inline scripts."),
        ]
    }

    static let https = Node(type: ["string"], pattern: "^https://[^/?#\\s]+")
    static let origin = Node(type: ["string"], pattern: AllowedOrigins.originPattern)
    static let colour = Node(type: ["string"], pattern: Theme.colourPattern)

    static var theme: Node {
        object(
            ManifestKeys.theme,
            types: [
                "accent": field(colour, "Buttons and links (default #2b59c3).", example: .string("#d6336c")),
                "accentText": field(colour, "Text on the accent colour (default #ffffff).", example: .string("#ffffff")),
                "text": field(colour, "Page text in light mode.", example: .string("#161a23")),
                "background": field(colour, "Page background in light mode.", example: .string("#f3f4f7")),
                "darkText": field(colour, "Page text in dark mode.", example: .string("#eceef3")),
                "darkBackground": field(colour, "Page background in dark mode.", example: .string("#0e1014")),
                "logo": field(
                    https, "An https:// image shown at the top of every page.", example: .string("https://www.example.com/logo.svg")),
                "icon": field(
                    https, "An https:// image of the app icon, shown beside the app's name.",
                    example: .string("https://www.example.com/icon.png")),
                "font": field(
                    Node(type: ["string"], pattern: Theme.fontPattern), "A CSS font stack.",
                    example: .string("Inter, system-ui, sans-serif")),
            ])
    }

    static var iosApp: Node {
        object(
            ManifestKeys.iosApp,
            types: [
                "id": field(text(Pattern.name), "How routes refer to the app.", example: .string("amora")),
                "name": field(scalar, "The app's display name.", example: .string("Amora")),
                "teamID": field(
                    text(Pattern.teamID), "The App ID prefix: 10 upper-case letters or digits.", example: .string("ABCDE12345")),
                "bundleID": field(text(Pattern.bundleID), "The reverse-DNS bundle ID.", example: .string("com.example.amora")),
                "appStoreID": field(
                    text(Pattern.digits), "The number in the App Store URL, for store links and smart banners.",
                    example: .string("1234567890")),
                "webcredentials": field(boolean, "Share passwords and passkeys with the site.", example: .bool(true)),
                "appClips": field(
                    list(text(Pattern.bundleID)), "App Clip bundle IDs, each starting with the app's bundle ID.",
                    example: .strings(["com.example.amora.Clip"])),
            ], required: ["id", "name", "teamID", "bundleID"])
    }

    static var androidApp: Node {
        object(
            ManifestKeys.androidApp,
            types: [
                "id": field(text(Pattern.name), "How routes refer to the app (may equal its iOS twin's).", example: .string("amora")),
                "name": field(scalar, "The app's display name.", example: .string("Amora")),
                "package": field(text(Pattern.package), "The application ID.", example: .string("com.example.amora")),
                "sha256": field(
                    list(text(Pattern.fingerprint)),
                    "Signing certificate SHA-256 fingerprints (the Play App Signing key first), in any common spelling.",
                    example: .strings(["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"])),
                "webcredentials": field(boolean, "Share sign-in credentials with the site.", example: .bool(true)),
            ],
            required: ["id", "name", "package"])
    }

    static var route: Node {
        let query = Node(
            description: "The whole query pattern, or item name → pattern.",
            anyOf: [scalar, Node(type: ["object"], additionalProperties: .schema(scalar))], examples: [.string("page=?*")])
        return object(
            ManifestKeys.route,
            types: [
                "name": field(text(Pattern.name), "The route's name, in warnings and AASA comments.", example: .string("profile")),
                "path": field(scalar, "Path pattern: '*' any characters, '?' one, $(name) a variable.", example: .string("/u/*")),
                "query": query,
                "fragment": field(scalar, "Fragment pattern.", example: .string("no_universal_links")),
                "exclude": field(boolean, "A match keeps the URL in the browser.", example: .bool(true)),
                "comment": field(scalar, "Why the rule exists; copied into the AASA.", example: .string("profiles open the app")),
                "caseSensitive": field(boolean, "Match case-sensitively (default true).", example: .bool(false)),
                "percentEncoded": field(boolean, "Compare the URL percent-encoded (default true).", example: .bool(false)),
                "apps": field(scalars, "The app ids the route applies to (default: all).", example: .strings(["amora"])),
                "hosts": field(
                    list(text(Pattern.host)), "The hosts that carry the route (default: every mirror-pair host).",
                    example: .strings(["go.example.com"])),
                "page": field(text(Pattern.name), "The page type that previews the route's URLs.", example: .string("profile")),
                "accept": field(scalars, "Warning codes this route means to cause.", example: .strings(["legacy-loss"])),
            ], required: ["name"])
    }

    static var pageType: Node {
        object(
            ManifestKeys.pageType,
            types: [
                "fallback": field(
                    oneOf(PageType.Fallback.allCases.map(\.rawValue), "Where phones without the app go."),
                    "Where phones without the app go: the store, or the web page.", example: .string("store")),
                "web": field(
                    scalar, "The mobile web page: a URL template with {path}, {query}, {link}.",
                    example: .string("https://www.example.com{path}{query}")),
                "desktop": field(scalar, "The desktop web page (URL template).", example: .string("https://www.example.com{path}{query}")),
                "title": field(scalar, "The preview's title.", example: .string("A profile on Amora")),
                "description": field(scalar, "The preview's description.", example: .string("See who is nearby.")),
                "image": field(https, "An absolute https:// image for the preview.", example: .string("https://www.example.com/og.jpg")),
                "since": field(
                    object(
                        ManifestKeys.since,
                        types: [
                            "ios": field(
                                text(Pattern.version), "First iOS app version that opens this page type.", example: .string("6.4")),
                            "android": field(
                                text(Pattern.version), "First Android app version that opens this page type.", example: .string("6.4.0")),
                        ]), "First app versions that can open this page type: older ones go to the web."),
                "android": field(
                    oneOf(PageType.AndroidStoreLink.allCases.map(\.rawValue), "How the mirror sends Android phones to Google Play."),
                    "How the mirror sends Android phones to Google Play.", example: .string("intent")),
                "iosInstall": field(
                    scalar, "Where iPhones without the app go instead of the App Store (URL template).",
                    example: .string("https://install.example.com/amora?link={link}")),
                "nativeAttempt": field(boolean, "On Android, try scheme://path before the store.", example: .bool(true)),
                "items": field(scalar, "An item data file: one page per row.", example: .string("data/profiles.csv")),
                "clipboard": Node(
                    description:
                        "What a tap on 'Open in app' or the store button copies: true or link (the whole link), code (the last path segment).",
                    anyOf: [boolean, Node(type: ["string"], enumeration: PageType.ClipboardHandoff.allCases.map(\.rawValue))],
                    examples: [.string("code")]),
                "labels": field(
                    object(
                        ManifestKeys.labels,
                        types: [
                            "open": field(scalar, "The 'Open in app' button.", example: .string("Accept in Amora")),
                            "store": field(scalar, "The store button.", example: .string("Get Amora")),
                            "web": field(scalar, "The web link.", example: .string("Read it on the web")),
                        ]), "The buttons' words."),
            ], required: ["title"])
    }

    static var linkTest: Node {
        let expectation = "a route's name, opens, blocked or web"
        var types: [String: Node] = [
            "url": field(scalar, "An absolute https:// URL.", example: .string("https://m.example.com/u/42")),
            "app": field(text(Pattern.name), "Test only this app.", example: .string("amora")),
            "expect": field(scalar, "What every platform does: \(expectation).", example: .string("profile")),
            "comment": field(scalar, "Why the case matters.", example: .string("paths are case-sensitive")),
        ]
        for platform in Platform.allCases {
            types[ManifestKeys.platformKey(platform)] = field(
                scalar, "What \(platform.displayName) does, overriding expect: \(expectation).", example: .string("web"))
        }
        return object(ManifestKeys.linkTest, types: types, required: ["url"])
    }

    /// An example value, as JSON.
    enum Example: Encodable, Equatable, Sendable {
        case string(String)
        case int(Int)
        case bool(Bool)
        case strings([String])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let value): try container.encode(value)
            case .int(let value): try container.encode(value)
            case .bool(let value): try container.encode(value)
            case .strings(let value): try container.encode(value)
            }
        }
    }

    /// The subset of JSON Schema the manifest needs.
    struct Node: Encodable, Equatable, Sendable {
        indirect enum Additional: Encodable, Equatable, Sendable {
            case forbidden
            case schema(Node)

            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .forbidden: try container.encode(false)
                case .schema(let node): try container.encode(node)
                }
            }
        }

        var schema: String?
        var title: String?
        var type: [String]?
        var description: String?
        var enumeration: [String]?
        var const: Int?
        var pattern: String?
        var properties: [String: Node]?
        var additionalProperties: Additional?
        var required: [String]?
        var items: [Node]?
        var minItems: Int?
        var anyOf: [Node]?
        var examples: [Example]?
        var propertyNames: [Node]?

        init(
            type: [String]? = nil, description: String? = nil, enumeration: [String]? = nil, const: Int? = nil, pattern: String? = nil,
            properties: [String: Node]? = nil,
            additionalProperties: Additional? = nil, required: [String]? = nil, items: Node? = nil, minItems: Int? = nil,
            anyOf: [Node]? = nil, examples: [Example]? = nil, propertyNames: Node? = nil
        ) {
            self.type = type
            self.description = description
            self.enumeration = enumeration
            self.const = const
            self.pattern = pattern
            self.properties = properties
            self.additionalProperties = additionalProperties
            self.required = required
            self.items = items.map { [$0] }
            self.minItems = minItems
            self.anyOf = anyOf
            self.examples = examples
            self.propertyNames = propertyNames.map { [$0] }
        }

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case enumeration = "enum"
            case title, type, description, const, pattern, properties, additionalProperties, required, items, minItems, anyOf, examples
            case propertyNames
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(schema, forKey: .schema)
            try container.encodeIfPresent(title, forKey: .title)
            // One type is written as a string, several as a list.
            if let type { type.count == 1 ? try container.encode(type[0], forKey: .type) : try container.encode(type, forKey: .type) }
            try container.encodeIfPresent(description, forKey: .description)
            try container.encodeIfPresent(enumeration, forKey: .enumeration)
            try container.encodeIfPresent(const, forKey: .const)
            try container.encodeIfPresent(pattern, forKey: .pattern)
            try container.encodeIfPresent(properties, forKey: .properties)
            try container.encodeIfPresent(additionalProperties, forKey: .additionalProperties)
            try container.encodeIfPresent(required, forKey: .required)
            try container.encodeIfPresent(items?.first, forKey: .items)
            try container.encodeIfPresent(minItems, forKey: .minItems)
            try container.encodeIfPresent(anyOf, forKey: .anyOf)
            try container.encodeIfPresent(propertyNames?.first, forKey: .propertyNames)
            try container.encodeIfPresent(examples, forKey: .examples)
        }
    }
}
