/// One Digital Asset Links statement of `assetlinks.json` (spec-reference §1.2); the file is a
/// JSON array of these. Field names are Google's, snake case included.
package struct AssetLinksStatement: Sendable, Hashable, Encodable {
    package static let handleAllURLs = "delegate_permission/common.handle_all_urls"
    package static let getLoginCredentials = "delegate_permission/common.get_login_creds"

    package var relation: [String]
    package var target: Target
    package var relationExtensions: [String: RelationExtension]?

    enum CodingKeys: String, CodingKey {
        case relation, target
        case relationExtensions = "relation_extensions"
    }

    package struct Target: Sendable, Hashable, Encodable {
        package var namespace = "android_app"
        package var packageName: String
        package var sha256CertFingerprints: [String]

        enum CodingKeys: String, CodingKey {
            case namespace
            case packageName = "package_name"
            case sha256CertFingerprints = "sha256_cert_fingerprints"
        }
    }

    package struct RelationExtension: Sendable, Hashable, Encodable {
        package var dynamicAppLinkComponents: [DynamicComponent]

        enum CodingKeys: String, CodingKey {
            case dynamicAppLinkComponents = "dynamic_app_link_components"
        }
    }

    /// An Android 15+ dynamic rule: only the keys Google documents (`/`, `?`, `#`, `exclude`);
    /// Android drops every dynamic rule when one field is malformed, so nothing else is written.
    package struct DynamicComponent: Sendable, Hashable, Encodable {
        package var path: String?
        package var query: [String: String]?
        package var fragment: String?
        package var exclude: Bool?

        enum CodingKeys: String, CodingKey {
            case path = "/"
            case query = "?"
            case fragment = "#"
            case exclude
        }

        /// Matches every URL: written last, with `exclude`, so that URLs no route names stay in
        /// the browser and the list is never empty (an empty list is discarded as malformed).
        package static let everythingElseExcluded = DynamicComponent(path: "*", exclude: true)

        package var isCatchAll: Bool {
            (path.map(PatternSyntax.isCatchAll) ?? true) && query == nil && (fragment.map(PatternSyntax.isCatchAll) ?? true)
        }
    }
}
