import Synchronization
import Testing

@testable import LinkwellCore

/// Linkwell's own Mustache: cases from the Mustache specification (v1.4: interpolation,
/// sections, inverted, comments, partials, delimiters) and the dialect tags it refuses.
struct MustacheTests {
    private final class Object: TemplateObject {
        let members: [String: TemplateValue]
        init(members: [String: TemplateValue]) { self.members = members }
        func member(named name: String) -> TemplateValue? { members[name] }
    }

    private static func render(
        _ template: String, _ data: [String: TemplateValue] = [:], partials: [String: String] = [:]
    ) throws -> String {
        let library = try TemplateLibrary([(name: "main", text: template)] + partials.map { (name: $0.key, text: $0.value) })
        var output: [UInt8] = []
        library.render("main", context: .object(Object(members: data)), into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func object(_ members: [String: TemplateValue]) -> TemplateValue { .object(Object(members: members)) }

    @Test func interpolationEscapesHTMLUnlessTripleOrAmpersand() throws {
        let data: [String: TemplateValue] = ["x": .text("& \" < > '"), "yes": .flag(true), "none": .absent]
        #expect(
            try Self.render("{{x}}|{{{x}}}|{{& x }}|{{yes}}|{{none}}|{{missing}}", data)
                == "&amp; &quot; &lt; &gt; &#39;|& \" < > '|& \" < > '|true||")
    }

    /// Escaping copies the runs between specials whole: any text must read as escaping it
    /// character by character.
    @Test func escapingReadsAsEntityByEntity() throws {
        var random = PropertyTests.Random(state: 0xE5CA_9E01)
        let pieces = ["a", "&", "<", ">", "\"", "'", "é", "😀", "&amp;", " ", "\u{301}", "\n"]
        let entities: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
        for _ in 0..<2_000 {
            let text = (0..<random.below(10)).map { _ in random.pick(pieces) }.joined()
            let expected = text.unicodeScalars.map { entities[Character($0)] ?? String($0) }.joined()
            #expect(try Self.render("[{{x}}]", ["x": .text(text)]) == "[\(expected)]", "\(text)")
        }
    }

    @Test func dottedNamesResolveTheFirstPartUpTheStackAndTheRestInsideIt() throws {
        let data: [String: TemplateValue] = [
            "a": Self.object(["b": Self.object(["c": .text("deep")])]), "name": .text("outer"),
            "inner": Self.object(["other": .text("x")]),
        ]
        #expect(
            try Self.render("{{a.b.c}}|{{a.x.c}}|{{#inner}}{{name}}{{other}}{{/inner}}|{{#a.b}}{{c}}{{/a.b}}", data) == "deep||outerx|deep")
        // Once `a` is found, a missing `a.name` is not looked for further down the stack.
        #expect(try Self.render("{{#inner}}{{inner.name}}{{/inner}}", data) == "")
        #expect(try Self.render("{{#list}}<{{.}}>{{/list}}", ["list": .list([.text("1"), .text("2")])]) == "<1><2>")
    }

    @Test func sectionsFollowTheSpecsTruthiness() throws {
        let data: [String: TemplateValue] = [
            "t": .flag(true), "f": .flag(false), "empty": .text(""), "none": .absent, "list": .list([]),
        ]
        #expect(try Self.render("{{#t}}T{{/t}}{{#f}}F{{/f}}{{#empty}}E{{/empty}}{{#none}}N{{/none}}{{#list}}L{{/list}}", data) == "TE")
        #expect(try Self.render("{{^t}}T{{/t}}{{^f}}F{{/f}}{{^empty}}E{{/empty}}{{^none}}N{{/none}}{{^list}}L{{/list}}", data) == "FNL")
    }

    @Test func standaloneTagsTakeTheirWholeLine() throws {
        #expect(try Self.render("| This\n  {{#t}}\n  Line\n  {{/t}}\n|", ["t": .flag(true)]) == "| This\n  Line\n|")
        #expect(try Self.render("  {{#t}}\r\nx\r\n  {{/t}}\r\n", ["t": .flag(true)]) == "x\r\n")
        #expect(try Self.render("a\n  {{! comment }}\nb\n") == "a\nb\n")
        #expect(try Self.render("  {{#t}}X{{/t}}\n", ["t": .flag(true)]) == "  X\n")
        // A variable on the line means the section tags do not stand alone.
        #expect(try Self.render("{{x}} {{#t}}\n{{/t}}", ["x": .text("v"), "t": .flag(true)]) == "v \n")
        #expect(try Self.render("{{#t}}\n#{{/t}}", ["t": .flag(true)]) == "#")
    }

    @Test func partialsIndentEveryLineOfAStandaloneUse() throws {
        let partials = ["p": "|\n{{x}}\n|\n"]
        #expect(try Self.render("\\\n  {{>p}}\n/\n", ["x": .text("<\n>")], partials: partials) == "\\\n  |\n  &lt;\n&gt;\n  |\n/\n")
        #expect(try Self.render("[{{> p}}]", ["x": .text("v")], partials: partials) == "[|\nv\n|\n]")
    }

    @Test func delimitersCanBeChanged() throws {
        #expect(try Self.render("{{=<% %>=}}(<%x%>) {{x}} <%={{ }}=%>{{x}}", ["x": .text("v")]) == "(v) {{x}} v")
    }

    @Test func mistakesAndOtherDialectsAreErrorsAtTheirPlace() {
        func problem(_ template: String, partials: [String: String] = [:]) -> String {
            do {
                _ = try Self.render(template, partials: partials)
                return "no error"
            } catch let error as TemplateLibrary.Problem {
                return "\(error.template):\(error.line):\(error.column): \(error.message)"
            } catch {
                return "\(error)"
            }
        }
        #expect(
            problem("a\n {{#x}}\n{{/y}}") == "main:3:4: closes a section that is not the one open here ({{/name}} must match {{#name}})")
        #expect(problem("{{#x}}\n") == "main:1:4: opens a section that is never closed (expected {{/x}})")
        #expect(problem("é {{x") == "main:1:3: has a tag that is not closed (expected '}}')")
        #expect(problem("{{uppercased(x)}}") == "main:1:3: applies a transform ('uppercased(x)'), which Linkwell's templates do not have")
        #expect(problem("{{$block}}{{/block}}") == "main:1:3: uses '$' tags (blocks, parents or pragmas), which Linkwell does not support")
        #expect(problem("{{>*dynamic}}") == "main:1:4: uses a dynamic partial ({{>*name}}), which Linkwell does not support")
        #expect(problem("{{= a =}}") == "main:1:5: has an invalid set-delimiter tag (write {{=<% %>=}})")
        #expect(problem("x\n{{> footer}}") == "main:2:5: includes the partial 'footer', which is not a template here")
        #expect(problem("{{> a}}", partials: ["a": "{{> b}}", "b": "{{#x}}{{> a}}{{/x}}"]) == "b:1:11: includes itself through a → b → a")
    }

    /// Any name is a column hole, numbered as the compiler asks (as item pages number a row's
    /// columns); `fields` is the same object.
    private final class Columns: TemplateObject {
        let names = Mutex<[String]>([])
        func member(named name: String) -> TemplateValue? {
            if name == "fields" { return .object(self) }
            let offset = names.withLock { names in
                if let known = names.firstIndex(of: name) { return known }
                names.append(name)
                return names.count - 1
            }
            return .hole(TemplateHole(1 + offset, .column))
        }
    }

    private final class Piece: TemplateObject {
        func member(named name: String) -> TemplateValue? { name == "t" ? .hole(TemplateHole(0, .element)) : nil }
    }

    /// A template compiled against a context with holes (a member, a row's columns, a list whose
    /// elements have a hole) and run with a row's texts gives the bytes of the same template
    /// compiled against the context that knows the row.
    @Test func aTemplateCompiledWithHolesRendersTheBytesOfTheWholeContext() throws {
        let templates = [
            "{{#page}}<h1>{{title}}</h1>{{type}}{{site}}{{/page}}|{{#page.title}}{{.}}{{/page.title}}",
            "{{#flag}}\n  {{> p}}\n{{/flag}}{{^flag}}never{{/flag}}{{#item}}{{fields.x}}{{page.type}}{{/item}}{{item.fields.y}}",
            "{{#page}}{{#item}}{{title}}/{{type}}{{/item}}{{/page}}{{=<% %>=}}<%site%><%#list%>[<%.%>|<%site%>]<%/list%>",
            "{{#item}}{{#page}}{{title}}{{/page}}{{/item}}{{^item.x}}no x{{/item.x}}{{{raw}}}",
            "{{#pieces}}<{{t}}{{#pieces}}({{t}}){{/pieces}}>{{/pieces}}{{^pieces}}none{{/pieces}}{{#item}}{{#x}}{{.}}{{site}}{{/x}}{{/item}}",
        ]
        let partials = ["p": "{{site}} {{page.title}}\n{{#page}}{{type}}{{/page}}\n"]
        func context(title: TemplateValue, item: TemplateValue, pieces: TemplateValue) -> Object {
            Object(members: [
                "site": .text("S & co"), "flag": .flag(true), "raw": .text("<b>"),
                "page": Self.object(["title": title, "type": .text("profile")]), "item": item,
                "list": .list([.text("a"), .text("b")]), "pieces": pieces,
            ])
        }
        let rows: [(title: String, columns: [String: String], pieces: [String])] = [
            ("One <1>", ["x": "X1", "y": "Y1"], ["a", "b"]), ("Two", [:], []), ("", ["title": "item's own"], ["é&"]),
        ]
        for text in templates {
            let library = try TemplateLibrary([(name: "main", text: text)] + partials.map { (name: $0.key, text: $0.value) })
            let columns = Columns()
            let holes = context(
                title: .hole(TemplateHole(0)), item: .object(columns), pieces: .holeList(0, element: .object(Piece())))
            let program = try #require(library.compile("main", against: .object(holes)))
            for row in rows {
                var values = TemplateValues()
                values.set(0, row.title)
                for (offset, name) in columns.names.withLock({ $0 }).enumerated() { values.set(1 + offset, row.columns[name]) }
                values.lists = [(width: 1, spans: row.pieces.map { values.add($0) })]
                var whole: [UInt8] = []
                let item = Self.object(
                    row.columns.mapValues { .text($0) }.merging(["fields": Self.object(row.columns.mapValues { .text($0) })]) { $1 })
                let full = context(title: .text(row.title), item: item, pieces: .list(row.pieces.map { Self.object(["t": .text($0)]) }))
                library.render("main", context: .object(full), into: &whole)
                #expect(String(decoding: program.render(values).bytes, as: UTF8.self) == String(decoding: whole, as: UTF8.self), "\(text)")
            }
        }
    }
}
