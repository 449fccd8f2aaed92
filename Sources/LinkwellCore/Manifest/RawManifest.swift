/// `site.yaml` exactly as written: every field optional, every value located. Nothing here is
/// checked beyond its YAML shape; `validate` judges it and `resolve` turns it into a `Site`.
package struct RawManifest: RawEntry {
    package var location: SourceLocation
    package var version: Located<Int>?
    package var name: Located<String>?
    package var scheme: Located<String>?
    package var legacyPaths: Located<Bool>?
    package var iosApps: [RawIOSApp] = []
    package var androidApps: [RawAndroidApp] = []
    package var domains: RawDomains?
    package var defaults: RawRuleDefaults?
    package var substitutionVariables: [RawSubstitutionVariable] = []
    package var routes: [RawRoute] = []
    package var pageTypes: [RawPageType] = []
    package var robots: RawRobots?
    package var tests: [RawLinkTest] = []
    package var hosting: [Located<String>]?
    /// The folder of HTML templates, relative to the manifest.
    package var templates: Located<String>?
    package var shortLinks: [RawShortLink] = []
    /// The site's web home page.
    package var web: Located<String>?
    package var theme: RawTheme?
    package var contentSecurityPolicy: RawAllowedOrigins?
    package var homePages: RawHomePages?
    /// The pages' language (`<html lang>`), where no mirror pair gives its own.
    package var lang: Located<String>?
    /// Where item pages are written: `output` (the output folder, committed), or `deploy` (built
    /// by the deploy job only).
    package var itemPages: Located<String>?

    package init(location: SourceLocation) {
        self.location = location
    }
}

package struct RawIOSApp: RawEntry {
    package var location: SourceLocation
    package var id: Located<String>?
    package var name: Located<String>?
    package var teamID: Located<String>?
    package var bundleID: Located<String>?
    package var appStoreID: Located<String>?
    package var webcredentials: Located<Bool>?
    package var appClips: [Located<String>] = []
    /// The app's `.entitlements` files, project paths (Debug and Release may differ).
    package var entitlements: [Located<String>] = []
    package var buildSettings: [RawNamedValue] = []
    package var accept: [Located<String>] = []
}

/// `name: value` in a mapping of values the app's files name (a build setting, a string).
package struct RawNamedValue: Sendable, Hashable {
    package var name: Located<String>
    package var value: Located<String>
}

package struct RawAndroidApp: RawEntry {
    package var location: SourceLocation
    package var id: Located<String>?
    package var name: Located<String>?
    package var package: Located<String>?
    package var fingerprints: [Located<String>]?
    package var fingerprintsLocation: SourceLocation?
    package var webcredentials: Located<Bool>?
    package var dynamicRules: Located<Bool>?
    /// The app's merged (or source) `AndroidManifest.xml`, a project path.
    package var manifest: Located<String>?
    package var strings: [RawNamedValue] = []
    package var placeholders: [RawNamedValue] = []
    package var targetSdk: Located<Int>?
    package var signingCertificate: Located<String>?
    package var accept: [Located<String>] = []
}

package struct RawDomains: RawEntry {
    package var location: SourceLocation
    package var pairs: [RawMirrorPair] = []
    package var short: Located<String>?
    /// Hosts that carry only shared credentials (where people sign in).
    package var signIn: [Located<String>] = []
}

package struct RawMirrorPair: RawEntry {
    package var location: SourceLocation
    package var primary: Located<String>?
    package var mirror: Located<String>?
    /// The pair's own web home (a market's site); the top-level `web` when absent.
    package var web: Located<String>?
    /// The language of the pair's pages (a market's); the top-level `lang` when absent.
    package var lang: Located<String>?
}

/// Matching defaults, for the whole domain (`applinks.defaults`).
package struct RawRuleDefaults: RawEntry {
    package var location: SourceLocation
    package var caseSensitive: Located<Bool>?
    package var percentEncoded: Located<Bool>?
    package var accept: [Located<String>] = []
}

package struct RawSubstitutionVariable: Sendable, Hashable {
    package var name: Located<String>
    package var values: [Located<String>]
}

package struct RawRoute: RawEntry {
    package var location: SourceLocation
    package var name: Located<String>?
    package var path: Located<String>?
    package var query: RawQuery?
    package var fragment: Located<String>?
    package var exclude: Located<Bool>?
    package var comment: Located<String>?
    package var caseSensitive: Located<Bool>?
    package var percentEncoded: Located<Bool>?
    package var apps: [Located<String>]?
    package var hosts: [Located<String>]?
    package var page: Located<String>?
    package var accept: [Located<String>] = []
}

/// A query condition: the whole query string, or named items each with its own pattern.
package enum RawQuery: Sendable, Hashable {
    case whole(Located<String>)
    case items([RawQueryItem], SourceLocation)

    package var location: SourceLocation {
        switch self {
        case .whole(let pattern): pattern.location
        case .items(_, let location): location
        }
    }
}

package struct RawQueryItem: Sendable, Hashable {
    package var name: Located<String>
    package var pattern: Located<String>
}

package struct RawPageType: RawEntry {
    package var name: Located<String>
    package var location: SourceLocation
    package var fallback: Located<String>?
    package var web: Located<String>?
    package var desktop: Located<String>?
    package var title: Located<String>?
    package var description: Located<String>?
    /// Shown above the title (`page.badge`).
    package var badge: Located<String>?
    package var image: Located<String>?
    package var since: [RawSince] = []
    package var android: Located<String>?
    package var iosInstall: Located<String>?
    /// `true`, `false`, `link` or `code`, as written.
    package var clipboard: Located<String>?
    package var labels: RawButtonLabels?
    package var nativeAttempt: Located<Bool>?
    package var appClip: Located<Bool>?
    /// The item data file (CSV or JSON Lines), relative to the manifest.
    package var items: Located<String>?
    /// Item columns the built-in template shows under the description.
    package var details: [RawDetail] = []
    package var accept: [Located<String>] = []
}

/// An item column a page type shows, and its label (`details`).
package struct RawDetail: RawEntry {
    package var location: SourceLocation
    package var column: Located<String>?
    package var label: Located<String>?
}

/// A short code on the short host and the path (and query) on the primary host it leads to.
package struct RawShortLink: RawEntry {
    package var location: SourceLocation
    package var code: Located<String>?
    package var target: Located<String>?
    package var comment: Located<String>?
    package var accept: [Located<String>] = []
}

/// The first app version, per platform, that can open a page type.
package struct RawSince: Sendable, Hashable {
    package var platform: Located<String>
    package var version: Located<String>
}

package struct RawRobots: RawEntry {
    package var location: SourceLocation
    package var groups: [RawRobotsGroup] = []
    package var sitemaps: [Located<String>] = []
}

package struct RawRobotsGroup: RawEntry {
    package var location: SourceLocation
    package var userAgents: [Located<String>]?
    package var allow: [Located<String>] = []
    package var disallow: [Located<String>] = []
}

/// A link test: a URL and what it must do, for every platform (`expect`) or per platform.
package struct RawLinkTest: RawEntry {
    package var location: SourceLocation
    package var url: Located<String>?
    package var app: Located<String>?
    package var expect: Located<String>?
    /// Per-platform expectations by `Platform` raw value ("ios", "ios-legacy", "android").
    package var platforms: [String: Located<String>] = [:]
    package var comment: Located<String>?
}

package struct RawTheme: RawEntry {
    package var location: SourceLocation
    package var accent: Located<String>?
    package var accentText: Located<String>?
    package var text: Located<String>?
    package var background: Located<String>?
    package var darkText: Located<String>?
    package var darkBackground: Located<String>?
    package var darkAccent: Located<String>?
    package var darkAccentText: Located<String>?
    package var logo: Located<String>?
    package var darkLogo: Located<String>?
    package var icon: Located<String>?
    package var font: Located<String>?
    package var fonts: [RawFontFace] = []

    /// Every colour key with its value, in manifest-reference order.
    package var colours: [(key: String, value: Located<String>)] {
        [
            ("accent", accent), ("accentText", accentText), ("text", text), ("background", background), ("darkText", darkText),
            ("darkBackground", darkBackground), ("darkAccent", darkAccent), ("darkAccentText", darkAccentText),
        ].compactMap { entry in entry.1.map { (entry.0, $0) } }
    }
}

/// A web font the style sheet declares (`theme.fonts`).
package struct RawFontFace: RawEntry {
    package var location: SourceLocation
    package var family: Located<String>?
    package var src: Located<String>?
    package var weight: Located<String>?
    package var style: Located<String>?
}

package struct RawButtonLabels: RawEntry {
    package var location: SourceLocation
    package var open: Located<String>?
    package var store: Located<String>?
    package var web: Located<String>?
}

/// What each host's home and not-found pages, which no route names, promote.
package struct RawHomePages: RawEntry {
    package var location: SourceLocation
    package var app: Located<String>?
    package var appClip: Located<Bool>?
    /// `page` (the not-found page) or `web` (every visitor goes on to the same path on the web).
    package var notFound: Located<String>?
}

package struct RawAllowedOrigins: RawEntry {
    package var location: SourceLocation
    package var scripts: [Located<String>] = []
    package var connect: [Located<String>] = []
}

/// A mapping of the manifest as the decoder read it: where it starts is where a key it lacks is
/// reported.
package protocol RawEntry: Sendable, Hashable {
    var location: SourceLocation { get }
}
