/// Everything a preview template can use, in one place. Field names are the names templates
/// write: `{{page.title}}`, `{{#link}}{{link.canonical}}{{/link}}`, `{{item.fields.name}}`.
/// `{{…}}` escapes `& < > " '`; only `behaviour.config` and `behaviour.script` are meant for
/// `{{{…}}}`.
public struct PageContext: Sendable {
    /// The manifest's `name`.
    public var siteName: String
    /// Whether this copy of the page is served on the mirror host (the app did not open).
    public var isMirror: Bool
    /// This page's host and the other host of its mirror pair.
    public var host: String
    public var otherHost: String
    public var page: Page
    /// The links of the URL the page stands for. Set on item pages, whose path is known when
    /// building; nil on route pages, where the script fills links and URL tags in the browser
    /// (crawlers, which run no script, read the route-level tags).
    public var link: Link?
    /// The mobile web page with an empty path and query: where links lead on route pages
    /// before the script has run (or when it cannot).
    public var webHome: String
    /// The iOS and Android apps the page names (nil when the page's routes have none).
    public var ios: IOS?
    public var android: Android?
    /// The item row on item pages.
    public var item: Item?
    /// `true` when the page type has a web page besides the preview (`al:web:should_fallback`).
    public var webShouldFallback: String
    public var behaviour: Behaviour

    public struct Page: Sendable {
        /// The page type's name.
        public var type: String
        public var title: String
        public var description: String?
        /// An absolute https:// image URL.
        public var image: String?
        /// `summary_large_image` with an image, else `summary`.
        public var twitterCard: String
    }

    public struct Link: Sendable {
        public var canonical: String
        public var openInApp: String
        public var web: String
        public var desktop: String
        /// `scheme://path`, when the manifest has a `scheme`.
        public var native: String?
    }

    public struct IOS: Sendable {
        public var name: String
        public var appStoreID: String?
    }

    public struct Android: Sendable {
        public var name: String
        public var package: String
    }

    public struct Item: Sendable {
        public var path: String
        /// Every column of the row (CSV) or key of the object (JSON Lines), `path` included.
        public var fields: [String: String]
    }

    public struct Behaviour: Sendable {
        /// The Content-Security-Policy for a `<meta http-equiv>`: the page script's hash and the
        /// hashes of the page's `<style>` elements.
        public var contentSecurityPolicy: String
        /// JSON for `<script type="application/json" id="linkwell-config">`, safe inside it.
        public var config: String
        /// The page script, the same on every page.
        public var script: String
    }
}

/// What the short host's fallback page for a code can use (served where a host cannot redirect).
public struct ShortLinkContext: Sendable {
    public var siteName: String
    public var code: String
    /// The absolute URL the code leads to.
    public var target: String
    public var contentSecurityPolicy: String
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
        case "contentSecurityPolicy": .text(contentSecurityPolicy)
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
        case "contentSecurityPolicy": .text(contentSecurityPolicy)
        default: nil
        }
    }
}
