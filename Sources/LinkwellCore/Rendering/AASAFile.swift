/// `apple-app-site-association` exactly as Apple reads it (spec-reference §1.1), one struct per
/// JSON object; JSON keys are the coding keys, nothing is renamed on the way out.
public struct AASAFile: Sendable, Hashable, Encodable {
    public var applinks: AppLinks
    public var webcredentials: AppList?
    public var appclips: AppList?

    public struct AppLinks: Sendable, Hashable, Encodable {
        /// Must be present and empty for iOS 9–12.
        public var apps: [String] = []
        public var details: [Detail]
        public var defaults: Defaults?
        public var substitutionVariables: [String: [String]]?
    }

    /// One app's rules in both forms: `appID` + `paths` for iOS 9–12, `appIDs` + `components`
    /// for iOS 13+ (which ignores `paths` when `components` is present).
    public struct Detail: Sendable, Hashable, Encodable {
        public var appID: String?
        public var appIDs: [String]
        public var paths: [String]?
        public var components: [Component]
    }

    public struct Component: Sendable, Hashable, Encodable {
        public var path: String?
        public var query: Query?
        public var fragment: String?
        public var exclude: Bool?
        public var comment: String?
        public var caseSensitive: Bool?
        public var percentEncoded: Bool?

        enum CodingKeys: String, CodingKey {
            case path = "/"
            case query = "?"
            case fragment = "#"
            case exclude, comment, caseSensitive, percentEncoded
        }
    }

    /// The `?` key: a pattern for the whole query string, or one pattern per item name. Values
    /// are always strings; a non-string value would silently void the whole dictionary.
    public enum Query: Sendable, Hashable, Encodable {
        case whole(String)
        case items([String: String])

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .whole(let pattern): try container.encode(pattern)
            case .items(let items): try container.encode(items)
            }
        }
    }

    public struct Defaults: Sendable, Hashable, Encodable {
        public var caseSensitive: Bool?
        public var percentEncoded: Bool?
    }

    public struct AppList: Sendable, Hashable, Encodable {
        public var apps: [String]
    }
}
