/// Named, compiled templates that can include each other (`{{> head}}`). Every partial a
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

    func template(_ name: String) -> MustacheTemplate? { templates[name] }

    /// What a render wrote: its bytes, and the offsets of its slots (in order).
    struct Rendered {
        var bytes: [UInt8] = []
        var slots: [Int] = []
    }

    /// The template `name` rendered with `context` at the bottom of the context stack.
    func render(_ name: String, context: TemplateValue, into output: inout [UInt8]) {
        var rendered = Rendered(bytes: output)
        output = []
        if let template = templates[name] { render(template, context: context, into: &rendered) }
        output = rendered.bytes
    }

    /// A template (compiled here, or specialized by `specialize`) rendered with `context`.
    func render(_ template: MustacheTemplate, context: TemplateValue, into output: inout Rendered) {
        var stack = [context]
        render(template.nodes, stack: &stack, into: &output)
    }

    private func render(_ nodes: [MustacheTemplate.Node], stack: inout [TemplateValue], into output: inout Rendered) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                output.bytes.append(contentsOf: bytes)
            case .variable(let name, let escaped):
                switch Self.resolve(name, in: stack) {
                case .slot?: output.slots.append(output.bytes.count)
                case let value?: Self.append(value, escaped: escaped, to: &output.bytes)
                case nil: break
                }
            case .section(let name, let inverted, let body):
                let value = Self.resolve(name, in: stack) ?? .absent
                if inverted {
                    if !value.isTruthy { render(body, stack: &stack, into: &output) }
                    continue
                }
                switch value {
                case .list(let items):
                    for item in items {
                        stack.append(item)
                        render(body, stack: &stack, into: &output)
                        stack.removeLast()
                    }
                case .flag(true):
                    render(body, stack: &stack, into: &output)
                case .text, .object, .slot:
                    stack.append(value)
                    render(body, stack: &stack, into: &output)
                    stack.removeLast()
                case .flag(false), .absent, .unknown:
                    break
                }
            case .partial(let name, let indentation):
                if let template = partial(name, indentation) { render(template.nodes, stack: &stack, into: &output) }
            case .slot:
                output.slots.append(output.bytes.count)
            case .scope(let path, let body):
                var value = stack.first
                for part in path {
                    guard case .object(let object)? = value else { break }
                    value = object.member(named: part)
                }
                stack.append(value ?? .absent)
                render(body, stack: &stack, into: &output)
                stack.removeLast()
            }
        }
    }

    func partial(_ name: String, _ indentation: [UInt8]) -> MustacheTemplate? {
        indentation.isEmpty ? templates[name] : indented[Self.key(name, indentation)]
    }

    /// The first part of a name is looked up from the top of the stack down; the rest only in
    /// what the first part found (Mustache's dotted-name rule).
    private static func resolve(_ name: MustacheTemplate.Name, in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = name.parts.first else { return stack.last }
        var found: TemplateValue?
        // By index, reading each level in place (iterating `reversed()` copied every value).
        for index in stack.indices.reversed() {
            guard case .object(let object) = stack[index], let member = object.member(named: first) else { continue }
            found = member
            break
        }
        for part in name.parts.dropFirst() {
            guard case .object(let object)? = found else { return nil }
            found = object.member(named: part)
        }
        return found
    }

    // MARK: Specialization

    /// The template `name` partially rendered against `known`, a context in which what differs
    /// from page to page is `.unknown`: every tag whose value is known becomes text, partials are
    /// inlined, and what is left are the tags that need the page's own values. Rendering the
    /// result with a full context gives exactly the bytes the whole template gives, because
    /// known sections are kept as scopes that push the same value the section would.
    func specialize(_ name: String, known: TemplateValue) -> MustacheTemplate? {
        guard let template = templates[name] else { return nil }
        var stack: [(value: TemplateValue, path: [String])] = [(known, [])]
        return MustacheTemplate(specialized: Self.merged(specialize(template.nodes, stack: &stack)))
    }

    private enum Lookup {
        case unknown
        case known(TemplateValue?, path: [String]?)
    }

    private func specialize(
        _ nodes: [MustacheTemplate.Node], stack: inout [(value: TemplateValue, path: [String])]
    ) -> [MustacheTemplate.Node] {
        var result: [MustacheTemplate.Node] = []
        for node in nodes {
            switch node {
            case .text, .scope, .slot:
                result.append(node)
            case .variable(let name, let escaped):
                guard case .known(let value, _) = Self.lookup(name, in: stack) else {
                    result.append(node)
                    continue
                }
                if case .slot? = value {
                    result.append(.slot)
                    continue
                }
                var bytes: [UInt8] = []
                if let value { Self.append(value, escaped: escaped, to: &bytes) }
                if !bytes.isEmpty { result.append(.text(bytes)) }
            case .section(let name, let inverted, let body):
                guard case .known(let found, let path) = Self.lookup(name, in: stack) else {
                    result.append(node)
                    continue
                }
                let value = found ?? .absent
                if inverted {
                    if !value.isTruthy { result += specialize(body, stack: &stack) }
                    continue
                }
                switch value {
                case .flag(true):
                    result += specialize(body, stack: &stack)
                case .text, .object, .slot:
                    guard let path else {
                        result.append(node)
                        continue
                    }
                    stack.append((value, path))
                    result.append(.scope(path: path, body: specialize(body, stack: &stack)))
                    stack.removeLast()
                case .list:
                    result.append(node)
                case .flag(false), .absent, .unknown:
                    break
                }
            case .partial(let name, let indentation):
                if let template = partial(name, indentation) { result += specialize(template.nodes, stack: &stack) }
            }
        }
        return result
    }

    /// `resolve` for a context being specialized: `.unknown` as soon as the name could reach an
    /// unknown value, and the value's path from the bottom of the stack when it has one.
    private static func lookup(_ name: MustacheTemplate.Name, in stack: [(value: TemplateValue, path: [String])]) -> Lookup {
        guard let first = name.parts.first else {
            guard let top = stack.last else { return .known(nil, path: nil) }
            if case .unknown = top.value { return .unknown }
            return .known(top.value, path: top.path)
        }
        var found: TemplateValue?
        var path: [String]?
        search: for element in stack.reversed() {
            switch element.value {
            case .unknown:
                return .unknown
            case .object(let object):
                if let member = object.member(named: first) {
                    found = member
                    path = element.path + [first]
                    break search
                }
            case .text, .flag, .absent, .list, .slot:
                continue
            }
        }
        for part in name.parts.dropFirst() {
            if case .unknown? = found { return .unknown }
            guard case .object(let object)? = found else { return .known(nil, path: nil) }
            found = object.member(named: part)
            path?.append(part)
        }
        if case .unknown? = found { return .unknown }
        return .known(found, path: path)
    }

    private static func merged(_ nodes: [MustacheTemplate.Node]) -> [MustacheTemplate.Node] {
        var result: [MustacheTemplate.Node] = []
        for node in nodes {
            switch node {
            case .text(let bytes):
                if case .text(let previous) = result.last {
                    result[result.count - 1] = .text(previous + bytes)
                } else {
                    result.append(node)
                }
            case .scope(let path, let body):
                result.append(.scope(path: path, body: merged(body)))
            case .section(let name, let inverted, let body):
                result.append(.section(name, inverted: inverted, body: merged(body)))
            case .variable, .partial, .slot:
                result.append(node)
            }
        }
        return result
    }

    /// A variable's text: strings (escaped unless the tag is raw), `true`/`false`, else nothing.
    static func append(_ value: TemplateValue, escaped: Bool, to output: inout [UInt8]) {
        switch value {
        case .text(let text): escaped ? appendEscaped(text, to: &output) : output.append(contentsOf: text.utf8)
        case .flag(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .absent, .object, .list, .unknown, .slot: break
        }
    }

    /// `& < > " '` as entities, so a value is text in an element and in a quoted attribute.
    /// The bytes between two specials are copied as one run, not byte by byte: a page's values
    /// are most of what an item page renders.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped(bytes: $0, to: &output) }
    }

    static func appendEscaped(_ text: Substring, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped(bytes: $0, to: &output) }
    }

    /// What an escaped text writes for `byte`; nil: the byte itself. (`PageWriter` escapes
    /// item pages by this too.)
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
            case .text, .variable, .scope, .slot: []
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
