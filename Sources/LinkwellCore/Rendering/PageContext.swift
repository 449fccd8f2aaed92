/// Everything a preview template can use, in one place. Classes, so that a template's lookups
/// share one value instead of copying its strings. Field names are the names templates
/// write: `{{page.title}}`, `{{#link}}{{link.canonical}}{{/link}}`, `{{item.distance_km}}`.
/// `{{…}}` escapes `& < > " '`; only `behaviour.config`, `behaviour.script` and `theme.font`
/// are meant for `{{{…}}}`. docs/pages.md lists every name with an example.
package final class PageContext: Sendable {
    /// The manifest's `name`.
    package let siteName: String
    /// `primary`, `mirror` or `short` (see `PageHost.Role`), and one flag per role.
    package let role: String
    package let isPrimary: Bool
    /// Whether this copy of the page is served on the mirror host (the app did not open).
    package let isMirror: Bool
    package let isShort: Bool
    /// The host's home page (`index.html`) and not-found page (`404.html`).
    package let isHome: Bool
    package let isNotFound: Bool
    /// This page's host and the other host of its mirror pair (nil on the short host).
    package let host: String
    package let otherHost: String?
    package let page: Page
    /// The links of the URL the page stands for. Set on item pages and home pages, whose path is
    /// known when building; nil on route pages, where the script fills links and URL tags in the
    /// browser (crawlers, which run no script, read the route-level tags).
    package let link: Link?
    /// The web page with an empty path and query (the page type's `web`, else the site's `web`):
    /// where "Continue on the web" leads before the script has run. Nil when there is none.
    package let webHome: String?
    /// The pages' language (`lang`, a pair's own where it gives one).
    package let lang: String
    /// The iOS app the page names (`name`, `appStoreID`, `appClipBundleID`) and the Android app
    /// (`name`, `package`); nil when the page's routes have none.
    package let ios: TemplateRecord?
    package let android: TemplateRecord?
    /// The item row on item pages.
    package let item: TemplateRecord?
    /// `true` when the page type has a web page besides the preview (`al:web:should_fallback`).
    package let webShouldFallback: String
    /// The page's buttons (`button(…)`) in the order the page shows them (the first is the main
    /// one), as a template list made once: a page's template iterates it several times.
    private let buttons: TemplateValue
    package let theme: TemplateRecord
    /// `config` (JSON for `<script type="application/json" id="linkwell-config">`, safe inside
    /// it), `script` (the page script) and `contentSecurityPolicy` (written in once the page is
    /// rendered).
    package let behaviour: TemplateRecord
    /// The shared style sheet and script (`PageAssets`), by URL path: `style`, `rules`, `script`.
    package let assets: TemplateRecord

    package final class Page: Sendable {
        /// The page type's name (`linkwell:home` and `linkwell:not-found` for those pages).
        package let type: String
        package let title: String
        package let description: String?
        /// An absolute https:// image URL.
        package let image: String?
        /// `summary_large_image` with an image, else `summary`.
        package let twitterCard: String
        /// The page type's other texts as written, by key (`page.<key>` in a template: every text
        /// key the page type's field table lists, with no member of its own here).
        package let texts: [String: String]
        /// The item columns the page type shows (`details`), each a `Detail`; empty but on item pages.
        let details: TemplateValue
        /// Whether the page shows details: an item page of a page type that names some.
        let hasDetails: Bool

        init(
            type: String, title: String, description: String?, image: String?, twitterCard: String, texts: [String: String] = [:],
            details: [TemplateValue] = []
        ) {
            self.type = type
            self.title = title
            self.description = description
            self.image = image
            self.twitterCard = twitterCard
            self.texts = texts
            self.details = .list(details)
            hasDetails = !details.isEmpty
        }
    }

    /// One shown column of an item: its label and the row's value (absent where the row has none).
    static func detail(label: String, value: TemplateValue) -> TemplateValue {
        .object(TemplateRecord(["label": .text(label), "value": value]))
    }

    package final class Link: Sendable {
        package let canonical: String
        package let openInApp: String?
        package let web: String?
        package let desktop: String?
        /// `scheme://path`, when the manifest has a `scheme`.
        package let native: String?

        init(canonical: String, openInApp: String?, web: String?, desktop: String?, native: String?) {
            self.canonical = canonical
            self.openInApp = openInApp
            self.web = web
            self.desktop = desktop
            self.native = native
        }
    }

    /// A button: `id` is what the page script looks for (`linkwell-open`, `linkwell-store`,
    /// `linkwell-web`), `href` where it leads before the script has run (and without it), `style`
    /// `primary` for the main button, `secondary` for the others, `link` for the web link.
    static func button(id: String, label: String, href: TemplateValue, style: String) -> TemplateValue {
        .object(TemplateRecord(["id": .text(id), "label": .text(label), "href": href, "style": .text(style)]))
    }

    /// The manifest's `theme` with every default applied: hex colours, https images and a font
    /// stack, each checked by validation so it can be written into a style sheet as it is; and
    /// `fonts`, the faces the style sheet declares, each with the URL its file is served at (a
    /// project file's copy beside the style sheet; a face whose file was not copied is left out).
    static func theme(_ theme: Theme, fontURLs: [String: String] = [:]) -> TemplateRecord {
        let fonts = theme.fonts.compactMap { face -> TemplateValue? in
            guard let url = face.isURL ? face.source : fontURLs[face.source] else { return nil }
            // One `@font-face`: every value held by validation to a syntax that cannot leave the
            // CSS declaration it is written into (`{{{…}}}`: a style sheet is not HTML).
            return .object(
                TemplateRecord([
                    "family": .text(face.family), "url": .text(url), "format": .optional(face.format?.format),
                    "weight": .text(face.weight), "style": .text(face.style),
                ]))
        }
        return TemplateRecord([
            "accent": .text(theme.accent), "accentText": .text(theme.accentText), "text": .text(theme.text),
            "background": .text(theme.background), "darkText": .text(theme.darkText), "darkBackground": .text(theme.darkBackground),
            "darkAccent": .text(theme.darkAccentColour), "darkAccentText": .text(theme.darkAccentTextColour),
            "logo": .optional(theme.logo), "darkLogo": .optional(theme.darkLogo), "icon": .optional(theme.icon),
            "font": .text(theme.font), "fonts": .list(fonts),
        ])
    }

    /// The item row: its path, and any other name a column of it (CSV) or key (JSON Lines), `path`
    /// included; `item.fields.<column>` is the older spelling.
    static func item(path: String, fields: ItemFields) -> TemplateRecord {
        let fields = TemplateFields(fields)
        return TemplateRecord(["path": .text(path), "fields": .object(fields)], otherwise: fields)
    }

    init(
        siteName: String, lang: String, host: PageHost, kind: PageKind?, page: Page, link: Link?, webHome: String?, ios: TemplateRecord?,
        android: TemplateRecord?, item: TemplateRecord?, webShouldFallback: String, buttons: [TemplateValue], theme: TemplateRecord,
        behaviour: TemplateRecord, assets: TemplateRecord
    ) {
        self.assets = assets
        self.siteName = siteName
        self.lang = lang
        role = host.role.rawValue
        isPrimary = host.role == .primary
        isMirror = host.role == .mirror
        isShort = host.role == .short
        isHome = kind == .home
        isNotFound = kind == .notFound
        self.host = host.host
        otherHost = host.otherHost
        self.page = page
        self.link = link
        self.webHome = webHome
        self.ios = ios
        self.android = android
        self.item = item
        self.webShouldFallback = webShouldFallback
        self.buttons = .list(buttons)
        self.theme = theme
        self.behaviour = behaviour
    }
}

// One switch per type: the list of names a template can use, and a lookup that costs a compare
// of short strings.
extension PageContext: TemplateObject {
    package func member(named name: String) -> TemplateValue? {
        switch name {
        case "link": .optional(link)
        case "item": .optional(item)
        case "page": .object(page)
        case "ios": .optional(ios)
        case "android": .optional(android)
        case "buttons": buttons
        case "siteName": .text(siteName)
        case "lang": .text(lang)
        case "role": .text(role)
        case "isPrimary": .flag(isPrimary)
        case "isMirror": .flag(isMirror)
        case "isShort": .flag(isShort)
        case "isHome": .flag(isHome)
        case "isNotFound": .flag(isNotFound)
        case "host": .text(host)
        case "otherHost": .optional(otherHost)
        case "webHome": .optional(webHome)
        case "webShouldFallback": .text(webShouldFallback)
        case "theme": .object(theme)
        case "behaviour": .object(behaviour)
        case "assets": .object(assets)
        default: nil
        }
    }
}

extension PageContext.Page: TemplateObject {
    package func member(named name: String) -> TemplateValue? {
        switch name {
        case "type": .text(type)
        case "title": .text(title)
        case "description": .optional(description)
        case "image": .optional(image)
        case "twitterCard": .text(twitterCard)
        case "details": details
        case "hasDetails": .flag(hasDetails)
        default: texts[name].map { .text($0) }
        }
    }
}

extension PageContext.Link: TemplateObject {
    /// The pieces of `canonical` without its scheme, as the page shows them.
    static func shown(_ canonical: String) -> [Substring] {
        // ASCII (every canonical URL, its path percent-encoded): the first '/' found by byte.
        let bytes = canonical.utf8
        if let slash = bytes.firstIndex(of: UInt8(ascii: "/")), bytes.allSatisfy({ $0 < 0x80 }) {
            return pieces(of: canonical[(bytes.index(slash, offsetBy: 2, limitedBy: bytes.endIndex) ?? bytes.endIndex)...])
        }
        return pieces(of: canonical.drop { $0 != "/" }.dropFirst(2))
    }

    static func pieces(of text: Substring) -> [Substring] {
        // Canonical URLs are ASCII once their paths are percent-encoded: split their bytes, not
        // characters (every item page has one). Any other text takes
        // the walk, where a mark combined onto a '/' keeps it from ending a piece.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var pieces: [Substring] = []
            let bytes = text.utf8
            var start = bytes.startIndex
            for index in bytes.indices where Self.breaks.contains(bytes[index]) {
                pieces.append(Substring(bytes[start...index]))
                start = bytes.index(after: index)
            }
            if start < bytes.endIndex { pieces.append(Substring(bytes[start...])) }
            return pieces
        }
        var pieces: [Substring] = []
        var start = text.startIndex
        for index in text.indices where "/?&=".contains(text[index]) {
            pieces.append(text[start...index])
            start = text.index(after: index)
        }
        if start < text.endIndex { pieces.append(text[start...]) }
        return pieces
    }

    private static let breaks = ASCIISet("/?&=")

    package func member(named name: String) -> TemplateValue? {
        switch name {
        case "canonical": .text(canonical)
        // The URL as the page shows it (host, path, query), in pieces that end after '/', '?',
        // '&' or '=': a template puts <wbr> after each so the line breaks there, not mid-word.
        // Each piece is `{{text}}`, a named member, so the policy can still be filled into the
        // template once, which `{{.}}` would prevent.
        case "shown": .list(Self.shown(canonical).map { .object(TemplateRecord(["text": .text(URLDisplay.decoded($0))])) })
        case "openInApp": .optional(openInApp)
        case "web": .optional(web)
        case "desktop": .optional(desktop)
        case "native": .optional(native)
        default: nil
        }
    }
}
