/// One problem found in the user's input, as a value: the pipeline collects them and the
/// executable prints them, so every stage can report all it finds before anything stops.
package struct Diagnostic: Sendable, Hashable, Codable {
    package enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case note
        case warning
        case error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    package var severity: Severity
    package var message: String
    /// Nil only for problems that belong to no file (an output that is too large, say).
    package var location: SourceLocation?
    /// Extra lines printed under the message: where a duplicate was first defined, and so on.
    package var notes: [Note]
    /// The lint that found it (`shadowed-rule`, …), which a route can `accept`; nil for errors.
    package var code: LintCode?

    package init(_ severity: Severity, _ message: String, at location: SourceLocation?, notes: [Note] = [], code: LintCode? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
        self.code = code
    }

    package static func error(_ message: String, at location: SourceLocation?, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes)
    }

    package static func warning(_ message: String, at location: SourceLocation?, notes: [Note] = [], code: LintCode? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location, notes: notes, code: code)
    }
}

extension Diagnostic: CustomStringConvertible {
    /// `site.yaml:12:7: error: message`, the form editors and CI log parsers understand; notes
    /// follow on their own lines as `note:` entries, each at its own place or else at the
    /// diagnostic's.
    package var description: String {
        let shown = inert
        let prefix = shown.location.map { "\($0): " } ?? "linkwell: "
        var lines = ["\(prefix)\(severity.rawValue): \(shown.message)" + (code.map { " [\($0.rawValue)]" } ?? "")]
        lines += shown.notes.map { note in "\(note.location.map { "\($0): " } ?? prefix)note: \(note.message)" }
        return lines.joined(separator: "\n")
    }

    /// The diagnostic as every format prints it: each text — the message with the values it
    /// quotes from the user's files, each note, each file name — escaped by the one function
    /// for printed text (`TerminalText`), so a newline in a value cannot start a line (which a
    /// CI log reads as a workflow command) and an escape sequence cannot reach a terminal.
    package var inert: Diagnostic {
        var shown = self
        shown.message = TerminalText.escaped(message)
        shown.location?.file = TerminalText.escaped(location?.file ?? "")
        shown.notes = notes.map { note in
            var escaped = note
            escaped.message = TerminalText.escaped(note.message)
            escaped.location?.file = TerminalText.escaped(note.location?.file ?? "")
            return escaped
        }
        return shown
    }
}

extension Array where Element == Diagnostic {
    package var hasErrors: Bool { contains { $0.severity == .error } }

    /// Every warning as an error, for `--strict`.
    package func promotingWarnings() -> [Diagnostic] {
        map { diagnostic in
            var promoted = diagnostic
            if promoted.severity == .warning { promoted.severity = .error }
            return promoted
        }
    }

    /// Diagnostics in file order, so output reads top to bottom like the manifest; the sort is
    /// stable so that problems found at one spot keep the order the checks found them in.
    package func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { lhs, rhs in
            switch (lhs.element.location, rhs.element.location) {
            case let (l?, r?) where l != r: return l < r
            case (nil, _?): return false
            case (_?, nil): return true
            default: return lhs.offset < rhs.offset
            }
        }.map(\.element)
    }
}

/// A diagnostic can stop a stage that cannot go on (a file that is not YAML at all).
extension Diagnostic: Error {}
