/// The resolved site: every default applied, every reference checked, every identifier in its
/// canonical form. Renderers read only this; `resolve` is the one place that knows defaults.
package struct Site: Sendable, Hashable, Codable {
    package var name: String
    package var scheme: String?
    /// Whether AASA details also carry the iOS 9–12 `appID` + `paths` form.
    package var legacyPaths: Bool
    package var iosApps: [IOSApp]
    package var androidApps: [AndroidApp]
    package var mirrorPairs: [MirrorPair]
    package var shortHost: String?
    /// Hosts that carry only shared credentials (`domains.signIn`): no routes, no pages.
    package var signInHosts: [String] = []
    package var defaults: RuleDefaults
    package var substitutionVariables: [SubstitutionVariable]
    package var routes: [Route]
    package var pageTypes: [PageType]
    package var robots: RobotsPolicy
    package var linkTests: [LinkTest] = []
    /// The static hosts to write configuration for, in `HostingProvider` order.
    package var hosting: [HostingProvider] = HostingProvider.allCases
    /// The folder of templates that replace the built-in ones, relative to the manifest.
    package var templatesFolder: Located<String>?
    package var shortLinks: [ShortLink] = []
    /// The site's web home (`web:`): where "Continue on the web" leads from pages whose type has
    /// no `web` URL, and from the home and not-found pages. Nil: those pages offer no web link.
    package var webHome: String?
    package var theme = Theme()
    /// Origins the pages' Content-Security-Policy allows beyond the templates' own inline scripts.
    package var allowedOrigins = AllowedOrigins()
    /// The app id the home and not-found pages promote (`homePages.app`); nil: the first app of
    /// each platform.
    package var homeApp: String? = nil
    /// Whether the home and not-found pages show the App Clip card (`homePages.appClip`).
    package var homeAppClip = true
    /// Whether the not-found page sends every visitor to the same path on the web home
    /// (`homePages.notFound: web`).
    package var notFoundToWeb = false
    /// The pages' language where a pair gives none (`lang`).
    package var lang = "en"
    /// Whether `build` and `check` leave item pages out of the output folder (`itemPages: deploy`).
    package var itemPagesAtDeploy = false

    /// The language of `host`'s pages: its pair's, else the site's.
    package func lang(of host: String) -> String {
        mirrorPairs.first { $0.primary == host || $0.mirror == host }?.lang ?? lang
    }

    /// Every host that serves files, in manifest order: each pair's primary then mirror, then
    /// the short host.
    package var hosts: [String] {
        mirrorPairs.flatMap { [$0.primary, $0.mirror] } + (shortHost.map { [$0] } ?? [])
    }

    /// The platforms this site's files serve: iOS 13+ and (unless turned off) iOS 9–12 when
    /// there is an iOS app, Android 15+ when there is an Android app.
    package var platforms: [Platform] {
        (iosApps.isEmpty ? [] : (legacyPaths ? [.ios, .iosLegacy] : [.ios])) + (androidApps.isEmpty ? [] : [.android, .androidLegacy])
    }

    /// The routes that apply on `host`, in manifest order.
    package func routes(on host: String) -> [Route] {
        routes.filter { $0.hosts.contains(host) }
    }
}

package struct IOSApp: Sendable, Hashable, Codable {
    package var id: String
    package var name: String
    package var teamID: String
    package var bundleID: String
    package var appStoreID: String?
    package var webcredentials: Bool
    /// Bundle IDs of the App Clips, each under the same Team ID.
    package var appClipBundleIDs: [String]
    /// Where the manifest lists it; nil for an app made in code.
    package var location: SourceLocation?
    /// The app's own files (its entitlements), held against the site's (`AppProof`).
    package var appFiles = AppFileSettings()

    /// `<Team ID>.<bundle ID>`, the identifier AASA files and entitlements use.
    package var appID: String { "\(teamID).\(bundleID)" }
}

package struct AndroidApp: Sendable, Hashable, Codable {
    package var id: String
    package var name: String
    package var package: String
    /// Canonical upper-case, colon-separated SHA-256 fingerprints, in manifest order.
    package var fingerprints: [String]
    package var webcredentials: Bool
    /// Whether assetlinks.json carries Android 15+ dynamic rules for the app; without them the
    /// app's own intent filters decide on Android 15+ too.
    package var dynamicRules = true
    /// Where the manifest lists it; nil for an app made in code.
    package var location: SourceLocation?
    /// The app's own files (its merged manifest), held against the site's (`AppProof`).
    package var appFiles = AppFileSettings()
}

/// Where an app's own files are in the project, and the values they name but do not hold.
package struct AppFileSettings: Sendable, Hashable, Codable {
    /// iOS: the entitlements files; Android: the manifest (one).
    package var files: [Located<String>] = []
    package var strings: [String: String] = [:]
    package var placeholders: [String: String] = [:]
    package var buildSettings: [String: String] = [:]
    package var targetSdk: Located<Int>?
    /// Canonical fingerprints of the certificate the app is signed with, when given.
    package var signingCertificate: Located<String>?
    /// Warning codes about the app that the manifest accepts.
    package var accepted: [String] = []

    package init() {}
}

package struct MirrorPair: Sendable, Hashable, Codable {
    package var primary: String
    package var mirror: String
    /// The pair's own web home; nil: the site's.
    package var web: String? = nil
    /// The language of the pair's pages; nil: the site's.
    package var lang: String? = nil
}

/// Matching defaults for a whole domain; nil means "not set", so the platform default applies
/// and nothing is emitted.
package struct RuleDefaults: Sendable, Hashable, Codable {
    package var caseSensitive: Bool?
    package var percentEncoded: Bool?
    /// Where the manifest sets them, for warnings about what older systems ignore.
    package var location: SourceLocation?
    /// Warning codes about the defaults that the manifest accepts.
    package var acceptedWarnings: [String] = []

    package var isEmpty: Bool { caseSensitive == nil && percentEncoded == nil }
}

package struct SubstitutionVariable: Sendable, Hashable, Codable {
    package var name: String
    package var values: [String]
}

/// One ordered link rule: where it matches, whether it opens the app or keeps the URL on the
/// web, for which apps and hosts, and which page type previews it.
package struct Route: Sendable, Hashable, Codable {
    package var name: String
    package var path: String?
    package var query: QueryCondition?
    package var fragment: String?
    package var exclude: Bool
    package var comment: String?
    package var caseSensitive: Bool?
    package var percentEncoded: Bool?
    /// Ids of the apps (iOS and Android) this route applies to.
    package var apps: [String]
    package var hosts: [String]
    package var pageType: String?
    /// Warning codes this route's author has accepted: those warnings are not shown.
    package var acceptedWarnings: [String] = []
    package var location: SourceLocation
}

package enum QueryCondition: Sendable, Hashable, Codable {
    /// The whole query string, without its leading `?`.
    case whole(String)
    /// Named items, each matched by its own pattern; other items are ignored.
    case items([QueryItem])
}

package struct QueryItem: Sendable, Hashable, Codable {
    package var name: String
    package var pattern: String
}

package struct PageType: Sendable, Hashable, Codable {
    package enum Fallback: String, Sendable, Hashable, Codable, CaseIterable {
        /// No app: send phones to the App Store / Google Play.
        case store
        /// No app: show the mobile web page on every platform.
        case web
    }

    package var name: String
    package var fallback: Fallback
    /// URL templates with `{path}` and `{query}` placeholders.
    package var webURL: String?
    package var desktopURL: String?
    package var title: String
    package var description: String?
    package var image: String?
    package var sinceIOS: String?
    package var sinceAndroid: String?
    /// How the mirror page sends Android phones without the app to Google Play.
    package var android: AndroidStoreLink = .play
    /// An install or attribution URL template for iPhones, used instead of the App Store.
    package var iosInstallURL: String?
    /// What the "Open in app" and store taps copy to the clipboard (deferred deep link), if anything.
    package var clipboard: ClipboardHandoff?
    /// The buttons' words; nil keeps the built-in label.
    package var labels = ButtonLabels()
    /// On Android, try the native scheme first, then the store (for web views that ignore App Links).
    package var nativeAttempt = false
    /// Whether its pages show the App Clip card (the iOS app's first App Clip), where there is one.
    package var appClip = true
    /// The item data file, relative to the manifest, and where the manifest names it.
    package var items: Located<String>?
    /// Warning codes about this page type's items that the manifest accepts.
    package var acceptedWarnings: [String] = []
    /// Where the manifest defines it; nil for one made in code (and the home and not-found pages).
    package var location: SourceLocation?
    /// Every value of the entry as written, in the field table's order (`diff` compares them;
    /// templates name the texts as `page.<key>`).
    package var written: [ManifestFieldValue] = []
    /// Item columns the built-in template shows, with their labels.
    package var details: [Detail] = []

    package struct Detail: Sendable, Hashable, Codable {
        package var column: String
        package var label: String
        /// Where the manifest names it (for a column the data file lacks).
        package var location: SourceLocation?

        /// A CSV header name or JSON Lines key a template can name (`item.<column>`).
        package static let columnPattern = "^[A-Za-z0-9_-]{1,64}$"

        package static func isColumn(_ value: String) -> Bool {
            (1...64).contains(value.utf8.count)
                && value.utf8.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
        }
    }

    package enum ClipboardHandoff: String, Sendable, Hashable, Codable, CaseIterable {
        /// The whole canonical link, `https://host/path?query`.
        case link
        /// The last segment of the path: the invite or referral code.
        case code
    }

    package struct ButtonLabels: Sendable, Hashable, Codable {
        package var open: String?
        package var store: String?
        package var web: String?
    }

    package enum AndroidStoreLink: String, Sendable, Hashable, Codable, CaseIterable {
        /// `https://play.google.com/store/apps/details?id=…&referrer=…`.
        case play
        /// `intent://…#Intent;…;S.browser_fallback_url=…;end`: Chrome opens the app when it is there
        /// after all, else the fallback (Google Play).
        case intent
    }
}

/// A short code on the short host: the host redirects it to `target` on the primary host, and the
/// app, which the short host also opens, resolves it itself.
package struct ShortLink: Sendable, Hashable, Codable {
    package var code: String
    /// Path and query on the first mirror pair's primary host.
    package var target: String
    package var comment: String?
    /// Warning codes about this short link that the manifest accepts.
    package var acceptedWarnings: [String] = []
    /// Where the manifest lists it; nil for a link made in code.
    package var location: SourceLocation?

    /// The absolute URL the short host redirects to: `target` itself when it is one (a page on
    /// another manifest host, or on the site's web origin), else the path on `primaryHost`.
    package func url(primaryHost: String) -> String {
        target.hasPrefix("https://") ? target : "https://\(primaryHost)\(target)"
    }
}

package struct RobotsPolicy: Sendable, Hashable, Codable {
    package var groups: [RobotsGroup]
    package var sitemaps: [String]
}

package struct RobotsGroup: Sendable, Hashable, Codable {
    package var userAgents: [String]
    package var allow: [String]
    package var disallow: [String]
}

/// The look of every preview page: colours, images and type, each validated where the manifest
/// sets it (`theme:`); what it leaves out keeps the built-in value.
package struct Theme: Sendable, Hashable, Codable {
    /// Buttons and links.
    package var accent = "#2b59c3"
    /// Text on the accent colour.
    package var accentText = "#ffffff"
    /// Page text and background in light mode, then in dark mode.
    package var text = "#161a23"
    package var background = "#f3f4f7"
    package var darkText = "#eceef3"
    package var darkBackground = "#0e1014"
    /// The accent and the text on it in dark mode, as written; `darkAccentColour` and
    /// `darkAccentTextColour` say what pages use when they are not.
    package var darkAccent: String?
    package var darkAccentText: String?
    /// An https:// image shown above the page (the brand's logo).
    package var logo: String?
    /// The logo for dark mode (a light wordmark), if the brand has one.
    package var darkLogo: String?
    /// An https:// image of the app's icon, shown beside its name.
    package var icon: String?
    /// A CSS font stack: names, quoted names, commas and spaces.
    package var font = #"system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", sans-serif"#
    /// Web fonts the style sheet declares.
    package var fonts: [FontFace] = []

    /// The pages' `font-src`: `'self'` for fonts copied from the project, and the origin of each
    /// font URL; nothing when there is no font.
    package var fontSources: [String] {
        let own = fonts.contains { !$0.isURL } ? ["'self'"] : []
        let origins = fonts.filter(\.isURL).compactMap { face -> String? in
            let rest = face.source.dropFirst("https://".count)
            let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            return authority.isEmpty ? nil : "https://" + authority.lowercased()
        }
        return own + origins.uniqued()
    }

    /// The smallest contrast WCAG 2 AA allows for body text (every text on the pages is body size).
    package static let minimumContrast = 4.5

    /// The dark page's accent: as written, else the light accent if it reads on the dark page
    /// (and on the desktop card), else the light accent mixed toward white until it does, so a
    /// brand that sets one accent gets a dark scheme that passes WCAG AA.
    package var darkAccentColour: String {
        if let darkAccent { return darkAccent }
        let page = [darkBackground, darkSurface].compactMap { Colour(hex: $0) }
        guard let accent = Colour(hex: accent) else { return self.accent }
        let readable = accent.nearest { candidate in page.allSatisfy { Colour.contrast(candidate, $0) >= Self.minimumContrast } }
        return readable.map { $0 == Colour(red: accent.red, green: accent.green, blue: accent.blue) ? self.accent : $0.hex } ?? self.accent
    }

    /// The dark "Open in app" button's text: as written, else the light accent text if it reads
    /// on the dark accent, else the dark background or black, whichever reads best.
    package var darkAccentTextColour: String {
        if let darkAccentText { return darkAccentText }
        guard let button = Colour(hex: darkAccentColour) else { return accentText }
        let candidates = [accentText, darkBackground, "#000000", "#ffffff"]
        func contrast(_ hex: String) -> Double { Colour(hex: hex).map { Colour.contrast($0.over(button), button) } ?? 0 }
        if contrast(accentText) >= Self.minimumContrast { return accentText }
        if contrast(darkBackground) >= Self.minimumContrast { return darkBackground }
        return candidates.max { contrast($0) < contrast($1) } ?? accentText
    }

    /// The desktop card's colour in each scheme, as the pages' style sheet mixes it.
    package var surface: String {
        Self.surface(background, share: 0.55, canvas: .white)
    }
    package var darkSurface: String {
        Self.surface(darkBackground, share: 0.9, canvas: .black)
    }
    private static func surface(_ background: String, share: Double, canvas: Colour) -> String {
        Colour(hex: background).map { $0.over(canvas).mixed(with: .white, share: share).hex } ?? background
    }

    /// `#rgb`, `#rrggbb` or `#rrggbbaa`: the only colours a theme takes, so a value can never
    /// end the style sheet it is written into.
    package static let colourPattern = "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"
    /// Font names, quoted or not, separated by commas: nothing that could end a CSS declaration.
    package static let fontPattern = #"^[A-Za-z0-9 ,"'-]+$"#

    // The patterns above are for the schema; these say the same without a regular-expression
    // engine (a test holds them to the patterns).
    package static func isColour(_ value: String) -> Bool {
        let utf8 = value.utf8
        return utf8.first == UInt8(ascii: "#") && [4, 7, 9].contains(utf8.count) && utf8.dropFirst().allSatisfy(\.isHexDigit)
    }

    /// What keeps a stack of the right characters from being a CSS font stack (a browser drops
    /// the whole declaration then, and the page silently loses its font): a quote left open, a
    /// quoted name with more after it, an empty family. Nil when it is one.
    /// The family names a font stack names, unquoted, in order (for a stack `fontStackProblem`
    /// accepts).
    package static func families(in stack: String) -> [String] {
        stack.split(separator: ",").map { name in
            var name = String(name).trimmingSpaces()
            if let first = name.first, first == "\"" || first == "'", name.count >= 2, name.last == first {
                name = String(name.dropFirst().dropLast())
            }
            return name
        }
    }

    package static func fontStackProblem(_ value: String) -> String? {
        var families: [String] = []
        var current = ""
        var quote: Character?
        for character in value {
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                guard current.trimmingSpaces().isEmpty else { return "a quote opens inside the name '\(current)'" }
                current.append(character)
                quote = character
            } else if character == "," {
                families.append(current)
                current = ""
            } else {
                if let last = current.trimmingSpaces().last, last == "\"" || last == "'", character != " " {
                    return "text follows the quoted name \(current.trimmingSpaces())"
                }
                current.append(character)
            }
        }
        if let quote { return "the quote \(quote) is never closed" }
        families.append(current)
        if families.contains(where: { $0.trimmingSpaces().isEmpty }) { return "a family name is empty" }
        return nil
    }

    package static func isFontStack(_ value: String) -> Bool {
        !value.isEmpty
            && value.utf8.allSatisfy {
                $0.isASCIIAlphanumeric
                    || [UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "-")].contains($0)
            }
    }
}

/// `contentSecurityPolicy:` origins for a template's own external scripts and the requests they make.
/// A web font of the theme (`theme.fonts`): its family, where its file is, and which weights and
/// style it holds — each held to a syntax that cannot leave the CSS it is written into.
package struct FontFace: Sendable, Hashable, Codable {
    package var family: String
    /// A file in the project (relative to the manifest) or an https:// URL, as written.
    package var source: String
    package var weight = "normal"
    package var style = "normal"

    /// The file types a font may be, by extension, with the `format()` a style sheet names and
    /// the bytes such a file starts with.
    package static let formats: [(extension: String, format: String, magic: [[UInt8]])] = [
        ("woff2", "woff2", [Array("wOF2".utf8)]), ("woff", "woff", [Array("wOFF".utf8)]),
        ("ttf", "truetype", [[0x00, 0x01, 0x00, 0x00], Array("true".utf8)]), ("otf", "opentype", [Array("OTTO".utf8)]),
    ]

    package static let familyPattern = "^[A-Za-z0-9 _-]{1,64}$"
    /// A project path of plain names (no `..`) ending in a font type, or an https:// URL without
    /// quotes, brackets, white space, backslashes, user information (`@`) or a wildcard (`*`, which
    /// the pages' font-src policy would read as one).
    package static let sourcePattern =
        #"^(https://[^"'()\s\\@*]+|([A-Za-z0-9_-][A-Za-z0-9._-]*/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.(woff2|woff|ttf|otf))$"#
    package static let weightPattern = "^(normal|bold|[1-9][0-9]{0,2}|1000)( ([1-9][0-9]{0,2}|1000))?$"
    package static let stylePattern = "^(normal|italic|oblique)$"

    /// Whether the source is a URL (else a file in the project).
    package var isURL: Bool { source.hasPrefix("https://") }

    /// The file type the source's name ends in, when it is one `formats` knows.
    package var format: (extension: String, format: String, magic: [[UInt8]])? {
        let name = source.split(separator: "/").last.map { $0.split(separator: "?").first ?? $0 } ?? ""
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let ending = name[name.index(after: dot)...].lowercased()
        return Self.formats.first { $0.extension == ending }
    }

    // The patterns above are for the schema; these say the same without a regular-expression
    // engine (a test holds them to the patterns).
    package static func isFamily(_ value: String) -> Bool {
        (1...64).contains(value.utf8.count)
            && value.utf8.allSatisfy { $0.isASCIIAlphanumeric || $0 == 0x20 || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    package static func isSource(_ value: String) -> Bool {
        if value.hasPrefix("https://") {
            return value.utf8.count > 8 && !value.utf8.contains { $0 <= 0x20 || $0 == 0x7F || "\"'()\\@*".utf8.contains($0) }
        }
        let parts = value.split(separator: "/", omittingEmptySubsequences: false)
        let plain = parts.allSatisfy { part in
            guard let first = part.utf8.first, first.isASCIIAlphanumeric || first == UInt8(ascii: "_") || first == UInt8(ascii: "-") else {
                return false
            }
            return part.utf8.allSatisfy {
                $0.isASCIIAlphanumeric || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
            }
        }
        let name = parts.last ?? ""
        let ending = name.lastIndex(of: ".").map { name[name.index(after: $0)...] } ?? ""
        return plain && ["woff2", "woff", "ttf", "otf"].contains(ending)
    }

    package static func isWeight(_ value: String) -> Bool {
        func number(_ text: Substring) -> Bool {
            guard let first = text.utf8.first, first != UInt8(ascii: "0"), text.utf8.allSatisfy(\.isASCIIDigit), let value = Int(text)
            else {
                return false
            }
            return (1...1000).contains(value)
        }
        if value == "normal" || value == "bold" { return true }
        let parts = value.split(separator: " ", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy(number)
    }

    package static func isStyle(_ value: String) -> Bool { ["normal", "italic", "oblique"].contains(value) }
}

package struct AllowedOrigins: Sendable, Hashable, Codable {
    /// `https://host[:port]`, nothing after it: what validation and the schema accept.
    package static let originPattern = "^https://[A-Za-z0-9.-]+(:[0-9]+)?$"

    /// `originPattern` without a regular-expression engine (a test holds the two together).
    package static func isOrigin(_ value: String) -> Bool {
        guard value.hasPrefix("https://") else { return false }
        let rest = value.utf8.dropFirst("https://".count)
        let host = rest.prefix { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
        guard !host.isEmpty else { return false }
        let port = rest.dropFirst(host.count)
        return port.isEmpty || (port.first == UInt8(ascii: ":") && port.count > 1 && port.dropFirst().allSatisfy(\.isASCIIDigit))
    }

    /// `script-src` origins, e.g. `https://plausible.io`.
    package var scripts: [String] = []
    /// `connect-src` origins.
    package var connect: [String] = []
}
