#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The source of decisions for `linkwell match`: the manifest's own files, or files given on the
/// command line. Renders the report a person reads.
package enum MatchEvaluator: Sendable {
    case site(SiteMatcher)
    case files(FileMatcher)

    /// The report's lines for one URL: JSON lines, or a block of text ending with a blank line.
    package func report(_ text: String, _ url: URLParts, json: Bool) -> [String] {
        var lines: [String] = []
        let decisions: [LinkDecision]
        var targets: LinkTargets?
        var shortLink: (code: String, target: String)?
        switch self {
        case .site(let matcher):
            decisions = matcher.decisions(for: text, url: url)
            shortLink = Self.shortLink(url, in: matcher.site)
            // A listed code is answered with a redirect, never with the short host's catch-all page.
            targets = shortLink == nil ? matcher.targets(for: url) : nil
        case .files(let matchers):
            decisions = matchers.decisions(for: text, url: url)
        }
        // Without the app, the browser follows the short host's redirect: the target's own report.
        let followed = shortLink.flatMap { link in URLParts(link.target).map { report(link.target, $0, json: json) } } ?? []
        if json {
            let redirect = shortLink.map { [JSONText.line(ShortLinkLine(url: text, shortLink: $0.code, redirectsTo: $0.target))] } ?? []
            return decisions.map(\.jsonLine) + (targets.map { [Self.jsonLine(url: text, targets: $0)] } ?? []) + redirect + followed
        }
        lines.append(text)
        if decisions.isEmpty {
            if case .site(let matcher) = self, matcher.site.signInHosts.contains(url.host) {
                lines.append(
                    "  '\(url.host)' is a sign-in host (domains.signIn): its files share credentials only (webcredentials), so no app "
                        + "opens its links and every platform opens the browser")
            } else {
                lines.append(
                    "  '\(url.host)' is not one of the manifest's hosts: no app is associated with it, so every platform opens the browser")
            }
        }
        let appWidth = decisions.map(\.app.count).max() ?? 0
        for decision in decisions {
            let platform = decision.platform.displayName.padded(to: 12)
            let app = decision.app.padded(to: appWidth + 2)
            lines.append("  \(platform)\(app)\(decision.summary)")
        }
        lines += Self.together(decisions)
        if let targets {
            lines.append("  page type '\(targets.pageType)'" + (targets.native.map { "; native URL \($0)" } ?? ""))
            let none = "stays on the page"
            let desktop =
                targets.desktopRedirects
                ? targets.desktop ?? none : "stays on the page" + (targets.desktop.map { " (it links to \($0))" } ?? "")
            // Where the app does not open the URL, the page sends that platform to the web.
            let kept = targets.keptOnWeb ?? [:]
            let iPhone = kept["ios"] != nil ? targets.web : targets.iPhone
            let android = kept["android"] != nil ? targets.web : targets.android
            let fallbacks = "iPhone → \(iPhone ?? none); Android → \(android ?? none); desktop → \(desktop)"
            for reason in Set(kept.values).sorted() {
                let platforms = [("ios", "iOS 13+"), ("android", "Android 15+")].filter { kept[$0.0] == reason }.map(\.1)
                lines.append(
                    "  the app does not open this URL on \(platforms.joined(separator: ", ")) (\(reason)): there the page offers only "
                        + "\"Continue on the web\", with no hop to the mirror, and the mirror sends it to the web, never to a store")
            }
            switch targets.role {
            case .primary:
                lines.append("  preview page on \(url.host): \"Open in app\" → \(targets.openInApp ?? "none")")
                lines.append("  if the app is not installed, the mirror page sends \(fallbacks)")
            case .mirror:
                lines.append("  preview page on \(url.host): \"Open in app\" → \(targets.openInApp ?? "none")")
                lines.append(
                    kept.isEmpty
                        ? "  \(url.host) is the mirror: reaching it means the app is not installed, so it sends \(fallbacks)"
                        : "  \(url.host) is the mirror: it sends \(fallbacks)")
            case .short:
                lines.append("  preview page on the short host \(url.host): no \"Open in app\" (no other host opens its codes)")
                lines.append("  a tap on the store button sends \(fallbacks)")
            }
        }
        if targets == nil, shortLink == nil, case .site(let matcher) = self, matcher.site.notFoundToWeb,
            let host = PageHost.of(url.host, in: matcher.site), url.path != "/"
        {
            let links = PageLinks(site: matcher.site, page: PageKind.notFound.pageType(in: matcher.site), host: host)
            if let web = links.web {
                let target = URLTemplate.expand(web, path: url.path, query: url.query, primaryHost: links.primaryHost)
                lines.append("  no page route serves it: the not-found page sends every visitor on to \(target) (homePages.notFound: web)")
            }
        }
        if let shortLink {
            lines.append(
                "  short link '\(shortLink.code)': without the app the host answers 302 → \(shortLink.target) (the app, which the "
                    + "short host opens, resolves the code itself: Output/app/short-links.json); the target, as decided for a tap on it:")
            lines += followed.dropLast().map { "    " + $0 }
        }
        lines.append("")
        return lines
    }

    /// `{"url": …, "shortLink": code, "redirectsTo": …}`: the short host redirects the URL.
    struct ShortLinkLine: Encodable {
        var url: String
        var shortLink: String
        var redirectsTo: String
    }

    /// The short link a short-host URL names (its whole path is the code), if the manifest lists it.
    static func shortLink(_ url: URLParts, in site: Site) -> (code: String, target: String)? {
        guard url.host == site.shortHost, let pair = site.mirrorPairs.first,
            let link = site.shortLinks.first(where: { "/\($0.code)" == url.path })
        else { return nil }
        return (link.code, link.url(primaryHost: pair.primary))
    }

    /// The `--json` report of one URL appended as lines (what `report(_:_:json: true)` gives):
    /// `match --stdin` writes one per URL.
    package func appendJSONLines(_ text: String, _ url: URLParts, to lines: inout MatchOutputLines) {
        switch self {
        case .site:
            for line in report(text, url, json: true) { lines.append(line: line) }
        case .files(let matchers):
            matchers.forEachDecision(for: text, url: url) { lines.append($0) }
        }
    }

    /// `{"url": …, "preview": {…}}`: the page the host serves for the URL and its targets.
    static func jsonLine(url: String, targets: LinkTargets) -> String {
        struct Line: Encodable {
            var url: String
            var preview: LinkTargets
        }
        return JSONText.line(Line(url: url, preview: targets))
    }

    /// What a device with several of the apps installed does, where that differs from "the app
    /// opens": on iOS the first app by detail order (`docs/matching.md`, several apps), and what
    /// an earlier exclusion of another app does under each reading; on Android a chooser.
    static func together(_ decisions: [LinkDecision]) -> [String] {
        var lines: [String] = []
        for platform in [Platform.ios, .iosLegacy] {
            let decided = decisions.filter { $0.platform == platform && $0.decision.outcome != .noMatch && $0.decision.detail != nil }
            let opening = decided.filter(\.decision.opensApp)
            guard opening.count > 1 || (opening.count == 1 && decided.count > 1) else { continue }
            guard let first = opening.min(by: { ($0.decision.detail ?? 0) < ($1.decision.detail ?? 0) }) else { continue }
            var line =
                "  \(platform.displayName.padded(to: 12))with \(decided.map(\.app).joined(separator: " and ")) installed: "
                + "\(first.app) opens it (its detail comes first)"
            if let exclusion = decided.min(by: { ($0.decision.detail ?? 0) < ($1.decision.detail ?? 0) }), !exclusion.decision.opensApp {
                line += "; if an exclusion ends the search for every app, \(exclusion.app)'s exclusion keeps it in the browser"
            }
            lines.append(line)
        }
        let android = decisions.filter { $0.platform == .android && $0.decision.opensApp }
        if android.count > 1 {
            lines.append(
                "  \(Platform.android.displayName.padded(to: 12))with \(android.map(\.app).joined(separator: " and ")) installed: "
                    + "Android shows a chooser (each app's links are verified)")
        }
        return lines
    }
}
