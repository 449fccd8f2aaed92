/// Where and why a file is not the XML Linkwell reads.
package struct XMLSyntaxError: Error, Hashable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var message: String

    package var description: String { "\(line):\(column): \(message)" }
}

/// One element of an XML document: its name and attributes with their namespaces resolved (by
/// URI, never by prefix), its child elements, its text, and where it starts.
package struct XMLElement: Sendable, Hashable {
    package struct Name: Sendable, Hashable {
        /// The namespace URI, "" for none.
        package var namespace: String
        package var local: String
    }

    package struct Attribute: Sendable, Hashable {
        package var name: Name
        /// As written, `prefix:local`, for messages.
        package var qualified: String
        package var value: String
        package var line: Int
        package var column: Int
    }

    package var name: Name
    package var qualified: String
    package var attributes: [Attribute]
    package var children: [XMLElement]
    /// The character data directly inside the element (entities and CDATA read), in order.
    package var text: String
    package var line: Int
    package var column: Int

    package func attribute(_ local: String, namespace: String = "") -> Attribute? {
        attributes.first { $0.name.local == local && $0.name.namespace == namespace }
    }
}

/// A strict reader of the XML an app's files are written in (an Android manifest, an Apple
/// property list): elements, attributes, namespaces resolved by URI, the five predefined entities
/// and character references, comments, CDATA, processing instructions; a DOCTYPE is skipped.
///
/// App files are hostile input like any other: nothing is fetched, no entity may be declared (a
/// DOCTYPE's internal subset is refused, so neither an external entity nor an expansion bomb can
/// be written), and size and nesting are bounded. Every error has its line and column.
package struct XMLReader {
    /// An app file larger than this is not an app's manifest or entitlements.
    package static let maximumBytes = 8 << 20
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1

    /// The document's root element.
    package static func read(_ text: String) throws(XMLSyntaxError) -> XMLElement {
        var reader = XMLReader(bytes: Array(text.utf8))
        return try reader.document()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func document() throws(XMLSyntaxError) -> XMLElement {
        guard bytes.count <= Self.maximumBytes else { throw error("the file is over \(Self.maximumBytes >> 20) MB") }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { advance(3) }
        try misc(allowDoctype: true)
        guard peek("<") else { throw error(index == bytes.count ? "the file holds no element" : "expected '<' to start the root element") }
        let root = try element(depth: 0, scopes: [["xml": "http://www.w3.org/XML/1998/namespace"]])
        try misc(allowDoctype: false)
        guard index == bytes.count else { throw error("unexpected text after the root element") }
        return root
    }

    /// White space, comments, processing instructions and (before the root) a DOCTYPE.
    private mutating func misc(allowDoctype: Bool) throws(XMLSyntaxError) {
        while true {
            skipSpace()
            if peek("<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if peek("<!--") {
                try comment()
            } else if peek("<!DOCTYPE") {
                guard allowDoctype else { throw error("a DOCTYPE may only come before the root element") }
                try doctype()
            } else {
                return
            }
        }
    }

    private mutating func comment() throws(XMLSyntaxError) {
        advance(4)
        while index < bytes.count {
            if peek("--") {
                guard peek("-->") else { throw error("'--' may not appear inside a comment") }
                advance(3)
                return
            }
            advance(1)
        }
        throw error("the comment is never closed with '-->'")
    }

    /// `<!DOCTYPE name PUBLIC "…" "…">`, skipped; an internal subset (`[…]`) could declare
    /// entities, so it is refused.
    private mutating func doctype() throws(XMLSyntaxError) {
        let start = (line, column)
        advance(9)
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                throw error(
                    "the DOCTYPE declares an internal subset (entities, perhaps); Linkwell reads no declared XML entities: remove it")
            } else if byte == UInt8(ascii: ">") {
                advance(1)
                return
            }
            advance(1)
        }
        throw XMLSyntaxError(line: start.0, column: start.1, message: "the DOCTYPE is never closed with '>'")
    }

    private mutating func element(depth: Int, scopes: [[String: String]]) throws(XMLSyntaxError) -> XMLElement {
        guard depth < Self.maximumDepth else { throw error("elements nest more than \(Self.maximumDepth) deep") }
        let (startLine, startColumn) = (line, column)
        advance(1)
        let qualified = try name()
        var raw: [(qualified: String, value: String, line: Int, column: Int)] = []
        var declared: [String: String] = [:]
        var selfClosing = false
        while true {
            let spaced = skipSpace()
            if peek("/>") {
                advance(2)
                selfClosing = true
                break
            }
            if peek(">") {
                advance(1)
                break
            }
            guard index < bytes.count else { throw error("the tag <\(qualified)> is never closed") }
            guard spaced else { throw error("expected white space, '>' or '/>' in <\(qualified)>") }
            let (attributeLine, attributeColumn) = (line, column)
            let attribute = try name()
            skipSpace()
            guard peek("=") else { throw error("expected '=' after the attribute '\(attribute)'") }
            advance(1)
            skipSpace()
            let value = try quoted()
            if raw.contains(where: { $0.qualified == attribute }) {
                throw XMLSyntaxError(line: attributeLine, column: attributeColumn, message: "the attribute '\(attribute)' is repeated")
            }
            raw.append((attribute, value, attributeLine, attributeColumn))
            if attribute == "xmlns" { declared[""] = value }
            if attribute.hasPrefix("xmlns:") { declared[String(attribute.dropFirst(6))] = value }
        }
        let scopes = declared.isEmpty ? scopes : scopes + [declared]
        func resolve(_ qualified: String, isAttribute: Bool, line: Int, column: Int) throws(XMLSyntaxError) -> XMLElement.Name {
            guard let colon = qualified.firstIndex(of: ":") else {
                // An unprefixed attribute is in no namespace; an unprefixed element in the default one.
                let namespace = isAttribute ? "" : scopes.last(where: { $0[""] != nil })?[""] ?? ""
                return .init(namespace: namespace, local: qualified)
            }
            let prefix = String(qualified[..<colon])
            guard let namespace = scopes.last(where: { $0[prefix] != nil })?[prefix] else {
                throw XMLSyntaxError(
                    line: line, column: column, message: "the prefix '\(prefix)' of '\(qualified)' is not declared (xmlns:\(prefix)=\"…\")")
            }
            return .init(namespace: namespace, local: String(qualified[qualified.index(after: colon)...]))
        }
        var attributes: [XMLElement.Attribute] = []
        for entry in raw where entry.qualified != "xmlns" && !entry.qualified.hasPrefix("xmlns:") {
            let resolved = try resolve(entry.qualified, isAttribute: true, line: entry.line, column: entry.column)
            if attributes.contains(where: { $0.name == resolved }) {
                throw XMLSyntaxError(line: entry.line, column: entry.column, message: "the attribute '\(entry.qualified)' is repeated")
            }
            attributes.append(.init(name: resolved, qualified: entry.qualified, value: entry.value, line: entry.line, column: entry.column))
        }
        var result = XMLElement(
            name: try resolve(qualified, isAttribute: false, line: startLine, column: startColumn), qualified: qualified,
            attributes: attributes, children: [], text: "", line: startLine, column: startColumn)
        guard !selfClosing else { return result }
        while true {
            guard index < bytes.count else {
                throw XMLSyntaxError(line: startLine, column: startColumn, message: "the element <\(qualified)> is never closed")
            }
            if peek("</") {
                let (closeLine, closeColumn) = (line, column)
                advance(2)
                let closing = try name()
                guard closing == qualified else {
                    throw XMLSyntaxError(
                        line: closeLine, column: closeColumn, message: "</\(closing)> closes <\(qualified)>, opened at line \(startLine)")
                }
                skipSpace()
                guard peek(">") else { throw error("expected '>' to end </\(closing)>") }
                advance(1)
                return result
            } else if peek("<!--") {
                try comment()
            } else if peek("<![CDATA[") {
                advance(9)
                let start = index
                try skip(past: "]]>", what: "CDATA section")
                result.text += String(decoding: bytes[start..<(index - 3)], as: UTF8.self)
            } else if peek("<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if peek("<!") {
                throw error("a declaration may not appear inside an element")
            } else if peek("<") {
                result.children.append(try element(depth: depth + 1, scopes: scopes))
            } else {
                result.text += try characters(until: UInt8(ascii: "<"))
            }
        }
    }

    /// An XML name: a letter, `_` or `:` (or any non-ASCII character) first, then also digits,
    /// `-` and `.`.
    private mutating func name() throws(XMLSyntaxError) -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let first = index == start
            let allowed =
                byte >= 0x80 || byte.isASCIILetter || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
                || (!first && (byte.isASCIIDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")))
            guard allowed else { break }
            advance(1)
        }
        guard index > start else { throw error("expected a name") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func quoted() throws(XMLSyntaxError) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw error("expected a quoted attribute value")
        }
        let quote = bytes[index]
        advance(1)
        let value = try characters(until: quote, inAttribute: true)
        guard index < bytes.count else { throw error("the attribute value is never closed") }
        advance(1)
        return value
    }

    /// Character data up to `end`, with entity and character references read.
    private mutating func characters(until end: UInt8, inAttribute: Bool = false) throws(XMLSyntaxError) -> String {
        var text: [UInt8] = []
        while index < bytes.count, bytes[index] != end {
            let byte = bytes[index]
            if inAttribute && byte == UInt8(ascii: "<") { throw error("'<' may not appear in an attribute value (write &lt;)") }
            guard byte == UInt8(ascii: "&") else {
                text.append(byte)
                advance(1)
                continue
            }
            text += try reference()
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;`, `&#xH;`: nothing else.
    private mutating func reference() throws(XMLSyntaxError) -> [UInt8] {
        let (startLine, startColumn) = (line, column)
        guard let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw error("'&' starts no entity reference (write &amp;)")
        }
        let body = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
        let predefined = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
        var value: String?
        if let text = predefined[body] {
            value = text
        } else if body.hasPrefix("#x") || body.hasPrefix("#X"), let code = UInt32(body.dropFirst(2), radix: 16) {
            value = Unicode.Scalar(code).map { String($0) }
        } else if body.hasPrefix("#"), let code = UInt32(body.dropFirst(), radix: 10) {
            value = Unicode.Scalar(code).map { String($0) }
        }
        guard let value, value.unicodeScalars.allSatisfy({ $0.value >= 0x20 || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else {
            throw XMLSyntaxError(
                line: startLine, column: startColumn,
                message: "unknown entity '&\(body);': Linkwell reads only &amp; &lt; &gt; &quot; &apos; and character references")
        }
        advance(semicolon + 1 - index)
        return Array(value.utf8)
    }

    private mutating func skip(past end: String, what: String) throws(XMLSyntaxError) {
        let (startLine, startColumn) = (line, column)
        while index < bytes.count {
            if peek(end) {
                advance(end.utf8.count)
                return
            }
            advance(1)
        }
        throw XMLSyntaxError(line: startLine, column: startColumn, message: "the \(what) is never closed with '\(end)'")
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = index
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { advance(1) }
        return index > start
    }

    private func peek(_ text: String) -> Bool {
        let utf8 = text.utf8
        return bytes.count - index >= utf8.count && zip(bytes[index...], utf8).allSatisfy { $0 == $1 }
    }

    /// Moves on `count` bytes, counting lines and columns (a column is a character).
    private mutating func advance(_ count: Int) {
        for _ in 0..<count where index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
    }

    private func error(_ message: String) -> XMLSyntaxError {
        XMLSyntaxError(line: line, column: column, message: message)
    }
}
