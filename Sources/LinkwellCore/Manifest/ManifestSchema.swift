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
            "version": Node(type: ["integer"], description: "The manifest format; 1.", enumeration: nil, const: 1),
            "name": described(scalar, "The site's name, for pages and messages."),
            "scheme": described(scalar, "The app's URL scheme without '://', for Facebook App Links tags and native attempts."),
            "legacyPaths": described(boolean, "Also write the iOS 9–12 'paths' form in each AASA detail (default true)."),
            "apps": object(ManifestKeys.apps, types: ["ios": list(iosApp), "android": list(androidApp)]),
            "domains": object(
                ManifestKeys.domains,
                types: [
                    "pairs": list(
                        object(ManifestKeys.mirrorPair, types: ["primary": scalar, "mirror": scalar], required: ["primary", "mirror"])),
                    "short": described(scalar, "The short-link host."),
                ]),
            "defaults": object(ManifestKeys.defaults, types: ["caseSensitive": boolean, "percentEncoded": boolean]),
            "substitutionVariables": Node(
                type: ["object"], description: "Variables for patterns: name → list of values, used as $(name).",
                additionalProperties: .schema(scalars)),
            "routes": described(list(route), "In order: the first route that matches a URL decides."),
            "pages": Node(type: ["object"], description: "Page types by name.", additionalProperties: .schema(pageType)),
            "robots": object(
                ManifestKeys.robots,
                types: [
                    "groups": list(
                        object(
                            ManifestKeys.robotsGroup, types: ["userAgents": scalars, "allow": scalars, "disallow": scalars],
                            required: ["userAgents"])),
                    "sitemaps": scalars,
                ]),
            "tests": described(list(linkTest), "What each URL must do; build, validate and check fail when one no longer holds."),
            "hosting": list(oneOf(HostingProvider.allCases.map(\.rawValue), "A static host to write configuration for.")),
            "templates": described(scalar, "A folder of .mustache templates that replace the built-in ones."),
            "shortLinks": list(
                object(ManifestKeys.shortLink, types: ["code": scalar, "target": scalar, "comment": scalar], required: ["code", "target"])),
            "web": described(
                https, "The site's web home: 'Continue on the web' for page types without a 'web' URL, and the home pages' web link."),
            "theme": theme,
            "contentSecurityPolicy": object(
                ManifestKeys.contentSecurityPolicy,
                types: [
                    "scripts": described(list(origin), "Origins the pages may load scripts from (script-src), e.g. https://plausible.io."),
                    "connect": described(list(origin), "Origins the pages' scripts may send requests to (connect-src)."),
                ]),
        ]
    }

    static let https = Node(type: ["string"], pattern: "^https://[^/?#\\s]+")
    static let origin = Node(type: ["string"], pattern: "^https://[A-Za-z0-9.-]+(:[0-9]+)?$")
    static let colour = Node(type: ["string"], description: "A hex colour: #rgb, #rrggbb or #rrggbbaa.", pattern: Theme.colourPattern)

    static var theme: Node {
        object(
            ManifestKeys.theme,
            types: [
                "accent": described(colour, "Buttons and links (default #2b59c3)."),
                "accentText": described(colour, "Text on the accent colour (default #ffffff)."),
                "text": described(colour, "Page text in light mode."), "background": described(colour, "Page background in light mode."),
                "darkText": described(colour, "Page text in dark mode."),
                "darkBackground": described(colour, "Page background in dark mode."),
                "logo": described(https, "An https:// image shown at the top of every page."),
                "icon": described(https, "An https:// image of the app icon, shown beside the app's name."),
                "font": Node(
                    type: ["string"], description: "A CSS font stack, e.g. Inter, system-ui, sans-serif.", pattern: Theme.fontPattern),
            ])
    }

    static var iosApp: Node {
        object(
            ManifestKeys.iosApp,
            types: [
                "id": scalar, "name": scalar, "teamID": scalar, "bundleID": scalar, "appStoreID": scalar, "webcredentials": boolean,
                "appClips": scalars,
            ], required: ["id", "name", "teamID", "bundleID"])
    }

    static var androidApp: Node {
        object(
            ManifestKeys.androidApp,
            types: ["id": scalar, "name": scalar, "package": scalar, "sha256": scalars, "webcredentials": boolean],
            required: ["id", "name", "package"])
    }

    static var route: Node {
        let query = Node(
            description: "The whole query pattern, or item name → pattern.",
            anyOf: [scalar, Node(type: ["object"], additionalProperties: .schema(scalar))])
        return object(
            ManifestKeys.route,
            types: [
                "name": scalar, "path": scalar, "query": query, "fragment": scalar, "exclude": boolean, "comment": scalar,
                "caseSensitive": boolean, "percentEncoded": boolean, "apps": scalars, "hosts": scalars, "page": scalar, "accept": scalars,
            ], required: ["name"])
    }

    static var pageType: Node {
        object(
            ManifestKeys.pageType,
            types: [
                "fallback": oneOf(PageType.Fallback.allCases.map(\.rawValue), "Where phones without the app go."),
                "web": scalar, "desktop": scalar, "title": scalar, "description": scalar, "image": scalar,
                "since": object(ManifestKeys.since, types: ["ios": scalar, "android": scalar]),
                "android": oneOf(PageType.AndroidStoreLink.allCases.map(\.rawValue), "How the mirror sends Android phones to Google Play."),
                "iosInstall": scalar, "nativeAttempt": boolean, "items": scalar,
                "clipboard": Node(
                    description:
                        "What a tap on 'Open in app' or the store button copies: true or link (the whole link), code (the last path segment).",
                    anyOf: [boolean, Node(type: ["string"], enumeration: PageType.ClipboardHandoff.allCases.map(\.rawValue))]),
                "labels": object(
                    ManifestKeys.labels,
                    types: [
                        "open": described(scalar, "The 'Open in app' button."), "store": described(scalar, "The store button."),
                        "web": described(scalar, "The web link."),
                    ]),
            ], required: ["title"])
    }

    static var linkTest: Node {
        var types: [String: Node] = ["url": scalar, "app": scalar, "expect": scalar, "comment": scalar]
        for platform in Platform.allCases { types[ManifestKeys.platformKey(platform)] = scalar }
        return object(ManifestKeys.linkTest, types: types, required: ["url"])
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

        init(
            type: [String]? = nil, description: String? = nil, enumeration: [String]? = nil, const: Int? = nil, pattern: String? = nil,
            properties: [String: Node]? = nil,
            additionalProperties: Additional? = nil, required: [String]? = nil, items: Node? = nil, minItems: Int? = nil,
            anyOf: [Node]? = nil
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
        }

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case enumeration = "enum"
            case title, type, description, const, pattern, properties, additionalProperties, required, items, minItems, anyOf
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
        }
    }
}
