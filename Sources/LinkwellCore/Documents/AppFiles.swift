/// The files that keep the apps in step with the site (`Output/app/`): what each app must
/// declare for the hosts to be associated with it, and every route for its own URL checks.
package enum AppFiles {
    static let folder = "app"

    /// One file of `Output/app/`, as the plan names it; `render` writes it.
    package enum File: Sendable, Hashable {
        case entitlements(app: String, mode: String?)
        case clipEntitlements(app: String)
        case intentFilters(app: String)
        case dynamicIntentFilters(app: String)
        case assetStatements(app: String)
        case routes
        case shortLinks(host: String, primaryHost: String)
    }

    static func plan(site: Site) -> [(path: String, file: File)] {
        var files: [(String, File)] = []
        for app in site.iosApps {
            files.append(("\(folder)/ios/\(app.id).entitlements", .entitlements(app: app.id, mode: nil)))
            files.append(("\(folder)/ios/\(app.id).developer.entitlements", .entitlements(app: app.id, mode: "developer")))
            if !app.appClipBundleIDs.isEmpty { files.append(("\(folder)/ios/\(app.id).clip.entitlements", .clipEntitlements(app: app.id))) }
        }
        for app in site.androidApps {
            files.append(("\(folder)/android/\(app.id).intent-filters.xml", .intentFilters(app: app.id)))
            files.append(("\(folder)/android/\(app.id).intent-filters.android15.xml", .dynamicIntentFilters(app: app.id)))
            if app.webcredentials { files.append(("\(folder)/android/\(app.id).asset-statements.xml", .assetStatements(app: app.id))) }
        }
        files.append(("\(folder)/routes.json", .routes))
        if let shortHost = site.shortHost, let pair = site.mirrorPairs.first {
            files.append(("\(folder)/short-links.json", .shortLinks(host: shortHost, primaryHost: pair.primary)))
        }
        return files
    }
}
