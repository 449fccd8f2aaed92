import Foundation

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
            return indent(String(decoding: data, as: UTF8.self)) + "\n"
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

    /// Re-indents compact JSON text. Only structure outside strings is touched.
    static func indent(_ compact: String) -> String {
        var output = ""
        var depth = 0
        var inString = false
        var escaped = false
        let characters = Array(compact)
        func newline() { output += "\n" + String(repeating: "  ", count: depth) }
        for (index, character) in characters.enumerated() {
            if inString {
                output.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "\"":
                inString = true
                output.append(character)
            case "{", "[":
                output.append(character)
                let next = index + 1 < characters.count ? characters[index + 1] : " "
                if next == "}" || next == "]" { continue }
                depth += 1
                newline()
            case "}", "]":
                let previous = index > 0 ? characters[index - 1] : " "
                if previous != "{" && previous != "[" {
                    depth -= 1
                    newline()
                }
                output.append(character)
            case ",":
                output.append(character)
                newline()
            case ":":
                output += ": "
            default:
                output.append(character)
            }
        }
        return output
    }
}
