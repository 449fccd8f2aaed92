/// A region's shortest URL can have an empty segment (`https://…/l//report`) because one more
/// character makes it longer; no reviewer writes such a URL. This swaps each empty segment for
/// a plain one and keeps the swap only when both sides' files decide the new URL exactly as
/// they decide the shortest one (same outcome, detail and rule, by the matchers `match` uses),
/// so it is a witness of the same difference.
enum ReadableWitness {
    /// What was built on each side for one host.
    struct Files {
        var before: AssociationComparison.Files
        var after: AssociationComparison.Files
    }

    static let fillers = ["x", "a", "0", "x0"]

    /// `witness` itself when it has no empty segment, or when no filled-in URL is decided alike.
    static func readable(
        _ witness: String, platform: Platform, app: String, files: Files, before: MatchDecision, after: MatchDecision
    ) -> String {
        // The matchers must see the shortest URL as the engine did; the filled URL must then get
        // the very decisions (outcome, detail, rule) the matchers give the shortest one.
        guard let url = URLParts(witness), url.path.contains("//"),
            let shortestBefore = decide(url, platform: platform, app: app, files.before), shortestBefore.outcome == before.outcome,
            let shortestAfter = decide(url, platform: platform, app: app, files.after), shortestAfter.outcome == after.outcome
        else { return witness }
        // The path is what follows the authority, up to the query or fragment.
        guard let colon = witness.firstIndex(of: ":"), witness[colon...].hasPrefix("://"),
            let pathStart = witness[witness.index(colon, offsetBy: 3)...].firstIndex(of: "/")
        else { return witness }
        let pathEnd = witness[pathStart...].firstIndex { $0 == "?" || $0 == "#" } ?? witness.endIndex
        for filler in fillers {
            let candidate =
                String(witness[..<pathStart]) + filledPath(String(witness[pathStart..<pathEnd]), with: filler)
                + String(witness[pathEnd...])
            guard let again = URLParts(candidate) else { continue }
            if decide(again, platform: platform, app: app, files.before) == shortestBefore,
                decide(again, platform: platform, app: app, files.after) == shortestAfter
            {
                return candidate
            }
        }
        return witness
    }

    /// Every empty segment between two slashes filled; a trailing slash stays.
    static func filledPath(_ path: String, with filler: String) -> String {
        var result = ""
        var previousWasSlash = false
        for character in path {
            if character == "/", previousWasSlash { result += filler }
            result.append(character)
            previousWasSlash = character == "/"
        }
        return result
    }

    /// What the file decides for `app` (an app ID or a package), by `match`'s matchers; nil where
    /// this platform's decision is not read from the file (Android ≤ 14, or no dynamic rules).
    static func decide(_ url: URLParts, platform: Platform, app: String, _ files: AssociationComparison.Files) -> MatchDecision? {
        switch platform {
        case .ios: files.aasa.map { AASAMatcher(document: $0, form: .components).decide(url, appID: app) }
        case .iosLegacy: files.aasa.map { AASAMatcher(document: $0, form: .legacyPaths).decide(url, appID: app) }
        case .android: files.assetLinks.flatMap { AndroidDynamicMatcher(document: $0).decide(url, package: app) }
        case .androidLegacy: nil
        }
    }
}
