/// Where one URL leads when the app does not open it: a page type's `PageLinks` expanded with
/// the URL's path and query — never with anything else in the URL.
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
    /// The mobile web page ("Continue in browser").
    public var web: String
    public var iPhone: String
    public var android: String
    public var desktop: String

    /// Nil when the URL's host is not a mirror-pair host or the route has no page type.
    public init?(site: Site, route: Route, url: URLParts) {
        guard let pageTypeName = route.pageType, let page = site.pageTypes.first(where: { $0.name == pageTypeName }),
            let pair = site.mirrorPairs.first(where: { $0.primary == url.host || $0.mirror == url.host })
        else { return nil }
        self.init(
            links: PageLinks(site: site, page: page, pair: pair, host: url.host), pageType: pageTypeName, path: url.path, query: url.query,
            host: url.host)
    }

    public init(links: PageLinks, pageType: String, path: String, query: String, host: String) {
        func expand(_ template: String) -> String {
            URLTemplate.expand(template, path: path, query: query, primaryHost: links.primaryHost)
        }
        self.pageType = pageType
        primaryHost = links.primaryHost
        mirrorHost = links.mirrorHost
        isOnMirror = host == links.mirrorHost
        openInApp = expand(links.openInApp)
        canonical = expand(links.canonical)
        native = links.native.map(expand)
        web = expand(links.web)
        desktop = expand(links.desktop)
        iPhone = expand(links.iPhone)
        let android = expand(links.android)
        self.android =
            links.intentPackage.map {
                URLTemplate.intent(primaryHost: links.primaryHost, path: path, query: query, package: $0, fallback: android)
            } ?? android
    }
}
