/// Everything a preview template can use, in one place. Classes, so that a template's lookups
/// share one value instead of copying its strings. Field names are the names templates
/// write: `{{page.title}}`, `{{#link}}{{link.canonical}}{{/link}}`, `{{item.distance_km}}`.
/// `{{…}}` escapes `& < > " '`; only `behaviour.config`, `behaviour.script` and `theme.font`
/// are meant for `{{{…}}}`. docs/pages.md lists every name with an example.
public final class PageContext: Sendable {
    /// The manifest's `name`.
    public let siteName: String
    /// `primary`, `mirror` or `short` (see `PageHost.Role`), and one flag per role.
    public let role: String
    public let isPrimary: Bool
    /// Whether this copy of the page is served on the mirror host (the app did not open).
    public let isMirror: Bool
    public let isShort: Bool
    /// The host's home page (`index.html`) and not-found page (`404.html`).
    public let isHome: Bool
    public let isNotFound: Bool
    /// This page's host and the other host of its mirror pair (nil on the short host).
    public let host: String
    public let otherHost: String?
    public let page: Page
    /// The links of the URL the page stands for. Set on item pages and home pages, whose path is
    /// known when building; nil on route pages, where the script fills links and URL tags in the
    /// browser (crawlers, which run no script, read the route-level tags).
    public let link: Link?
    /// The web page with an empty path and query (the page type's `web`, else the site's `web`):
    /// where "Continue on the web" leads before the script has run. Nil when there is none.
    public let webHome: String?
    /// The iOS and Android apps the page names (nil when the page's routes have none).
    public let ios: IOS?
    public let android: Android?
    /// The item row on item pages.
    public let item: Item?
    /// `true` when the page type has a web page besides the preview (`al:web:should_fallback`).
    public let webShouldFallback: String
    /// The page's buttons in the order the page shows them (the first is the main one).
    public let buttons: [Button]
    public let theme: ThemeValues
    public let behaviour: Behaviour

    public final class Page: Sendable {
        /// The page type's name (`linkwell:home` and `linkwell:not-found` for those pages).
        public let type: String
        public let title: String
        public let description: String?
        /// An absolute https:// image URL.
        public let image: String?
        /// `summary_large_image` with an image, else `summary`.
        public let twitterCard: String

        init(type: String, title: String, description: String?, image: String?, twitterCard: String) {
            self.type = type
            self.title = title
            self.description = description
            self.image = image
            self.twitterCard = twitterCard
        }
    }

    public final class Link: Sendable {
        public let canonical: String
        public let openInApp: String?
        public let web: String?
        public let desktop: String?
        /// `scheme://path`, when the manifest has a `scheme`.
        public let native: String?

        init(canonical: String, openInApp: String?, web: String?, desktop: String?, native: String?) {
            self.canonical = canonical
            self.openInApp = openInApp
            self.web = web
            self.desktop = desktop
            self.native = native
        }
    }

    /// A button: `id` is what the page script looks for (`linkwell-open`, `linkwell-store`,
    /// `linkwell-web`), `href` where it leads before the script has run (and without it).
    public final class Button: Sendable {
        public let id: String
        public let label: String
        public let href: String
        /// `primary` for the main button, `secondary` for the others, `link` for the web link.
        public let style: String

        init(id: String, label: String, href: String, style: String) {
            self.id = id
            self.label = label
            self.href = href
            self.style = style
        }
    }

    /// The manifest's `theme` with every default applied: hex colours, https images and a font
    /// stack, each checked by validation so it can be written into a style sheet as it is.
    public final class ThemeValues: Sendable {
        let theme: Theme

        init(_ theme: Theme) { self.theme = theme }
    }

    public final class IOS: Sendable {
        public let name: String
        public let appStoreID: String?

        init(name: String, appStoreID: String?) {
            self.name = name
            self.appStoreID = appStoreID
        }
    }

    public final class Android: Sendable {
        public let name: String
        public let package: String

        init(name: String, package: String) {
            self.name = name
            self.package = package
        }
    }

    public final class Item: Sendable {
        public let path: String
        /// Every column of the row (CSV) or key of the object (JSON Lines), `path` included.
        public let fields: [String: String]

        init(path: String, fields: [String: String]) {
            self.path = path
            self.fields = fields
        }
    }

    public final class Behaviour: Sendable {
        /// JSON for `<script type="application/json" id="linkwell-config">`, safe inside it.
        public let config: String
        /// The page script, the same on every page.
        public let script: String

        init(config: String, script: String) {
            self.config = config
            self.script = script
        }
    }

    init(
        siteName: String, host: PageHost, kind: PageKind?, page: Page, link: Link?, webHome: String?, ios: IOS?, android: Android?,
        item: Item?, webShouldFallback: String, buttons: [Button], theme: ThemeValues, behaviour: Behaviour
    ) {
        self.siteName = siteName
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
        self.buttons = buttons
        self.theme = theme
        self.behaviour = behaviour
    }
}

/// What the short host's fallback page for a code can use (served where a host cannot redirect).
public final class ShortLinkContext: Sendable {
    public let siteName: String
    public let code: String
    /// The absolute URL the code leads to.
    public let target: String

    init(siteName: String, code: String, target: String) {
        self.siteName = siteName
        self.code = code
        self.target = target
    }
}

// One switch per type: the list of names a template can use, and a lookup that costs a compare
// of short strings.
extension PageContext: TemplateObject {
    public func member(named name: String) -> TemplateValue? {
        switch name {
        case "siteName": .text(siteName)
        case "role": .text(role)
        case "isPrimary": .flag(isPrimary)
        case "isMirror": .flag(isMirror)
        case "isShort": .flag(isShort)
        case "isHome": .flag(isHome)
        case "isNotFound": .flag(isNotFound)
        case "host": .text(host)
        case "otherHost": .optional(otherHost)
        case "page": .object(page)
        case "link": .optional(link)
        case "webHome": .optional(webHome)
        case "ios": .optional(ios)
        case "android": .optional(android)
        case "item": .optional(item)
        case "webShouldFallback": .text(webShouldFallback)
        case "buttons": .list(buttons.map { .object($0) })
        case "theme": .object(theme)
        case "behaviour": .object(behaviour)
        default: nil
        }
    }
}

extension PageContext.Page: TemplateObject {
    public func member(named name: String) -> TemplateValue? {
        switch name {
        case "type": .text(type)
        case "title": .text(title)
        case "description": .optional(description)
        case "image": .optional(image)
        case "twitterCard": .text(twitterCard)
        default: nil
        }
    }
}

extension PageContext.Link: TemplateObject {
    public func member(named name: String) -> TemplateValue? {
        switch name {
        case "canonical": .text(canonical)
        case "openInApp": .optional(openInApp)
        case "web": .optional(web)
        case "desktop": .optional(desktop)
        case "native": .optional(native)
        default: nil
        }
    }
}

extension PageContext.Button: TemplateObject {
    public func member(named name: String) -> TemplateValue? {
        switch name {
        case "id": .text(id)
        case "label": .text(label)
        case "href": .text(href)
        case "style": .text(style)
        default: nil
        }
    }
}

extension PageContext.ThemeValues: TemplateObject {
    public func member(named name: String) -> TemplateValue? {
        switch name {
        case "accent": .text(theme.accent)
        case "accentText": .text(theme.accentText)
        case "text": .text(theme.text)
        case "background": .text(theme.background)
        case "darkText": .text(theme.darkText)
        case "darkBackground": .text(theme.darkBackground)
        case "logo": .optional(theme.logo)
        case "icon": .optional(theme.icon)
        case "font": .text(theme.font)
        default: nil
        }
    }
}

extension PageContext.IOS: TemplateObject {
    public func member(named name: String) -> TemplateValue? {
        switch name {
        case "name": .text(self.name)
        case "appStoreID": .optional(appStoreID)
        default: nil
        }
    }
}

extension PageContext.Android: TemplateObject {
    public func member(named name: String) -> TemplateValue? {
        switch name {
        case "name": .text(self.name)
        case "package": .text(package)
        default: nil
        }
    }
}

extension PageContext.Item: TemplateObject {
    public func member(named name: String) -> TemplateValue? {
        // `item.<column>` for any column; `item.fields.<column>` is the older spelling.
        switch name {
        case "path": .text(path)
        case "fields": .object(fields)
        default: fields[name].map(TemplateValue.text)
        }
    }
}

extension PageContext.Behaviour: TemplateObject {
    public func member(named name: String) -> TemplateValue? {
        switch name {
        // The Content-Security-Policy for a `<meta http-equiv>`: the page script's hash and the
        // hashes of the page's `<style>` elements, written in once the page is rendered.
        case "contentSecurityPolicy": .slot
        case "config": .text(config)
        case "script": .text(script)
        default: nil
        }
    }
}

extension ShortLinkContext: TemplateObject {
    public func member(named name: String) -> TemplateValue? {
        switch name {
        case "siteName": .text(siteName)
        case "code": .text(code)
        case "target": .text(target)
        case "contentSecurityPolicy": .slot
        default: nil
        }
    }
}
