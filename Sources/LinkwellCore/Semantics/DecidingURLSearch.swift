/// A shortest URL on which one rule of a list decides, found by a best-first search (A*) rather
/// than a walk of the whole list: each state of the list's machine is ranked by the URL so far
/// plus the fewest characters the rule still needs to accept (its own automaton beside the
/// universe's), so a search goes straight to the rule's own URLs and turns aside only where an
/// earlier rule takes them. States where the rule can no longer accept, or has been dropped
/// behind a settled rule, are not searched: when none is left, the rule decides no URL at all,
/// and that is proved.
///
/// This is what the `shadowed-rule` lint asks of every route; walking a list breadth-first to
/// answer it visits every combination of the rules' progress up to the length of the longest
/// witness (with `/*a1*b*`-shaped routes, exponentially many).
struct DecidingURLSearch {
    struct Result {
        /// The URL's symbols, or nil when there is none or the search stopped.
        var witness: [Symbol]?
        /// Every state where the rule could still decide was searched.
        var complete: Bool
        var steps: Int
    }

    /// `rule`'s automaton beside the universe's: per pair of their states, the fewest symbols to
    /// a whole URL the rule accepts (`Int32.max`: none), and the pair each class leads to.
    private var pairs: [UInt64: Int32] = [:]
    private var pairStates: [(rule: Int32, universe: Int32)] = []
    private var successors: [Int32] = []
    private var distance: [Int32] = []
    private let classCount: Int
    private(set) var work = 0

    /// Nil when the rule's automaton is not deterministic (a rule too large to minimise).
    init?(rule: Automaton, universe: Automaton, representatives: [Symbol]) {
        guard rule.isDeterministic else { return nil }
        classCount = representatives.count
        func rows(_ automaton: Automaton) -> [[Int32]] {
            automaton.states.map { state in
                representatives.map { symbol in
                    Int32(state.edges.first { $0.symbols.contains(symbol) }?.target ?? -1)
                }
            }
        }
        let ruleRows = rows(rule)
        let universeRows = rows(universe)
        // Forward: every pair reachable from the two starts.
        _ = index(of: Int32(rule.start), Int32(universe.start))
        var cursor = 0
        while cursor < pairStates.count {
            let (q, u) = pairStates[cursor]
            for symbolClass in 0..<classCount {
                let (nextQ, nextU) = (ruleRows[Int(q)][symbolClass], universeRows[Int(u)][symbolClass])
                successors.append(nextQ < 0 || nextU < 0 ? -1 : index(of: nextQ, nextU))
            }
            work += classCount
            cursor += 1
        }
        // Backward from the pairs where both accept: the fewest symbols still needed.
        var predecessors = [[Int32]](repeating: [], count: pairStates.count)
        for (from, target) in successors.enumerated() where target >= 0 {
            predecessors[Int(target)].append(Int32(from / classCount))
        }
        distance = [Int32](repeating: .max, count: pairStates.count)
        var frontier: [Int32] = []
        for (pair, states) in pairStates.enumerated()
        where rule.isAccepting(Int(states.rule)) && universe.isAccepting(Int(states.universe)) {
            distance[pair] = 0
            frontier.append(Int32(pair))
        }
        var steps: Int32 = 0
        while !frontier.isEmpty {
            steps += 1
            var next: [Int32] = []
            for pair in frontier {
                for before in predecessors[Int(pair)] where distance[Int(before)] == .max {
                    distance[Int(before)] = steps
                    next.append(before)
                }
            }
            work += frontier.count
            frontier = next
        }
    }

    private mutating func index(of rule: Int32, _ universe: Int32) -> Int32 {
        let key = UInt64(UInt32(rule)) << 32 | UInt64(UInt32(universe))
        if let known = pairs[key] { return known }
        pairStates.append((rule, universe))
        pairs[key] = Int32(pairStates.count - 1)
        return Int32(pairStates.count - 1)
    }

    /// Searches `machine` (the whole list, `rule` its rule number there) for a whole URL whose
    /// deciding rule is `rule`.
    mutating func search(_ rule: Int, in machine: inout DecisionMachine, representatives: [Symbol], budget: EngineBudget)
        -> Result
    {
        let startWork = machine.work
        var nodes: [(state: Int32, pair: Int32, parent: Int32, symbolClass: Int32)] = []
        var seen: Set<UInt64> = []
        var queue = PriorityQueue()
        func push(_ state: Int32, _ pair: Int32, parent: Int32, symbolClass: Int32, depth: Int32) {
            guard distance[Int(pair)] != .max, !machine.isDead(state), machine.holds(rule: rule, in: state),
                seen.insert(UInt64(UInt32(state)) << 32 | UInt64(UInt32(pair))).inserted
            else { return }
            nodes.append((state, pair, parent, symbolClass))
            queue.push(priority: depth + distance[Int(pair)], depth: depth, node: Int32(nodes.count - 1))
        }
        func steps() -> Int { work + machine.work - startWork + nodes.count }
        push(machine.start, 0, parent: -1, symbolClass: -1, depth: 0)
        while let (depth, node) = queue.pop() {
            let (state, pair, _, _) = nodes[Int(node)]
            if machine.completes(state) && machine.labels[Int(state)] == Int32(rule) {
                var symbols: [Symbol] = []
                var current = Int(node)
                while nodes[current].parent >= 0 {
                    symbols.append(representatives[Int(nodes[current].symbolClass)])
                    current = Int(nodes[current].parent)
                }
                return Result(witness: symbols.reversed(), complete: true, steps: steps())
            }
            guard nodes.count < budget.productStates, steps() < budget.steps else {
                return Result(witness: nil, complete: false, steps: steps())
            }
            for symbolClass in 0..<classCount {
                let nextPair = successors[Int(pair) * classCount + symbolClass]
                guard nextPair >= 0 else { continue }
                push(machine.next(state, symbolClass), nextPair, parent: node, symbolClass: Int32(symbolClass), depth: depth + 1)
            }
        }
        return Result(witness: nil, complete: true, steps: steps())
    }
}

/// A binary heap of search nodes by priority, first in first out among equal priorities (so a
/// search is deterministic and, like a breadth-first walk, prefers the readable classes first).
private struct PriorityQueue {
    private var heap: [(priority: Int32, order: Int32, depth: Int32, node: Int32)] = []
    private var pushed: Int32 = 0

    mutating func push(priority: Int32, depth: Int32, node: Int32) {
        heap.append((priority, pushed, depth, node))
        pushed += 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (depth: Int32, node: Int32)? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let (left, right) = (2 * parent + 1, 2 * parent + 2)
                var first = parent
                if left < heap.count, Self.before(heap[left], heap[first]) { first = left }
                if right < heap.count, Self.before(heap[right], heap[first]) { first = right }
                guard first != parent else { break }
                heap.swapAt(parent, first)
                parent = first
            }
        }
        return (top.depth, top.node)
    }

    private static func before(
        _ a: (priority: Int32, order: Int32, depth: Int32, node: Int32), _ b: (priority: Int32, order: Int32, depth: Int32, node: Int32)
    ) -> Bool {
        (a.priority, a.order) < (b.priority, b.order)
    }
}
