import LinkwellCore
import Testing

@Suite struct DiagnosticFormatTests {
    /// A note's line break is escaped as every printed value is (`InertDiagnosticsTests`).
    static let located = Diagnostic(
        .warning, "route 'a': 100% of it, a:b", at: SourceLocation(file: "dir,1/site.yaml", line: 3, column: 7),
        notes: [Note("first\nsecond"), .firstDefined(at: SourceLocation(file: "b.yaml", line: 1, column: 2))],
        code: .legacyLoss)

    @Test func githubAnnotationsEscapeMessagesAndProperties() {
        #expect(
            DiagnosticFormat.github.render(Self.located)
                == "::warning file=dir%2C1/site.yaml,line=3,col=7,title=linkwell [legacy-loss]::route 'a': 100%25 of it, a:b%0Afirst\\u{a}second%0Afirst defined here (b.yaml:1:2)"
        )
        #expect(DiagnosticFormat.github.render(.error("too big", at: nil)) == "::error title=linkwell::too big")
    }

    @Test func jsonLinesCarryEveryField() throws {
        let line = DiagnosticFormat.json.render(Self.located)
        let value = try JSONValue.parse(line)
        #expect(value["severity"]?.string == "warning" && value["code"]?.string == "legacy-loss")
        #expect(value["file"]?.string == "dir,1/site.yaml" && value["line"] == .number(3) && value["column"] == .number(7))
        #expect(
            value["notes"]
                == .array([
                    .object(["message": .string("first\\u{a}second")]),
                    .object(["message": .string("first defined here"), "file": .string("b.yaml"), "line": .number(1), "column": .number(2)]
                    ),
                ]))
        #expect(DiagnosticFormat.json.render(.error("x", at: nil)) == #"{"code":null,"message":"x","notes":[],"severity":"error"}"#)
    }

    @Test func textIsTheEditorForm() {
        #expect(
            DiagnosticFormat.text.render(Self.located)
                == "dir,1/site.yaml:3:7: warning: route 'a': 100% of it, a:b [legacy-loss]\ndir,1/site.yaml:3:7: note: first\\u{a}second\nb.yaml:1:2: note: first defined here"
        )
    }
}
