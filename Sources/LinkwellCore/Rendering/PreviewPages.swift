import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Renders preview pages (spec-reference §1.5): one route page per page type and host of each
/// mirror pair (`_linkwell/<type>.html`, served for every URL of its routes through the host
/// rewrites), one page per item row at the item's own path, and a fallback page per short code.
package struct PreviewPages: Sendable {
    let site: Site
    let templates: PageTemplates
    /// The shared style sheet and script every page refers to.
    let assets: PageAssets
    /// What item pages of one page type on one host share, worked out once, not once per item:
    /// their links, script settings and the page template compiled for them.
    private let itemSetups: [String: ItemPageSetup]
    /// Each page type's hosts and their setups, in `site.pageTypes`' order (none for a page type
    /// without items), worked out once: a row's pages look nothing up and copy no page type or
    /// host (an item build's rows name their page type by its place, `ItemBuild`).
    package let itemPageTypes: [ItemPageType]

    /// A page type, and the hosts its item pages are written on with each one's setup.
    package final class ItemPageType: Sendable {
        let page: PageType
        fileprivate let hosts: [ItemPageSetup]

        fileprivate init(page: PageType, hosts: [ItemPageSetup]) {
            self.page = page
            self.hosts = hosts
        }
    }

    /// A class: every item page reads its setup, and copying the struct it was counted eight
    /// references a page.
    fileprivate final class ItemPageSetup: Sendable {
        let host: PageHost
        let frame: SharedPageContext
        let template: ItemPageTemplate
        /// Whether `template` has the Content-Security-Policy in place (no row can change it).
        let isFilled: Bool

        init(host: PageHost, frame: SharedPageContext, template: ItemPageTemplate, isFilled: Bool) {
            self.host = host
            self.frame = frame
            self.template = template
            self.isFilled = isFilled
        }
    }

    package init(site: Site, templates: PageTemplates, assets: PageAssets? = nil) {
        self.site = site
        self.templates = templates
        let assets = assets ?? PageAssets(site: site, templates: templates)
        self.assets = assets
        var setups: [String: ItemPageSetup] = [:]
        var itemPageTypes: [ItemPageType] = []
        for page in site.pageTypes {
            var hosts: [ItemPageSetup] = []
            defer { itemPageTypes.append(ItemPageType(page: page, hosts: hosts)) }
            guard page.items != nil else { continue }
            for host in PagePaths.hosts(of: page.name, in: site) {
                let links = PageLinks(site: site, page: page, host: host)
                let config = PageConfig(site: site, page: page, links: links, kind: nil, urlKnown: true, host: host.host).json
                let frame = SharedPageContext(site: site, page: page, host: host, kind: nil, links: links, config: config, assets: assets)
                guard
                    let template = ItemPageTemplate(frame: frame, shared: frame.context(item: Self.root), library: templates.library)
                else { continue }
                let filled = ContentSecurityPolicy.prefilled(template.program, templates: templates, site: site)
                let setup = ItemPageSetup(
                    host: host, frame: frame, template: filled.map { template.with($0) } ?? template, isFilled: filled != nil)
                setups["\(page.name) \(host.host)"] = setup
                hosts.append(setup)
            }
        }
        itemSetups = setups
        self.itemPageTypes = itemPageTypes
    }

    /// A row for the path `/` and nothing else: what a host's home page stands for, and what
    /// item pages share when their template is compiled.
    private static let root = ItemRow(
        path: "/", fields: [:], location: SourceLocation(file: "", line: 1, column: 1),
        pathLocation: SourceLocation(file: "", line: 1, column: 1))

    /// A page type's pages are written on the hosts where one of its routes applies.
    package func hosts(of pageType: String) -> [PageHost] {
        PagePaths.hosts(of: pageType, in: site)
    }

    /// The route page of `pageType` on `host`.
    package func routePage(_ pageType: String, host: String) -> String {
        guard let page = site.pageTypes.first(where: { $0.name == pageType }),
            let entry = hosts(of: pageType).first(where: { $0.host == host })
        else { return "" }
        return String(decoding: render(page: page, host: entry, item: nil), as: UTF8.self)
    }

    /// The home or not-found page of `host`.
    package func page(_ kind: PageKind, host: String) -> String {
        guard let entry = PageHost.of(host, in: site) else { return "" }
        let page = kind.pageType(in: site)
        let links = PageLinks(site: site, page: page, host: entry)
        let config = PageConfig(site: site, page: page, links: links, kind: kind, urlKnown: kind == .home, host: host).json
        let home = kind == .home ? Self.root : nil
        let context = Self.context(
            site: site, page: page, host: entry, kind: kind, item: home, links: links, config: config, assets: assets)
        return String(
            decoding: ContentSecurityPolicy.fill(templates.render(context, template: "page"), templates: templates, site: site),
            as: UTF8.self)
    }

    /// One page per host of the item's page type, each at the item's path and with its
    /// fingerprint, appended to `pages`; a page `proof` shows to be on disk already is not
    /// rendered.
    /// `build`: nil for pages without fingerprints (then nothing is proved).
    func appendItemPages(
        of type: ItemPageType, item: ItemRow, build: PageFingerprint?, proof: (any PageProof)?, to pages: inout [OutputFile],
        scratch: inout TemplateValues
    ) {
        let row = build?.row(type.page.name, item)
        for setup in type.hosts {
            let path = PagePaths.itemPage(host: setup.host.host, path: item.path)
            let fingerprint = row?.page(host: setup.host.host)
            if let proof, let fingerprint, proof.isCurrent(path, fingerprint: fingerprint) {
                pages.append(.unchanged(path, fingerprint: fingerprint))
            } else {
                pages.append(
                    OutputFile(
                        path: path, bytes: render(page: type.page, host: setup.host, item: item, setup: setup, scratch: &scratch),
                        fingerprint: fingerprint))
            }
        }
    }

    /// The fallback page of a short code: a plain link and a refresh, for hosts that cannot redirect.
    package func shortLinkPage(_ code: String) -> String {
        guard let link = site.shortLinks.first(where: { $0.code == code }), let pair = site.mirrorPairs.first else { return "" }
        // What the short-link template can use: `lang` is the short host's pages' language,
        // `target` the absolute URL the code leads to.
        let context = TemplateRecord([
            "siteName": .text(site.name), "lang": .text(site.shortHost.map(site.lang(of:)) ?? site.lang), "code": .text(link.code),
            "target": .text(link.url(primaryHost: pair.primary)), "contentSecurityPolicy": .slot,
        ])
        return String(
            decoding: ContentSecurityPolicy.fill(templates.render(context, template: "short-link"), templates: templates, site: site),
            as: UTF8.self)
    }

    func render(page: PageType, host: PageHost, item: ItemRow?) -> [UInt8] {
        render(page: page, host: host, item: item, capacity: nil)
    }

    /// `capacity`: the bytes an item page program first sets aside (nil: its own estimate);
    /// tests hold a page written again after it did not fit to one that fitted at once.
    func render(page: PageType, host: PageHost, item: ItemRow?, capacity: Int?) -> [UInt8] {
        guard let item, let setup = itemSetups["\(page.name) \(host.host)"] else { return wholeRender(page: page, host: host, item: item) }
        var scratch = TemplateValues()
        return render(page: page, host: host, item: item, setup: setup, capacity: capacity, scratch: &scratch)
    }

    private func render(
        page: PageType, host: PageHost, item: ItemRow, setup: ItemPageSetup, capacity: Int? = nil, scratch: inout TemplateValues
    ) -> [UInt8] {
        setup.template.gather(item, frame: setup.frame, into: &scratch)
        let rendered = setup.template.program.render(scratch, capacity: capacity)
        return setup.isFilled ? rendered.bytes : ContentSecurityPolicy.fill(rendered, templates: templates, site: site)
    }

    /// The page rendered from a context that knows every value, filled afterwards: route pages,
    /// and what every item page, compiled with holes, must equal byte for byte (tested).
    func wholeRender(page: PageType, host: PageHost, item: ItemRow?) -> [UInt8] {
        let links = PageLinks(site: site, page: page, host: host)
        let config = PageConfig(site: site, page: page, links: links, kind: nil, urlKnown: item != nil, host: host.host).json
        let context = Self.context(
            site: site, page: page, host: host, kind: nil, item: item, links: links, config: config, assets: assets)
        return ContentSecurityPolicy.fill(templates.render(context, template: "page"), templates: templates, site: site)
    }

    /// Whether item pages of `pageType` on `host` skip the per-page policy fill.
    func hasPrefilledPolicy(_ pageType: String, host: String) -> Bool {
        itemSetups["\(pageType) \(host)"]?.isFilled ?? false
    }

    private static func context(
        site: Site, page: PageType, host: PageHost, kind: PageKind?, item: ItemRow?, links: PageLinks, config: String, assets: PageAssets
    ) -> TemplateRecord {
        SharedPageContext(site: site, page: page, host: host, kind: kind, links: links, config: config, assets: assets).context(item: item)
    }
}

/// The per-page settings the page script reads from its JSON data block. Written through
/// `jsonValue`; `Encodable` stays as the reference it is tested against (`JSONDocumentTests`).
struct PageConfig: Encodable {
    /// Each link template, or "" for a link the page leaves out.
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
    /// `link`, `code`, or "" for no clipboard hand-off.
    var clipboard: String
    var nativeAttempt: Bool
    /// `PageLinks.desktopRedirects`: false keeps a desktop on the page.
    var desktopRedirects: Bool
    /// A not-found page under `homePages.notFound: web`: every visitor goes on to the web at once.
    /// `true` or absent, so every other page's settings stay as they were.
    var toWeb: Bool?
    /// The page's apps by platform (`ios`, `android`): the script decides whether the app opens
    /// its URL by that app's rules in its table (`PageDecisions`). Absent on home and not-found pages.
    var apps: [String: String]?
    /// On a route page whose title or description takes words from the URL: each as written
    /// (`PageTextTemplate`), for the script to fill from the URL it is at. Absent otherwise.
    var texts: [String: String]?

    init(site: Site, page: PageType, links: PageLinks, kind: PageKind?, urlKnown: Bool, host: String) {
        role = links.role.rawValue
        primaryHost = links.primaryHost
        scheme = site.scheme ?? ""
        self.links = Links(
            openInApp: kind == nil ? links.openInApp ?? "" : "", web: links.web ?? "", desktop: links.desktop ?? "",
            iPhone: links.iPhone ?? "", android: links.android ?? "", intentPackage: links.intentPackage ?? "",
            native: kind == nil ? links.native ?? "" : "")
        let templates = [links.openInApp, links.canonical, links.web, links.desktop, links.iPhone, links.android].compactMap { $0 }
        allowedHosts = templates.compactMap { URLParts(URLTemplate.expand($0, path: "/", query: "", primaryHost: "")) }
            .filter { $0.scheme == "https" }.map(\.host).uniqued().sorted()
        clipboard = kind == nil ? page.clipboard?.rawValue ?? "" : ""
        nativeAttempt = kind == nil && page.nativeAttempt && links.native != nil
        desktopRedirects = kind == nil && links.desktopRedirects
        toWeb = kind == .notFound && site.notFoundToWeb ? true : nil
        var apps: [String: String] = [:]
        apps["ios"] = links.iosApp?.id
        apps["android"] = links.androidApp?.id
        self.apps = kind == nil && !apps.isEmpty ? apps : nil
        var texts: [String: String] = [:]
        if kind == nil, !urlKnown {
            if PageTextTemplate.mayHavePlaceholders(page.title) { texts["title"] = page.title }
            if let description = page.description, PageTextTemplate.mayHavePlaceholders(description) { texts["description"] = description }
        }
        self.texts = texts.isEmpty ? nil : texts
        var head: [HeadTag] = []
        // A not-found page stands for no URL: it names none.
        if !urlKnown, kind == nil {
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
            if let web = links.web { head.append(HeadTag(element: "meta", attribute: "property", key: "al:web:url", value: web)) }
            if let appStoreID = links.iosApp?.appStoreID {
                let clip =
                    (page.appClip ? links.iosApp?.appClipBundleIDs.first : nil).map { ", app-clip-bundle-id=\($0), app-clip-display=card" }
                    ?? ""
                head.append(
                    HeadTag(
                        element: "meta", attribute: "name", key: "apple-itunes-app",
                        value: "app-id=\(appStoreID)\(clip), app-argument=\(links.canonical)"))
            }
        }
        self.head = head
    }

    /// The settings as a JSON value: `Encodable`'s fields under the same names, an absent
    /// `apps` left out as its synthesized encoding leaves it out.
    var jsonValue: JSONValue {
        .fields([
            "role": .string(role), "primaryHost": .string(primaryHost), "scheme": .string(scheme),
            "allowedHosts": .strings(allowedHosts),
            "links": .object([
                "openInApp": .string(links.openInApp), "web": .string(links.web), "desktop": .string(links.desktop),
                "iPhone": .string(links.iPhone), "android": .string(links.android), "intentPackage": .string(links.intentPackage),
                "native": .string(links.native),
            ]),
            "head": .array(
                head.map { tag in
                    .object([
                        "element": .string(tag.element), "attribute": .string(tag.attribute), "key": .string(tag.key),
                        "value": .string(tag.value),
                    ])
                }),
            "clipboard": .string(clipboard), "nativeAttempt": .bool(nativeAttempt), "desktopRedirects": .bool(desktopRedirects),
            "apps": apps.map { .object($0.mapValues(JSONValue.string)) },
            "texts": texts.map { .object($0.mapValues(JSONValue.string)) },
            "toWeb": toWeb.map(JSONValue.bool),
        ])
    }

    /// Compact JSON with `<`, `>` and `&` escaped, so nothing in it can end the `<script>` element.
    /// Written by `JSONText` as Foundation's encoder writes it (keys sorted, slashes as they are),
    /// without `JSONEncoder`: every build takes this path before its first item page.
    var json: String {
        let encoded = Array(JSONText.line(jsonValue).utf8)
        // By bytes: the three are ASCII, never part of another character's UTF-8, and every
        // route page has one.
        var escaped: [UInt8] = []
        escaped.reserveCapacity(encoded.count + 64)
        for byte in encoded {
            switch byte {
            case UInt8(ascii: "<"): escaped += "\\u003c".utf8
            case UInt8(ascii: ">"): escaped += "\\u003e".utf8
            case UInt8(ascii: "&"): escaped += "\\u0026".utf8
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}
