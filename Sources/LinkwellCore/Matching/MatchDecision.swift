/// What one platform does with one URL for one app: open it (through a rule), keep it in the
/// browser because a rule excludes it, or keep it there because no rule matched.
package struct MatchDecision: Sendable, Hashable {
    package enum Outcome: String, Sendable, Hashable, Codable {
        case match
        case exclude
        case noMatch = "no_match"
        /// The app is verified for the host, and its own intent filters decide, which the
        /// association file does not show (Android without dynamic rules that apply).
        case intentFilters = "intent_filters"
    }

    package var outcome: Outcome
    /// 0-based position of the deciding rule in its list (components, paths or dynamic rules).
    package var rule: Int?
    /// 0-based position of the AASA detail that held the rule.
    package var detail: Int?
    /// The rule as written, for people: `{"/": "/u/*"}`, `NOT /account/*`.
    package var ruleText: String?
    package var comment: String?

    package static let noMatch = MatchDecision(outcome: .noMatch)

    /// Android's `IntentFilter` compares the scheme exactly: `HTTPS://…` reaches no app's filter.
    package static let schemeNotLowerCase = MatchDecision(
        outcome: .noMatch,
        ruleText: "the scheme is not written in lower case, and Android's IntentFilter compares it exactly "
            + "(browsers send it in lower case)")

    package init(outcome: Outcome, rule: Int? = nil, detail: Int? = nil, ruleText: String? = nil, comment: String? = nil) {
        self.outcome = outcome
        self.rule = rule
        self.detail = detail
        self.ruleText = ruleText
        self.comment = comment
    }

    package var opensApp: Bool { outcome == .match }
}
