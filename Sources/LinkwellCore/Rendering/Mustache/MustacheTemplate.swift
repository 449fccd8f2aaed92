/// A Mustache template parsed once into a tree of byte runs and typed lookups, which
/// `TemplateLibrary.compile` turns into a `TemplateProgram` against a context.
///
/// The language is the Mustache specification's (v1.4 without lambdas, which YAML data cannot
/// hold): escaped and raw variables, dotted names and `{{.}}`, sections and inverted sections,
/// comments, partials with standalone indentation, set-delimiter tags, and the standalone-line
/// rule. Tags of other dialects (`{{$block}}`, `{{<parent}}`, `{{%pragma}}`, `{{>*dynamic}}`,
/// `{{name(transform)}}`) are errors at their line and column rather than silently empty text.
struct MustacheTemplate: Sendable {
    enum Node: Sendable {
        case text([UInt8])
        case variable(Name, escaped: Bool)
        case section(Name, inverted: Bool, body: [Node])
        /// A partial by name and the indentation of its standalone tag (`""` inline).
        case partial(name: String, indentation: [UInt8])
    }

    /// A dotted name; no parts is the implicit iterator `{{.}}`.
    struct Name: Sendable {
        var parts: [String]
    }

    struct ParseError: Error, Equatable {
        var message: String
        /// 1-based; the column counts Unicode scalars.
        var line: Int
        var column: Int
    }

    let nodes: [Node]
    /// Every `{{> name}}` tag, in order, with the line and column of its name.
    let partialUses: [(name: String, line: Int, column: Int)]

    init(_ text: String) throws(ParseError) {
        var parser = Parser(bytes: Array(text.utf8))
        nodes = try parser.parse()
        partialUses = parser.partialUses
    }

}

extension MustacheTemplate {
    /// One pass over the template's bytes with the current delimiters; sections are closed on a
    /// stack of open ones.
    fileprivate struct Parser {
        let bytes: [UInt8]
        var open = Array("{{".utf8)
        var close = Array("}}".utf8)
        var partialUses: [(name: String, line: Int, column: Int)] = []

        private struct OpenSection {
            var name: Name
            var source: String
            var inverted: Bool
            var offset: Int
            var outer: [Node]
        }

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func parse() throws(ParseError) -> [Node] {
            var nodes: [Node] = []
            var sections: [OpenSection] = []
            var textStart = 0
            var index = 0
            while let tagStart = find(open, from: index) {
                let tag = try readTag(at: tagStart)
                var before = bytes[textStart..<tagStart]
                var next = tag.end
                var indentation: [UInt8] = []
                if tag.canStandAlone, let line = standaloneLine(tagStart: tagStart, tagEnd: tag.end, textStart: textStart) {
                    indentation = Array(bytes[line.start..<tagStart])
                    before = bytes[textStart..<line.start]
                    next = line.end
                }
                Self.append(text: before, to: &nodes)
                switch tag.kind {
                case .variable(let escaped):
                    nodes.append(.variable(try name(tag.content, at: tag.contentOffset), escaped: escaped))
                case .sectionOpen(let inverted):
                    let opened = try name(tag.content, at: tag.contentOffset)
                    sections.append(
                        OpenSection(name: opened, source: tag.content, inverted: inverted, offset: tag.contentOffset, outer: nodes))
                    nodes = []
                case .sectionClose:
                    guard let section = sections.popLast(), section.source == tag.content else {
                        throw error(
                            "closes a section that is not the one open here ({{/name}} must match {{#name}})", at: tag.contentOffset)
                    }
                    let body = nodes
                    nodes = section.outer
                    nodes.append(.section(section.name, inverted: section.inverted, body: body))
                case .comment:
                    break
                case .partial:
                    guard !tag.content.isEmpty, !tag.content.hasPrefix("*") else {
                        throw error(
                            tag.content.isEmpty
                                ? "has a partial tag without a name"
                                : "uses a dynamic partial ({{>*name}}), which Linkwell does not support",
                            at: tag.contentOffset)
                    }
                    nodes.append(.partial(name: tag.content, indentation: indentation))
                    let place = error("", at: tag.contentOffset)
                    partialUses.append((tag.content, place.line, place.column))
                case .delimiters:
                    let parts = tag.content.split(whereSeparator: { $0 == " " || $0 == "\t" })
                    guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
                        throw error("has an invalid set-delimiter tag (write {{=<% %>=}})", at: tag.contentOffset)
                    }
                    open = Array(parts[0].utf8)
                    close = Array(parts[1].utf8)
                }
                textStart = next
                index = next
            }
            Self.append(text: bytes[textStart...], to: &nodes)
            if let unclosed = sections.last {
                throw error("opens a section that is never closed (expected {{/\(unclosed.source)}})", at: unclosed.offset)
            }
            return nodes
        }

        private enum Kind {
            case variable(escaped: Bool)
            case sectionOpen(inverted: Bool)
            case sectionClose, comment, partial, delimiters
        }

        private struct Tag {
            var kind: Kind
            /// The trimmed text between the sigil and the closing delimiter.
            var content: String
            var contentOffset: Int
            /// Just past the closing delimiter.
            var end: Int

            var canStandAlone: Bool {
                if case .variable = kind { return false }
                return true
            }
        }

        private func readTag(at start: Int) throws(ParseError) -> Tag {
            let afterOpen = start + open.count
            guard afterOpen < bytes.count else { throw error("has a tag that is not closed (expected '\(text(close))')", at: start) }
            let sigil = bytes[afterOpen]
            // `{{{name}}}` exists only with the default delimiters.
            if sigil == UInt8(ascii: "{"), open == Array("{{".utf8), close == Array("}}".utf8) {
                guard let end = find(Array("}}}".utf8), from: afterOpen + 1) else {
                    throw error("has a tag that is not closed (expected '}}}')", at: start)
                }
                return Tag(
                    kind: .variable(escaped: false), content: trimmed(afterOpen + 1, end), contentOffset: contentStart(afterOpen + 1, end),
                    end: end + 3)
            }
            let kind: Kind
            var contentFrom = afterOpen + 1
            switch sigil {
            case UInt8(ascii: "#"): kind = .sectionOpen(inverted: false)
            case UInt8(ascii: "^"): kind = .sectionOpen(inverted: true)
            case UInt8(ascii: "/"): kind = .sectionClose
            case UInt8(ascii: "!"): kind = .comment
            case UInt8(ascii: ">"): kind = .partial
            case UInt8(ascii: "&"): kind = .variable(escaped: false)
            case UInt8(ascii: "="): kind = .delimiters
            case UInt8(ascii: "$"), UInt8(ascii: "<"), UInt8(ascii: "%"):
                throw error(
                    "uses '\(Character(Unicode.Scalar(sigil)))' tags (blocks, parents or pragmas), which Linkwell does not support",
                    at: afterOpen)
            default:
                kind = .variable(escaped: true)
                contentFrom = afterOpen
            }
            guard var end = find(close, from: contentFrom) else {
                throw error("has a tag that is not closed (expected '\(text(close))')", at: start)
            }
            var contentEnd = end
            if case .delimiters = kind {
                // The content itself ends with `=`, and the new closing delimiter may equal the old.
                guard let equals = find(Array("=".utf8) + close, from: contentFrom) else {
                    throw error("has an invalid set-delimiter tag (write {{=<% %>=}})", at: start)
                }
                contentEnd = equals
                end = equals + 1
            }
            return Tag(
                kind: kind, content: trimmed(contentFrom, contentEnd), contentOffset: contentStart(contentFrom, contentEnd),
                end: end + close.count)
        }

        /// The line around a tag when nothing else is on it: where it starts and where the next
        /// line starts (past `\n` or `\r\n`, or the end of the template).
        private func standaloneLine(tagStart: Int, tagEnd: Int, textStart: Int) -> (start: Int, end: Int)? {
            var start = tagStart
            while start > textStart, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
            // Only blanks since the line began, and the line began in the text read since the last
            // tag (or that tag took its own line with it): no other tag is on the line.
            guard start == 0 || bytes[start - 1] == 0x0A else { return nil }
            var end = tagEnd
            while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
            if end == bytes.count { return (start, end) }
            if bytes[end] == 0x0A { return (start, end + 1) }
            if bytes[end] == 0x0D, end + 1 < bytes.count, bytes[end + 1] == 0x0A { return (start, end + 2) }
            return nil
        }

        private func name(_ content: String, at offset: Int) throws(ParseError) -> Name {
            if content == "." { return Name(parts: []) }
            let allowed = { (byte: UInt8) in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
                    || byte == 0x2D || byte >= 0x80
            }
            let parts = content.split(separator: ".", omittingEmptySubsequences: false)
            guard !content.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(allowed) }) else {
                if content.contains("(") {
                    throw error("applies a transform ('\(content)'), which Linkwell's templates do not have", at: offset)
                }
                throw error(
                    content.isEmpty
                        ? "has an empty tag" : "has a tag whose name '\(content)' is not a name (letters, digits, '_', '-', '.')",
                    at: offset)
            }
            return Name(parts: parts.map(String.init))
        }

        private static func append(text: ArraySlice<UInt8>, to nodes: inout [Node]) {
            guard !text.isEmpty else { return }
            if case .text(let previous) = nodes.last {
                nodes[nodes.count - 1] = .text(previous + text)
            } else {
                nodes.append(.text(Array(text)))
            }
        }

        private func find(_ needle: [UInt8], from start: Int) -> Int? {
            guard let first = needle.first, bytes.count >= needle.count else { return nil }
            var index = start
            while index <= bytes.count - needle.count {
                if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return index }
                index += 1
            }
            return nil
        }

        private func trimmed(_ from: Int, _ to: Int) -> String {
            let start = contentStart(from, to)
            var end = to
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }

        private func contentStart(_ from: Int, _ to: Int) -> Int {
            var start = from
            while start < to, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            return start
        }

        private func text(_ delimiter: [UInt8]) -> String { String(decoding: delimiter, as: UTF8.self) }

        private func error(_ message: String, at offset: Int) -> ParseError {
            var line = 1
            var column = 1
            for byte in bytes[..<min(offset, bytes.count)] {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return ParseError(message: message, line: line, column: column)
        }
    }
}
