/// `apple-app-site-association` exactly as Apple reads it (spec-reference §1.1), one struct per
/// JSON object; JSON keys are the coding keys, nothing is renamed on the way out.
package struct AASAFile: Sendable, Hashable, Encodable {
    package var applinks: AppLinks
    package var webcredentials: AppList?
    package var appclips: AppList?

    package struct AppLinks: Sendable, Hashable, Encodable {
        /// Must be present and empty for iOS 9–12.
        package var apps: [String] = []
        package var details: [Detail]
        package var defaults: Defaults?
        package var substitutionVariables: [String: [String]]?
    }

    /// One app's rules in both forms: `appID` + `paths` for iOS 9–12, `appIDs` + `components`
    /// for iOS 13+ (which ignores `paths` when `components` is present).
    package struct Detail: Sendable, Hashable, Encodable {
        package var appID: String?
        package var appIDs: [String]
        package var paths: [String]?
        package var components: [Component]
    }

    package struct Component: Sendable, Hashable, Encodable {
        package var path: String?
        package var query: Query?
        package var fragment: String?
        package var exclude: Bool?
        package var comment: String?
        package var caseSensitive: Bool?
        package var percentEncoded: Bool?

        enum CodingKeys: String, CodingKey {
            case path = "/"
            case query = "?"
            case fragment = "#"
            case exclude, comment, caseSensitive, percentEncoded
        }
    }

    /// The `?` key: a pattern for the whole query string, or one pattern per item name. Values
    /// are always strings; a non-string value would silently void the whole dictionary.
    package enum Query: Sendable, Hashable, Encodable {
        case whole(String)
        case items([String: String])

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .whole(let pattern): try container.encode(pattern)
            case .items(let items): try container.encode(items)
            }
        }
    }

    package struct Defaults: Sendable, Hashable, Encodable {
        package var caseSensitive: Bool?
        package var percentEncoded: Bool?
    }

    package struct AppList: Sendable, Hashable, Encodable {
        package var apps: [String]
    }
}
