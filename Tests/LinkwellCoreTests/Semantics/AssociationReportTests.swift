import Testing

@testable import LinkwellCore

/// What `compare` prints, made in the library: the report's lines, the JSON lines' verdicts and
/// reasons, the last line of a proof, and which pairs of documents can be compared at all.
@Suite struct AssociationReportTests {
    @Test func twoObjectsAreAASAFilesTwoArraysAssetLinksAndAMixIsNeither() throws {
        let object = try JSONValue.parse(#"{"applinks": {"details": []}}"#)
        let array = try JSONValue.parse("[]")
        #expect(AssociationComparison.Files.pair(object, object)?.before.aasa != nil)
        #expect(AssociationComparison.Files.pair(array, array)?.after.assetLinks != nil)
        #expect(AssociationComparison.Files.pair(object, array) == nil)
        #expect(AssociationComparison.Files.pair(.string("x"), .string("x")) == nil)
    }

    @Test func aDifferenceIsReportedWithItsWitnessAndBothRulesInTextAndJSON() {
        let before = InstalledAppsTests.aasa([(["T.one"], [#"{"/": "/a/*"}"#])])
        let after = InstalledAppsTests.aasa([(["T.one"], [#"{"/": "/b/*"}"#])])
        let comparison = InstalledAppsTests.compare(before, after)
        let report = comparison.reportLines
        #expect(report.first?.hasPrefix("iOS 13+ · T.one: ") == true, "\(report)")
        #expect(report.contains { $0.hasPrefix("    before: opens the app — ") || $0.hasPrefix("    before: stays in the browser — ") })
        let lines = comparison.jsonLines
        #expect(lines.count == comparison.comparisons.count)
        let first = try? JSONValue.parse(lines[0])
        #expect(first?["verdict"]?.string == "different")
        #expect(first?["app"]?.string == "T.one")
        #expect(first?["differences"]?.array?.first?["url"]?.string?.hasPrefix("https://\(InstalledAppsTests.host)/") == true)
    }

    @Test func aProofNamesItsHostOrAnyHostAndItsInstalledAppSets() {
        let rules = InstalledAppsTests.aasa([(["T.one", "T.two"], [#"{"/": "/a/*"}"#])])
        let comparison = InstalledAppsTests.compare(rules, rules)
        #expect(comparison.isProvedSame)
        #expect(
            comparison.provedLine(host: "M.Example.com").hasPrefix(
                "proved on m.example.com: the two files decide every URL the same way on iOS 13+ and iOS 9–12, for every combination of installed apps (iOS 13+: 2 apps"
            ))
        #expect(comparison.provedLine(host: nil).contains("on any host that serves them"))
        let pairLine = comparison.jsonLines.compactMap { try? JSONValue.parse($0) }.first { $0["installed"] != nil }
        #expect(pairLine?["verdict"]?.string == "same")
    }
}
