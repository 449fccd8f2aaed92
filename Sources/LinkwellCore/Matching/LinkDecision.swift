/// One answer to "what does this URL do?": for one platform and one app, the decision and the
/// route (when the manifest is known) that made it.
package struct LinkDecision: Sendable, Hashable {
    package var url: String
    package var platform: Platform
    package var host: String
    /// The manifest's app id, or the app ID / package given on the command line.
    package var app: String
    /// `TEAMID.bundle.id` or the Android package.
    package var appIdentifier: String
    package var decision: MatchDecision
    package var route: String?
    package var pageType: String?

    package init(
        url: String, platform: Platform, host: String, app: String, appIdentifier: String, decision: MatchDecision, route: String? = nil,
        pageType: String? = nil
    ) {
        self.url = url
        self.platform = platform
        self.host = host
        self.app = app
        self.appIdentifier = appIdentifier
        self.decision = decision
        self.route = route
        self.pageType = pageType
    }

    /// The `--json` form: one object per line, keys sorted, `rule` a 0-based index or null.
    package var jsonLine: String {
        var lines = MatchOutputLines()
        lines.append(self)
        return String(decoding: lines.bytes.dropLast(), as: UTF8.self)
    }

    /// `opens the app through route 'profile' (components[4] {"/":"/u/*"})` and the like.
    package var summary: String {
        // A rule of no list (an app's own intent filter) is named by its text alone.
        let reference =
            decision.rule.map { index in "\(platform.ruleListName)[\(index)]" + (decision.ruleText.map { " \($0)" } ?? "") }
            ?? (decision.outcome == .match ? decision.ruleText : nil)
        let cause: String? =
            switch (route, reference) {
            case let (route?, reference?): "route '\(route)' (\(reference))"
            case let (route?, nil): "route '\(route)'"
            case let (nil, reference?): reference
            case (nil, nil): nil
            }
        switch decision.outcome {
        case .match: return "opens the app" + (cause.map { " through \($0)" } ?? "")
        case .exclude: return "stays in the browser: excluded" + (cause.map { " by \($0)" } ?? "")
        // A reason without a rule: the file itself is not read (a rejected statement list).
        case .noMatch: return "stays in the browser: " + (decision.rule == nil ? decision.ruleText ?? "no rule matches" : "no rule matches")
        case .intentFilters: return "verified for this host; " + (decision.ruleText ?? "the app's own intent filters decide")
        }
    }
}

extension LinkTest.Expectation {
    /// What a decision amounts to, in the same terms. Linkwell's closing Android catch-all
    /// (no route) counts as `web`, as it only says what "no route" means on Android.
    package init(_ decision: LinkDecision) {
        switch decision.decision.outcome {
        case .match: self = .opens(route: decision.route)
        case .exclude where decision.route != nil: self = .blocked(route: decision.route)
        case .exclude, .noMatch, .intentFilters: self = .web
        }
    }
}
