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
