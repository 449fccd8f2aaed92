/// The platforms whose link handling Linkwell decides, each with its own rule form.
package enum Platform: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// iOS 13 and later: `appIDs` + `components`.
    case ios
    /// iOS 9–12: `appID` + `paths`.
    case iosLegacy = "ios-legacy"
    /// Android 15 and later with dynamic rules from assetlinks.json.
    case android
    /// Android 14 and earlier: the app's intent filters alone (`app/android/*.intent-filters.xml`).
    case androidLegacy = "android-legacy"

    package var displayName: String {
        switch self {
        case .ios: "iOS 13+"
        case .iosLegacy: "iOS 9–12"
        case .android: "Android 15+"
        case .androidLegacy: "Android ≤14"
        }
    }

    /// The name of the rule list in the file, for `components[3]`-style references.
    package var ruleListName: String {
        switch self {
        case .ios: "components"
        case .iosLegacy: "paths"
        case .android: "dynamic_app_link_components"
        case .androidLegacy: "intent-filter data"
        }
    }

    package static func < (lhs: Platform, rhs: Platform) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
