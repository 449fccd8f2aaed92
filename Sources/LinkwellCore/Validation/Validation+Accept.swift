/// `accept` lists: every warning is about one manifest entry (a route, an Android app, a short
/// link, a page type, `defaults`), and that entry's `accept` says "I mean this", so a team can run
/// `validate --strict` as its gate and still keep a warning it has weighed.
extension Validation {
    static func checkAccepted(_ manifest: RawManifest) -> [Diagnostic] {
        var lists: [(accept: [Located<String>], subject: LintCode.Subject, what: String)] = []
        lists += manifest.routes.map { ($0.accept, .route, "route \(describe($0))") }
        lists += manifest.iosApps.map { ($0.accept, .iosApp, "iOS app" + ($0.id.map { " '\($0.value)'" } ?? "")) }
        lists += manifest.androidApps.map { ($0.accept, .androidApp, "Android app" + ($0.id.map { " '\($0.value)'" } ?? "")) }
        lists += manifest.shortLinks.map { ($0.accept, .shortLink, "short link" + ($0.code.map { " '\($0.value)'" } ?? "")) }
        lists += manifest.pageTypes.map { ($0.accept, .pageType, "page type '\($0.name.value)'") }
        if let defaults = manifest.defaults { lists.append((defaults.accept, .defaults, "'defaults'")) }
        return lists.flatMap { list in
            list.accept.compactMap { accepted -> Diagnostic? in
                guard let code = LintCode(rawValue: accepted.value) else {
                    return .error(AcceptProblem.unknown(accepted.value, what: list.what, subject: list.subject), at: accepted.location)
                }
                guard code.subjects.contains(list.subject) else {
                    return .error(AcceptProblem.notAbout(code, what: list.what, subject: list.subject), at: accepted.location)
                }
                return nil
            }
        }
    }

    /// The warnings of `found` that `accept` does not list (errors always stay).
    static func unaccepted(_ found: [Diagnostic], by accept: [Located<String>]) -> [Diagnostic] {
        found.filter { diagnostic in
            guard diagnostic.severity == .warning, let code = diagnostic.code else { return true }
            return !accept.contains { $0.value == code.rawValue }
        }
    }
}

package enum AcceptProblem: DiagnosticMessage {
    case unknown(String, what: String, subject: LintCode.Subject)
    case notAbout(LintCode, what: String, subject: LintCode.Subject)

    package var text: String {
        switch self {
        case .unknown(let accepted, let what, let subject):
            "\(what) accepts unknown warning '\(accepted)'"
                + Suggestion.didYouMean(
                    accepted, in: LintCode.codes(about: subject).map(\.rawValue),
                    otherwise: Suggestion.didYouMean(
                        accepted, in: LintCode.allCases.map(\.rawValue), otherwise: "; \(Self.choices(subject))"))
        case .notAbout(let code, let what, let subject):
            "\(what) accepts '\(code.rawValue)', a warning about "
                + LintCode.Subject.allCases.filter(code.subjects.contains).map(\.withArticle).joined(separator: " or ")
                + ", never about \(subject.withArticle); list it under the entry it is about (\(Self.choices(subject)))"
        }
    }

    private static func choices(_ subject: LintCode.Subject) -> String {
        "\(subject.withArticle) can accept " + LintCode.codes(about: subject).map(\.rawValue).joined(separator: ", ")
    }
}

extension LintCode.Subject {
    /// "a route", "an Android app", "'defaults'".
    var withArticle: String {
        switch self {
        case .androidApp, .iosApp: "an \(rawValue)"
        case .defaults: rawValue
        default: "a \(rawValue)"
        }
    }
}
