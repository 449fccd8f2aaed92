/// A host that serves preview pages, and what a visitor's arrival there means.
package struct PageHost: Sendable, Hashable, Codable {
    package enum Role: String, Sendable, Hashable, Codable {
        /// A mirror pair's primary host: the link people share. A visitor here is in a browser that
        /// did not hand the link to the app (an in-app browser, a desktop), or has no app.
        case primary
        /// The pair's mirror: a tap on "Open in app" reached it, so the app is not installed.
        case mirror
        /// The short host: codes the app resolves itself. Nothing else opens them, so the page
        /// offers the store and the web, and hands the code over through the clipboard.
        case short
    }

    package var host: String
    package var role: Role
    /// The host of the page's canonical URL: the pair's primary host; on the short host, itself
    /// (the code is the link).
    package var canonicalHost: String
    /// Where "Open in app" leads: the other host of the pair. Nil on the short host, which has
    /// no other host that opens the same codes.
    package var otherHost: String?

    /// Every host of the site, in `Site.hosts` order.
    package static func all(in site: Site) -> [PageHost] {
        site.hosts.compactMap { of($0, in: site) }
    }

    package static func of(_ host: String, in site: Site) -> PageHost? {
        if let pair = site.mirrorPairs.first(where: { $0.primary == host }) {
            return PageHost(host: host, role: .primary, canonicalHost: host, otherHost: pair.mirror)
        }
        if let pair = site.mirrorPairs.first(where: { $0.mirror == host }) {
            return PageHost(host: host, role: .mirror, canonicalHost: pair.primary, otherHost: pair.primary)
        }
        if host == site.shortHost { return PageHost(host: host, role: .short, canonicalHost: host, otherHost: nil) }
        return nil
    }
}
