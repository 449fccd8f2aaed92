/// How diagnostics are printed: for people, for GitHub Actions annotations, or for tools.
package enum DiagnosticFormat: String, Sendable, CaseIterable {
    /// `site.yaml:12:7: error: message`, with `note:` lines.
    case text
    /// `::error file=site.yaml,line=12,col=7,title=linkwell [code]::message`: GitHub Actions turns
    /// each into an annotation on the pull request's diff.
    case github
    /// One JSON object per line: severity, message, file, line, column, code, notes.
    case json

    package func render(_ diagnostic: Diagnostic) -> String {
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
            let message = ([diagnostic.message] + diagnostic.notes).joined(separator: "\n")
            return "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(message))"
        case .json:
            var object: [String: JSONValue] = [
                "severity": .string(diagnostic.severity.rawValue), "message": .string(diagnostic.message),
                "notes": .array(diagnostic.notes.map(JSONValue.string)),
                "code": diagnostic.code.map { .string($0.rawValue) } ?? .null,
            ]
            if let location = diagnostic.location {
                object["file"] = .string(location.file)
                object["line"] = .number(Double(location.line))
                object["column"] = .number(Double(location.column))
            }
            return JSONValue.object(object).compactText
        }
    }

    /// GitHub's workflow-command escaping for the message part.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(
            of: "\n", with: "%0A")
    }

    /// …and for property values, where `:` and `,` are separators.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
