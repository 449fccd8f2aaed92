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
    /// What item pages of one page type on one host share, worked out once, not once per item:
    /// their links, script settings and the page template specialized to them.
    private let itemSetups: [String: ItemPageSetup]
    /// The hosts of each page type with items, worked out once.
    private let itemHosts: [String: [(host: String, pair: MirrorPair)]]

    private struct ItemPageSetup: Sendable {
        var links: PageLinks
        var config: String
        var template: MustacheTemplate?
        /// The template with its Content-Security-Policy already in place, when no item can change it.
        var filled: MustacheTemplate?
    }

    public init(site: Site, templates: PageTemplates) {
        self.site = site
        self.templates = templates
        var setups: [String: ItemPageSetup] = [:]
        var hostsOfPages: [String: [(host: String, pair: MirrorPair)]] = [:]
        for page in site.pageTypes where page.items != nil {
            hostsOfPages[page.name] = Self.hosts(of: page.name, in: site)
            for entry in Self.hosts(of: page.name, in: site) {
                let links = PageLinks(site: site, page: page, pair: entry.pair, host: entry.host)
                let config = PageConfig(site: site, page: page, links: links, isMirror: entry.host == entry.pair.mirror, urlKnown: true)
                    .json
                let sample = ItemRow(
                    path: "/", fields: [:], location: SourceLocation(file: "", line: 1, column: 1),
                    pathLocation: SourceLocation(file: "", line: 1, column: 1))
                let context = Self.context(
                    site: site, page: page, host: entry.host, pair: entry.pair, item: sample, links: links, config: config)
                let known = ItemMask(object: context, prefix: "")
                let specialized = templates.specialize("page", known: .object(known))
                setups["\(page.name) \(entry.host)"] = ItemPageSetup(
                    links: links, config: config, template: specialized,
                    filled: specialized.flatMap { ContentSecurityPolicy.prefilled($0, script: true) })
            }
        }
        itemSetups = setups
        itemHosts = hostsOfPages
    }

    /// The context of item pages with what differs from item to item marked unknown: the item,
    /// its links and the page texts an item row can override.
    private struct ItemMask: TemplateObject {
        static let unknown: Set<String> = ["page.title", "page.description", "page.image", "page.twitterCard", "link", "item"]

        let object: any TemplateObject
        let prefix: String

        func member(named name: String) -> TemplateValue? {
            let path = prefix.isEmpty ? name : prefix + "." + name
            if Self.unknown.contains(path) { return .unknown }
            guard let value = object.member(named: name) else { return nil }
            if case .object(let inner) = value { return .object(ItemMask(object: inner, prefix: path)) }
            return value
        }
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

    /// One page per host of the item's page type, each at the item's path and with its
    /// fingerprint; a page `proof` shows to be on disk already is not rendered.
    func itemPages(page: PageType, item: ItemRow, build: PageFingerprint, proof: (any PageProof)?) -> [OutputFile] {
        let row = build.row(page.name, item)
        return (itemHosts[page.name] ?? hosts(of: page.name)).map { entry in
            let path = Self.itemPagePath(host: entry.host, path: item.path)
            let fingerprint = row.page(host: entry.host)
            if let proof, proof.isCurrent(path, fingerprint: fingerprint) { return .unchanged(path, fingerprint: fingerprint) }
            return OutputFile(
                path: path, bytes: render(page: page, host: entry.host, pair: entry.pair, item: item), fingerprint: fingerprint)
        }
    }

    /// The fallback page of a short code: a plain link and a refresh, for hosts that cannot redirect.
    public func shortLinkPage(_ code: String) -> String {
        guard let link = site.shortLinks.first(where: { $0.code == code }), let pair = site.mirrorPairs.first else { return "" }
        let context = ShortLinkContext(
            siteName: site.name, code: link.code, target: "https://\(pair.primary)\(link.target)")
        return String(decoding: ContentSecurityPolicy.fill(templates.render(context, template: "short-link"), script: false), as: UTF8.self)
    }

    func render(page: PageType, host: String, pair: MirrorPair, item: ItemRow?) -> [UInt8] {
        if let item, let setup = itemSetups["\(page.name) \(host)"], let template = setup.template {
            let context = Self.context(site: site, page: page, host: host, pair: pair, item: item, links: setup.links, config: setup.config)
            if let filled = setup.filled { return templates.render(filled, context: context).bytes }
            return ContentSecurityPolicy.fill(templates.render(template, context: context), script: true)
        }
        return wholeRender(page: page, host: host, pair: pair, item: item)
    }

    /// The page rendered from the whole template and filled afterwards: route pages, and the
    /// reference every specialized item page must equal byte for byte (tested).
    func wholeRender(page: PageType, host: String, pair: MirrorPair, item: ItemRow?) -> [UInt8] {
        let links = PageLinks(site: site, page: page, pair: pair, host: host)
        let config = PageConfig(site: site, page: page, links: links, isMirror: host == pair.mirror, urlKnown: item != nil).json
        let context = Self.context(site: site, page: page, host: host, pair: pair, item: item, links: links, config: config)
        return ContentSecurityPolicy.fill(templates.render(context, template: "page"), script: true)
    }

    /// Whether item pages of `pageType` on `host` skip the per-page policy fill.
    func hasPrefilledPolicy(_ pageType: String, host: String) -> Bool {
        itemSetups["\(pageType) \(host)"]?.filled != nil
    }

    private static func context(
        site: Site, page: PageType, host: String, pair: MirrorPair, item: ItemRow?, links: PageLinks, config: String
    ) -> PageContext {
        let title = item?.fields["title"].flatMap { $0.isEmpty ? nil : $0 } ?? page.title
        let description = item?.fields["description"].flatMap { $0.isEmpty ? nil : $0 } ?? page.description
        let image = item?.fields["image"].flatMap { $0.isEmpty ? nil : $0 } ?? page.image
        // The links templates can name, expanded for the item's path (LinkTargets' iPhone and
        // Android targets are only in the page's script settings, which item pages share).
        let expand = { (template: String, path: String) in
            URLTemplate.expand(template, path: path, query: "", primaryHost: links.primaryHost)
        }
        let known = item.map { item in
            PageContext.Link(
                canonical: expand(links.canonical, item.path), openInApp: expand(links.openInApp, item.path),
                web: expand(links.web, item.path), desktop: expand(links.desktop, item.path),
                native: links.native.map { expand($0, item.path) })
        }
        return PageContext(
            siteName: site.name,
            isMirror: host == pair.mirror,
            host: host,
            otherHost: host == pair.primary ? pair.mirror : pair.primary,
            page: .init(
                type: page.name, title: title, description: description, image: image,
                twitterCard: image == nil ? "summary" : "summary_large_image"),
            link: known,
            webHome: URLTemplate.expand(links.web, path: "/", query: "", primaryHost: links.primaryHost),
            ios: links.iosApp.map { .init(name: $0.name, appStoreID: $0.appStoreID) },
            android: links.androidApp.map { .init(name: $0.name, package: $0.package) },
            item: item.map { .init(path: $0.path, fields: $0.fields) },
            webShouldFallback: links.hasWebEquivalent ? "true" : "false",
            behaviour: .init(config: config, script: PageScript.source))
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
    /// The policy filled into a specialized template once, when no page's values can change it:
    /// every `<style>`/`<script>` element is in the template's constant text, and what is left to
    /// render per page can neither reach into an element nor start one (escaped values hold no
    /// `<`; sections' text opens no such element; nothing left follows an open `<name`), nor
    /// print the policy. Nil when that does not hold; then each page is filled after rendering.
    static func prefilled(_ template: MustacheTemplate, script: Bool) -> MustacheTemplate? {
        var skeleton: [UInt8] = []
        guard flatten(template.nodes, into: &skeleton) else { return nil }
        let styles = elementTexts("style", in: skeleton)
        let scripts = script ? elementTexts("script", in: skeleton) : []
        // Holes are 0 bytes: an element whose text takes in a hole is not the same on every page.
        guard !(styles + scripts).contains(where: { $0.contains(0) }) else { return nil }
        let filled = policy(
            scripts: scripts.filter { trimmed($0) == pageScript }.map(source).uniqued(), styles: styles.map(source).uniqued())
        return MustacheTemplate(specialized: fillingSlots(of: template.nodes, with: filled))
    }

    /// The constant text of a specialized template with a 0 byte for each value or section left
    /// to render; false when one of those could add an element or print the policy.
    private static func flatten(_ nodes: [MustacheTemplate.Node], into skeleton: inout [UInt8]) -> Bool {
        for node in nodes {
            switch node {
            case .text(let bytes):
                skeleton += bytes
            case .slot:
                continue
            case .scope(_, let body):
                guard flatten(body, into: &skeleton) else { return false }
            case .variable(let name, let escaped):
                guard escaped, !mayPrintPolicy(name), !endsInsideTagName(skeleton) else { return false }
                skeleton.append(0)
            case .section(_, _, let body):
                guard isInert(body), !endsInsideTagName(skeleton) else { return false }
                skeleton.append(0)
            case .partial:
                return false
            }
        }
        return true
    }

    /// Section text that opens no `<style>`/`<script>` element, with only escaped values, none of
    /// them the policy or inside a tag name.
    private static func isInert(_ nodes: [MustacheTemplate.Node]) -> Bool {
        let needles = ["<style", "<script"].map { Array($0.utf8) }
        var text: [UInt8] = []
        for node in nodes {
            switch node {
            case .text(let bytes):
                guard needles.allSatisfy({ find($0, in: bytes, from: 0) == nil }) else { return false }
                text += bytes
            case .variable(let name, let escaped):
                guard escaped, !mayPrintPolicy(name), !endsInsideTagName(text) else { return false }
                text.append(0)
            case .section(_, _, let body), .scope(_, let body):
                guard isInert(body), !endsInsideTagName(text) else { return false }
                text.append(0)
            case .partial, .slot:
                return false
            }
        }
        return !endsInsideTagName(text)
    }

    /// A value left to render that could be the policy's slot (`{{behaviour.contentSecurityPolicy}}`
    /// in a section, or `{{.}}` in a section on it).
    private static func mayPrintPolicy(_ name: MustacheTemplate.Name) -> Bool {
        name.parts.last.map { $0 == "contentSecurityPolicy" } ?? true
    }

    /// Whether text ends in `<` or `</` and letters: what follows could finish a tag's name.
    private static func endsInsideTagName(_ text: [UInt8]) -> Bool {
        var index = text.count
        while index > 0, text[index - 1].isASCIILetterOrDigit { index -= 1 }
        if index > 0, text[index - 1] == UInt8(ascii: "/") { index -= 1 }
        return index > 0 && text[index - 1] == UInt8(ascii: "<")
    }

    private static func fillingSlots(of nodes: [MustacheTemplate.Node], with policy: [UInt8]) -> [MustacheTemplate.Node] {
        nodes.map { node in
            switch node {
            case .slot: .text(policy)
            case .scope(let path, let body): .scope(path: path, body: fillingSlots(of: body, with: policy))
            case .text, .variable, .section, .partial: node
            }
        }
    }

    /// The rendered page with the policy written at each of its slots.
    static func fill(_ page: TemplateLibrary.Rendered, script: Bool) -> [UInt8] {
        let html = page.bytes
        let styles = elementTexts("style", in: html).map(source).uniqued()
        let scripts = script ? elementTexts("script", in: html).filter { trimmed($0) == pageScript }.map(source).uniqued() : []
        let filled = policy(scripts: scripts, styles: styles)
        var result: [UInt8] = []
        result.reserveCapacity(html.count + page.slots.count * filled.count)
        var index = 0
        for slot in page.slots {
            result += html[index..<slot]
            result += filled
            index = slot
        }
        result += html[index...]
        return result
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
        left.withUnsafeBytes { left in
            right.withUnsafeBytes { right in
                guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return left.count == right.count }
                return left.count == right.count && memcmp(leftBase, rightBase, left.count) == 0
            }
        }
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        guard let first = bytes.firstIndex(where: { !space.contains($0) }), let last = bytes.lastIndex(where: { !space.contains($0) })
        else {
            return []
        }
        return bytes[first...last]
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

extension UInt8 {
    fileprivate var isASCIILetterOrDigit: Bool {
        (self >= 0x30 && self <= 0x39) || (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A)
    }
}
