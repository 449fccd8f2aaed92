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
    /// Set only by `minimized` (and by compositions proved to keep it, `RuleLanguage.url`): the
    /// automaton is the minimal deterministic one of its language, so it is not minimised again.
    /// Whatever edits a copy of an automaton's states must clear it.
    var isMinimal = false

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
        // The copy of the first part is edited below: it is no longer that (minimal) automaton.
        result.isMinimal = false
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

    /// In a deterministic automaton (`isDeterministic`): whether `state` accepts, and where
    /// `symbol` leads from it (nil: nowhere, the URL can no longer be accepted).
    func isAccepting(_ state: Int) -> Bool { state == accept || states[state].epsilons.contains(accept) }

    func target(from state: Int, on symbol: Symbol) -> Int? { states[state].edges.first { $0.symbols.contains(symbol) }?.target }

    /// Whether this is a deterministic automaton in the form `minimized` builds: no ε-move but
    /// from a state to the accepting one, which has no moves of its own, and no symbol on two
    /// edges of one state.
    var isDeterministic: Bool {
        guard states[accept].edges.isEmpty, states[accept].epsilons.isEmpty else { return false }
        for state in states {
            guard state.epsilons.allSatisfy({ $0 == accept }) else { return false }
            var seen = SymbolSet.empty
            for edge in state.edges {
                guard seen.intersection(edge.symbols).isEmpty else { return false }
                seen = seen.union(edge.symbols)
            }
        }
        return true
    }

    /// The automaton written out so that two minimal deterministic automata of the same language
    /// give equal forms (they are isomorphic; numbering states in breadth-first order, each
    /// state's edges by their lowest symbol, makes the isomorphism the identity). Nil when the
    /// automaton is not deterministic. Equal forms mean equal languages whether or not the
    /// automata are minimal; unequal forms say nothing unless both are.
    var canonicalForm: [UInt64]? {
        guard isDeterministic else { return nil }
        var number = [Int](repeating: -1, count: states.count)
        number[start] = 0
        var order = [start]
        var form: [UInt64] = []
        var cursor = 0
        while cursor < order.count {
            let accepting = order[cursor] == accept || !states[order[cursor]].epsilons.isEmpty
            let state = states[order[cursor]]
            cursor += 1
            let edges = state.edges.sorted { ($0.symbols.lowest ?? 0) < ($1.symbols.lowest ?? 0) }
            form.append(accepting ? 1 : 0)
            form.append(UInt64(edges.count))
            for edge in edges {
                if number[edge.target] < 0 {
                    number[edge.target] = order.count
                    order.append(edge.target)
                }
                form += edge.symbols.words
                form.append(UInt64(number[edge.target]))
            }
        }
        return form
    }

    /// Whether some state reaches the accepting one by an ε-move (for a minimal automaton: whether
    /// its language is not empty).
    var acceptsSomething: Bool { states.contains { $0.epsilons.contains(accept) } }

    /// Every edge label, for working out the symbol classes an alphabet needs.
    var edgeSets: [SymbolSet] {
        states.flatMap { $0.edges.map(\.symbols) }
    }

    /// The strings both accept (product construction; ε-moves taken on either side alone). Two
    /// deterministic automata give a deterministic product, which `minimized` then only
    /// partitions.
    static func intersection(_ a: Automaton, _ b: Automaton) -> Automaton {
        if a.isDeterministic, b.isDeterministic { return deterministicProduct(a, b) }
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

    /// The product of two deterministic automata, in the form `isDeterministic` describes.
    private static func deterministicProduct(_ a: Automaton, _ b: Automaton) -> Automaton {
        var ids: [UInt64: Int] = [:]
        var pairs: [(Int, Int)] = []
        var states: [State] = []
        func id(_ x: Int, _ y: Int) -> Int {
            let key = UInt64(x) << 32 | UInt64(y)
            if let known = ids[key] { return known }
            ids[key] = pairs.count
            pairs.append((x, y))
            states.append(State())
            return pairs.count - 1
        }
        _ = id(a.start, b.start)
        var cursor = 0
        var accepting: [Int] = []
        while cursor < pairs.count {
            let (x, y) = pairs[cursor]
            var edges: [(symbols: SymbolSet, target: Int)] = []
            for edgeA in a.states[x].edges {
                for edgeB in b.states[y].edges {
                    let common = edgeA.symbols.intersection(edgeB.symbols)
                    if !common.isEmpty { edges.append((common, id(edgeA.target, edgeB.target))) }
                }
            }
            states[cursor].edges = edges
            let acceptsA = x == a.accept || a.states[x].epsilons.contains(a.accept)
            let acceptsB = y == b.accept || b.states[y].epsilons.contains(b.accept)
            if acceptsA && acceptsB { accepting.append(cursor) }
            cursor += 1
        }
        let accept = states.count
        states.append(State())
        for state in accepting { states[state].epsilons = [accept] }
        return Automaton(states: states, start: 0, accept: accept)
    }

    /// `parts` one after the other with `separators[i]` between part i and part i + 1, built
    /// deterministically when every part is deterministic and never reads the separator that
    /// follows it (a URL's path, query and fragment); nil otherwise.
    static func deterministicSequence(_ parts: [Automaton], separators: [SymbolSet]) -> Automaton? {
        guard parts.count == separators.count + 1, parts.allSatisfy(\.isDeterministic) else { return nil }
        for (part, separator) in zip(parts, separators)
        where part.states.contains(where: { state in
            state.edges.contains { !$0.symbols.intersection(separator).isEmpty }
        }) {
            return nil
        }
        var states: [State] = []
        var offsets: [Int] = []
        for part in parts {
            offsets.append(states.count)
            states += part.states.map { state in
                State(edges: state.edges.map { ($0.symbols, $0.target + offsets[offsets.count - 1]) }, epsilons: [])
            }
        }
        let accept = states.count
        states.append(State())
        for (index, part) in parts.enumerated() {
            for (state, original) in part.states.enumerated() where state == part.accept || original.epsilons.contains(part.accept) {
                if index + 1 < parts.count {
                    states[offsets[index] + state].edges.append((separators[index], parts[index + 1].start + offsets[index + 1]))
                } else {
                    states[offsets[index] + state].epsilons = [accept]
                }
            }
        }
        return Automaton(states: states, start: parts[0].start, accept: accept)
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

/// The coarsest partition of the symbols that every given set is a union of: symbols in one
/// class are indistinguishable to every automaton built from those sets, so exploring one
/// representative per class is exact.
struct SymbolClasses: Sendable {
    let classes: [SymbolSet]

    init(_ sets: [SymbolSet]) {
        var classes = [SymbolSet((0..<Symbol(Symbols.count)))]
        // Each distinct set once, in a fixed order (a `Set`'s order changes from run to run).
        var previous: SymbolSet?
        for set in sets.sorted() where set != previous {
            previous = set
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
