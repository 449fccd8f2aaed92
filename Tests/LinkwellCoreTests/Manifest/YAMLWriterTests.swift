import Foundation
import Testing

@testable import LinkwellCore

/// `import` writes every key and scalar through one writer: whatever text a file holds, the YAML
/// reader reads it back as exactly that text, in exactly the keys written — never more YAML.
@Suite struct YAMLWriterTests {
    typealias Random = PropertyTests.Random

    /// Pieces a hostile file might hold: YAML syntax, line breaks of every kind, separators,
    /// a byte-order mark, non-characters, quotes and escapes.
    static let pieces: [String] = [
        "a", "é", "1", "0o17", ".inf", "yes", "~", ": ", " #", "#", "- ", "? ", "*", "&x", "!!str", "%YAML", "---", "...", "|", ">", "'",
        "\"", "\\", "[", "]", "{", "}", ",", "\n", "\r", "\t", "\u{85}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{A0}", "\u{3000}",
        "\u{FFFE}", "\u{1F600}", "\u{0}", "\u{7F}", " ", "web: https://evil.example/", "\nweb: https://evil.example/\n#",
    ]

    static func text(_ random: inout Random) -> String {
        (0..<(1 + random.below(5))).map { _ in random.pick(pieces) }.joined()
    }

    @Test(arguments: 0..<400)
    func everyKeyAndScalarReadsBackAsWritten(_ seed: Int) throws {
        var random = Random(state: UInt64(seed) &* 6_700_417)
        let key = Self.text(&random)
        let value = Self.text(&random)
        let item = Self.text(&random)
        var inner = YAMLText.Mapping()
        inner.append(key, .scalar(value))
        inner.append("list", .list([.scalar(item), .scalar(value)]))
        var root = YAMLText.Mapping()
        root.append("outer", .mapping(inner))
        let yaml = YAMLText.lines(root).joined(separator: "\n") + "\n"
        let node = try #require(try YAMLComposer.compose(yaml), "\(yaml)")
        guard case .mapping(let top, _, _) = node, top.count == 1, case .mapping(let entries, _, _) = top[0].value else {
            Issue.record("not one mapping of one mapping: \(yaml)")
            return
        }
        #expect(entries.count == 2, "\(yaml)")
        guard entries.count == 2, case .scalar(let readKey, _, _, _) = entries[0].key,
            case .scalar(let readValue, _, _, _) = entries[0].value,
            case .sequence(let items, _, _) = entries[1].value, items.count == 2, case .scalar(let readItem, _, _, _) = items[0]
        else {
            Issue.record("shape changed: \(yaml)")
            return
        }
        #expect(readKey == key && readValue == value && readItem == item, "\(yaml)")
    }
}
