#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How diagnostics are printed: for people, for GitHub Actions annotations, or for tools.
package enum DiagnosticFormat: String, Sendable, CaseIterable {
    /// `site.yaml:12:7: error: message`, with `note:` lines.
    case text
    /// `::error file=site.yaml,line=12,col=7,title=linkwell [code]::message`: GitHub Actions turns
    /// each into an annotation on the pull request's diff.
    case github
    /// One JSON object per line: severity, message, file, line, column, code, notes (each with
    /// its message and, when it has one, its own file, line and column).
    case json

    package func render(_ diagnostic: Diagnostic) -> String {
        let diagnostic = diagnostic.inert
        switch self {
        case .text:
            return diagnostic.description
        case .github:
            var properties: [String] = []
            if let location = diagnostic.location {
                properties += ["file=\(Self.escapeProperty(location.file))", "line=\(location.line)", "col=\(location.column)"]
            }
            properties.append("title=\(Self.escapeProperty("linkwell" + (diagnostic.code.map { " [\($0.rawValue)]" } ?? "")))")
            let command = diagnostic.severity == .note ? "notice" : diagnostic.severity.rawValue
            let message = ([diagnostic.message] + diagnostic.notes.map(\.inline)).joined(separator: "\n")
            return "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(message))"
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(JSONLine(diagnostic))).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }

    /// The `json` form of one diagnostic: the location flattened into `file`, `line` and
    /// `column` (absent for a diagnostic of no file), `code` always present (null for errors),
    /// so tools read one flat object per line. Notes are flattened the same way.
    private struct JSONLine: Encodable {
        var diagnostic: Diagnostic
        init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(diagnostic.severity, forKey: .severity)
            try container.encode(diagnostic.message, forKey: .message)
            try container.encode(diagnostic.notes.map(JSONNote.init), forKey: .notes)
            try container.encode(diagnostic.code, forKey: .code)
            try JSONKey.flatten(diagnostic.location, into: &container)
        }
    }

    private struct JSONNote: Encodable {
        var note: Note
        init(_ note: Note) { self.note = note }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(note.message, forKey: .message)
            try JSONKey.flatten(note.location, into: &container)
        }
    }

    private enum JSONKey: String, CodingKey {
        case severity, message, notes, code, file, line, column

        static func flatten(_ location: SourceLocation?, into container: inout KeyedEncodingContainer<JSONKey>) throws {
            try container.encodeIfPresent(location?.file, forKey: .file)
            try container.encodeIfPresent(location?.line, forKey: .line)
            try container.encodeIfPresent(location?.column, forKey: .column)
        }
    }

    /// GitHub's workflow-command escaping for the message part.
    static func escapeData(_ text: String) -> String {
        text.replacingEvery("%", with: "%25").replacingEvery("\r", with: "%0D").replacingEvery("\n", with: "%0A")
    }

    /// …and for property values, where `:` and `,` are separators.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingEvery(":", with: "%3A").replacingEvery(",", with: "%2C")
    }
}
