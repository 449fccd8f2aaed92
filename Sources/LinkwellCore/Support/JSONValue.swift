#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Any JSON document, for reading association files Linkwell did not write: their odd shapes
/// (a number where a string belongs, say) have documented effects the matchers must reproduce.
/// Not `indirect`: arrays and objects already hold their values on the heap, so a box per value
/// would be an allocation for nothing.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Strict JSON (RFC 8259: no comments, no trailing commas, no BOM), as Apple and Google
    /// parse these files; Foundation's decoder is more forgiving than they are.
    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var parser = StrictJSONParser(text)
        return try parser.parseDocument()
    }

    /// As `parse`, also giving each key an object repeats (where the repeat is): valid JSON, but
    /// parsers disagree on which value wins, so a lint should say so.
    package static func parse(_ text: String, duplicateKeys: inout [JSONSyntaxError]) throws(JSONSyntaxError) -> JSONValue {
        var parser = StrictJSONParser(text)
        let value = try parser.parseDocument()
        duplicateKeys = parser.duplicateKeys
        return value
    }

    /// An object of the fields that have a value: a nil one leaves its key out, as a `Codable`
    /// optional does.
    package static func fields(_ fields: [String: JSONValue?]) -> JSONValue {
        .object(fields.compactMapValues { $0 })
    }

    package static func strings(_ values: [String]) -> JSONValue {
        .array(values.map(JSONValue.string))
    }

    /// What the value is, in words: `a JSON array`.
    package var kindName: String {
        switch self {
        case .null: "JSON null"
        case .bool: "a JSON boolean"
        case .number: "a JSON number"
        case .string: "a JSON string"
        case .array: "a JSON array"
        case .object: "a JSON object"
        }
    }

    package subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    package var object: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    package var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }
}

extension JSONValue {
    /// One-line JSON with sorted keys, for naming a rule in a report: `{"/":"/u/*"}`.
    package var compactText: String {
        var bytes: [UInt8] = []
        appendCompact(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `compactText` as bytes, written into one buffer: `match` makes it for every rule it loads.
    private func appendCompact(to bytes: inout [UInt8]) {
        switch self {
        case .null: bytes += "null".utf8
        case .bool(let value): bytes += (value ? "true" : "false").utf8
        case .number(let value): bytes += (value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)).utf8
        case .string(let value): Self.appendQuoted(value, to: &bytes)
        case .array(let values):
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                value.appendCompact(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (index, field) in object.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.appendQuoted(field.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                field.value.appendCompact(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// `text` as a JSON string literal.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A JSON string literal: `"` and `\\` escaped, `\n` and `\t` by name, other controls as
    /// `\u00xx`; everything else (non-ASCII included) as it is.
    package static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most text needs no escape: then it is copied whole, from the string's own storage.
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied == true {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0x0A:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "n"))
            case 0x09:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "t"))
            case 0..<0x20:
                bytes += "\\u00".utf8
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
