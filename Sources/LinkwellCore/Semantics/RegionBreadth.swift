/// What a region of URLs covers, beyond its shortest URL: a few more of its URLs (shortest
/// first), the start every URL in it shares, and whether it holds finitely many URLs. Read off
/// the product walk that found the region, so each part is exact: `nil` where the walk did not
/// finish or kept too large a graph to read.
package struct RegionBreadth: Sendable, Hashable {
    /// Up to three of its URLs, from the path on, shortest first.
    package var examples: [String]
    /// The path every URL in the region starts with, when more than `/` or when it is their
    /// whole path (nil: they share no more than `/`); with `decoded`, the path once
    /// percent-decoded (Android reads it so).
    package var sharedStart: String?
    /// Every URL of the region has exactly `sharedStart` as its path (they differ in the query
    /// or fragment only).
    package var wholePath: Bool
    package var decoded: Bool
    package var finite: Bool
    /// The region holds exactly the URLs in `examples`.
    package var exhaustive: Bool

    /// The words and the other examples: "infinitely many, all starting /promo/ (also /promo/x)".
    package var sentence: String {
        let more = examples.dropFirst()
        return words() + (more.isEmpty ? "" : " (also \(more.joined(separator: ", ")))")
    }

    /// In words, for a report: "only this URL", "finitely many", "infinitely many, all starting
    /// /promo/"; `code` marks up the start (a Markdown code span).
    package func words(code: (String) -> String = { $0 }) -> String {
        if exhaustive { return examples.count == 1 ? "only this URL" : "only these \(examples.count) URLs" }
        let start =
            sharedStart.map { ", all \(wholePath ? "with the path" : "starting") \(code($0))\(decoded ? " once decoded" : "")" } ?? ""
        return (finite ? "finitely many" : "infinitely many") + start
    }
}

/// A product walk's edges, kept up to `limit`; past it the list is `truncated` and no breadth is
/// read from it (memory stays bounded whatever the walk's size).
struct ProductEdges {
    private(set) var list: [(from: Int32, to: Int32, symbolClass: Int32)] = []
    private(set) var truncated = false
    private let limit: Int

    /// About 12 MB of edges: a region walk of a few thousand states keeps all of its graph.
    init(limit: Int = 1_000_000) {
        self.limit = limit
    }

    /// Kept nothing: a walk that only needs shortest URLs.
    static var off: ProductEdges { ProductEdges(limit: 0) }

    mutating func add(from: Int32, to: Int32, symbolClass: Int32) {
        guard !truncated else { return }
        guard list.count < limit else {
            truncated = true
            list = []
            return
        }
        list.append((from, to, symbolClass))
    }
}

/// A walk's edges by state, both ways: built once per walk that found a difference.
struct ProductGraph {
    var outgoing: [[(to: Int32, symbolClass: Int32)]]
    var incoming: [[(from: Int32, symbolClass: Int32)]]

    /// Nil when the walk's edges were cut (`ProductEdges.truncated`).
    init?(_ edges: ProductEdges, states: Int) {
        guard !edges.truncated else { return nil }
        outgoing = Array(repeating: [], count: states)
        incoming = Array(repeating: [], count: states)
        for edge in edges.list {
            outgoing[Int(edge.from)].append((edge.to, edge.symbolClass))
            incoming[Int(edge.to)].append((edge.from, edge.symbolClass))
        }
    }
}

/// Per region of a walk, the product states where its URLs end and its shortest URL: with the
/// walk's edges, enough to read the region's breadth once the walk is over.
struct RegionTracker {
    private var members: [[Int]: [Int32]] = [:]
    private var shortest: [[Int]: String] = [:]

    /// The URL ending at product state `node` is in region `key`; `url` spells it from the path on.
    mutating func note(_ key: [Int], node: Int32, url: () -> String) {
        members[key, default: []].append(node)
        if shortest[key] == nil { shortest[key] = url() }
    }

    /// Region `key`'s breadth, or nil when the walk was not `complete` or its edges were cut.
    func breadth(_ key: [Int], graph: ProductGraph?, complete: Bool, exploration: DecisionExploration) -> RegionBreadth? {
        guard complete, let graph, let ends = members[key], let first = shortest[key] else { return nil }
        // The states on some path to an end of the region (every state is reachable from the start).
        var onPath = [Bool](repeating: false, count: graph.outgoing.count)
        var stack = ends
        for end in ends { onPath[Int(end)] = true }
        while let state = stack.popLast() {
            for (from, _) in graph.incoming[Int(state)] where !onPath[Int(from)] {
                onPath[Int(from)] = true
                stack.append(from)
            }
        }
        let region = RegionView(graph: graph, onPath: onPath, ends: Set(ends))
        // The one chain of single characters every URL of the region starts with: it goes on
        // until a URL of the region ends there or its URLs part ways.
        var chain: [Symbol] = []
        var state: Int32 = 0
        var onward = region.edges(from: state)
        while !region.ends.contains(state), onward.count == 1, let symbol = Self.onlySymbol(exploration.classes[Int(onward[0].symbolClass)])
        {
            chain.append(symbol)
            state = onward[0].to
            onward = region.edges(from: state)
        }
        // Exactly one URL: the chain reaches the region's only end, and nothing goes on from there.
        let exhaustive = ends.count == 1 && region.ends.contains(state) && onward.isEmpty
        // What they share in the path: the chain up to the query or fragment's marker.
        let path = chain.prefix { $0 < Symbols.noQuery || $0 >= Symbols.firstNamedNonASCII }
        // The path is whole when the chain went past its end, or every way on starts the query.
        let wholePath =
            path.count < chain.count
            || (!onward.isEmpty && !region.ends.contains(state)
                && onward.allSatisfy { exploration.classes[Int($0.symbolClass)].subtracting(Symbols.queryStart).isEmpty })
        let shared = exploration.path(Array(path))
        var examples = [first]
        if !exhaustive {
            // Plain URLs first; where the region holds too few, any of its shortest.
            examples = (examples + region.shortestURLs(plain: true, exploration: exploration)).uniqued()
            if examples.count < 3 { examples = (examples + region.shortestURLs(plain: false, exploration: exploration)).uniqued() }
        }
        return RegionBreadth(
            examples: Array(examples.prefix(3)), sharedStart: shared.count > 1 || wholePath ? Self.decodedText(shared, exploration) : nil,
            wholePath: wholePath, decoded: exploration.text != nil, finite: region.isAcyclic, exhaustive: exhaustive)
    }

    /// A decoded walk's start as the text it stands for (its URL form escapes what may not
    /// stand raw).
    private static func decodedText(_ path: String, _ exploration: DecisionExploration) -> String {
        exploration.text == nil ? path : PercentDecoding.decode(path)
    }

    /// The symbol a class stands for, when it stands for exactly one (not `otherNonASCII`, a
    /// stand-in for every character no rule names).
    private static func onlySymbol(_ set: SymbolSet) -> Symbol? {
        let members = set.members
        guard members.count == 1, let symbol = members.first, symbol != Symbols.otherNonASCII else { return nil }
        return symbol
    }
}

/// One region's part of a walk's graph: the states on a path to one of its ends, and the edges
/// between them.
private struct RegionView {
    let graph: ProductGraph
    let onPath: [Bool]
    let ends: Set<Int32>

    func edges(from state: Int32) -> [(to: Int32, symbolClass: Int32)] {
        onPath[Int(state)] ? graph.outgoing[Int(state)].filter { onPath[Int($0.to)] } : []
    }

    /// Whether its states hold no cycle (Kahn's algorithm): then the region is finite, else a
    /// cycle on the way to an end repeats into infinitely many URLs.
    var isAcyclic: Bool {
        var indegree = [Int32](repeating: 0, count: onPath.count)
        var count = 0
        for state in onPath.indices where onPath[state] {
            count += 1
            for edge in graph.outgoing[state] where onPath[Int(edge.to)] { indegree[Int(edge.to)] += 1 }
        }
        var ready = onPath.indices.filter { onPath[$0] && indegree[$0] == 0 }
        var removed = 0
        while let state = ready.popLast() {
            removed += 1
            for edge in graph.outgoing[state] where onPath[Int(edge.to)] {
                indegree[Int(edge.to)] -= 1
                if indegree[Int(edge.to)] == 0 { ready.append(Int(edge.to)) }
            }
        }
        return removed == count
    }

    /// Its shortest URLs, most readable first (a state's edges are in class order, which is
    /// reading order); `plain`: only those without a query or a fragment — `/promo`, `/promo/`,
    /// `/promo/x` tell more than `/promo#`. Each state's distance to an end (over the edges
    /// allowed) guides a search that takes a shortest way on first and among equals the most
    /// readable, so three URLs cost about three URLs' length of steps; bounded to 4,096 steps.
    func shortestURLs(plain: Bool, exploration: DecisionExploration) -> [String] {
        let separators: Set<Symbol> = plain ? [Symbols.querySeparator, Symbols.fragmentSeparator] : []
        func allowed(_ symbolClass: Int32) -> Bool { !separators.contains(exploration.representatives[Int(symbolClass)]) }
        // Fewest symbols from each state to an end of the region (-1: none).
        var distance = [Int32](repeating: -1, count: onPath.count)
        var frontier = Array(ends)
        for end in ends { distance[Int(end)] = 0 }
        while !frontier.isEmpty {
            var following: [Int32] = []
            for state in frontier {
                for (from, symbolClass) in graph.incoming[Int(state)]
                where onPath[Int(from)] && distance[Int(from)] < 0 && allowed(symbolClass) {
                    distance[Int(from)] = distance[Int(state)] + 1
                    following.append(from)
                }
            }
            frontier = following
        }
        guard distance[0] >= 0 else { return [] }
        // Each step: its state, the step before it and the symbol read (the URL is read back).
        var steps: [(state: Int32, previous: Int32, symbol: Symbol, length: Int32)] = [(0, -1, 0, 0)]
        // Steps waiting, by their shortest whole length; the last pushed is taken first.
        var waiting: [[Int32]] = Array(repeating: [], count: Int(distance[0]) + 1)
        waiting[Int(distance[0])] = [0]
        var found: [String] = []
        var bound = Int(distance[0])
        while bound < waiting.count, found.count < 3, steps.count < 4096 {
            guard let index = waiting[bound].popLast() else {
                bound += 1
                continue
            }
            let step = steps[Int(index)]
            if ends.contains(step.state) { found.append(read(index, steps, exploration)) }
            // Pushed in reverse, so the most readable is taken first.
            for edge in graph.outgoing[Int(step.state)].reversed()
            where onPath[Int(edge.to)] && distance[Int(edge.to)] >= 0 && allowed(edge.symbolClass) {
                let total = Int(step.length + 1 + distance[Int(edge.to)])
                while waiting.count <= total { waiting.append([]) }
                steps.append((edge.to, index, exploration.representatives[Int(edge.symbolClass)], step.length + 1))
                waiting[total].append(Int32(steps.count - 1))
            }
        }
        return found
    }

    private func read(
        _ index: Int32, _ steps: [(state: Int32, previous: Int32, symbol: Symbol, length: Int32)], _ exploration: DecisionExploration
    )
        -> String
    {
        var symbols: [Symbol] = []
        var step = Int(index)
        while steps[step].previous >= 0 {
            symbols.append(steps[step].symbol)
            step = Int(steps[step].previous)
        }
        return exploration.path(symbols.reversed())
    }
}
