/// Writes YAML that people read and edit: block mappings, short scalar lists in flow style,
/// and quotes only where a plain scalar would be misread (`*` aliases, `yes`, `1.0`, `: `). Every
/// key and every scalar goes through `scalar`, the one place that quotes and escapes: whatever
/// text an imported file holds, it is read back as that text, never as more YAML.
enum YAMLText {
    indirect enum Value {
        case scalar(String)
        case boolean(Bool)
        case integer(Int)
        case list([Value])
        case mapping(Mapping)
        /// A scalar or a list of scalars with a comment after it on its line.
        case commented(Value, String)
    }

    struct Mapping {
        var entries: [(key: String, value: Value)] = []

        init(_ entries: [(String, Value)] = []) {
            self.entries = entries.map { (key: $0.0, value: $0.1) }
        }

        mutating func append(_ key: String, _ value: Value) { entries.append((key, value)) }
    }

    static func lines(_ mapping: Mapping, indent: Int = 0) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        for (key, value) in mapping.entries {
            switch value {
            case .commented(let inner, let text):
                // One line: a comment cannot hold a line break.
                lines.append("\(pad)\(scalar(key)): \(inline(inner))" + (text.contains(where: \.isNewline) ? "" : "   # " + text))
            case .scalar, .boolean, .integer: lines.append("\(pad)\(scalar(key)): \(inline(value))")
            case .list(let items) where items.allSatisfy(isScalar):
                lines.append("\(pad)\(scalar(key)): [\(items.map(inline).joined(separator: ", "))]")
            case .list(let items):
                lines.append("\(pad)\(scalar(key)):")
                for item in items {
                    guard case .mapping(let inner) = item else {
                        lines.append("\(pad)  - \(inline(item))")
                        continue
                    }
                    // The first key shares the dash's line; the rest line up under it.
                    let nested = Self.lines(inner, indent: indent + 4)
                    if let first = nested.first {
                        lines.append("\(pad)  - " + first.dropFirst(indent + 4))
                        lines += nested.dropFirst()
                    }
                }
            case .mapping(let inner):
                lines.append("\(pad)\(scalar(key)):")
                lines += Self.lines(inner, indent: indent + 2)
            }
        }
        return lines
    }

    static func isScalar(_ value: Value) -> Bool {
        switch value {
        case .scalar, .boolean, .integer: true
        case .list, .mapping, .commented: false
        }
    }

    static func inline(_ value: Value) -> String {
        switch value {
        case .scalar(let text): scalar(text)
        case .boolean(let flag): flag ? "true" : "false"
        case .integer(let number): "\(number)"
        case .list(let items): "[\(items.map(inline).joined(separator: ", "))]"
        case .mapping: "{}"
        case .commented(let inner, _): inline(inner)
        }
    }

    private static let indicators = Set("-?:,[]{}#&*!|>'\"%@`")
    private static let words: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "~"]

    /// The text plain when every YAML reader reads it back as the same string, else
    /// double-quoted with every character that is not plainly text escaped (`\u2028`, `\x85`, a
    /// BOM: some readers break lines on them).
    static func scalar(_ text: String) -> String {
        let plain =
            !text.isEmpty && !(text.first.map(indicators.contains) ?? true) && text.first != " " && text.last != " " && !text.hasSuffix(":")
            && !text.contains(": ") && !text.contains(" #") && !text.contains(",") && !text.contains("[") && !text.contains("]")
            && !text.contains("{") && !text.contains("}") && !words.contains(text.lowercased()) && Double(text) == nil
            && !(text.first.map { $0.isNumber || $0 == "+" || $0 == "." } ?? false)
            && text.unicodeScalars.allSatisfy(TerminalText.isPrintable)
        if plain { return text }
        var quoted = "\""
        for character in text.unicodeScalars {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case _ where !TerminalText.isPrintable(character):
                let hex = String(character.value, radix: 16, uppercase: true)
                quoted +=
                    character.value <= 0xFFFF
                    ? "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    : "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
            default: quoted.unicodeScalars.append(character)
            }
        }
        return quoted + "\""
    }
}
