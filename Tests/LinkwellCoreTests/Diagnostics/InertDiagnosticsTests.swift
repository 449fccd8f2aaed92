import Foundation
import LinkwellCore
import LinkwellTestSupport
import Testing

/// A value quoted in a diagnostic comes from the user's files, and a pull request chooses it: a
/// newline in it would start a line of its own, which GitHub reads as a workflow command
/// (`::error …`, `::stop-commands::`), and an escape sequence would reach a terminal raw. Every
/// diagnostic, in every format, is printed through one escaping function (`Diagnostic.inert`).
@Suite struct InertDiagnosticsTests {
    /// What each planted value carries after the original: a line break, a forged workflow
    /// command, an escape sequence that clears a terminal, and a carriage return.
    static let payload = "\n::error::forged\u{1B}[2J\r"

    /// The bundled manifest's lines, each simple `key: value` or `- value` line given, once its
    /// value and once its key, the payload (as a YAML double-quoted scalar).
    static func hostileVariants() -> [String] {
        let text = (try? String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)) ?? ""
        let lines = text.components(separatedBy: "\n")
        let keyValue = try? NSRegularExpression(pattern: #"^(\s*(?:- )?)([A-Za-z][A-Za-z0-9]*)(:[ ]+)([^#\s][^#]*?)(\s+#.*)?$"#)
        let item = try? NSRegularExpression(pattern: #"^(\s*- )([^#\s\[{][^#:]*?)(\s+#.*)?$"#)
        var variants: [String] = []
        for (index, line) in lines.enumerated() {
            let range = NSRange(line.startIndex..., in: line)
            func part(_ match: NSTextCheckingResult, _ group: Int) -> String {
                Range(match.range(at: group), in: line).map { String(line[$0]) } ?? ""
            }
            var replaced: [String] = []
            if let match = keyValue?.firstMatch(in: line, range: range) {
                let (indent, key, colon, value) = (part(match, 1), part(match, 2), part(match, 3), part(match, 4))
                replaced.append(indent + key + colon + quoted(value))
                replaced.append(indent + quoted(key) + colon + value)
            } else if let match = item?.firstMatch(in: line, range: range) {
                replaced.append(part(match, 1) + quoted(part(match, 2)))
            }
            for variant in replaced {
                var copy = lines
                copy[index] = variant
                variants.append(copy.joined(separator: "\n"))
            }
        }
        return variants
    }

    /// `value` + the payload as a YAML double-quoted scalar.
    static func quoted(_ value: String) -> String {
        var plain = value
        if plain.count >= 2, plain.first == "\"" || plain.first == "'", plain.last == plain.first {
            plain = String(plain.dropFirst().dropLast())
        }
        let escaped = (plain + payload).unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\\": "\\\\"
            case "\"": "\\\""
            case "\n": "\\n"
            case "\r": "\\r"
            case "\u{1B}": "\\e"
            default: String(scalar)
            }
        }.joined()
        return "\"" + escaped + "\""
    }

    @Test func everyValueQuotedInADiagnosticIsInertInEveryFormat() {
        let variants = Self.hostileVariants()
        #expect(variants.count > 150)
        var quoting = 0
        for manifest in variants {
            let result = Linkwell.build(SourceFile(path: "site.yaml", text: manifest), project: Fixtures.bundledProject)
            for diagnostic in result.diagnostics {
                for format in DiagnosticFormat.allCases {
                    let text = format.render(diagnostic)
                    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(format): \(text)")
                    // Only the text format spans lines: one a note, each starting at a place.
                    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                    #expect(lines.count == (format == .text ? 1 + diagnostic.notes.count : 1), "\(format): \(text)")
                    #expect(!lines.dropFirst().contains { $0.hasPrefix("::") }, "\(format): \(text)")
                }
                if diagnostic.message.contains("forged") { quoting += 1 }
            }
        }
        // The planted values did reach messages: the check above held something.
        #expect(quoting > 60, "\(quoting) diagnostics quoted a planted value")
    }

    /// One diagnostic, its value and file name holding a line break and an escape sequence.
    @Test func eachFormatShowsControlCharactersAsEscapes() {
        let diagnostic = Diagnostic.error(
            "short code 'a\n::stop-commands::x\u{1B}[2J'", at: SourceLocation(file: "s\nite.yaml", line: 1, column: 2))
        #expect(diagnostic.description == #"s\u{a}ite.yaml:1:2: error: short code 'a\u{a}::stop-commands::x\u{1b}[2J'"#)
        #expect(
            DiagnosticFormat.github.render(diagnostic)
                == #"::error file=s\u{a}ite.yaml,line=1,col=2,title=linkwell::short code 'a\u{a}::stop-commands::x\u{1b}[2J'"#)
        #expect(DiagnosticFormat.json.render(diagnostic).contains(#""message":"short code 'a\\u{a}::stop-commands::x\\u{1b}[2J'""#))
    }
}
