import Mustache

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

// Templates look names up through `MustacheParent` rather than reflection: one switch per type,
// which is also the list of names a template can use (Mirror lookups cost more than the rest of
// rendering an item page together).
extension PageContext: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "siteName": siteName
        case "isMirror": isMirror
        case "host": host
        case "otherHost": otherHost
        case "page": page
        case "link": link
        case "webHome": webHome
        case "ios": ios
        case "android": android
        case "item": item
        case "webShouldFallback": webShouldFallback
        case "behaviour": behaviour
        default: nil
        }
    }
}

extension PageContext.Page: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "type": type
        case "title": title
        case "description": description
        case "image": image
        case "twitterCard": twitterCard
        default: nil
        }
    }
}

extension PageContext.Link: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "canonical": canonical
        case "openInApp": openInApp
        case "web": web
        case "desktop": desktop
        case "native": native
        default: nil
        }
    }
}

extension PageContext.IOS: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "appStoreID": appStoreID
        default: nil
        }
    }
}

extension PageContext.Android: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "package": package
        default: nil
        }
    }
}

extension PageContext.Item: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "path": path
        case "fields": fields
        default: nil
        }
    }
}

extension PageContext.Behaviour: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "contentSecurityPolicy": contentSecurityPolicy
        case "config": config
        case "script": script
        default: nil
        }
    }
}

extension ShortLinkContext: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "siteName": siteName
        case "code": code
        case "target": target
        case "contentSecurityPolicy": contentSecurityPolicy
        default: nil
        }
    }
}
