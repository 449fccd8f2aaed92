/// One answer to "what does this URL do?": for one platform and one app, the decision and the
/// route (when the manifest is known) that made it.
public struct LinkDecision: Sendable, Hashable {
    public var url: String
    public var platform: Platform
    public var host: String
    /// The manifest's app id, or the app ID / package given on the command line.
    public var app: String
    /// `TEAMID.bundle.id` or the Android package.
    public var appIdentifier: String
    public var decision: MatchDecision
    public var route: String?
    public var pageType: String?

    public init(
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
    /// Written field by field (the shape is fixed), as `--stdin` prints one per decision.
    public var jsonLine: String {
        func text(_ value: String?) -> String { value.map(JSONValue.quoted) ?? "null" }
        var line = "{\"app\":\(text(app)),\"app_id\":\(text(appIdentifier)),\"decision\":\"\(decision.outcome.rawValue)\","
        if let detail = decision.detail { line += "\"detail\":\(detail)," }
        line += "\"host\":\(text(host)),\"page_type\":\(text(pageType)),\"platform\":\"\(platform.rawValue)\","
        line += "\"route\":\(text(route)),\"rule\":\(decision.rule.map(String.init) ?? "null"),\"url\":\(text(url))}"
        return line
    }

    /// `opens the app through route 'profile' (components[4] {"/":"/u/*"})` and the like.
    public var summary: String {
        let reference = decision.rule.map { index in
            "\(platform.ruleListName)[\(index)]" + (decision.ruleText.map { " \($0)" } ?? "")
        }
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
        }
    }
}
