/// Where a page type's preview sends people, as URL templates that still hold `{path}`,
/// `{query}` and `{link}` (field notes, lessons 3–6). One value serves both sides: the build
/// expands it for item pages and `linkwell match`, and the page's script expands the very same
/// templates in the browser for route pages, so the two can never disagree. A nil link is one
/// the page leaves out: no page ever links to itself.
package struct PageLinks: Sendable, Hashable, Codable {
    /// The host of the canonical URL (the pair's primary, or the short host).
    package var primaryHost: String
    package var role: PageHost.Role
    /// The same path and query on the other host of the pair: the "Open in app" button.
    package var openInApp: String?
    /// The URL on the primary host: `rel=canonical`, `og:url`, `app-argument`.
    package var canonical: String
    /// The mobile web page ("Continue on the web" on phones): the page type's `web`, else the
    /// site's web home.
    package var web: String?
    package var desktop: String?
    /// Whether a desktop is sent on to `desktop` at once: only from a route or item page whose page
    /// type names a web page of its own (`web` or `desktop`). The home and not-found pages, and
    /// pages that would only reach the site's web home, stay and show it as a link, so a broken
    /// link never silently lands on the web home.
    package var desktopRedirects: Bool
    /// Where an iPhone without the app goes from the mirror page.
    package var iPhone: String?
    /// Where an Android phone without the app goes from the mirror page; with `intentPackage` it
    /// is the fallback inside an `intent://` URL.
    package var android: String?
    package var intentPackage: String?
    /// `scheme://path?query`, for app-link meta tags and the Android native attempt.
    package var native: String?
    /// Whether there is a web page besides the preview (`al:web:should_fallback`).
    package var hasWebEquivalent: Bool
    /// The apps the page names in its tags.
    package var iosApp: IOSApp?
    package var androidApp: AndroidApp?

    /// The links of `page` served on `host`; the apps are the first of the page's routes' apps
    /// (an App Store ID is needed for the iOS store link), or of all the site's apps for the
    /// home and not-found pages, which no route names.
    package init(site: Site, page: PageType, host: PageHost) {
        primaryHost = host.canonicalHost
        role = host.role
        openInApp = host.otherHost.map { "https://\($0){path}{query}" }
        canonical = "https://\(host.canonicalHost){path}{query}"
        // The host's market: its pair's web home, else the site's; `{origin}` is its scheme and host.
        let home = site.mirrorPairs.first { $0.primary == host.host || $0.mirror == host.host }?.web ?? site.webHome
        let origin = home.flatMap(Self.origin)
        func local(_ template: String?) -> String? {
            guard let template, template.hasPrefix("{origin}") else { return template }
            return origin.map { $0 + template.dropFirst("{origin}".count) }
        }
        web = local(page.webURL) ?? home
        desktop = local(page.desktopURL) ?? web
        desktopRedirects = PageKind(page.name) == nil && (page.desktopURL ?? page.webURL) != nil
        hasWebEquivalent = page.webURL != nil
        native = site.scheme.map { "\($0):/{path}{query}" }
        let routed = Set(site.routes.filter { $0.pageType == page.name && !$0.exclude }.flatMap(\.apps))
        // Home and not-found pages promote the app `homePages` names, else every app (the first of each platform).
        let every = site.homeApp.map { [$0] } ?? site.iosApps.map(\.id) + site.androidApps.map(\.id)
        let appIDs = routed.isEmpty && PageKind(page.name) != nil ? Set(every) : routed
        iosApp = site.iosApps.first { appIDs.contains($0.id) && $0.appStoreID != nil } ?? site.iosApps.first { appIDs.contains($0.id) }
        androidApp = site.androidApps.first { appIDs.contains($0.id) }
        let appStore = iosApp?.appStoreID.map { "https://apps.apple.com/app/id\($0)" }
        let play = androidApp.map { "https://play.google.com/store/apps/details?id=\($0.package)&referrer={link}" }
        // A page type that old app versions cannot open falls back to the web: the mirror page
        // cannot tell an old app that declined the link from a missing one (lesson 13).
        let storeFirst = page.fallback == .store
        iPhone = storeFirst && page.sinceIOS == nil ? (local(page.iosInstallURL) ?? appStore ?? web) : web
        android = storeFirst && page.sinceAndroid == nil ? (play ?? web) : web
        intentPackage = page.android == .intent && storeFirst && page.sinceAndroid == nil ? androidApp?.package : nil
    }
}

extension PageLinks {
    /// `https://host[:port]` of an absolute https URL.
    static func origin(of url: String) -> String? {
        guard url.hasPrefix("https://") else { return nil }
        let authority = url.dropFirst("https://".count).prefix { !"/?#".contains($0) }
        return authority.isEmpty ? nil : "https://" + authority
    }
}

/// The pages every host has besides its route pages: `index.html` and `404.html`.
package enum PageKind: String, Sendable, Hashable, Codable, CaseIterable {
    case home
    case notFound = "not-found"

    /// The kind of a page type named `linkwell:home` or `linkwell:not-found`: the names these
    /// pages render under, which no manifest page type can take (names have no `:`).
    init?(_ name: String) {
        guard let kind = PageKind(rawValue: name.hasPrefix("linkwell:") ? String(name.dropFirst(9)) : "") else { return nil }
        self = kind
    }

    /// The page type these pages are rendered as: the site's name, its web home, the store.
    package func pageType(in site: Site) -> PageType {
        var page = PageType(name: "linkwell:\(rawValue)", fallback: .store, title: site.name)
        page.appClip = site.homeAppClip
        switch self {
        case .home: page.description = "\(site.name) is better in the app. Get it, or continue on the web."
        case .notFound:
            page.title = "This link has no page"
            page.description = "It may be mistyped or out of date. \(site.name) can take you from here."
            // `homePages.notFound: web`: the page's script takes every visitor to the same URL on the web.
            if site.notFoundToWeb { page.webURL = "{origin}{path}{query}" }
        }
        return page
    }

    /// The file each host serves it from.
    package var fileName: String {
        switch self {
        case .home: "index.html"
        case .notFound: "404.html"
        }
    }
}
/// Expands `{path}`, `{query}` and `{link}` in one pass over the template, so text from the URL
/// is never itself read as a placeholder. The page script implements the same function.
package enum URLTemplate {
    package static func expand(_ template: String, path: String, query: String, primaryHost: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(template.utf8.count + path.utf8.count + query.utf8.count + 1)
        var template = template
        template.withUTF8 { bytes in
            scan(bytes) { part in append(part, of: bytes, path: path, query: query, primaryHost: primaryHost, to: &result) }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// A template read once, for expanding it for many paths (an item page type's links, once
    /// per item): what `expand` gives, without scanning the template again.
    package struct Compiled: Sendable {
        private let bytes: [UInt8]
        private let parts: [Part]

        package init(_ template: String) {
            bytes = Array(template.utf8)
            var parts: [Part] = []
            bytes.withUnsafeBufferPointer { bytes in URLTemplate.scan(bytes) { parts.append($0) } }
            self.parts = parts
        }

        package func expand(path: String, query: String, primaryHost: String) -> String {
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + path.utf8.count + query.utf8.count + 1)
            expand(path: path, query: query, primaryHost: primaryHost, into: &result)
            return String(decoding: result, as: UTF8.self)
        }

        /// The expansion appended to `output`: an item page program gathers its links this way
        /// (into its values' bytes), without a string for each (six links a page).
        package func expand(path: String, query: String, primaryHost: String, into output: inout [UInt8]) {
            bytes.withUnsafeBufferPointer { bytes in
                for part in parts { URLTemplate.append(part, of: bytes, path: path, query: query, primaryHost: primaryHost, to: &output) }
            }
        }
    }

    /// A piece of a template: a run of its bytes, or a placeholder.
    private enum Part: Sendable, Equatable {
        case text(Range<Int>)
        case path, query, link
    }

    /// Calls `visit` with the template's text runs and placeholders, left to right: one pass over
    /// its bytes, so the text a placeholder puts in is never read as one.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ visit: (Part) -> Void) {
        func placeholder(_ name: StaticString, at index: Int) -> Bool {
            let count = name.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return name.withUTF8Buffer { name in name.indices.allSatisfy { bytes[index + $0] == name[$0] } }
        }
        var run = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            let part: Part
            if placeholder("{path}", at: index) {
                part = .path
            } else if placeholder("{query}", at: index) {
                part = .query
            } else if placeholder("{link}", at: index) {
                part = .link
            } else {
                // A `{` that opens no placeholder is text.
                index += 1
                continue
            }
            if index > run { visit(.text(run..<index)) }
            visit(part)
            index += part == .query ? 7 : 6
            run = index
        }
        if bytes.count > run { visit(.text(run..<bytes.count)) }
    }

    private static func append(
        _ part: Part, of template: UnsafeBufferPointer<UInt8>, path: String, query: String, primaryHost: String,
        to result: inout [UInt8]
    ) {
        switch part {
        case .text(let range):
            result.append(contentsOf: UnsafeBufferPointer(rebasing: template[range]))
        case .path:
            append(path, to: &result)
        case .query:
            if !query.isEmpty {
                result.append(UInt8(ascii: "?"))
                append(query, to: &result)
            }
        case .link:
            PercentEncoding.append(
                "https://\(primaryHost)\(path)\(query.isEmpty ? "" : "?")\(query)".utf8, keeping: unreserved.contains, to: &result)
        }
    }

    /// A string's bytes copied in one piece (its UTF-8 view's generic append went byte by byte).
    private static func append(_ text: String, to result: inout [UInt8]) {
        var text = text
        text.withUTF8 { result.append(contentsOf: $0) }
    }

    /// Chrome's `intent:` URL for the primary-host URL: the app when it is installed after all,
    /// else `fallback` (S.browser_fallback_url).
    package static func intent(primaryHost: String, path: String, query: String, package: String, fallback: String) -> String {
        let queryPart = query.isEmpty ? "" : "?\(query)"
        return
            "intent://\(primaryHost)\(path)\(queryPart)#Intent;scheme=https;package=\(package);S.browser_fallback_url=\(strictlyEncoded(fallback));end"
    }

    /// A path with every non-ASCII character percent-encoded as UTF-8 (`/u/zoë` → `/u/zo%C3%AB`):
    /// how a browser sends it, and how links name it.
    package static func encodedPath(_ path: String) -> String {
        var bytes = path
        guard !bytes.withUTF8({ $0.isASCII }) else { return path }
        return PercentEncoding.encoded(path) { $0 < 0x80 }
    }

    /// Percent-encodes everything but unreserved characters, as JavaScript's
    /// `encodeURIComponent` does apart from `!'()*`, which it keeps — so those are kept too.
    package static func strictlyEncoded(_ text: String) -> String {
        PercentEncoding.encoded(text, keeping: unreserved.contains)
    }

    /// A bit set, not a `Set`: an item page's `{link}` tests every byte of its URL, and a bit
    /// test needs no hashing.
    private static let unreserved = ASCIISet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
}
