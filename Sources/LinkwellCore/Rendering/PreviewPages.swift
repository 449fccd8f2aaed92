import Foundation

/// Renders preview pages (spec-reference §1.5): one route page per page type and host of each
/// mirror pair (`_linkwell/<type>.html`, served for every URL of its routes through the host
/// rewrites), one page per item row at the item's own path, and a fallback page per short code.
public struct PreviewPages: Sendable {
    /// The folder, in each host folder, that holds the route pages.
    public static let folder = "_linkwell"

    let site: Site
    let templates: PageTemplates
    /// The script settings of item pages, which depend on the page type and host only: worked
    /// out once, not once per item.
    private let itemConfigs: [String: String]

    public init(site: Site, templates: PageTemplates) {
        self.site = site
        self.templates = templates
        var configs: [String: String] = [:]
        for page in site.pageTypes where page.items != nil {
            for entry in Self.hosts(of: page.name, in: site) {
                let links = PageLinks(site: site, page: page, pair: entry.pair, host: entry.host)
                configs["\(page.name) \(entry.host)"] =
                    PageConfig(site: site, page: page, links: links, isMirror: entry.host == entry.pair.mirror, urlKnown: true).json
            }
        }
        itemConfigs = configs
    }

    /// A page type's pages are written on the hosts where one of its routes applies.
    public func hosts(of pageType: String) -> [(host: String, pair: MirrorPair)] {
        Self.hosts(of: pageType, in: site)
    }

    public static func hosts(of pageType: String, in site: Site) -> [(host: String, pair: MirrorPair)] {
        site.mirrorPairs.flatMap { pair in [pair.primary, pair.mirror].map { (host: $0, pair: pair) } }.filter { entry in
            site.routes.contains { $0.pageType == pageType && !$0.exclude && $0.hosts.contains(entry.host) }
        }
    }

    public static func routePagePath(host: String, pageType: String) -> String {
        "\(host)/\(folder)/\(pageType).html"
    }

    public static func shortLinkPagePath(host: String, code: String) -> String {
        "\(host)/\(code).html"
    }

    /// `/u/alex` is written as `u/alex.html`; every host serves it at `/u/alex` (clean URLs).
    public static func itemPagePath(host: String, path: String) -> String {
        "\(host)\(path).html"
    }

    /// The route page of `pageType` on `host`.
    public func routePage(_ pageType: String, host: String) -> String {
        guard let page = site.pageTypes.first(where: { $0.name == pageType }),
            let entry = hosts(of: pageType).first(where: { $0.host == host })
        else { return "" }
        return render(page: page, host: host, pair: entry.pair, item: nil)
    }

    /// One page per host of the item's page type, each at the item's path.
    public func itemPages(page: PageType, item: ItemRow) -> [OutputFile] {
        hosts(of: page.name).map { entry in
            OutputFile(
                path: Self.itemPagePath(host: entry.host, path: item.path),
                contents: render(page: page, host: entry.host, pair: entry.pair, item: item))
        }
    }

    /// The fallback page of a short code: a plain link and a refresh, for hosts that cannot redirect.
    public func shortLinkPage(_ code: String) -> String {
        guard let link = site.shortLinks.first(where: { $0.code == code }), let pair = site.mirrorPairs.first else { return "" }
        let context = ShortLinkContext(
            siteName: site.name, code: link.code, target: "https://\(pair.primary)\(link.target)",
            contentSecurityPolicy: ContentSecurityPolicy.marker)
        return ContentSecurityPolicy.fill(templates.render(context, template: "short-link"), script: false)
    }

    func render(page: PageType, host: String, pair: MirrorPair, item: ItemRow?) -> String {
        let links = PageLinks(site: site, page: page, pair: pair, host: host)
        let title = item?.fields["title"].flatMap { $0.isEmpty ? nil : $0 } ?? page.title
        let description = item?.fields["description"].flatMap { $0.isEmpty ? nil : $0 } ?? page.description
        let image = item?.fields["image"].flatMap { $0.isEmpty ? nil : $0 } ?? page.image
        let known = item.map { LinkTargets(links: links, pageType: page.name, path: $0.path, query: "", host: host) }
        let context = PageContext(
            siteName: site.name,
            isMirror: host == pair.mirror,
            host: host,
            otherHost: host == pair.primary ? pair.mirror : pair.primary,
            page: .init(
                type: page.name, title: title, description: description, image: image,
                twitterCard: image == nil ? "summary" : "summary_large_image"),
            link: known.map {
                .init(canonical: $0.canonical, openInApp: $0.openInApp, web: $0.web, desktop: $0.desktop, native: $0.native)
            },
            webHome: URLTemplate.expand(links.web, path: "/", query: "", primaryHost: links.primaryHost),
            ios: links.iosApp.map { .init(name: $0.name, appStoreID: $0.appStoreID) },
            android: links.androidApp.map { .init(name: $0.name, package: $0.package) },
            item: item.map { .init(path: $0.path, fields: $0.fields) },
            webShouldFallback: links.hasWebEquivalent ? "true" : "false",
            behaviour: .init(
                contentSecurityPolicy: ContentSecurityPolicy.marker,
                config: item.flatMap { _ in itemConfigs["\(page.name) \(host)"] }
                    ?? PageConfig(site: site, page: page, links: links, isMirror: host == pair.mirror, urlKnown: item != nil).json,
                script: PageScript.source))
        return ContentSecurityPolicy.fill(templates.render(context, template: "page"), script: true)
    }
}

/// The per-page settings the page script reads from its JSON data block.
struct PageConfig: Encodable {
    struct Links: Encodable {
        var openInApp, web, desktop, iPhone, android, intentPackage, native: String
    }

    /// A tag the script writes because it names the page's URL (route pages only).
    struct HeadTag: Encodable {
        var element: String
        var attribute: String
        var key: String
        var value: String
    }

    var role: String
    var primaryHost: String
    var scheme: String
    var allowedHosts: [String]
    var links: Links
    var head: [HeadTag]
    var clipboard: Bool
    var nativeAttempt: Bool

    init(site: Site, page: PageType, links: PageLinks, isMirror: Bool, urlKnown: Bool) {
        role = isMirror ? "mirror" : "primary"
        primaryHost = links.primaryHost
        scheme = site.scheme ?? ""
        self.links = Links(
            openInApp: links.openInApp, web: links.web, desktop: links.desktop, iPhone: links.iPhone, android: links.android,
            intentPackage: links.intentPackage ?? "", native: links.native ?? "")
        let templates = [links.openInApp, links.canonical, links.web, links.desktop, links.iPhone, links.android]
        allowedHosts = templates.compactMap { URLParts(URLTemplate.expand($0, path: "/", query: "", primaryHost: "")) }
            .filter { $0.scheme == "https" }.map(\.host).uniqued().sorted()
        clipboard = page.clipboard
        nativeAttempt = page.nativeAttempt && links.native != nil
        var head: [HeadTag] = []
        if !urlKnown {
            head.append(HeadTag(element: "link", attribute: "rel", key: "canonical", value: links.canonical))
            head.append(HeadTag(element: "meta", attribute: "property", key: "og:url", value: links.canonical))
            if let native = links.native {
                if links.iosApp != nil { head.append(HeadTag(element: "meta", attribute: "property", key: "al:ios:url", value: native)) }
                if links.androidApp != nil {
                    head.append(HeadTag(element: "meta", attribute: "property", key: "al:android:url", value: native))
                }
                if links.iosApp?.appStoreID != nil {
                    head.append(HeadTag(element: "meta", attribute: "name", key: "twitter:app:url:iphone", value: native))
                }
                if links.androidApp != nil {
                    head.append(HeadTag(element: "meta", attribute: "name", key: "twitter:app:url:googleplay", value: native))
                }
            }
            head.append(HeadTag(element: "meta", attribute: "property", key: "al:web:url", value: links.web))
            if let appStoreID = links.iosApp?.appStoreID {
                head.append(
                    HeadTag(
                        element: "meta", attribute: "name", key: "apple-itunes-app",
                        value: "app-id=\(appStoreID), app-argument=\(links.canonical)"))
            }
        }
        self.head = head
    }

    /// Compact JSON with `<`, `>` and `&` escaped, so nothing in it can end the `<script>` element.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var escaped = ""
        for character in String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self) {
            switch character {
            case "<": escaped += "\\u003c"
            case ">": escaped += "\\u003e"
            case "&": escaped += "\\u0026"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

/// A strict policy for a rendered page: nothing loads but https images; the only script that
/// runs is Linkwell's page script (by its hash, wherever the template put it), the only styles
/// the page's own `<style>` elements (by theirs).
enum ContentSecurityPolicy {
    /// What templates receive as the policy; replaced once the page is rendered and its inline
    /// elements can be hashed.
    static let marker = "linkwell-content-security-policy"

    static func fill(_ html: String, script: Bool) -> String {
        let bytes = Array(html.utf8)
        let styles = elementTexts("style", in: bytes).map { SHA256.cspSource($0) }.uniqued()
        let scripts =
            script ? elementTexts("script", in: bytes).filter { trimmed($0) == pageScript }.map { SHA256.cspSource($0) }.uniqued() : []
        let policy = [
            "default-src 'none'",
            "script-src \(scripts.isEmpty ? "'none'" : scripts.joined(separator: " "))",
            "style-src \(styles.isEmpty ? "'none'" : styles.joined(separator: " "))",
            "img-src https: data:",
            "base-uri 'none'",
            "form-action 'none'",
        ].joined(separator: "; ")
        return replacing(Array(marker.utf8), with: Array(policy.replacingOccurrences(of: "'", with: "&#39;").utf8), in: bytes)
    }

    private static let pageScript = trimmed(Array(PageScript.source.utf8))

    private static func trimmed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        guard let first = bytes.firstIndex(where: { !space.contains($0) }), let last = bytes.lastIndex(where: { !space.contains($0) })
        else {
            return []
        }
        return bytes[first...last]
    }

    private static func replacing(_ target: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + replacement.count)
        var index = 0
        while let found = find(target, in: bytes, from: index) {
            result += bytes[index..<found]
            result += replacement
            index = found + target.count
        }
        result += bytes[index...]
        return String(decoding: result, as: UTF8.self)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The bytes of every `<name>…</name>` or `<name …>…</name>` element's text, exactly as written.
    static func elementTexts(_ name: String, in html: [UInt8]) -> [[UInt8]] {
        let open = Array("<\(name)".utf8)
        let close = Array("</\(name)>".utf8)
        var texts: [[UInt8]] = []
        var index = 0
        while let start = find(open, in: html, from: index) {
            let after = start + open.count
            guard after < html.count else { break }
            guard html[after] == UInt8(ascii: ">") || html[after] == UInt8(ascii: " ") else {
                index = after
                continue
            }
            guard let tagEnd = html[after...].firstIndex(of: UInt8(ascii: ">")), let end = find(close, in: html, from: tagEnd + 1) else {
                break
            }
            texts.append(Array(html[(tagEnd + 1)..<end]))
            index = end + close.count
        }
        return texts
    }
}
