/// `apple-app-site-association` exactly as Apple reads it (spec-reference §1.1), one struct per
/// JSON object; `jsonValue` names each key as Apple spells it.
package struct AASAFile: Sendable, Hashable {
    /// Nil on a sign-in host's file, which carries only credentials.
    package var applinks: AppLinks?
    package var webcredentials: AppList?
    package var appclips: AppList?

    package struct AppLinks: Sendable, Hashable {
        /// Must be present and empty for iOS 9–12.
        package var apps: [String] = []
        package var details: [Detail]
        package var defaults: Defaults?
        package var substitutionVariables: [String: [String]]?
    }

    /// One app's rules in both forms: `appID` + `paths` for iOS 9–12, `appIDs` + `components`
    /// for iOS 13+ (which ignores `paths` when `components` is present).
    package struct Detail: Sendable, Hashable {
        package var appID: String?
        package var appIDs: [String]
        package var paths: [String]?
        package var components: [Component]
    }

    package struct Component: Sendable, Hashable {
        package var path: String?
        package var query: Query?
        package var fragment: String?
        package var exclude: Bool?
        package var comment: String?
        package var caseSensitive: Bool?
        package var percentEncoded: Bool?

    }

    /// The `?` key: a pattern for the whole query string, or one pattern per item name. Values
    /// are always strings; a non-string value would silently void the whole dictionary.
    package enum Query: Sendable, Hashable {
        case whole(String)
        case items([String: String])

    }

    package struct Defaults: Sendable, Hashable {
        package var caseSensitive: Bool?
        package var percentEncoded: Bool?
    }

    package struct AppList: Sendable, Hashable {
        package var apps: [String]
    }
}

extension AASAFile {
    package var jsonValue: JSONValue {
        .fields(["applinks": applinks?.jsonValue, "webcredentials": webcredentials?.jsonValue, "appclips": appclips?.jsonValue])
    }
}

extension AASAFile.AppLinks {
    var jsonValue: JSONValue {
        .fields([
            "apps": .strings(apps), "details": .array(details.map(\.jsonValue)), "defaults": defaults?.jsonValue,
            "substitutionVariables": substitutionVariables.map { .object($0.mapValues(JSONValue.strings)) },
        ])
    }
}

extension AASAFile.Detail {
    var jsonValue: JSONValue {
        .fields([
            "appID": appID.map(JSONValue.string), "appIDs": .strings(appIDs), "paths": paths.map(JSONValue.strings),
            "components": .array(components.map(\.jsonValue)),
        ])
    }
}

extension AASAFile.Component {
    package var jsonValue: JSONValue {
        .fields([
            "/": path.map(JSONValue.string), "?": query?.jsonValue, "#": fragment.map(JSONValue.string),
            "exclude": exclude.map(JSONValue.bool),
            "comment": comment.map(JSONValue.string), "caseSensitive": caseSensitive.map(JSONValue.bool),
            "percentEncoded": percentEncoded.map(JSONValue.bool),
        ])
    }
}

extension AASAFile.Query {
    var jsonValue: JSONValue {
        switch self {
        case .whole(let pattern): .string(pattern)
        case .items(let items): .object(items.mapValues(JSONValue.string))
        }
    }
}

extension AASAFile.Defaults {
    var jsonValue: JSONValue {
        .fields(["caseSensitive": caseSensitive.map(JSONValue.bool), "percentEncoded": percentEncoded.map(JSONValue.bool)])
    }
}

extension AASAFile.AppList {
    var jsonValue: JSONValue { .fields(["apps": .strings(apps)]) }
}
