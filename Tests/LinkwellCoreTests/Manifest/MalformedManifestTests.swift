import Foundation
import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// Malformed manifests from a seeded generator — truncations, character flips, type swaps,
/// deleted and repeated lines, huge scalars, alias bombs — each built in process: no crash, no
/// hang, and every error names a line and column.
@Suite struct MalformedManifestTests {
    static let base = Fixtures.text("../../site.yaml")

    static func mutate(_ text: String, _ random: inout PropertyTests.Random) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = random.below(lines.count)
        switch random.below(7) {
        case 0:
            return String(text.prefix(random.below(text.count)))
        case 1:
            var characters = Array(text)
            for _ in 0..<(1 + random.below(4)) {
                characters[random.below(characters.count)] = random.pick(Array(":-[]{}\"'#&*!|>%@` \n\t\\,?"))
            }
            return String(characters)
        case 2:
            guard let colon = lines[index].firstIndex(of: ":") else { return text }
            let key = lines[index][...colon]
            let value = lines[index][lines[index].index(after: colon)...]
            lines[index] = key + random.pick([" [\(value)]", " {a: \(value)}", " ", " ~", " 12", " true", " [[", " &x *x"])
        case 3:
            lines.remove(at: index)
        case 4:
            lines.insert(lines[index], at: index)
        case 5:
            lines.append("huge: \"" + String(repeating: "x", count: 200_000 + random.below(800_000)) + "\"")
        default:
            lines.append("bomb0: &b0 [x, x, x, x, x, x, x, x, x, x]")
            for level in 1..<(3 + random.below(7)) {
                lines.append("bomb\(level): &b\(level) [" + Array(repeating: "*b\(level - 1)", count: 10).joined(separator: ", ") + "]")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A document that holds more values than the bound itself, with no alias, is stopped where
    /// the one too many is (before the rest is read) and told so without a word about aliases.
    @Test func aManifestOfTooManyValuesIsStoppedWithoutBlamingAliases() {
        let text = "version: 1\nname: [" + Array(repeating: "1", count: 300_000).joined(separator: ",") + "]\n"
        let result = Linkwell.build(SourceFile(path: "site.yaml", text: text))
        #expect(
            result.diagnostics.map(\.description) == [
                "site.yaml:2:500002: error: the manifest holds more than 250000 values; a manifest holds a few thousand (put rows in an item data file)"
            ])
    }

    @Test func everyMalformedManifestGivesLocatedErrorsOrBuilds() {
        var random = PropertyTests.Random(state: 0x6D61_6C66)
        var failed = 0
        var slowest = 0.0
        for _ in 0..<320 {
            var text = Self.base
            for _ in 0..<(1 + random.below(3)) { text = Self.mutate(text, &random) }
            let start = Date()
            let result = Linkwell.build(SourceFile(path: "site.yaml", text: text), project: Fixtures.bundledProject)
            slowest = max(slowest, Date().timeIntervalSince(start))
            let errors = result.diagnostics.filter { $0.severity == .error }
            if !errors.isEmpty {
                failed += 1
                #expect(result.files.isEmpty)
                // Errors found in the rendered files (the AASA size, a robots proof) name the file in their text.
                let unlocated = errors.filter {
                    $0.location == nil && !$0.message.contains("apple-app-site-association") && !$0.message.contains("robots.txt")
                }
                #expect(unlocated.isEmpty, "\(unlocated)")
            }
        }
        #expect(failed > 250, "most mutations break the manifest: \(failed)")
        #expect(slowest < 10, "the slowest case took \(slowest) s")
    }

    @Test func aFileThatIsNotUTF8IsALocatedError() {
        var bytes = Array("version: 1\nname: \"Caf".utf8)
        bytes += [0xE9, 0x22, 0x0A]
        guard case .failure(let error) = SourceFile.decode(bytes, path: "site.yaml") else {
            Issue.record("decoded invalid UTF-8")
            return
        }
        #expect(
            error.description
                == "site.yaml:2:11: error: the file is not UTF-8 text: byte 0xE9 here starts no UTF-8 character (save the file as UTF-8)")
        let row = Array("path,title\n/u/a,\"Bad ".utf8) + [0xFF] + Array(" name\"\n".utf8)
        var reader = ItemRows(file: "data/p.csv", format: .csv, chunks: AnyIterator([row].makeIterator()))
        var messages: [String] = []
        while let next = reader.next() { if case .failure(let problem) = next { messages.append(problem.description) } }
        #expect(messages == ["data/p.csv:2:11: error: this field is not UTF-8 text (save the file as UTF-8)"])
    }
}
