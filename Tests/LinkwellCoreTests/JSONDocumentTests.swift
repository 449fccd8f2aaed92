import Foundation
import Testing

@testable import LinkwellCore

/// `JSONText.document`, the writer the association files, routes files and host configurations
/// go through without `Codable`, against `JSONText.encode` (Foundation's `JSONEncoder` and the
/// re-indenter), which wrote them before: the same bytes for random documents whose strings hold
/// quotes, backslashes, slashes, every control character, non-ASCII text and combining marks.
@Suite struct JSONDocumentTests {
    /// A `JSONValue` through `Codable`, for the reference writer.
    struct Encoded: Encodable {
        var value: JSONValue

        func encode(to encoder: any Encoder) throws {
            switch value {
            case .null:
                var container = encoder.singleValueContainer()
                try container.encodeNil()
            case .bool(let flag):
                var container = encoder.singleValueContainer()
                try container.encode(flag)
            case .number(let number):
                var container = encoder.singleValueContainer()
                try container.encode(Int(number))
            case .string(let text):
                var container = encoder.singleValueContainer()
                try container.encode(text)
            case .array(let items):
                var container = encoder.unkeyedContainer()
                for item in items { try container.encode(Encoded(value: item)) }
            case .object(let fields):
                var container = encoder.container(keyedBy: NameKey.self)
                for (key, item) in fields { try container.encode(Encoded(value: item), forKey: NameKey(stringValue: key)) }
            }
        }
    }

    static let pieces: [String] =
        ["a", "Z", "/", "\"", "\\", "é", "e\u{301}", "\u{301}", "😀", "€", " ", "<", "&", "\u{2028}", "\u{7F}", "\u{FEFF}", "ß", "日"]
        + (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }

    static func text(_ random: inout PropertyTests.Random) -> String {
        (0..<random.below(6)).map { _ in random.pick(pieces) }.joined()
    }

    static func value(_ random: inout PropertyTests.Random, depth: Int) -> JSONValue {
        switch random.below(depth > 3 ? 4 : 6) {
        case 0: return .null
        case 1: return .bool(random.below(2) == 0)
        case 2: return .number(Double(random.below(2_000_001)) - 1_000_000)
        case 3: return .string(text(&random))
        case 4: return .array((0..<random.below(4)).map { _ in value(&random, depth: depth + 1) })
        default:
            var fields: [String: JSONValue] = [:]
            for _ in 0..<random.below(5) { fields[text(&random)] = value(&random, depth: depth + 1) }
            return .object(fields)
        }
    }

    @Test func documentsAreWrittenAsFoundationWroteThem() {
        var random = PropertyTests.Random(state: 0x0150_D0C5)
        for _ in 0..<3_000 {
            let document: JSONValue =
                random.below(2) == 0
                ? .array((0..<random.below(4)).map { _ in Self.value(&random, depth: 1) })
                : .object(
                    Dictionary((0..<random.below(5)).map { _ in (Self.text(&random), Self.value(&random, depth: 1)) }) { first, _ in first }
                )
            let ours = JSONText.document(document)
            let foundation = JSONText.encode(Encoded(value: document))
            #expect(ours == foundation, Comment(rawValue: foundation))
        }
    }
}
