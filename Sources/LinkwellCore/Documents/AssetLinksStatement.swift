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

        /// An app's rules, in route order, closed by the catch-all exclusion unless the last rule
        /// already matches everything.
        package static func closing<Origin>(_ rules: [(component: DynamicComponent, origin: Origin?)]) -> [(
            component: DynamicComponent, origin: Origin?
        )] {
            rules.last?.component.isCatchAll == true ? rules : rules + [(everythingElseExcluded, nil)]
        }

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

extension AssetLinksStatement {
    /// The packages `handle_all_urls` statements name, in file order, each once.
    static func packagesInOrder(_ document: JSONValue) -> [String] {
        (document.array ?? []).compactMap { statement -> String? in
            let relations = statement["relation"]?.array?.compactMap(\.string) ?? []
            guard relations.contains(handleAllURLs), statement["target"]?["namespace"]?.string == "android_app" else { return nil }
            return statement["target"]?["package_name"]?.string
        }.uniqued()
    }

    /// Per package that a statement delegates app links to: every SHA-256 certificate fingerprint
    /// the file lists for it (Android verifies the app when its signing certificate is one of them).
    static func fingerprintsByPackage(_ document: JSONValue) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for statement in document.array ?? [] {
            let relations = statement["relation"]?.array?.compactMap(\.string) ?? []
            guard relations.contains(handleAllURLs), statement["target"]?["namespace"]?.string == "android_app",
                let package = statement["target"]?["package_name"]?.string
            else { continue }
            let fingerprints = statement["target"]?["sha256_cert_fingerprints"]?.array?.compactMap(\.string) ?? []
            result[package, default: []].formUnion(fingerprints)
        }
        return result
    }
}
