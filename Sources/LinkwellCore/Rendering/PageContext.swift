/// Everything a preview template can use, in one place. Classes, so that a template's lookups
/// share one value instead of copying its strings. Field names are the names templates
/// write: `{{page.title}}`, `{{#link}}{{link.canonical}}{{/link}}`, `{{item.fields.name}}`.
/// `{{…}}` escapes `& < > " '`; only `behaviour.config` and `behaviour.script` are meant for
/// `{{{…}}}`.
public final class PageContext: Sendable {
    /// The manifest's `name`.
    public let siteName: String
    /// Whether this copy of the page is served on the mirror host (the app did not open).
    public let isMirror: Bool
    /// This page's host and the other host of its mirror pair.
    public let host: String
    public let otherHost: String
    public let page: Page
    /// The links of the URL the page stands for. Set on item pages, whose path is known when
    /// building; nil on route pages, where the script fills links and URL tags in the browser
    /// (crawlers, which run no script, read the route-level tags).
    public let link: Link?
    /// The mobile web page with an empty path and query: where links lead on route pages
    /// before the script has run (or when it cannot).
    public let webHome: String
    /// The iOS and Android apps the page names (nil when the page's routes have none).
    public let ios: IOS?
    public let android: Android?
    /// The item row on item pages.
    public let item: Item?
    /// `true` when the page type has a web page besides the preview (`al:web:should_fallback`).
    public let webShouldFallback: String
    public let behaviour: Behaviour

    public final class Page: Sendable {
        /// The page type's name.
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
        public let openInApp: String
        public let web: String
        public let desktop: String
        /// `scheme://path`, when the manifest has a `scheme`.
        public let native: String?

        init(canonical: String, openInApp: String, web: String, desktop: String, native: String?) {
            self.canonical = canonical
            self.openInApp = openInApp
            self.web = web
            self.desktop = desktop
            self.native = native
        }
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
        siteName: String, isMirror: Bool, host: String, otherHost: String, page: Page, link: Link?, webHome: String, ios: IOS?,
        android: Android?, item: Item?, webShouldFallback: String, behaviour: Behaviour
    ) {
        self.siteName = siteName
        self.isMirror = isMirror
        self.host = host
        self.otherHost = otherHost
        self.page = page
        self.link = link
        self.webHome = webHome
        self.ios = ios
        self.android = android
        self.item = item
        self.webShouldFallback = webShouldFallback
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
        case "isMirror": .flag(isMirror)
        case "host": .text(host)
        case "otherHost": .text(otherHost)
        case "page": .object(page)
        case "link": .optional(link)
        case "webHome": .text(webHome)
        case "ios": .optional(ios)
        case "android": .optional(android)
        case "item": .optional(item)
        case "webShouldFallback": .text(webShouldFallback)
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
        case "openInApp": .text(openInApp)
        case "web": .text(web)
        case "desktop": .text(desktop)
        case "native": .optional(native)
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
        switch name {
        case "path": .text(path)
        case "fields": .object(fields)
        default: nil
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
