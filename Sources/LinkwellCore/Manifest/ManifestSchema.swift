/// The manifest's JSON Schema (draft 2020-12), for editors (`# yaml-language-server: $schema=…`).
///
/// Generated, never written by hand: every mapping is a section of `ManifestFields` (the tables
/// the decoder reads through), with each key's type, pattern, description and example, and the
/// fixed value lists from the Swift enums validation checks against. Tests/Schema checks every
/// fixture against it, valid and invalid.
package enum ManifestSchema {
    /// Beside the manifest, where `init` writes it and the manifest's first line points.
    package static let fileName = "site.schema.json"

    /// The schema as the committed `site.schema.json` holds it.
    package static var text: String { JSONText.encode(document) }

    static var document: Node {
        var root = ManifestFields.root.schema
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
        /// A BCP 47 language tag's shape: a language, then subtags (script, region, variant).
        static let language = "^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$"
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

    static func list(_ item: Node, minimum: Int? = nil) -> Node { Node(type: ["array"], items: item, minItems: minimum) }

    static func oneOf(_ values: [String], _ description: String) -> Node {
        Node(type: ["string"], description: description, enumeration: values)
    }

    static func described(_ node: Node, _ description: String) -> Node {
        var node = node
        node.description = description
        return node
    }

    static let https = Node(type: ["string"], pattern: "^https://[^/?#\\s]+")
    static let origin = Node(type: ["string"], pattern: AllowedOrigins.originPattern)
    static let colour = Node(type: ["string"], pattern: Theme.colourPattern)

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
