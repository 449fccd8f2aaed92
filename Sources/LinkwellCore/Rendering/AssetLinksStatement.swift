/// One Digital Asset Links statement of `assetlinks.json` (spec-reference §1.2); the file is a
/// JSON array of these. `jsonValue` names the fields as Google does, snake case included.
package struct AssetLinksStatement: Sendable, Hashable {
    package static let handleAllURLs = "delegate_permission/common.handle_all_urls"
    package static let getLoginCredentials = "delegate_permission/common.get_login_creds"

    package var relation: [String]
    package var target: Target
    package var relationExtensions: [String: RelationExtension]?

    package struct Target: Sendable, Hashable {
        package var namespace = "android_app"
        package var packageName: String
        package var sha256CertFingerprints: [String]
    }

    package struct RelationExtension: Sendable, Hashable {
        package var dynamicAppLinkComponents: [DynamicComponent]
    }

    /// An Android 15+ dynamic rule: only the keys Google documents (`/`, `?`, `#`, `exclude`);
    /// Android drops every dynamic rule when one field is malformed, so nothing else is written.
    package struct DynamicComponent: Sendable, Hashable {
        package var path: String?
        package var query: [String: String]?
        package var fragment: String?
        package var exclude: Bool?

        /// Matches every URL: written last, with `exclude`, so that URLs no route names stay in
        /// the browser and the list is never empty (an empty list is discarded as malformed).
        package static let everythingElseExcluded = DynamicComponent(path: "*", exclude: true)

        package var isCatchAll: Bool {
            (path.map(PatternSyntax.isCatchAll) ?? true) && query == nil && (fragment.map(PatternSyntax.isCatchAll) ?? true)
        }
    }
}

extension AssetLinksStatement {
    package var jsonValue: JSONValue {
        .fields([
            "relation": .strings(relation), "target": target.jsonValue,
            "relation_extensions": relationExtensions.map { .object($0.mapValues(\.jsonValue)) },
        ])
    }
}

extension AssetLinksStatement.Target {
    var jsonValue: JSONValue {
        .fields([
            "namespace": .string(namespace), "package_name": .string(packageName),
            "sha256_cert_fingerprints": .strings(sha256CertFingerprints),
        ])
    }
}

extension AssetLinksStatement.RelationExtension {
    var jsonValue: JSONValue { .fields(["dynamic_app_link_components": .array(dynamicAppLinkComponents.map(\.jsonValue))]) }
}

extension AssetLinksStatement.DynamicComponent {
    var jsonValue: JSONValue {
        .fields([
            "/": path.map(JSONValue.string), "?": query.map { .object($0.mapValues(JSONValue.string)) },
            "#": fragment.map(JSONValue.string),
            "exclude": exclude.map(JSONValue.bool),
        ])
    }
}
