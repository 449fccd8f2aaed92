import Testing

@testable import LinkwellCore

/// A region's breadth read off a walk's graph: one chain of single characters is exactly one
/// URL, a branch makes it finitely many, a cycle on the way to an end infinitely many; the start
/// its URLs share stops where they part.
@Suite struct RegionBreadthTests {
    /// Classes that tell `/`, `o`, `k`, `x` and `z` apart: those of a legacy rule naming them.
    static let exploration: DecisionExploration = {
        let document: JSONValue = .object([
            "applinks": .object([
                "details": .array([.object(["appID": .string("ABCDE12345.com.example.app"), "paths": .array([.string("/okxz")])])])
            ])
        ])
        return DecisionExploration(rules: [DecisionLists.aasa(document, form: .legacyPaths).first?.list.rules ?? []])
    }()

    /// The class whose only member is `symbol`.
    static func only(_ symbol: Symbol) throws -> Int32 {
        Int32(try #require(exploration.classes.firstIndex { $0.members == [symbol] }))
    }

    /// States 0…n along `symbols`, plus any `extra` edges; the region ends at `ends`.
    static func breadth(_ symbols: [Symbol], extra: [(Int32, Int32, Symbol)] = [], ends: [Int32]) throws -> RegionBreadth? {
        var edges = ProductEdges()
        for (offset, symbol) in symbols.enumerated() {
            edges.add(from: Int32(offset), to: Int32(offset + 1), symbolClass: try only(symbol))
        }
        for (from, to, symbol) in extra { edges.add(from: from, to: to, symbolClass: try only(symbol)) }
        var tracker = RegionTracker()
        for end in ends { tracker.note([0, 1], node: end) { "/ok" } }
        let states = Int(([Int32(symbols.count)] + extra.map { max($0.0, $0.1) }).max() ?? 0) + 1
        return tracker.breadth([0, 1], graph: ProductGraph(edges, states: states), complete: true, exploration: exploration)
    }

    static let ok: [Symbol] = Array("/ok".utf8) + [Symbols.noQuery, Symbols.noFragment]

    @Test func oneChainIsOneURL() throws {
        let breadth = try #require(try Self.breadth(Self.ok, ends: [5]))
        #expect(breadth.exhaustive && breadth.finite && breadth.examples == ["/ok"])
        #expect(breadth.words() == "only this URL")
    }

    @Test func aBranchIsFinitelyManyAndTheStartStopsWhereTheyPart() throws {
        // `/ok` and `/ox`, both ending in the same state.
        let breadth = try #require(try Self.breadth(Self.ok, extra: [(2, 3, UInt8(ascii: "x"))], ends: [5]))
        #expect(!breadth.exhaustive && breadth.finite && breadth.sharedStart == "/o")
        #expect(breadth.words() == "finitely many, all starting /o")
    }

    @Test func aCycleOnTheWayIsInfinitelyMany() throws {
        // `/ok`, `/okk`, `/okkk`, …
        let breadth = try #require(try Self.breadth(Self.ok, extra: [(3, 3, UInt8(ascii: "k"))], ends: [5]))
        #expect(!breadth.exhaustive && !breadth.finite && breadth.sharedStart == "/ok")
        #expect(breadth.words() == "infinitely many, all starting /ok")
        // A cycle no URL of the region passes through does not count.
        let off = try #require(try Self.breadth(Self.ok, extra: [(1, 6, UInt8(ascii: "z")), (6, 6, UInt8(ascii: "z"))], ends: [5]))
        #expect(off.finite)
    }

    /// `/ok` with no query, or with any query: every URL has the path `/ok`.
    @Test func urlsThatDifferOnlyInTheQueryShareTheWholePath() throws {
        let extra: [(Int32, Int32, Symbol)] = [
            (3, 6, Symbols.querySeparator), (6, 6, UInt8(ascii: "x")), (6, 5, Symbols.noFragment),
        ]
        let breadth = try #require(try Self.breadth(Self.ok, extra: extra, ends: [5]))
        #expect(breadth.wholePath && !breadth.finite && breadth.sharedStart == "/ok")
        #expect(breadth.words() == "infinitely many, all with the path /ok")
        #expect(breadth.sentence == "infinitely many, all with the path /ok (also /ok?, /ok?x)")
    }

    /// A walk that did not finish, or kept too many edges, reads no breadth.
    @Test func anUnfinishedWalkOrACutGraphReadsNothing() throws {
        var tracker = RegionTracker()
        tracker.note([0, 1], node: 1) { "/" }
        var edges = ProductEdges(limit: 1)
        edges.add(from: 0, to: 1, symbolClass: try Self.only(UInt8(ascii: "/")))
        #expect(tracker.breadth([0, 1], graph: ProductGraph(edges, states: 2), complete: false, exploration: Self.exploration) == nil)
        edges.add(from: 1, to: 1, symbolClass: try Self.only(UInt8(ascii: "/")))
        #expect(edges.truncated && ProductGraph(edges, states: 2) == nil)
    }
}
