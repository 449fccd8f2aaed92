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
    public var jsonLine: String {
        var bytes: [UInt8] = []
        appendJSONLine(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `jsonLine` (without a newline) as bytes, field by field: the shape is fixed, and
    /// `match --stdin` writes one per decision.
    public func appendJSONLine(to bytes: inout [UInt8]) {
        func text(_ value: String?) {
            if let value { JSONValue.appendQuoted(value, to: &bytes) } else { bytes += "null".utf8 }
        }
        bytes += #"{"app":"#.utf8
        text(app)
        bytes += #","app_id":"#.utf8
        text(appIdentifier)
        bytes += #","decision":""#.utf8
        bytes += decision.outcome.rawValue.utf8
        bytes += #"","#.utf8
        if let detail = decision.detail {
            bytes += #""detail":"#.utf8
            bytes += String(detail).utf8
            bytes.append(UInt8(ascii: ","))
        }
        bytes += #""host":"#.utf8
        text(host)
        bytes += #","page_type":"#.utf8
        text(pageType)
        bytes += #","platform":""#.utf8
        bytes += platform.rawValue.utf8
        bytes += #"","route":"#.utf8
        text(route)
        bytes += #","rule":"#.utf8
        if let rule = decision.rule { bytes += String(rule).utf8 } else { bytes += "null".utf8 }
        bytes += #","url":"#.utf8
        text(url)
        bytes.append(UInt8(ascii: "}"))
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
