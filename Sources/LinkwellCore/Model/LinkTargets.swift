/// Where one URL leads when the app does not open it: a page type's `PageLinks` expanded with
/// the URL's path and query — never with anything else in the URL.
package struct LinkTargets: Sendable, Hashable, Codable {
    package var pageType: String
    /// The host of the canonical URL, and whether the URL's host is a pair's primary, its
    /// mirror, or the short host.
    package var primaryHost: String
    package var role: PageHost.Role
    /// The same URL on the other host of the pair: where the button leads (none on the short host).
    package var openInApp: String?
    /// The URL on the pair's primary host: `rel=canonical` and `og:url`.
    package var canonical: String
    /// `scheme://path?query`, for app-link meta tags; nil without a scheme.
    package var native: String?
    /// The mobile web page ("Continue on the web"); nil when there is none.
    package var web: String?
    package var iPhone: String?
    package var android: String?
    package var desktop: String?
    /// Whether a desktop goes on to `desktop` at once (else it stays on the page, which links there).
    package var desktopRedirects: Bool
    /// Per platform (`ios`: iOS 13+, `android`: Android 15+) where the page's app does not open
    /// this URL although the host serves it this page, why: "route 'x' excludes it" or "no route
    /// matches it". There the page offers the web, with no hop to the mirror, and the mirror sends
    /// it to the web, never to a store (the page's script decides its URL by the same rules,
    /// `PageDecisions`). Nil when the app opens it everywhere, or the page has no web page to offer.
    package var keptOnWeb: [String: String]?

    /// Nil when the URL's host serves no pages or the route has no page type.
    package init?(site: Site, route: Route, url: URLParts) {
        guard let pageTypeName = route.pageType, let page = site.pageTypes.first(where: { $0.name == pageTypeName }),
            let host = PageHost.of(url.host, in: site)
        else { return nil }
        self.init(links: PageLinks(site: site, page: page, host: host), pageType: pageTypeName, path: url.path, query: url.query)
    }

    package init(links: PageLinks, pageType: String, path: String, query: String) {
        func expand(_ template: String) -> String {
            URLTemplate.expand(template, path: path, query: query, primaryHost: links.primaryHost)
        }
        self.pageType = pageType
        primaryHost = links.primaryHost
        role = links.role
        openInApp = links.openInApp.map(expand)
        canonical = expand(links.canonical)
        native = links.native.map(expand)
        web = links.web.map(expand)
        desktop = links.desktop.map(expand)
        desktopRedirects = links.desktopRedirects && desktop != nil
        iPhone = links.iPhone.map(expand)
        let android = links.android.map(expand)
        self.android =
            links.intentPackage.map {
                URLTemplate.intent(primaryHost: links.primaryHost, path: path, query: query, package: $0, fallback: android ?? "")
            } ?? android
    }
}
