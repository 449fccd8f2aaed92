/// What a page's template context takes from its page type, host and kind alone: worked out once
/// for all the items of a page type on a host (it was most of the cost of each item's context),
/// and once for each other page. The link templates are read once, expanded per item. A class:
/// each item page reads it from its setup, and copying twenty fields cost more than using them.
final class SharedPageContext: Sendable {
    let site: Site
    let page: PageType
    let host: PageHost
    let kind: PageKind?
    let links: PageLinks
    let canonical: URLTemplate.Compiled
    let openInApp: URLTemplate.Compiled?
    let web: URLTemplate.Compiled?
    let desktop: URLTemplate.Compiled?
    let native: URLTemplate.Compiled?
    /// The store button's link before the script has run: the web page, else a store.
    let store: URLTemplate.Compiled?
    let webHome: String?
    let hasStore: Bool
    let storeLabel: String
    let openLabel: String
    let webLabel: String
    let ios: TemplateRecord?
    let android: TemplateRecord?
    let theme: TemplateRecord
    let behaviour: TemplateRecord
    let assets: TemplateRecord
    /// The page type's texts as written, by key (`page.<key>`).
    let pageTexts: TemplateRecord
    /// Whether the page type's title or description take words from the URL (most do not).
    let titleHasWords: Bool
    let descriptionHasWords: Bool

    init(site: Site, page: PageType, host: PageHost, kind: PageKind?, links: PageLinks, config: String, assets: PageAssets) {
        self.site = site
        self.page = page
        self.host = host
        self.kind = kind
        self.links = links
        canonical = URLTemplate.Compiled(links.canonical)
        openInApp = links.openInApp.map(URLTemplate.Compiled.init)
        web = links.web.map(URLTemplate.Compiled.init)
        desktop = links.desktop.map(URLTemplate.Compiled.init)
        native = links.native.map(URLTemplate.Compiled.init)
        store = (links.web ?? links.iPhone ?? links.android).map(URLTemplate.Compiled.init)
        webHome = web?.expand(path: "/", query: "", primaryHost: links.primaryHost)
        // Before the script has run (or without it) no link knows the visitor's platform or, on
        // route pages, the URL's path: each leads somewhere that exists for every visitor.
        hasStore = [links.iPhone, links.android].contains { $0 != nil && $0 != links.web }
        let appName = links.iosApp?.name ?? links.androidApp?.name ?? site.name
        storeLabel = page.labels.store ?? "Get \(appName)"
        openLabel = page.labels.open ?? "Open in \(appName)"
        webLabel = page.labels.web ?? "Continue on the web"
        ios = links.iosApp.map {
            // The App Clip card in Safari (`app-clip-bundle-id`) shows the app's first App Clip.
            TemplateRecord([
                "name": .text($0.name), "appStoreID": .optional($0.appStoreID),
                "appClipBundleID": .optional(page.appClip ? $0.appClipBundleIDs.first : nil),
            ])
        }
        android = links.androidApp.map { TemplateRecord(["name": .text($0.name), "package": .text($0.package)]) }
        theme = PageContext.theme(site.theme, fontURLs: assets.fontURLs)
        // The Content-Security-Policy for a `<meta http-equiv>` (the page script's hash and the
        // hashes of the page's `<style>` elements) is a slot, written in once the page is rendered.
        behaviour = TemplateRecord(["contentSecurityPolicy": .slot, "config": .text(config), "script": .text(PageScript.source)])
        self.assets = TemplateRecord([
            "style": .text(assets.style.path), "rules": .text(PageAssetPaths.rules), "script": .text(assets.script.path),
        ])
        var seen = Set<String>()
        pageTexts = TemplateRecord(page.written.filter { $0.isPageText && seen.insert($0.key).inserted }.map { ($0.key, .text($0.text)) })
        titleHasWords = PageTextTemplate.mayHavePlaceholders(page.title)
        descriptionHasWords = page.description.map(PageTextTemplate.mayHavePlaceholders) ?? false
    }

    /// What differs from item page to item page of this frame: the texts a row can override,
    /// the links expanded for the item's path, and the buttons (their links are the item's).
    /// `context(item:)` is made from these; `ItemPageTemplate.gather` follows the same precedence.
    struct ItemValues {
        var title: String
        var description: String?
        var image: String?
        var twitterCard: String
        /// Nil on pages whose path is not known when building (route and not-found pages).
        var link: PageContext.Link?
        var buttons: [(id: String, label: String, href: String, style: String)]
    }

    func values(item: ItemRow?) -> ItemValues {
        let texts = texts(of: item?.fields, path: item?.path)
        // The links templates can name, expanded for the item's path (LinkTargets' iPhone and
        // Android targets are only in the page's script settings, which item pages share).
        let path = URLTemplate.encodedPath(item?.path ?? "/")
        let primaryHost = links.primaryHost
        let expand = { (template: URLTemplate.Compiled) in template.expand(path: path, query: "", primaryHost: primaryHost) }
        let known = item.map { _ in
            PageContext.Link(
                canonical: expand(canonical), openInApp: openInApp.map(expand), web: web.map(expand),
                desktop: desktop.map(expand), native: native.map(expand))
        }
        return ItemValues(
            title: texts.title, description: texts.description, image: texts.image, twitterCard: texts.twitterCard, link: known,
            buttons: buttons(openInApp: known?.openInApp, web: known?.web, store: { store.map(expand) }, text: { $0 }))
    }

    /// The texts a row can override: its own where it has them (not empty), else the page type's.
    /// Given the row's fields, not the row: an item page made the whole row optional to ask, a
    /// copy of it (a retain of each of its strings) for every page.
    /// The page type's own title and description take their words from `path` (the item's; nil on
    /// a route page, which shows their fallbacks: `PageTextTemplate`).
    func texts(of fields: ItemFields?, path: String?) -> (title: String, description: String?, image: String?, twitterCard: String) {
        let own = ownColumns(of: fields)
        func value(_ column: Int?) -> String? { column.flatMap { fields?.value(at: $0) } }
        let image = value(own.image) ?? page.image
        return (
            value(own.title) ?? pageTitle(path: path), value(own.description) ?? pageDescription(path: path), image,
            Self.twitterCard(hasImage: image != nil)
        )
    }

    /// The page type's title and description for a page at `path` (nil: not known when building).
    func pageTitle(path: String?) -> String { titleHasWords ? PageTextTemplate.expand(page.title, path: path) : page.title }
    func pageDescription(path: String?) -> String? {
        descriptionHasWords ? page.description.map { PageTextTemplate.expand($0, path: path) } : page.description
    }

    /// The columns of `fields` whose values `texts` takes: those the row has that are not empty,
    /// none on a page that is not an item's. An item page program copies the values from where
    /// the row holds them.
    func ownColumns(of fields: ItemFields?) -> (title: Int?, description: Int?, image: Int?) {
        guard kind == nil, let fields else { return (nil, nil, nil) }
        func own(_ index: Int?) -> Int? { index.flatMap { fields.range(at: $0).isEmpty ? nil : $0 } }
        let known = fields.names.known
        return (own(known.title), own(known.description), own(known.image))
    }

    /// The Twitter card a page asks for: a large image where it has an image.
    static func twitterCard(hasImage: Bool) -> String { hasImage ? "summary_large_image" : "summary" }

    /// The page's buttons, the primary one first, from the item's links (nil on pages without an
    /// item): `Link` is a link's text, or where an item page program wrote it (`text` makes one
    /// from a string, `store` expands the store link, only for a page that shows it).
    func buttons<Link>(openInApp: Link?, web: Link?, store: () -> Link?, text: (String) -> Link)
        -> [(id: String, label: String, href: Link, style: String)]
    {
        let open = kind == nil ? openInApp ?? host.otherHost.map { text("https://\($0)/") } : nil
        let openButton = links.openInApp != nil ? open.map { ("linkwell-open", openLabel, $0) } : nil
        let webButton = (web ?? webHome.map(text)).map { ("linkwell-web", webLabel, $0) }
        func storeButton() -> (String, String, Link)? { hasStore ? store().map { ("linkwell-store", storeLabel, $0) } : nil }
        let candidates: [(id: String, label: String, href: Link)?]
        switch (host.role, kind) {
        case (.primary, nil): candidates = [openButton, webButton]
        case (.mirror, nil): candidates = [storeButton(), openButton, webButton]
        default: candidates = [storeButton(), webButton]
        }
        // One array, sized once: this runs per item page.
        var buttons: [(id: String, label: String, href: Link, style: String)] = []
        buttons.reserveCapacity(candidates.count)
        for case let button? in candidates {
            buttons.append(
                (button.id, button.label, button.href, buttons.isEmpty ? "primary" : button.id == "linkwell-web" ? "link" : "secondary"))
        }
        return buttons
    }

    /// Everything a page's template can use (`PageContext`): a record, made once for each route,
    /// home and not-found page, and once for each item page type and host, its row's values made
    /// holes (`ItemPageTemplate`).
    func context(item: ItemRow?) -> TemplateRecord {
        let values = values(item: item)
        let details: [TemplateValue] =
            kind == nil
            ? item.map { row in
                page.details.map { detail in
                    let value = row.fields.names.index(of: detail.column).map(row.fields.value)
                    return PageContext.detail(label: detail.label, value: .optional(value?.isEmpty == false ? value : nil))
                }
            } ?? [] : []
        return TemplateRecord([
            "siteName": .text(site.name),
            // The pages' language (`lang`, a pair's own where it gives one).
            "lang": .text(site.lang(of: host.host)),
            // `primary`, `mirror` or `short` (see `PageHost.Role`), and one flag per role; whether
            // this copy of the page is served on the mirror host (the app did not open) is `isMirror`.
            "role": .text(host.role.rawValue), "isPrimary": .flag(host.role == .primary), "isMirror": .flag(host.role == .mirror),
            "isShort": .flag(host.role == .short),
            // The host's home page (`index.html`) and not-found page (`404.html`).
            "isHome": .flag(kind == .home), "isNotFound": .flag(kind == .notFound),
            // This page's host and the other host of its mirror pair (absent on the short host).
            "host": .text(host.host), "otherHost": .optional(host.otherHost),
            "page": .object(
                PageContext.page(
                    type: page.name, title: values.title, description: values.description, image: values.image,
                    twitterCard: values.twitterCard, texts: pageTexts, details: details)),
            // The links of the URL the page stands for. Set on item pages and home pages, whose
            // path is known when building; absent on route pages, where the script fills links and
            // URL tags in the browser (crawlers, which run no script, read the route-level tags).
            "link": .optional(values.link?.record),
            // The web page with an empty path and query (the page type's `web`, else the site's
            // `web`): where "Continue on the web" leads before the script has run.
            "webHome": .optional(webHome),
            // The iOS app the page names (`name`, `appStoreID`, `appClipBundleID`) and the Android
            // app (`name`, `package`); absent when the page's routes have none.
            "ios": .optional(ios), "android": .optional(android),
            "item": .optional(kind == nil ? item.map { PageContext.item(path: $0.path, fields: $0.fields) } : nil),
            // Whether the page type has a web page besides the preview (`al:web:should_fallback`).
            "webShouldFallback": .text(links.hasWebEquivalent ? "true" : "false"),
            // The page's buttons in the order the page shows them (the first is the main one).
            "buttons": .list(
                values.buttons.map { PageContext.button(id: $0.id, label: $0.label, href: .text($0.href), style: $0.style) }),
            "theme": .object(theme),
            // `config` (JSON for `<script type="application/json" id="linkwell-config">`, safe
            // inside it), `script` (the page script) and `contentSecurityPolicy` (written in once
            // the page is rendered).
            "behaviour": .object(behaviour),
            // The shared style sheet and script (`PageAssets`), by URL path: `style`, `rules`, `script`.
            "assets": .object(assets),
        ])
    }
}
