import Foundation

/// Where a route's URL leads when the app does not open it (field notes, lessons 3–5): the
/// preview page's "Open in app" button points at the same path and query on the *other* host of
/// the mirror pair; reaching the mirror means the app is missing, so the mirror sends each
/// platform on to the store or the web. Every target is built from the manifest plus the
/// URL's path and query, never from anything else in the URL.
public struct LinkTargets: Sendable, Hashable, Codable {
    public var pageType: String
    /// The hosts of the URL's mirror pair, and whether the URL is on the mirror.
    public var primaryHost: String
    public var mirrorHost: String
    public var isOnMirror: Bool
    /// The same URL on the other host of the pair: where the button leads.
    public var openInApp: String
    /// The URL on the pair's primary host: `rel=canonical` and `og:url`.
    public var canonical: String
    /// `scheme://path?query`, for app-link meta tags; nil without a scheme.
    public var native: String?
    public var iPhone: String
    public var android: String
    public var desktop: String

    /// Nil when the URL's host is not a mirror-pair host or the route has no page type.
    public init?(site: Site, route: Route, url: URLParts) {
        guard let pageTypeName = route.pageType, let page = site.pageTypes.first(where: { $0.name == pageTypeName }),
            let pair = site.mirrorPairs.first(where: { $0.primary == url.host || $0.mirror == url.host })
        else { return nil }
        let other = url.host == pair.primary ? pair.mirror : pair.primary
        pageType = pageTypeName
        primaryHost = pair.primary
        mirrorHost = pair.mirror
        isOnMirror = url.host == pair.mirror
        openInApp = "https://\(other)\(url.pathAndQuery)"
        canonical = "https://\(pair.primary)\(url.pathAndQuery)"
        native = site.scheme.map { "\($0)://\(url.path.drop { $0 == "/" })\(url.query.isEmpty ? "" : "?" + url.query)" }
        let web = page.webURL.map { Self.expand($0, url: url) } ?? canonical
        desktop = page.desktopURL.map { Self.expand($0, url: url) } ?? web
        let appIDs = route.apps
        let iosApp = site.iosApps.first { appIDs.contains($0.id) && $0.appStoreID != nil }
        let androidApp = site.androidApps.first { appIDs.contains($0.id) }
        let canonical = canonical
        switch page.fallback {
        case .web:
            iPhone = web
            android = web
        case .store:
            iPhone = iosApp?.appStoreID.map { "https://apps.apple.com/app/id\($0)" } ?? web
            android = androidApp.map { Self.playStoreURL(package: $0.package, referrer: canonical) } ?? web
        }
    }

    /// Google Play with the original link in `referrer`, which the Install Referrer API hands to
    /// the app on first launch.
    public static func playStoreURL(package: String, referrer: String) -> String {
        "https://play.google.com/store/apps/details?id=\(package)&referrer=\(strictlyEncoded(referrer))"
    }

    /// `{path}` and `{query}` (`?…` or nothing) of a page type's URL template.
    public static func expand(_ template: String, url: URLParts) -> String {
        template.replacingOccurrences(of: "{path}", with: url.path)
            .replacingOccurrences(of: "{query}", with: url.query.isEmpty ? "" : "?\(url.query)")
    }

    /// Percent-encodes everything but unreserved characters, for a URL inside a query value.
    public static func strictlyEncoded(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"))
            ?? text
    }
}
