extension Automaton {
    /// The same language over `alphabet` as a minimal deterministic automaton: the subset
    /// construction over the symbol classes of its own edges, then Hopcroft's partition refinement.
    /// Pieces built from products and ε-moves (an Android query filter) shrink from thousands of
    /// states to tens, so products of them stay small.
    func minimized(within alphabet: SymbolSet) -> Automaton {
        minimized(within: alphabet, workLimit: .max) ?? self
    }

    /// `minimized(within:)`, or nil once the subset construction has gathered `workLimit` states
    /// in all (a pattern of thousands of `*` is left as it is, for the walk's budget to bound).
    /// Every rule is compiled through here, several times, so it keeps to flat arrays: a table of
    /// transitions, subsets in one buffer found through an open-addressed index, closures in
    /// another (arrays of arrays and dictionaries keyed by arrays were most of the cost of
    /// compiling a thousand rules, in allocations that the compiling threads queue for).
    func minimized(within alphabet: SymbolSet, workLimit: Int) -> Automaton? {
        if isMinimal, alphabet == .every { return self }
        let classes = SymbolClasses(edgeSets + [alphabet]).classes.map { $0.intersection(alphabet) }.filter { !$0.isEmpty }
        let representatives = classes.map { $0.members[0] }
        // An automaton that is deterministic already needs no subset construction, only the partition.
        guard let table = isDeterministic ? deterministicTable(representatives) : subsetTable(representatives, workLimit: workLimit)
        else { return nil }
        let (block, blockCount) = table.coarsestPartition()
        // The block that can never accept (the empty subset's, if reached) needs no edges into it.
        let dead = table.empty.map { block[$0] }
        var result = [State](repeating: State(), count: blockCount + 1)
        var built = [Bool](repeating: false, count: blockCount)
        var targets: [Int] = []
        var labels: [SymbolSet] = []
        for state in 0..<table.count where !built[block[state]] {
            built[block[state]] = true
            targets.removeAll(keepingCapacity: true)
            labels.removeAll(keepingCapacity: true)
            for (symbolClass, symbols) in classes.enumerated() {
                let target = block[Int(table.targets[state * table.classCount + symbolClass])]
                guard target != dead else { continue }
                if let slot = targets.firstIndex(of: target) {
                    labels[slot] = labels[slot].union(symbols)
                } else {
                    targets.append(target)
                    labels.append(symbols)
                }
            }
            result[block[state]].edges = zip(labels, targets).sorted { $0.1 < $1.1 }.map { ($0.0, $0.1) }
            if table.accepting[state] { result[block[state]].epsilons = [blockCount] }
        }
        return Automaton(states: result, start: block[0], accept: blockCount, isMinimal: true)
    }

    /// A complete deterministic automaton over the classes, for the states reached from the start
    /// (the start first), with a state that stands for "no edge" where one is needed.
    private func deterministicTable(_ representatives: [Symbol]) -> TransitionTable {
        var number = [Int32](repeating: -1, count: states.count)
        number[start] = 0
        var order = [start]
        var table = TransitionTable(classCount: representatives.count)
        var cursor = 0
        while cursor < order.count {
            let state = states[order[cursor]]
            cursor += 1
            for symbol in representatives {
                guard let target = state.edges.first(where: { $0.symbols.contains(symbol) })?.target else {
                    table.targets.append(-1)
                    continue
                }
                if number[target] < 0 {
                    number[target] = Int32(order.count)
                    order.append(target)
                }
                table.targets.append(number[target])
            }
            table.accepting.append(order[cursor - 1] == accept || state.epsilons.contains(accept))
        }
        if table.targets.contains(-1) {
            let empty = Int32(table.count)
            for index in table.targets.indices where table.targets[index] < 0 { table.targets[index] = empty }
            table.targets += repeatElement(empty, count: representatives.count)
            table.accepting.append(false)
            table.empty = Int(empty)
        }
        return table
    }

    /// The subset construction over the classes, or nil past `workLimit`.
    private func subsetTable(_ representatives: [Symbol], workLimit: Int) -> TransitionTable? {
        let classCount = representatives.count
        // Per edge, the classes it carries, flat.
        var edgeClassStart: [Int32] = [0]
        var edgeClasses: [Int32] = []
        var edgeTargets: [Int32] = []
        var firstEdge: [Int32] = [0]
        for state in states {
            for edge in state.edges {
                edgeTargets.append(Int32(edge.target))
                for (symbolClass, symbol) in representatives.enumerated() where edge.symbols.contains(symbol) {
                    edgeClasses.append(Int32(symbolClass))
                }
                edgeClassStart.append(Int32(edgeClasses.count))
            }
            firstEdge.append(Int32(edgeClassStart.count - 1))
        }
        var epsilonStart: [Int32] = [0]
        var epsilons: [Int32] = []
        for state in states {
            epsilons += state.epsilons.map(Int32.init)
            epsilonStart.append(Int32(epsilons.count))
        }
        // ε-closures, worked out when first needed, in one buffer.
        var closureStart = [Int32](repeating: -1, count: states.count)
        var closureEnd = [Int32](repeating: -1, count: states.count)
        var closures: [Int32] = []
        // Stamps for closures being worked out, and for subsets being gathered (two passes can nest).
        var closureStamps = [Int](repeating: -1, count: states.count)
        var stamps = [Int](repeating: -1, count: states.count)
        var stamp = 0
        func workOutClosure(_ state: Int) {
            let begin = closures.count
            closures.append(Int32(state))
            closureStamps[state] = state
            var cursor = begin
            while cursor < closures.count {
                let current = Int(closures[cursor])
                for target in epsilons[Int(epsilonStart[current])..<Int(epsilonStart[current + 1])]
                where closureStamps[Int(target)] != state {
                    closureStamps[Int(target)] = state
                    closures.append(target)
                }
                cursor += 1
            }
            closureStart[state] = Int32(begin)
            closureEnd[state] = Int32(closures.count)
        }
        var subsets = SubsetIndex()
        var table = TransitionTable(classCount: classCount)
        var buckets = [[Int32]](repeating: [], count: classCount)
        var subset: [Int32] = []
        var work = 0
        func close(_ seeds: [Int32]) {
            stamp += 1
            subset.removeAll(keepingCapacity: true)
            let mark = stamp
            for seed in seeds.lazy.map(Int.init) {
                if closureStart[seed] < 0 { workOutClosure(seed) }
                for index in Int(closureStart[seed])..<Int(closureEnd[seed]) {
                    let state = Int(closures[index])
                    if stamps[state] != mark {
                        stamps[state] = mark
                        subset.append(Int32(state))
                    }
                }
            }
            subset.sort()
            work += subset.count
        }
        close([Int32(start)])
        _ = subsets.id(of: subset)
        var emptyID = -1
        var index = 0
        while index < subsets.count {
            guard work < workLimit else { return nil }
            for symbolClass in 0..<classCount { buckets[symbolClass].removeAll(keepingCapacity: true) }
            for state in subsets.members(of: index).map(Int.init) {
                for edge in Int(firstEdge[state])..<Int(firstEdge[state + 1]) {
                    let target = edgeTargets[edge]
                    for slot in Int(edgeClassStart[edge])..<Int(edgeClassStart[edge + 1]) {
                        buckets[Int(edgeClasses[slot])].append(target)
                    }
                }
            }
            for symbolClass in 0..<classCount {
                // Most classes lead nowhere from a subset: the empty one needs no closure or lookup.
                if buckets[symbolClass].isEmpty {
                    if emptyID < 0 { emptyID = subsets.id(of: []) }
                    table.targets.append(Int32(emptyID))
                    continue
                }
                close(buckets[symbolClass])
                table.targets.append(Int32(subsets.id(of: subset)))
            }
            table.accepting.append(subsets.members(of: index).contains(Int32(accept)))
            index += 1
        }
        table.empty = subsets.existing(subset: [])
        return table
    }
}

/// A complete deterministic automaton over symbol classes: `targets[state * classCount + class]`.
struct TransitionTable {
    let classCount: Int
    var targets: [Int32] = []
    var accepting: [Bool] = []
    /// The state that accepts nothing and leads only to itself, if there is one.
    var empty: Int?

    init(classCount: Int) {
        self.classCount = classCount
    }

    var count: Int { accepting.count }

    /// The coarsest partition of the states that keeps accepting and other states apart and is
    /// stable under every class: its blocks are the minimal automaton's states. Hopcroft's
    /// algorithm, O(k·n·log n): a block split off is used as a splitter, for every class at once,
    /// only when it is the smaller half (or its block was still waiting); elements are kept
    /// grouped by block, and a split moves the marked ones to the front. Moore's refinement,
    /// round after round over every state, was most of the time of compiling a thousand rules
    /// that name `$(lang)`.
    func coarsestPartition() -> (block: [Int], count: Int) {
        // Predecessors per class and target, flat: (class c, target t) owns
        // `sources[predecessorStart[c * count + t]..<predecessorStart[c * count + t + 1]]`.
        var predecessorStart = [Int32](repeating: 0, count: classCount * count + 1)
        for (slot, target) in targets.enumerated() { predecessorStart[(slot % classCount) * count + Int(target) + 1] += 1 }
        for index in 1..<predecessorStart.count { predecessorStart[index] += predecessorStart[index - 1] }
        var fill = predecessorStart
        var sources = [Int32](repeating: 0, count: classCount * count)
        for (slot, target) in targets.enumerated() {
            let key = (slot % classCount) * count + Int(target)
            sources[Int(fill[key])] = Int32(slot / classCount)
            fill[key] += 1
        }
        // The partition: `elements[first[b]..<end[b]]` are block b's states, the ones before
        // `marked[b]` marked by the splitter being processed.
        var elements = (0..<count).filter { accepting[$0] } + (0..<count).filter { !accepting[$0] }
        var location = [Int](repeating: 0, count: count)
        for (index, state) in elements.enumerated() { location[state] = index }
        let acceptingCount = accepting.filter { $0 }.count
        var first: [Int] = []
        var end: [Int] = []
        var block = [Int](repeating: 0, count: count)
        for range in [0..<acceptingCount, acceptingCount..<count] where !range.isEmpty {
            for index in range { block[elements[index]] = first.count }
            first.append(range.lowerBound)
            end.append(range.upperBound)
        }
        var marked = first
        var waiting = [Bool](repeating: false, count: first.count)
        var worklist: [Int] = []
        if first.count == 2 {
            let smaller = end[0] - first[0] <= end[1] - first[1] ? 0 : 1
            worklist.append(smaller)
            waiting[smaller] = true
        }
        var touched: [Int] = []
        while let splitter = worklist.popLast() {
            waiting[splitter] = false
            let members = Array(elements[first[splitter]..<end[splitter]])
            for symbolClass in 0..<classCount {
                for target in members {
                    let slot = symbolClass * count + target
                    for index in Int(predecessorStart[slot])..<Int(predecessorStart[slot + 1]) {
                        let state = Int(sources[index])
                        let owner = block[state]
                        let position = location[state]
                        let boundary = marked[owner]
                        guard position >= boundary else { continue }
                        if boundary == first[owner] { touched.append(owner) }
                        let other = elements[boundary]
                        elements[boundary] = state
                        elements[position] = other
                        location[state] = boundary
                        location[other] = position
                        marked[owner] = boundary + 1
                    }
                }
                for owner in touched {
                    defer { marked[owner] = first[owner] }
                    guard marked[owner] < end[owner] else { continue }
                    // The marked states become a block of their own.
                    let split = first.count
                    first.append(first[owner])
                    end.append(marked[owner])
                    marked.append(first[owner])
                    waiting.append(false)
                    for index in first[owner]..<marked[owner] { block[elements[index]] = split }
                    first[owner] = marked[owner]
                    let smaller = end[split] - first[split] <= end[owner] - first[owner] ? split : owner
                    for candidate in waiting[owner] ? [split] : [smaller] where !waiting[candidate] {
                        waiting[candidate] = true
                        worklist.append(candidate)
                    }
                }
                touched.removeAll(keepingCapacity: true)
            }
        }
        return (block, first.count)
    }
}

/// Sorted subsets of automaton states, numbered in the order first seen: stored end to end in
/// one buffer and found through an open-addressed table of their numbers by hash.
private struct SubsetIndex {
    private var storage: [Int32] = []
    private var starts: [Int] = [0]
    private var hashes: [UInt64] = []
    /// Subset number + 1 per slot (0: empty), the table kept at most half full.
    private var slots = [Int32](repeating: 0, count: 64)

    var count: Int { starts.count - 1 }

    func members(of id: Int) -> ArraySlice<Int32> { storage[starts[id]..<starts[id + 1]] }

    mutating func id(of subset: [Int32]) -> Int {
        let hash = Self.hash(subset)
        if let found = find(subset, hash: hash) { return found }
        storage += subset
        starts.append(storage.count)
        hashes.append(hash)
        if 2 * count > slots.count { grow() } else { insert(count - 1, hash: hash) }
        return count - 1
    }

    func existing(subset: [Int32]) -> Int? { find(subset, hash: Self.hash(subset)) }

    private func find(_ subset: [Int32], hash: UInt64) -> Int? {
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] != 0 {
            let id = Int(slots[slot]) - 1
            if hashes[id] == hash, members(of: id).elementsEqual(subset) { return id }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    private mutating func insert(_ id: Int, hash: UInt64) {
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = Int32(id + 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for id in 0..<count { insert(id, hash: hashes[id]) }
    }

    private static func hash(_ subset: [Int32]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for state in subset {
            hash = (hash ^ UInt64(UInt32(bitPattern: state))) &* 0x100_0000_01b3
        }
        return hash ^ (hash >> 29)
    }
}
