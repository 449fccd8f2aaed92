import Foundation
import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// The manifest reader (libyaml's parser, Linkwell's composer) held to the YAML test suite
/// (Tests/Fixtures/yaml-test-suite, MIT, from yaml/yaml-test-suite's `data` branch): every
/// document a manifest could be reads to exactly the values of the case's `in.json`, every case
/// marked `error` is refused with a location, and what is refused besides is refused for a
/// reason a manifest has (one document, readable tags) — each figure pinned, so a change in
/// libyaml or in the composer shows.
@Suite struct YAMLTestSuiteTests {
    struct Case {
        var name: String
        var yaml: String
        var json: String?
        var isError: Bool
    }

    static let cases: [Case] = {
        let root = Fixtures.root.appendingPathComponent("yaml-test-suite")
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var found: [Case] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.lastPathComponent == "in.yaml", let data = try? Data(contentsOf: url) else { continue }
            let folder = url.deletingLastPathComponent()
            found.append(
                Case(
                    name: String(folder.path.dropFirst(root.path.count + 1)), yaml: String(decoding: data, as: UTF8.self),
                    json: try? String(contentsOf: folder.appendingPathComponent("in.json"), encoding: .utf8),
                    isError: FileManager.default.fileExists(atPath: folder.appendingPathComponent("error").path)))
        }
        return found.sorted { $0.name < $1.name }
    }()

    /// A node as JSON holds it: plain scalars by YAML 1.2's core schema (null, booleans, numbers),
    /// everything else as text — how the test suite's `in.json` spells a document's values.
    static func value(_ node: YAMLNode) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            guard scalar.isPlain else { return .string(scalar.text) }
            let text = scalar.text
            if scalar.isNull { return .null }
            if ["true", "True", "TRUE"].contains(text) { return .bool(true) }
            if ["false", "False", "FALSE"].contains(text) { return .bool(false) }
            if text.range(of: #"^[-+]?[0-9]+$"#, options: .regularExpression) != nil, let number = Double(text) { return .number(number) }
            if text.hasPrefix("0x"), let number = Int(text.dropFirst(2), radix: 16) { return .number(Double(number)) }
            if text.hasPrefix("0o"), let number = Int(text.dropFirst(2), radix: 8) { return .number(Double(number)) }
            if text.range(of: #"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$"#, options: .regularExpression) != nil,
                let number = Double(text)
            {
                return .number(number)
            }
            return .string(text)
        case .mapping(let entries, _):
            var object: [String: JSONValue] = [:]
            for entry in entries { object[entry.key.text] = value(entry.value) }
            return .object(object)
        case .sequence(let items, _):
            return .array(items.map(value))
        }
    }

    /// What each case came to.
    struct Figures: Equatable, CustomStringConvertible {
        var equal = 0
        var differ: [String] = []
        var refusedErrors = 0
        var acceptedErrors: [String] = []
        var refusedAsNotOneDocument = 0
        var refusedForATag = 0
        var refusedOtherwise: [String] = []
        var refusedNotByLibyaml: [String] = []
        var errorsWithoutPlace: [String] = []

        var description: String {
            "\(equal) equal to in.json, \(differ.count) differ \(differ), \(refusedErrors) error cases refused, "
                + "\(acceptedErrors.count) error cases accepted \(acceptedErrors), \(refusedAsNotOneDocument) refused as not one document, "
                + "\(refusedForATag) refused for a tag, \(refusedOtherwise.count) refused otherwise \(refusedOtherwise)"
        }
    }

    static let figures: Figures = {
        var figures = Figures()
        for test in cases {
            let result = YAMLParser.parse(SourceFile(path: "in.yaml", text: test.yaml))
            if case .failure(let diagnostic) = result, diagnostic.location == nil { figures.errorsWithoutPlace.append(test.name) }
            if test.isError {
                if case .failure = result { figures.refusedErrors += 1 } else { figures.acceptedErrors.append(test.name) }
                continue
            }
            switch result {
            case .success(let node):
                guard let json = test.json else { continue }
                // A stream of several documents has several JSON values; a manifest is one.
                if let expected = try? JSONValue.parse(json), expected == value(node) {
                    figures.equal += 1
                } else {
                    figures.differ.append(test.name)
                }
            case .failure(let diagnostic):
                let message = diagnostic.message
                if message.contains("another document") || message.contains("the manifest is empty") {
                    figures.refusedAsNotOneDocument += 1
                } else if message.contains("YAML tag") {
                    figures.refusedForATag += 1
                } else {
                    figures.refusedOtherwise.append(test.name)
                    if !message.hasPrefix("invalid YAML: ") { figures.refusedNotByLibyaml.append(test.name) }
                }
            }
        }
        return figures
    }()

    @Test func theSuiteIsHere() {
        #expect(Self.cases.count == 402)
        #expect(Self.cases.filter(\.isError).count == 94)
    }

    /// Every document read equals the values the suite says it holds, but five that libyaml
    /// 0.2.5 (a YAML 1.1 reader) reads otherwise: an anchor ending at ':' (Y2GN), a `?` or `:`
    /// starting a flow key (652Z, HM87/01), trailing spaces and lines of block scalars (L24T/01,
    /// JEF9/02). A manifest reads as libyaml reads it; these are named so a change shows.
    @Test func everyDocumentReadHoldsTheSuitesValues() {
        #expect(Self.figures.equal == 204, "\(Self.figures)")
        #expect(Self.figures.differ == ["652Z", "HM87/01", "JEF9/02", "L24T/01", "Y2GN"], "\(Self.figures)")
    }

    /// Every case the suite marks invalid is refused with a location, but twelve that libyaml
    /// 0.2.5 accepts (its known gaps), pinned by name.
    @Test func invalidDocumentsAreRefusedWithALocation() {
        #expect(Self.figures.errorsWithoutPlace == [], "\(Self.figures)")
        #expect(
            Self.figures.acceptedErrors == [
                "9C9N", "9JBA", "CVW2", "DK95/01", "G5U8", "MUS6/00", "QB6E", "S98Z", "SU5Z", "X4QW", "Y79Y/003", "YJV2",
            ], "\(Self.figures)")
        #expect(Self.figures.refusedErrors == 82, "\(Self.figures)")
    }

    /// What else is refused is refused for what a manifest is not (several documents or none,
    /// a tag it cannot read), or by libyaml itself as YAML 1.1 (51 YAML 1.2 documents: unknown
    /// directives, tabs, flow forms 1.1 lacks), in libyaml's words.
    @Test func validDocumentsAreRefusedOnlyForWhatAManifestIsNotOrByLibyaml() {
        #expect(Self.figures.refusedAsNotOneDocument == 17, "\(Self.figures)")
        #expect(Self.figures.refusedForATag == 13, "\(Self.figures)")
        #expect(Self.figures.refusedOtherwise.count == 51 && Self.figures.refusedNotByLibyaml == [], "\(Self.figures)")
    }
}
