/// One Digital Asset Links statement of `assetlinks.json` (spec-reference §1.2); the file is a
/// JSON array of these. Field names are Google's, snake case included.
public struct AssetLinksStatement: Sendable, Hashable, Encodable {
    public static let handleAllURLs = "delegate_permission/common.handle_all_urls"
    public static let getLoginCredentials = "delegate_permission/common.get_login_creds"

    public var relation: [String]
    public var target: Target
    public var relationExtensions: [String: RelationExtension]?

    enum CodingKeys: String, CodingKey {
        case relation, target
        case relationExtensions = "relation_extensions"
    }

    public struct Target: Sendable, Hashable, Encodable {
        public var namespace = "android_app"
        public var packageName: String
        public var sha256CertFingerprints: [String]

        enum CodingKeys: String, CodingKey {
            case namespace
            case packageName = "package_name"
            case sha256CertFingerprints = "sha256_cert_fingerprints"
        }
    }

    public struct RelationExtension: Sendable, Hashable, Encodable {
        public var dynamicAppLinkComponents: [DynamicComponent]

        enum CodingKeys: String, CodingKey {
            case dynamicAppLinkComponents = "dynamic_app_link_components"
        }
    }

    /// An Android 15+ dynamic rule: only the keys Google documents (`/`, `?`, `#`, `exclude`);
    /// Android drops every dynamic rule when one field is malformed, so nothing else is written.
    public struct DynamicComponent: Sendable, Hashable, Encodable {
        public var path: String?
        public var query: [String: String]?
        public var fragment: String?
        public var exclude: Bool?

        enum CodingKeys: String, CodingKey {
            case path = "/"
            case query = "?"
            case fragment = "#"
            case exclude
        }

        /// Matches every URL: written last, with `exclude`, so that URLs no route names stay in
        /// the browser and the list is never empty (an empty list is discarded as malformed).
        public static let everythingElseExcluded = DynamicComponent(path: "*", exclude: true)

        public var isCatchAll: Bool {
            (path.map(PatternSyntax.isCatchAll) ?? true) && query == nil && (fragment.map(PatternSyntax.isCatchAll) ?? true)
        }
    }
}
