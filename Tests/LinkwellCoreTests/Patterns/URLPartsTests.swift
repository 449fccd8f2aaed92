import LinkwellCore
import Testing

@Suite struct URLPartsTests {
    /// `allQueryItems` walks the query in place; it must read it as splitting it does — items
    /// at every `&` (empty ones dropped), name and value at the first `=`, both by `Character`,
    /// so a combining mark after `&` or `=` keeps it inside the item as splitting keeps it.
    @Test func queryItemsReadAsSplittingTheQuery() throws {
        var random = PropertyTests.Random(state: 0x0E41_1234)
        let pieces = ["a", "b", "=", "&", "&&", "%41", "é", "\u{301}", "ref", "==", " ", "?", "#"]
        for _ in 0..<5_000 {
            let query = (0..<random.below(9)).map { _ in random.pick(pieces) }.joined()
            let url = try #require(URLParts("https://m.example.com/p?" + query.replacingEvery("#", with: "%23")))
            let split = url.query.split(separator: "&").map { item in
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return [String(parts[0]), parts.count > 1 ? String(parts[1]) : ""]
            }
            #expect(url.queryItems.map { [$0.name, $0.value] } == split, "query \(url.query)")
            // Stopping at the first failing item stops the walk there.
            var seen = 0
            let allShort = url.allQueryItems { name, _ in
                seen += 1
                return name.count < 2
            }
            let firstLong = split.firstIndex { $0[0].count >= 2 }
            #expect(allShort == (firstLong == nil))
            #expect(seen == (firstLong.map { $0 + 1 } ?? split.count))
        }
    }
}
