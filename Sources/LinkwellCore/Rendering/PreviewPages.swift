import Foundation
import Synchronization

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
        return String(decoding: render(page: page, host: host, pair: entry.pair, item: nil), as: UTF8.self)
    }

    /// One page per host of the item's page type, each at the item's path.
    public func itemPages(page: PageType, item: ItemRow) -> [OutputFile] {
        hosts(of: page.name).map { entry in
            OutputFile(
                path: Self.itemPagePath(host: entry.host, path: item.path),
                bytes: render(page: page, host: entry.host, pair: entry.pair, item: item))
        }
    }

    /// The fallback page of a short code: a plain link and a refresh, for hosts that cannot redirect.
    public func shortLinkPage(_ code: String) -> String {
        guard let link = site.shortLinks.first(where: { $0.code == code }), let pair = site.mirrorPairs.first else { return "" }
        let context = ShortLinkContext(
            siteName: site.name, code: link.code, target: "https://\(pair.primary)\(link.target)",
            contentSecurityPolicy: ContentSecurityPolicy.marker)
        return String(decoding: ContentSecurityPolicy.fill(templates.render(context, template: "short-link"), script: false), as: UTF8.self)
    }

    func render(page: PageType, host: String, pair: MirrorPair, item: ItemRow?) -> [UInt8] {
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

    static func fill(_ html: [UInt8], script: Bool) -> [UInt8] {
        let styles = elementTexts("style", in: html).map(source).uniqued()
        let scripts = script ? elementTexts("script", in: html).filter { trimmed($0) == pageScript }.map(source).uniqued() : []
        return replacing(Array(marker.utf8), with: policy(scripts: scripts, styles: styles), in: html)
    }

    /// The policy's text, quotes escaped for an attribute; the same few policies repeat on every
    /// page of a template, so each is made once.
    private static func policy(scripts: [String], styles: [String]) -> [UInt8] {
        let key = scripts + [""] + styles
        if let known = policies.withLock({ $0[key] }) { return known }
        let text = [
            "default-src 'none'",
            "script-src \(scripts.isEmpty ? "'none'" : scripts.joined(separator: " "))",
            "style-src \(styles.isEmpty ? "'none'" : styles.joined(separator: " "))",
            "img-src https: data:",
            "base-uri 'none'",
            "form-action 'none'",
        ].joined(separator: "; ")
        let escaped = Array(text.replacingOccurrences(of: "'", with: "&#39;").utf8)
        policies.withLock { known in
            if known.count > 64 { known.removeAll() }
            known[key] = escaped
        }
        return escaped
    }

    private static let policies = Mutex<[[String]: [UInt8]]>([:])

    private static let pageScript = trimmed(Array(PageScript.source.utf8)[...])

    /// The `'sha256-…'` source of an element's text. Pages of one template repeat the same few
    /// elements (the page script, the style sheet), so their hashes are remembered, not redone.
    private static func source(of text: ArraySlice<UInt8>) -> String {
        let known = hashes.withLock { entries in entries.first { $0.text.count == text.count && equal($0.text, text) }?.source }
        if let known { return known }
        let computed = SHA256.cspSource(text)
        hashes.withLock { entries in
            if entries.count == 32 { entries.removeFirst() }
            entries.append((Array(text), computed))
        }
        return computed
    }

    private static let hashes = Mutex<[(text: [UInt8], source: String)]>([])

    private static func equal(_ left: [UInt8], _ right: ArraySlice<UInt8>) -> Bool {
        left.elementsEqual(right)
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        guard let first = bytes.firstIndex(where: { !space.contains($0) }), let last = bytes.lastIndex(where: { !space.contains($0) })
        else {
            return []
        }
        return bytes[first...last]
    }

    private static func replacing(_ target: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + replacement.count)
        var index = 0
        while let found = find(target, in: bytes, from: index) {
            result += bytes[index..<found]
            result += replacement
            index = found + target.count
        }
        result += bytes[index...]
        return result
    }

    /// The first index of `needle` at or after `start`: `memchr` finds each candidate first byte.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        return haystack.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var index = start
            let last = haystack.count - needle.count
            while index <= last {
                guard let hit = memchr(base + index, Int32(first), last - index + 1) else { return nil }
                index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + index, needle, needle.count) == 0 { return index }
                index += 1
            }
            return nil
        }
    }

    /// The bytes of every `<name>…</name>` or `<name …>…</name>` element's text, exactly as written.
    static func elementTexts(_ name: String, in html: [UInt8]) -> [ArraySlice<UInt8>] {
        let open = Array("<\(name)".utf8)
        let close = Array("</\(name)>".utf8)
        var texts: [ArraySlice<UInt8>] = []
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
            texts.append(html[(tagEnd + 1)..<end])
            index = end + close.count
        }
        return texts
    }
}
