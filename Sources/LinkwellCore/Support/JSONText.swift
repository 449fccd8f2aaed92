#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// JSON as reviewers read it: keys sorted, two-space indent, `"key": value`, empty containers
/// as `[]` and `{}`, slashes unescaped, a final newline — the same bytes on every machine.
///
/// `JSONEncoder` decides the values and escaping; its compact output is then re-indented here,
/// because its own pretty printer writes `"key" : value` and spreads `[]` over three lines.
package enum JSONText {
    package static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Plain structs of strings, numbers, booleans and arrays always encode; a type that could
        // not would be a programming error, named here rather than written as a wrong file.
        do {
            let data = try encoder.encode(value)
            return String(decoding: indent(Array(data)), as: UTF8.self)
        } catch {
            preconditionFailure("JSONText cannot encode \(type(of: value)): \(error)")
        }
    }

    /// A document built as a `JSONValue` (the association files, routes files and host
    /// configurations), written in the same form as `encode` writes an `Encodable` — without
    /// `Codable`'s generic dispatch, which every route's files would pay. Keys sorted by their
    /// UTF-8 bytes, as Foundation sorts them; numbers are whole (status codes).
    package static func document(_ value: JSONValue) -> String {
        var output: [UInt8] = []
        write(value, depth: 0, into: &output)
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    /// One line of compact JSON (`{"a":[1,2]}`), keys sorted: what `line(_:)` writes for an
    /// `Encodable`, without `Codable`.
    package static func line(_ value: JSONValue) -> String {
        var output: [UInt8] = []
        write(value, depth: 0, compact: true, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func write(_ value: JSONValue, depth: Int, compact: Bool = false, into output: inout [UInt8]) {
        func newline(_ depth: Int) {
            guard !compact else { return }
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
        }
        switch value {
        case .null:
            output += "null".utf8
        case .bool(let flag):
            output += (flag ? "true" : "false").utf8
        case .number(let number):
            output += (number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)").utf8
        case .string(let text):
            writeString(text, into: &output)
        case .array(let items):
            guard !items.isEmpty else {
                output += "[]".utf8
                return
            }
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                write(item, depth: depth + 1, compact: compact, into: &output)
            }
            newline(depth)
            output.append(UInt8(ascii: "]"))
        case .object(let fields):
            guard !fields.isEmpty else {
                output += "{}".utf8
                return
            }
            output.append(UInt8(ascii: "{"))
            let sorted = fields.count == 1 ? Array(fields) : fields.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (index, field) in sorted.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                writeString(field.key, into: &output)
                output += compact ? ":".utf8 : ": ".utf8
                write(field.value, depth: depth + 1, compact: compact, into: &output)
            }
            newline(depth)
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A string as Foundation's encoder writes it with unescaped slashes: `"` and `\\` escaped,
    /// the usual short escapes for control characters and `\u00XX` for the rest, all else as is.
    private static func writeString(_ string: String, into output: inout [UInt8]) {
        var string = string
        string.withUTF8 { writeString(bytes: $0, into: &output) }
    }

    private static func writeString(bytes text: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        defer { output.append(UInt8(ascii: "\"")) }
        guard text.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            output.append(contentsOf: text)
            return
        }
        let hex = Array("0123456789abcdef".utf8)
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""): output += "\\\"".utf8
            case UInt8(ascii: "\\"): output += "\\\\".utf8
            case 0x0A: output += "\\n".utf8
            case 0x0D: output += "\\r".utf8
            case 0x09: output += "\\t".utf8
            case 0x08: output += "\\b".utf8
            case 0x0C: output += "\\f".utf8
            case ..<0x20:
                output += [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)],
                ]
            default: output.append(byte)
            }
        }
    }

    /// One line of compact JSON, keys sorted, for tools that read a line per record.
    package static func line(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
    }

    /// Re-indents compact JSON text, with the final newline. Only structure outside strings is
    /// touched. It reads bytes, not characters: every structural character is ASCII, and a
    /// string that starts with a combining mark (`"\u{301}…`) is one character with its quote,
    /// which a character reader would not see open the string.
    static func indent(_ compact: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(compact.count + compact.count / 2)
        var depth = 0
        var inString = false
        var escaped = false
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        func newline() {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
        }
        for (index, byte) in compact.enumerated() {
            if inString {
                output.append(byte)
                if escaped {
                    escaped = false
                } else if byte == backslash {
                    escaped = true
                } else if byte == quote {
                    inString = false
                }
                continue
            }
            switch byte {
            case quote:
                inString = true
                output.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                output.append(byte)
                let next = index + 1 < compact.count ? compact[index + 1] : UInt8(ascii: " ")
                if next == UInt8(ascii: "}") || next == UInt8(ascii: "]") { continue }
                depth += 1
                newline()
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                let previous = index > 0 ? compact[index - 1] : UInt8(ascii: " ")
                if previous != UInt8(ascii: "{") && previous != UInt8(ascii: "[") {
                    depth -= 1
                    newline()
                }
                output.append(byte)
            case UInt8(ascii: ","):
                output.append(byte)
                newline()
            case UInt8(ascii: ":"):
                output.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\n"))
        return output
    }
}
