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
        var bytes: [UInt8] = []
        appendJSONLine(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `jsonLine` (without a newline) as bytes, field by field: the shape is fixed, and
    /// `match --stdin` writes one per decision.
    package func appendJSONLine(to bytes: inout [UInt8]) {
        func text(_ value: String?) {
            if let value { JSONValue.appendQuoted(value, to: &bytes) } else { literal("null") }
        }
        // The fixed parts as static bytes: appending a String's UTF-8 view goes byte by byte.
        func literal(_ part: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: part.utf8Start, count: part.utf8CodeUnitCount))
        }
        literal(#"{"app":"#)
        text(app)
        literal(#","app_id":"#)
        text(appIdentifier)
        literal(#","decision":""#)
        literal(decision.outcome.jsonName)
        literal(#"","#)
        if let detail = decision.detail {
            literal(#""detail":"#)
            bytes += String(detail).utf8
            bytes.append(UInt8(ascii: ","))
        }
        literal(#""host":"#)
        text(host)
        literal(#","page_type":"#)
        text(pageType)
        literal(#","platform":""#)
        literal(platform.jsonName)
        literal(#"","route":"#)
        text(route)
        literal(#","rule":"#)
        if let rule = decision.rule { bytes += String(rule).utf8 } else { literal("null") }
        literal(#","url":"#)
        text(url)
        bytes.append(UInt8(ascii: "}"))
    }

    /// `opens the app through route 'profile' (components[4] {"/":"/u/*"})` and the like.
    package var summary: String {
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

// The raw values as static text, for the JSON writer; the JSON-line tests compare the output
// with the raw values.
extension Platform {
    fileprivate var jsonName: StaticString {
        switch self {
        case .ios: "ios"
        case .iosLegacy: "ios-legacy"
        case .android: "android"
        case .androidLegacy: "android-legacy"
        }
    }
}

extension MatchDecision.Outcome {
    fileprivate var jsonName: StaticString {
        switch self {
        case .match: "match"
        case .exclude: "exclude"
        case .noMatch: "no_match"
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
        case .exclude, .noMatch: self = .web
        }
    }
}
