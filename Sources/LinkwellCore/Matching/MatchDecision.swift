/// What one platform does with one URL for one app: open it (through a rule), keep it in the
/// browser because a rule excludes it, or keep it there because no rule matched.
public struct MatchDecision: Sendable, Hashable {
    public enum Outcome: String, Sendable, Hashable, Codable {
        case match
        case exclude
        case noMatch = "no_match"
    }

    public var outcome: Outcome
    /// 0-based position of the deciding rule in its list (components, paths or dynamic rules).
    public var rule: Int?
    /// 0-based position of the AASA detail that held the rule.
    public var detail: Int?
    /// The rule as written, for people: `{"/": "/u/*"}`, `NOT /account/*`.
    public var ruleText: String?
    public var comment: String?

    public static let noMatch = MatchDecision(outcome: .noMatch)

    public init(outcome: Outcome, rule: Int? = nil, detail: Int? = nil, ruleText: String? = nil, comment: String? = nil) {
        self.outcome = outcome
        self.rule = rule
        self.detail = detail
        self.ruleText = ruleText
        self.comment = comment
    }

    public var opensApp: Bool { outcome == .match }
}
