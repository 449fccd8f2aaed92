import Foundation
import LinkwellTestSupport
import Testing

@testable import LinkwellCore

/// The JSON Schema is generated from the decoder's key lists; these keep the committed copy and
/// the README honest. Tests/Schema validates every fixture against it with a real validator.
@Suite struct ManifestSchemaTests {
    @Test func committedSchemaIsTheGeneratedOne() throws {
        let committed = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.schema.json"), encoding: .utf8)
        #expect(committed == ManifestSchema.text, "site.schema.json is stale: run 'swift run linkwell schema > site.schema.json'")
    }

    @Test func everyMappingAcceptsExactlyTheDecodersKeys() throws {
        let root = ManifestSchema.document
        func properties(_ node: ManifestSchema.Node?) -> Set<String> { Set(node?.properties?.keys.map { $0 } ?? []) }
        func item(_ node: ManifestSchema.Node?) -> ManifestSchema.Node? { node?.items?.first }
        #expect(properties(root) == Set(ManifestKeys.root))
        let apps = root.properties?["apps"]
        #expect(properties(apps) == Set(ManifestKeys.apps))
        #expect(properties(item(apps?.properties?["ios"])) == Set(ManifestKeys.iosApp))
        #expect(properties(item(apps?.properties?["android"])) == Set(ManifestKeys.androidApp))
        #expect(properties(root.properties?["domains"]) == Set(ManifestKeys.domains))
        #expect(properties(item(root.properties?["routes"])) == Set(ManifestKeys.route))
        #expect(properties(item(root.properties?["tests"])) == Set(ManifestKeys.linkTest))
        #expect(properties(item(root.properties?["shortLinks"])) == Set(ManifestKeys.shortLink))
        guard case .schema(let pageType)? = root.properties?["pages"]?.additionalProperties else {
            Issue.record("pages has no page type schema")
            return
        }
        #expect(properties(pageType) == Set(ManifestKeys.pageType))
        #expect(pageType.properties?["fallback"]?.enumeration == ["store", "web"])
    }

    /// An editor shows a description for every key, and an example for every key that holds a value.
    @Test func everyKeyHasADescriptionAndEveryValueAnExample() {
        var keys = 0
        var undescribed: [String] = []
        var withoutExample: [String] = []
        func walk(_ node: ManifestSchema.Node, _ path: String) {
            for (key, child) in node.properties ?? [:] {
                keys += 1
                if child.description == nil { undescribed.append(path + key) }
                let holdsObjects = child.type == ["object"] || child.items?.first?.type == ["object"]
                if child.examples == nil && !holdsObjects { withoutExample.append(path + key) }
                walk(child, path + key + ".")
                if let item = child.items?.first { walk(item, path + key + "[].") }
                if case .schema(let value)? = child.additionalProperties { walk(value, path + key + ".*.") }
            }
        }
        walk(ManifestSchema.document, "")
        // The walk went into every nested section (the root alone has \(ManifestFields.root.keys.count) keys), with no
        // count to edit when a key is added.
        #expect(keys > ManifestFields.root.keys.count * 5)
        #expect(undescribed.isEmpty, "\(undescribed.sorted())")
        #expect(withoutExample.isEmpty, "\(withoutExample.sorted())")
    }

    @Test func starterAndBundledManifestsPointAtTheSchema() throws {
        let bundled = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)
        let header = "# yaml-language-server: $schema=site.schema.json\n"
        #expect(bundled.hasPrefix(header))
        let starter = StarterManifest(
            teamID: "ABCDE12345", bundleID: "com.example.app", package: nil, fingerprints: [], domain: "m.example.com",
            mirror: "mlink.example.com", name: nil)
        #expect(starter.yaml.hasPrefix(header))
    }
}
