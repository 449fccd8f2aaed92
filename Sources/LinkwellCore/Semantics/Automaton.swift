/// A nondeterministic finite automaton over `Symbol`s with ε-moves and one accepting state,
/// built by composition (Thompson's construction). Every rule of every platform reading is
/// compiled into one of these over the whole URL string `path ␜ query ␝ fragment`.
struct Automaton: Sendable {
    struct State: Sendable {
        var edges: [(symbols: SymbolSet, target: Int)] = []
        var epsilons: [Int] = []
    }

    var states: [State]
    var start: Int
    var accept: Int

    // MARK: - Building blocks

    /// The empty language: no string is accepted.
    static let nothing = Automaton(states: [State(), State()], start: 0, accept: 1)
    /// The language holding only the empty string.
    static let epsilon = Automaton(states: [State()], start: 0, accept: 0)

    /// One symbol from `set` (the empty language when the set is empty).
    static func one(of set: SymbolSet) -> Automaton {
        guard !set.isEmpty else { return .nothing }
        return Automaton(states: [State(edges: [(set, 1)]), State()], start: 0, accept: 1)
    }

    static func symbol(_ symbol: Symbol) -> Automaton { one(of: .single(symbol)) }

    static func string(_ symbols: some Sequence<Symbol>) -> Automaton {
        sequence(symbols.map { symbol($0) })
    }

    /// Any run of symbols from `set`, the empty run included.
    static func any(of set: SymbolSet) -> Automaton {
        Automaton(states: [State(edges: [(set, 0)])], start: 0, accept: 0)
    }

    static func sequence(_ parts: [Automaton]) -> Automaton {
        guard var result = parts.first else { return .epsilon }
        for part in parts.dropFirst() {
            let offset = result.states.count
            result.states += part.shifted(by: offset)
            result.states[result.accept].epsilons.append(part.start + offset)
            result.accept = part.accept + offset
        }
        return result
    }

    static func union(_ parts: [Automaton]) -> Automaton {
        guard parts.count > 1 else { return parts.first ?? .nothing }
        var states = [State(), State()]
        for part in parts {
            let offset = states.count
            states += part.shifted(by: offset)
            states[0].epsilons.append(part.start + offset)
            states[part.accept + offset].epsilons.append(1)
        }
        return Automaton(states: states, start: 0, accept: 1)
    }

    /// Zero or more repetitions.
    static func star(_ part: Automaton) -> Automaton {
        var states = [State()]
        states += part.shifted(by: 1)
        states[0].epsilons.append(part.start + 1)
        states[part.accept + 1].epsilons.append(0)
        return Automaton(states: states, start: 0, accept: 0)
    }

    static func plus(_ part: Automaton) -> Automaton { sequence([part, star(part)]) }

    static func optional(_ part: Automaton) -> Automaton { union([part, .epsilon]) }

    /// The states of `self` renumbered from `offset`.
    private func shifted(by offset: Int) -> [State] {
        states.map { state in
            State(edges: state.edges.map { ($0.symbols, $0.target + offset) }, epsilons: state.epsilons.map { $0 + offset })
        }
    }

    // MARK: - Questions and operations

    func closure(_ seeds: some Sequence<Int>) -> Set<Int> {
        var result = Set(seeds)
        var pending = Array(result)
        while let state = pending.popLast() {
            for target in states[state].epsilons where result.insert(target).inserted {
                pending.append(target)
            }
        }
        return result
    }

    func step(_ current: Set<Int>, _ symbol: Symbol) -> Set<Int> {
        var next: [Int] = []
        for state in current {
            for edge in states[state].edges where edge.symbols.contains(symbol) {
                next.append(edge.target)
            }
        }
        return closure(next)
    }

    func accepts(_ symbols: some Sequence<Symbol>) -> Bool {
        var current = closure([start])
        for symbol in symbols {
            current = step(current, symbol)
            if current.isEmpty { return false }
        }
        return current.contains(accept)
    }

    /// Every edge label, for working out the symbol classes an alphabet needs.
    var edgeSets: [SymbolSet] {
        states.flatMap { $0.edges.map(\.symbols) }
    }

    /// The strings both accept (product construction; ε-moves taken on either side alone).
    static func intersection(_ a: Automaton, _ b: Automaton) -> Automaton {
        struct Pair: Hashable {
            var a: Int
            var b: Int
        }
        var ids: [Pair: Int] = [:]
        var states: [State] = []
        var pending: [(pair: Pair, id: Int)] = []
        func id(_ pair: Pair) -> Int {
            if let existing = ids[pair] { return existing }
            states.append(State())
            ids[pair] = states.count - 1
            pending.append((pair, states.count - 1))
            return states.count - 1
        }
        let start = id(Pair(a: a.start, b: b.start))
        while let (pair, from) = pending.popLast() {
            for target in a.states[pair.a].epsilons { states[from].epsilons.append(id(Pair(a: target, b: pair.b))) }
            for target in b.states[pair.b].epsilons { states[from].epsilons.append(id(Pair(a: pair.a, b: target))) }
            for edgeA in a.states[pair.a].edges {
                for edgeB in b.states[pair.b].edges {
                    let common = edgeA.symbols.intersection(edgeB.symbols)
                    guard !common.isEmpty else { continue }
                    states[from].edges.append((common, id(Pair(a: edgeA.target, b: edgeB.target))))
                }
            }
        }
        let accept = ids[Pair(a: a.accept, b: b.accept)]
        guard let accept else { return .nothing }
        return Automaton(states: states, start: start, accept: accept)
    }

    /// The strings over `alphabet` this automaton does not accept (subset construction, then
    /// the accepting states flipped). Used for "an item name other than `n`".
    func complement(within alphabet: SymbolSet) -> Automaton {
        let classes = SymbolClasses(edgeSets + [alphabet]).classes.filter { !$0.intersection(alphabet).isEmpty }
        var ids: [Set<Int>: Int] = [:]
        var subsets: [Set<Int>] = []
        var result: [State] = []
        func id(_ subset: Set<Int>) -> Int {
            if let existing = ids[subset] { return existing }
            ids[subset] = subsets.count
            subsets.append(subset)
            result.append(State())
            return subsets.count - 1
        }
        _ = id(closure([start]))
        var index = 0
        while index < subsets.count {
            let subset = subsets[index]
            for symbols in classes {
                let representative = symbols.members[0]
                let target = id(step(subset, representative))
                result[index].edges.append((symbols.intersection(alphabet), target))
            }
            index += 1
        }
        let accept = result.count
        result.append(State())
        for (index, subset) in subsets.enumerated() where !subset.contains(self.accept) {
            result[index].epsilons.append(accept)
        }
        return Automaton(states: result, start: 0, accept: accept)
    }
}

extension Automaton {
    /// The same language over `alphabet` as a minimal deterministic automaton: the subset
    /// construction over the symbol classes of its own edges, then Moore's partition refinement.
    /// Pieces built from products and ε-moves (an Android query filter) shrink from thousands of
    /// states to tens, so products of them stay small.
    func minimized(within alphabet: SymbolSet) -> Automaton {
        minimized(within: alphabet, workLimit: .max) ?? self
    }

    /// `minimized(within:)`, or nil once the subset construction has gathered `workLimit` states
    /// in all (a pattern of thousands of `*` is left as it is, for the walk's budget to bound).
    /// Every rule is compiled through here, so it keeps to arrays: ε-closures by stamps, subsets
    /// and signatures numbered by `Interner` (hashing arrays as dictionary keys was most of the
    /// cost of compiling 1,000 rules).
    func minimized(within alphabet: SymbolSet, workLimit: Int) -> Automaton? {
        let classes = SymbolClasses(edgeSets + [alphabet]).classes.map { $0.intersection(alphabet) }.filter { !$0.isEmpty }
        let representatives = classes.map { $0.members[0] }
        let edgeClasses = states.map { state in
            state.edges.map { edge in representatives.indices.filter { edge.symbols.contains(representatives[$0]) } }
        }
        var stamps = [Int](repeating: -1, count: states.count)
        var stamp = 0
        var closures = [[Int]?](repeating: nil, count: states.count)
        func closureOf(_ state: Int) -> [Int] {
            if let known = closures[state] { return known }
            stamp += 1
            var found = [state]
            stamps[state] = stamp
            var cursor = 0
            while cursor < found.count {
                for target in states[found[cursor]].epsilons where stamps[target] != stamp {
                    stamps[target] = stamp
                    found.append(target)
                }
                cursor += 1
            }
            found.sort()
            closures[state] = found
            return found
        }
        var subsets = Interner()
        var table: [[Int]] = []
        var work = 0
        var buckets = [[Int]](repeating: [], count: classes.count)
        var subset: [Int] = []
        _ = subsets.id(of: closureOf(start))
        var index = 0
        while index < subsets.count {
            guard work < workLimit else { return nil }
            for symbolClass in classes.indices { buckets[symbolClass].removeAll(keepingCapacity: true) }
            for state in subsets[index] {
                for (edge, classesOfEdge) in zip(states[state].edges, edgeClasses[state]) {
                    for symbolClass in classesOfEdge { buckets[symbolClass].append(edge.target) }
                }
            }
            var row: [Int] = []
            row.reserveCapacity(classes.count)
            for symbolClass in classes.indices {
                subset.removeAll(keepingCapacity: true)
                for target in buckets[symbolClass] {
                    for state in closureOf(target) { subset.append(state) }
                }
                subset.sort()
                var kept = 0
                for state in subset where kept == 0 || subset[kept - 1] != state {
                    subset[kept] = state
                    kept += 1
                }
                subset.removeLast(subset.count - kept)
                work += subset.count
                row.append(subsets.id(of: subset))
            }
            table.append(row)
            index += 1
        }
        // Moore: split blocks by acceptance, then by the blocks each class leads to, until stable.
        let accepting = (0..<subsets.count).map { subsets[$0].contains(accept) }
        var block = accepting.map { $0 ? 1 : 0 }
        var blockCount = Set(block).count
        while true {
            var signatures = Interner()
            var signature: [Int] = []
            let refined = (0..<subsets.count).map { state in
                signature.removeAll(keepingCapacity: true)
                signature.append(block[state])
                for target in table[state] { signature.append(block[target]) }
                return signatures.id(of: signature)
            }
            let stable = signatures.count == blockCount
            block = refined
            blockCount = signatures.count
            if stable { break }
        }
        // The block that can never accept (the empty subset's, if reached) needs no edges into it.
        let dead = subsets.existingID(of: []).map { block[$0] }
        var result = [State](repeating: State(), count: blockCount + 1)
        var built = [Bool](repeating: false, count: blockCount)
        for state in 0..<subsets.count where !built[block[state]] {
            built[block[state]] = true
            var edges: [Int: SymbolSet] = [:]
            for (symbols, target) in zip(classes, table[state]) where block[target] != dead {
                edges[block[target], default: .empty] = edges[block[target], default: .empty].union(symbols)
            }
            result[block[state]].edges = edges.sorted { $0.key < $1.key }.map { ($0.value, $0.key) }
            if accepting[state] { result[block[state]].epsilons = [blockCount] }
        }
        return Automaton(states: result, start: block[0], accept: blockCount)
    }
}

/// Numbers arrays of integers by content: each new array gets the next number. Arrays are
/// found by a hash of their elements and compared only within a bucket.
private struct Interner {
    private var arrays: [[Int]] = []
    private var buckets: [UInt64: [Int]] = [:]

    var count: Int { arrays.count }

    subscript(id: Int) -> [Int] { arrays[id] }

    mutating func id(of array: [Int]) -> Int {
        let key = FNV.hash(words: array)
        if let found = buckets[key]?.first(where: { arrays[$0] == array }) { return found }
        arrays.append(array)
        buckets[key, default: []].append(arrays.count - 1)
        return arrays.count - 1
    }

    func existingID(of array: [Int]) -> Int? {
        buckets[FNV.hash(words: array)]?.first { arrays[$0] == array }
    }
}

/// The coarsest partition of the symbols that every given set is a union of: symbols in one
/// class are indistinguishable to every automaton built from those sets, so exploring one
/// representative per class is exact.
struct SymbolClasses: Sendable {
    let classes: [SymbolSet]

    init(_ sets: [SymbolSet]) {
        var classes = [SymbolSet((0..<Symbol(Symbols.count)))]
        for set in Set(sets) {
            var refined: [SymbolSet] = []
            for current in classes {
                let inside = current.intersection(set)
                let outside = current.subtracting(set)
                if !inside.isEmpty { refined.append(inside) }
                if !outside.isEmpty { refined.append(outside) }
            }
            classes = refined
        }
        self.classes = classes
    }
}
