/// Where and why a file is not strict JSON.
package struct JSONSyntaxError: Error, Hashable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var message: String

    package var description: String { "\(line):\(column): \(message)" }
}

/// A recursive-descent parser for RFC 8259 JSON that refuses what the platforms refuse:
/// trailing commas, comments, single quotes, a leading byte-order mark, trailing garbage.
struct StrictJSONParser {
    private let bytes: [UInt8]
    private var index = 0
    /// Keys an object repeats, at the repeat: the later value is kept (as Foundation's parser
    /// does), but parsers differ, so the reader is told.
    private(set) var duplicateKeys: [JSONSyntaxError] = []

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw error("a byte-order mark is not allowed in JSON") }
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after the JSON value") }
        return value
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < 512 else { throw error("nesting is too deep") }
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "/"): throw error("comments are not allowed in JSON")
        default: throw error("unexpected \(character(at: index)); expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            return .object([:])
        }
        // Room for the few keys most objects have, so they are not rehashed as it grows.
        var object = [String: JSONValue](minimumCapacity: 4)
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else {
                throw error(peek(UInt8(ascii: "}")) ? "trailing comma before '}'" : "expected a quoted key")
            }
            let keyStart = index
            let key = try parseString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "expected ':' after the key")
            skipWhitespace()
            // One hash per key: the repeat is known when the value is stored, and its note goes
            // before any found inside the value, in the order of the text.
            let notesBefore = duplicateKeys.count
            if object.updateValue(try parseValue(depth: depth + 1), forKey: key) != nil {
                duplicateKeys.insert(error("duplicate key \"\(key)\": the later value is used", at: keyStart), at: notesBefore)
            }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "expected ',' or '}'")
            return .object(object)
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            return .array(values)
        }
        while true {
            skipWhitespace()
            if peek(UInt8(ascii: "]")) { throw error("trailing comma before ']'") }
            values.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "expected ',' or ']'")
            return .array(values)
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        // Nearly every string has no escape: it is its bytes up to the closing quote.
        var end = index
        while end < bytes.count, bytes[end] >= 0x20, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            defer { index = end + 1 }
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"): scalars.append(try parseUnicodeEscape())
                default:
                    // At the backslash: `'\q'`, or the backslash and the character's code.
                    let next = character(at: index - 1)
                    throw error(
                        next.hasPrefix("'")
                            ? "invalid escape '\\\(next.dropFirst()) in a string" : "invalid escape: '\\' followed by \(next)",
                        at: index - 2)
                }
            case 0..<0x20:
                throw error("control characters must be escaped in a string")
            default:
                run.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let high = try hexQuad()
        if (0xD800..<0xDC00).contains(high) {
            guard peek(UInt8(ascii: "\\")), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("unpaired surrogate in a \\u escape")
            }
            index += 2
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in a \\u escape") }
            // A high and a low surrogate always combine into a scalar of the supplementary planes.
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate in a \\u escape") }
        return scalar
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw error("expected four hexadecimal digits after \\u")
        }
        index += 4
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        if peek(UInt8(ascii: "0")) {
            index += 1
        } else {
            guard consumeDigits() else { throw error("invalid number") }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard consumeDigits() else { throw error("invalid number: digits must follow '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard consumeDigits() else { throw error("invalid number: digits must follow the exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { throw error("invalid number") }
        return .number(value)
    }

    private mutating func consumeDigits() -> Bool {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index > start
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count, word.withUTF8Buffer({ $0.elementsEqual(bytes[index..<index + count]) }) else {
            throw error("unexpected \(character(at: index)); expected a value")
        }
        index += count
        return value
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private mutating func expect(_ byte: UInt8, _ message: String) throws(JSONSyntaxError) {
        guard peek(byte) else { throw error(index < bytes.count ? message : "unexpected end of file; \(message)") }
        index += 1
    }

    /// The character at `position` as a reader can see it: quoted when visible, else its code
    /// (a gzip header or a control character would otherwise print as nothing).
    private func character(at position: Int) -> String {
        guard position < bytes.count else { return "end of text" }
        var decoder = UTF8()
        var iterator = bytes[position..<min(position + 4, bytes.count)].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
            return "byte 0x\(String(bytes[position], radix: 16, uppercase: true)) (not UTF-8)"
        }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if scalar.properties.generalCategory == .control || scalar.properties.isWhitespace { return code }
        return "'\(Character(scalar))'" + (scalar.isASCII ? "" : " (\(code))")
    }

    /// The location of `index`, 1-based, counting columns in characters.
    private func error(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
        let end = min(position ?? index, bytes.count)
        let before = bytes[..<end]
        let line = before.filter { $0 == 0x0A }.count + 1
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return JSONSyntaxError(line: line, column: column, message: message)
    }
}
