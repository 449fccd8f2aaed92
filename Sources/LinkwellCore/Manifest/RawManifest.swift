/// `site.yaml` exactly as written: every field optional, every value located. Nothing here is
/// checked beyond its YAML shape; `validate` judges it and `resolve` turns it into a `Site`.
public struct RawManifest: Sendable, Hashable {
    public var location: SourceLocation
    public var version: Located<Int>?
    public var name: Located<String>?
    public var scheme: Located<String>?
    public var legacyPaths: Located<Bool>?
    public var iosApps: [RawIOSApp] = []
    public var androidApps: [RawAndroidApp] = []
    public var domains: RawDomains?
    public var defaults: RawRuleDefaults?
    public var substitutionVariables: [RawSubstitutionVariable] = []
    public var routes: [RawRoute] = []
    public var pageTypes: [RawPageType] = []
    public var robots: RawRobots?
    public var tests: [RawLinkTest] = []
    public var hosting: [Located<String>]?
    /// The folder of HTML templates, relative to the manifest.
    public var templates: Located<String>?
    public var shortLinks: [RawShortLink] = []
    /// The site's web home page.
    public var web: Located<String>?
    public var theme: RawTheme?
    public var contentSecurityPolicy: RawAllowedOrigins?

    public init(location: SourceLocation) {
        self.location = location
    }
}

public struct RawIOSApp: Sendable, Hashable {
    public var location: SourceLocation
    public var id: Located<String>?
    public var name: Located<String>?
    public var teamID: Located<String>?
    public var bundleID: Located<String>?
    public var appStoreID: Located<String>?
    public var webcredentials: Located<Bool>?
    public var appClips: [Located<String>] = []
}

public struct RawAndroidApp: Sendable, Hashable {
    public var location: SourceLocation
    public var id: Located<String>?
    public var name: Located<String>?
    public var package: Located<String>?
    public var fingerprints: [Located<String>]?
    public var fingerprintsLocation: SourceLocation?
    public var webcredentials: Located<Bool>?
}

public struct RawDomains: Sendable, Hashable {
    public var location: SourceLocation
    public var pairs: [RawMirrorPair] = []
    public var short: Located<String>?
}

public struct RawMirrorPair: Sendable, Hashable {
    public var location: SourceLocation
    public var primary: Located<String>?
    public var mirror: Located<String>?
}

/// Matching defaults, for the whole domain (`applinks.defaults`).
public struct RawRuleDefaults: Sendable, Hashable {
    public var location: SourceLocation
    public var caseSensitive: Located<Bool>?
    public var percentEncoded: Located<Bool>?
}

public struct RawSubstitutionVariable: Sendable, Hashable {
    public var name: Located<String>
    public var values: [Located<String>]
}

public struct RawRoute: Sendable, Hashable {
    public var location: SourceLocation
    public var name: Located<String>?
    public var path: Located<String>?
    public var query: RawQuery?
    public var fragment: Located<String>?
    public var exclude: Located<Bool>?
    public var comment: Located<String>?
    public var caseSensitive: Located<Bool>?
    public var percentEncoded: Located<Bool>?
    public var apps: [Located<String>]?
    public var hosts: [Located<String>]?
    public var page: Located<String>?
    public var accept: [Located<String>] = []
}

/// A query condition: the whole query string, or named items each with its own pattern.
public enum RawQuery: Sendable, Hashable {
    case whole(Located<String>)
    case items([RawQueryItem], SourceLocation)

    public var location: SourceLocation {
        switch self {
        case .whole(let pattern): pattern.location
        case .items(_, let location): location
        }
    }
}

public struct RawQueryItem: Sendable, Hashable {
    public var name: Located<String>
    public var pattern: Located<String>
}

public struct RawPageType: Sendable, Hashable {
    public var name: Located<String>
    public var location: SourceLocation
    public var fallback: Located<String>?
    public var web: Located<String>?
    public var desktop: Located<String>?
    public var title: Located<String>?
    public var description: Located<String>?
    public var image: Located<String>?
    public var since: [RawSince] = []
    public var android: Located<String>?
    public var iosInstall: Located<String>?
    /// `true`, `false`, `link` or `code`, as written.
    public var clipboard: Located<String>?
    public var labels: RawButtonLabels?
    public var nativeAttempt: Located<Bool>?
    /// The item data file (CSV or JSON Lines), relative to the manifest.
    public var items: Located<String>?
}

/// A short code on the short host and the path (and query) on the primary host it leads to.
public struct RawShortLink: Sendable, Hashable {
    public var location: SourceLocation
    public var code: Located<String>?
    public var target: Located<String>?
    public var comment: Located<String>?
}

/// The first app version, per platform, that can open a page type.
public struct RawSince: Sendable, Hashable {
    public var platform: Located<String>
    public var version: Located<String>
}

public struct RawRobots: Sendable, Hashable {
    public var location: SourceLocation
    public var groups: [RawRobotsGroup] = []
    public var sitemaps: [Located<String>] = []
}

public struct RawRobotsGroup: Sendable, Hashable {
    public var location: SourceLocation
    public var userAgents: [Located<String>]?
    public var allow: [Located<String>] = []
    public var disallow: [Located<String>] = []
}

/// A link test: a URL and what it must do, for every platform (`expect`) or per platform.
public struct RawLinkTest: Sendable, Hashable {
    public var location: SourceLocation
    public var url: Located<String>?
    public var app: Located<String>?
    public var expect: Located<String>?
    /// Per-platform expectations by `Platform` raw value ("ios", "ios-legacy", "android").
    public var platforms: [String: Located<String>] = [:]
    public var comment: Located<String>?
}

public struct RawTheme: Sendable, Hashable {
    public var location: SourceLocation
    public var accent: Located<String>?
    public var accentText: Located<String>?
    public var text: Located<String>?
    public var background: Located<String>?
    public var darkText: Located<String>?
    public var darkBackground: Located<String>?
    public var logo: Located<String>?
    public var icon: Located<String>?
    public var font: Located<String>?

    /// Every colour key with its value, in manifest-reference order.
    public var colours: [(key: String, value: Located<String>)] {
        [
            ("accent", accent), ("accentText", accentText), ("text", text), ("background", background), ("darkText", darkText),
            ("darkBackground", darkBackground),
        ].compactMap { entry in entry.1.map { (entry.0, $0) } }
    }
}

public struct RawButtonLabels: Sendable, Hashable {
    public var location: SourceLocation
    public var open: Located<String>?
    public var store: Located<String>?
    public var web: Located<String>?
}

public struct RawAllowedOrigins: Sendable, Hashable {
    public var location: SourceLocation
    public var scripts: [Located<String>] = []
    public var connect: [Located<String>] = []
}
