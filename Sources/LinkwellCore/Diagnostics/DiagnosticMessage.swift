/// The words for one kind of problem. Each check declares its messages beside it, as an enum with
/// a case per problem and the values its sentence needs, so the check's code says *what* it found
/// (`.error(RouteProblem.emptyPath(route:), at:)`), a file's sentences read together in one place,
/// and a test can name the problem it expects instead of copying a sentence.
package protocol DiagnosticMessage: Sendable, Hashable {
    /// The sentence printed: lower-case, naming the value, saying what to do where it can.
    var text: String { get }
}

extension Diagnostic {
    package init(
        _ severity: Severity, _ message: some DiagnosticMessage, at location: SourceLocation?, notes: [Note] = [], code: LintCode? = nil
    ) {
        self.init(severity, message.text, at: location, notes: notes, code: code)
    }

    package static func error(_ message: some DiagnosticMessage, at location: SourceLocation?, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.error, message.text, at: location, notes: notes)
    }

    package static func warning(
        _ message: some DiagnosticMessage, at location: SourceLocation?, notes: [Note] = [], code: LintCode? = nil
    ) -> Diagnostic {
        Diagnostic(.warning, message.text, at: location, notes: notes, code: code)
    }
}

/// A lint's words: a warning that always carries its code, so a message and the code a route
/// `accept`s cannot drift apart.
package protocol LintMessage: DiagnosticMessage {
    var code: LintCode { get }
}

extension Diagnostic {
    package static func lint(_ message: some LintMessage, at location: SourceLocation?, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.warning, message.text, at: location, notes: notes, code: message.code)
    }
}
