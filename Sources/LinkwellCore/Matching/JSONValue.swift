import Foundation

/// Any JSON document, for reading association files Linkwell did not write: their odd shapes
/// (a number where a string belongs, say) have documented effects the matchers must reproduce.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Strict JSON (RFC 8259: no comments, no trailing commas, no BOM), as Apple and Google
    /// parse these files; Foundation's decoder is more forgiving than they are.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var parser = StrictJSONParser(text)
        return try parser.parseDocument()
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var object: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }
}

extension JSONValue {
    /// One-line JSON with sorted keys, for naming a rule in a report: `{"/":"/u/*"}`.
    public var compactText: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .string(let value): return Self.quoted(value)
        case .array(let values): return "[" + values.map(\.compactText).joined(separator: ",") + "]"
        case .object(let object):
            return "{" + object.sorted { $0.key < $1.key }.map { "\(Self.quoted($0.key)):\($0.value.compactText)" }.joined(separator: ",")
                + "}"
        }
    }

    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
