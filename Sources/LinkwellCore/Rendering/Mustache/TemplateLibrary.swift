/// Named, parsed templates that can include each other (`{{> head}}`). Every partial a
/// template names is resolved when the library is made — a missing one or a cycle is an error
/// then, not empty text later — and each indented use of a partial is compiled once with its
/// indentation, so rendering never re-reads a template.
struct TemplateLibrary: Sendable {
    struct Problem: Error, Equatable {
        var template: String
        var message: String
        var line: Int
        var column: Int
    }

    private var templates: [String: MustacheTemplate] = [:]
    /// Each indented use of a partial: the partial's text with every line indented, compiled.
    private var indented: [String: MustacheTemplate] = [:]

    static let empty = TemplateLibrary()

    private init() {}

    /// `sources` are (name, text); a later source replaces an earlier one of the same name.
    init(_ sources: [(name: String, text: String)]) throws(Problem) {
        var texts: [String: String] = [:]
        for source in sources {
            texts[source.name] = source.text
            do {
                templates[source.name] = try MustacheTemplate(source.text)
            } catch {
                throw Problem(template: source.name, message: error.message, line: error.line, column: error.column)
            }
        }
        for name in templates.keys.sorted() {
            try checkPartials(of: name, using: [name])
        }
        var pending = templates.values.flatMap { Self.indentedUses(in: $0.nodes) }
        while let use = pending.popLast() {
            let key = Self.key(use.name, use.indentation)
            guard indented[key] == nil, let text = texts[use.name] else { continue }
            // The partial parsed unindented; indenting whole lines cannot break a tag.
            guard let template = try? MustacheTemplate(Self.indent(text, by: use.indentation)) else { continue }
            indented[key] = template
            pending += Self.indentedUses(in: template.nodes)
        }
    }

    /// What a render wrote: its bytes, and the offsets of its slots (in order).
    struct Rendered {
        var bytes: [UInt8] = []
        var slots: [Int] = []
    }

    /// The template `name` rendered with `context` (which holds no holes), appended to `output`.
    func render(_ name: String, context: TemplateValue, into output: inout [UInt8]) {
        guard let program = compile(name, against: context) else { return }
        output += program.render(TemplateValues()).bytes
    }

    /// The template `name` compiled against `context`: whatever the context knows is written in,
    /// and its holes are left for each render to supply (`TemplateCompiler`).
    func compile(_ name: String, against context: TemplateValue) -> TemplateProgram? {
        guard let template = templates[name] else { return nil }
        return TemplateProgram(steps: TemplateCompiler(library: self).compile(template, against: context))
    }

    func partial(_ name: String, _ indentation: [UInt8]) -> MustacheTemplate? {
        indentation.isEmpty ? templates[name] : indented[Self.key(name, indentation)]
    }

    /// A known variable's text: strings (escaped unless the tag is raw), `true`/`false`, else nothing.
    static func append(_ value: TemplateValue, escaped: Bool, to output: inout [UInt8]) {
        switch value {
        case .text(let text): escaped ? appendEscaped(text, to: &output) : output.append(contentsOf: text.utf8)
        case .flag(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .absent, .object, .list, .slot, .hole, .holeList: break
        }
    }

    /// `& < > " '` as entities, so a value is text in an element and in a quoted attribute.
    /// The bytes between two specials are copied as one run, not byte by byte: a page's values
    /// are most of what an item page renders.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped(bytes: $0, to: &output) }
    }

    /// What an escaped text writes for `byte`; nil: the byte itself. (`PageWriter` escapes a
    /// render's holes by this too.)
    static func entity(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }

    private static func appendEscaped(bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var run = 0
        for index in bytes.indices {
            guard let entity = entity(for: bytes[index]) else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
            entity.withUTF8Buffer { output.append(contentsOf: $0) }
            run = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
    }

    /// A missing partial or one that includes itself (through others or not) is an error at the
    /// template that names it: data here is never recursive, so such a page could never end.
    private func checkPartials(of name: String, using path: [String]) throws(Problem) {
        guard let template = templates[name] else { return }
        for use in template.partialUses {
            guard templates[use.name] != nil else {
                throw Problem(
                    template: name, message: "includes the partial '\(use.name)', which is not a template here", line: use.line,
                    column: use.column)
            }
            guard !path.contains(use.name) else {
                throw Problem(
                    template: name, message: "includes itself through \((path + [use.name]).joined(separator: " → "))",
                    line: use.line, column: use.column)
            }
            try checkPartials(of: use.name, using: path + [use.name])
        }
    }

    private static func indentedUses(in nodes: [MustacheTemplate.Node]) -> [(name: String, indentation: [UInt8])] {
        nodes.flatMap { node -> [(name: String, indentation: [UInt8])] in
            switch node {
            case .partial(let name, let indentation): indentation.isEmpty ? [] : [(name, indentation)]
            case .section(_, _, let body): indentedUses(in: body)
            case .text, .variable: []
            }
        }
    }

    private static func key(_ name: String, _ indentation: [UInt8]) -> String {
        name + "\u{0}" + String(decoding: indentation, as: UTF8.self)
    }

    /// Every line of `text` begins with `indentation` (a last empty line after a final newline
    /// is not a line).
    private static func indent(_ text: String, by indentation: [UInt8]) -> String {
        var bytes: [UInt8] = []
        var atLineStart = true
        for byte in text.utf8 {
            if atLineStart { bytes += indentation }
            bytes.append(byte)
            atLineStart = byte == 0x0A
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
