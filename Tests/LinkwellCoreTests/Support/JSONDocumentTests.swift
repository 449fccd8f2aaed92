import Foundation
import LinkwellTestSupport
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

    /// A page's settings block (`PageConfig.json`) as `JSONEncoder` wrote it before: every page
    /// type, host and page kind of the bundled site, then the same settings with random strings
    /// in every field, `apps` present and absent, and random head tags.
    @Test func pageSettingsAreWrittenAsFoundationWroteThem() throws {
        let manifest = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)
        let site = try #require(Fixtures.buildBundled(manifest).result.site)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func check(_ config: PageConfig) throws {
            let foundation = String(decoding: try encoder.encode(config), as: UTF8.self)
            #expect(JSONText.line(config.jsonValue) == foundation, Comment(rawValue: foundation))
        }
        var configs: [PageConfig] = []
        for page in site.pageTypes {
            for host in PageHost.all(in: site) {
                let links = PageLinks(site: site, page: page, host: host)
                for kind in [nil] + PageKind.allCases.map(Optional.some) {
                    for urlKnown in [false, true] {
                        configs.append(PageConfig(site: site, page: page, links: links, kind: kind, urlKnown: urlKnown, host: host.host))
                    }
                }
            }
        }
        #expect(configs.contains { $0.apps != nil } && configs.contains { $0.apps == nil } && configs.contains { !$0.head.isEmpty })
        for config in configs { try check(config) }
        var random = PropertyTests.Random(state: 0x0C0F_1605)
        for index in 0..<2_000 {
            var config = configs[index % configs.count]
            config.role = Self.text(&random)
            config.primaryHost = Self.text(&random)
            config.scheme = Self.text(&random)
            config.allowedHosts = (0..<random.below(3)).map { _ in Self.text(&random) }
            config.links = PageConfig.Links(
                openInApp: Self.text(&random), web: Self.text(&random), desktop: Self.text(&random), iPhone: Self.text(&random),
                android: Self.text(&random), intentPackage: Self.text(&random), native: Self.text(&random))
            config.head = (0..<random.below(3)).map { _ in
                PageConfig.HeadTag(
                    element: Self.text(&random), attribute: Self.text(&random), key: Self.text(&random), value: Self.text(&random))
            }
            config.clipboard = Self.text(&random)
            config.nativeAttempt = random.below(2) == 0
            config.desktopRedirects = random.below(2) == 0
            config.toWeb = random.below(2) == 0 ? true : nil
            switch random.below(3) {
            case 0: config.apps = nil
            case 1: config.apps = [:]
            default: config.apps = ["ios": Self.text(&random), "android": Self.text(&random)]
            }
            try check(config)
        }
    }
}
