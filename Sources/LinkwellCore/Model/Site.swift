/// The resolved site: every default applied, every reference checked, every identifier in its
/// canonical form. Renderers read only this; `resolve` is the one place that knows defaults.
public struct Site: Sendable, Hashable, Codable {
    public var name: String
    public var scheme: String?
    /// Whether AASA details also carry the iOS 9–12 `appID` + `paths` form.
    public var legacyPaths: Bool
    public var iosApps: [IOSApp]
    public var androidApps: [AndroidApp]
    public var mirrorPairs: [MirrorPair]
    public var shortHost: String?
    public var defaults: RuleDefaults
    public var substitutionVariables: [SubstitutionVariable]
    public var routes: [Route]
    public var pageTypes: [PageType]
    public var robots: RobotsPolicy
    public var linkTests: [LinkTest] = []
    /// The static hosts to write configuration for, in `HostingProvider` order.
    public var hosting: [HostingProvider] = HostingProvider.allCases
    /// The folder of templates that replace the built-in ones, relative to the manifest.
    public var templatesFolder: Located<String>?
    public var shortLinks: [ShortLink] = []
    /// The site's web home (`web:`): where "Continue on the web" leads from pages whose type has
    /// no `web` URL, and from the home and not-found pages. Nil: those pages offer no web link.
    public var webHome: String?
    public var theme = Theme()
    /// Origins the pages' Content-Security-Policy allows beyond the templates' own inline scripts.
    public var allowedOrigins = AllowedOrigins()

    /// Every host that serves files, in manifest order: each pair's primary then mirror, then
    /// the short host.
    public var hosts: [String] {
        mirrorPairs.flatMap { [$0.primary, $0.mirror] } + (shortHost.map { [$0] } ?? [])
    }

    /// The platforms this site's files serve: iOS 13+ and (unless turned off) iOS 9–12 when
    /// there is an iOS app, Android 15+ when there is an Android app.
    public var platforms: [Platform] {
        (iosApps.isEmpty ? [] : (legacyPaths ? [.ios, .iosLegacy] : [.ios])) + (androidApps.isEmpty ? [] : [.android, .androidLegacy])
    }

    /// The routes that apply on `host`, in manifest order.
    public func routes(on host: String) -> [Route] {
        routes.filter { $0.hosts.contains(host) }
    }
}

public struct IOSApp: Sendable, Hashable, Codable {
    public var id: String
    public var name: String
    public var teamID: String
    public var bundleID: String
    public var appStoreID: String?
    public var webcredentials: Bool
    /// Bundle IDs of the App Clips, each under the same Team ID.
    public var appClipBundleIDs: [String]

    /// `<Team ID>.<bundle ID>`, the identifier AASA files and entitlements use.
    public var appID: String { "\(teamID).\(bundleID)" }
}

public struct AndroidApp: Sendable, Hashable, Codable {
    public var id: String
    public var name: String
    public var package: String
    /// Canonical upper-case, colon-separated SHA-256 fingerprints, in manifest order.
    public var fingerprints: [String]
    public var webcredentials: Bool
}

public struct MirrorPair: Sendable, Hashable, Codable {
    public var primary: String
    public var mirror: String
}

/// Matching defaults for a whole domain; nil means "not set", so the platform default applies
/// and nothing is emitted.
public struct RuleDefaults: Sendable, Hashable, Codable {
    public var caseSensitive: Bool?
    public var percentEncoded: Bool?
    /// Where the manifest sets them, for warnings about what older systems ignore.
    public var location: SourceLocation?

    public var isEmpty: Bool { caseSensitive == nil && percentEncoded == nil }
}

public struct SubstitutionVariable: Sendable, Hashable, Codable {
    public var name: String
    public var values: [String]
}

/// One ordered link rule: where it matches, whether it opens the app or keeps the URL on the
/// web, for which apps and hosts, and which page type previews it.
public struct Route: Sendable, Hashable, Codable {
    public var name: String
    public var path: String?
    public var query: QueryCondition?
    public var fragment: String?
    public var exclude: Bool
    public var comment: String?
    public var caseSensitive: Bool?
    public var percentEncoded: Bool?
    /// Ids of the apps (iOS and Android) this route applies to.
    public var apps: [String]
    public var hosts: [String]
    public var pageType: String?
    /// Warning codes this route's author has accepted: those warnings are not shown.
    public var acceptedWarnings: [String] = []
    public var location: SourceLocation

    public func accepts(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.code.map { acceptedWarnings.contains($0.rawValue) } ?? false
    }
}

public enum QueryCondition: Sendable, Hashable, Codable {
    /// The whole query string, without its leading `?`.
    case whole(String)
    /// Named items, each matched by its own pattern; other items are ignored.
    case items([QueryItem])
}

public struct QueryItem: Sendable, Hashable, Codable {
    public var name: String
    public var pattern: String
}

public struct PageType: Sendable, Hashable, Codable {
    public enum Fallback: String, Sendable, Hashable, Codable, CaseIterable {
        /// No app: send phones to the App Store / Google Play.
        case store
        /// No app: show the mobile web page on every platform.
        case web
    }

    public var name: String
    public var fallback: Fallback
    /// URL templates with `{path}` and `{query}` placeholders.
    public var webURL: String?
    public var desktopURL: String?
    public var title: String
    public var description: String?
    public var image: String?
    public var sinceIOS: String?
    public var sinceAndroid: String?
    /// How the mirror page sends Android phones without the app to Google Play.
    public var android: AndroidStoreLink = .play
    /// An install or attribution URL template for iPhones, used instead of the App Store.
    public var iosInstallURL: String?
    /// What the "Open in app" and store taps copy to the clipboard (deferred deep link), if anything.
    public var clipboard: ClipboardHandoff?
    /// The buttons' words; nil keeps the built-in label.
    public var labels = ButtonLabels()
    /// On Android, try the native scheme first, then the store (for web views that ignore App Links).
    public var nativeAttempt = false
    /// The item data file, relative to the manifest, and where the manifest names it.
    public var items: Located<String>?

    public enum ClipboardHandoff: String, Sendable, Hashable, Codable, CaseIterable {
        /// The whole canonical link, `https://host/path?query`.
        case link
        /// The last segment of the path: the invite or referral code.
        case code
    }

    public struct ButtonLabels: Sendable, Hashable, Codable {
        public var open: String?
        public var store: String?
        public var web: String?
    }

    public enum AndroidStoreLink: String, Sendable, Hashable, Codable, CaseIterable {
        /// `https://play.google.com/store/apps/details?id=…&referrer=…`.
        case play
        /// `intent://…#Intent;…;S.browser_fallback_url=…;end`: Chrome opens the app when it is there
        /// after all, else the fallback (Google Play).
        case intent
    }
}

/// A short code on the short host: the host redirects it to `target` on the primary host, and the
/// app, which the short host also opens, resolves it itself.
public struct ShortLink: Sendable, Hashable, Codable {
    public var code: String
    /// Path and query on the first mirror pair's primary host.
    public var target: String
    public var comment: String?
}

public struct RobotsPolicy: Sendable, Hashable, Codable {
    public var groups: [RobotsGroup]
    public var sitemaps: [String]
}

public struct RobotsGroup: Sendable, Hashable, Codable {
    public var userAgents: [String]
    public var allow: [String]
    public var disallow: [String]
}

/// The look of every preview page: colours, images and type, each validated where the manifest
/// sets it (`theme:`); what it leaves out keeps the built-in value.
public struct Theme: Sendable, Hashable, Codable {
    /// Buttons and links.
    public var accent = "#2b59c3"
    /// Text on the accent colour.
    public var accentText = "#ffffff"
    /// Page text and background in light mode, then in dark mode.
    public var text = "#161a23"
    public var background = "#f3f4f7"
    public var darkText = "#eceef3"
    public var darkBackground = "#0e1014"
    /// An https:// image shown above the page (the brand's logo).
    public var logo: String?
    /// An https:// image of the app's icon, shown beside its name.
    public var icon: String?
    /// A CSS font stack: names, quoted names, commas and spaces.
    public var font = #"system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", sans-serif"#

    /// `#rgb`, `#rrggbb` or `#rrggbbaa`: the only colours a theme takes, so a value can never
    /// end the style sheet it is written into.
    public static let colourPattern = "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"
    /// Font names, quoted or not, separated by commas: nothing that could end a CSS declaration.
    public static let fontPattern = #"^[A-Za-z0-9 ,"'-]+$"#

    // The patterns above are for the schema; these say the same without a regular-expression
    // engine (a test holds them to the patterns).
    public static func isColour(_ value: String) -> Bool {
        let utf8 = value.utf8
        return utf8.first == UInt8(ascii: "#") && [4, 7, 9].contains(utf8.count) && utf8.dropFirst().allSatisfy(\.isHexDigit)
    }

    public static func isFontStack(_ value: String) -> Bool {
        !value.isEmpty
            && value.utf8.allSatisfy {
                $0.isASCIIAlphanumeric
                    || [UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "-")].contains($0)
            }
    }
}

/// `contentSecurityPolicy:` origins for a template's own external scripts and the requests they make.
public struct AllowedOrigins: Sendable, Hashable, Codable {
    /// `https://host[:port]`, nothing after it: what validation and the schema accept.
    public static let originPattern = "^https://[A-Za-z0-9.-]+(:[0-9]+)?$"

    /// `originPattern` without a regular-expression engine (a test holds the two together).
    public static func isOrigin(_ value: String) -> Bool {
        guard value.hasPrefix("https://") else { return false }
        let rest = value.utf8.dropFirst("https://".count)
        let host = rest.prefix { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
        guard !host.isEmpty else { return false }
        let port = rest.dropFirst(host.count)
        return port.isEmpty || (port.first == UInt8(ascii: ":") && port.count > 1 && port.dropFirst().allSatisfy(\.isASCIIDigit))
    }

    /// `script-src` origins, e.g. `https://plausible.io`.
    public var scripts: [String] = []
    /// `connect-src` origins.
    public var connect: [String] = []
}
