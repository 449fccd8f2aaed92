/// A first-match rule list as a Moore machine: the rules' automata run side by side (one
/// subset of the merged automaton's states), and each subset is labelled with the first rule
/// that accepts. Subsets are built lazily, only as exploration reaches them, and each
/// transition is worked out once.
struct DecisionMachine {
    /// No rule accepts.
    static let undecided: Int32 = -1
    private static let unknown: Int32 = -2

    private var automaton: Automaton
    /// The merged automaton's edges, flat: state `s` owns `edgeStart[s]..<edgeStart[s + 1]`.
    private var edgeStart: [Int] = [0]
    private var edgeSymbols: [SymbolSet] = []
    private var edgeTargets: [Int] = []
    /// Per edge, the symbol classes it carries: a subset's transitions for every class are then
    /// worked out in one pass over its edges (a literal edge carries one class, so asking each
    /// class of each edge in turn cost classes × edges instead).
    private var edgeClasses: [[Int32]] = []
    /// Per class, the targets of the subset being expanded (reused).
    private var scratchBuckets: [[Int]] = []
    /// Per automaton state: the rule it accepts for, or -1.
    private var acceptingRule: [Int] = []
    /// Each state's ε-closure (the states a subset keeps), once worked out, in one flat buffer:
    /// state `s`'s is `closureStates[closureStart[s]..<closureEnd[s]]` (start -1 until worked
    /// out). Reading closures was most of a walk's time as arrays of arrays (a retain and a
    /// release per read).
    private var closureStart: [Int32]
    private var closureEnd: [Int32]
    private var closureStates: [Int32] = []
    /// A generation stamp per automaton state, so building a subset never hashes.
    private var stamps: [Int]
    private var generation = 0
    private let representatives: [Symbol]
    /// Each subset's automaton states, as 32-bit numbers: the subsets are most of a walk's memory.
    private var subsets: [[Int32]] = []
    /// Subset ids by a hash of their states: a lookup compares with the stored subsets, so the
    /// subset being built stays in the scratch buffer and is copied only when it is new.
    private var ids: [Int: [Int32]] = [:]
    /// Reused for every transition worked out (most find a subset that already exists).
    private var scratchTargets: [Int] = []
    private var scratchSubset: [Int] = []
    private var transitions: [Int32] = []
    private(set) var labels: [Int32] = []
    /// Steps spent so far (edges followed, states closed over, subset states and transition
    /// slots stored): what `EngineBudget` counts, the same on every machine.
    private(set) var work = 0
    /// Every rule accepting in each subset (for "which rules decide the URLs of rule j").
    private(set) var accepting: [[Int]] = []

    init(rules: [DecisionRule], representatives: [Symbol]) {
        self.representatives = representatives
        var states = [Automaton.State()]
        var accepts: [Int] = []
        for rule in rules {
            let offset = states.count
            states += rule.automaton.states.map { state in
                Automaton.State(
                    edges: state.edges.map { ($0.symbols, $0.target + offset) }, epsilons: state.epsilons.map { $0 + offset })
            }
            states[0].epsilons.append(rule.automaton.start + offset)
            accepts.append(rule.automaton.accept + offset)
        }
        acceptingRule = Array(repeating: -1, count: states.count)
        for (index, accept) in accepts.enumerated() { acceptingRule[accept] = index }
        automaton = Automaton(states: states, start: 0, accept: -1)
        for state in states {
            for edge in state.edges {
                edgeSymbols.append(edge.symbols)
                edgeTargets.append(edge.target)
            }
            edgeStart.append(edgeSymbols.count)
        }
        edgeClasses = edgeSymbols.map { symbols in
            representatives.indices.compactMap { symbols.contains(representatives[$0]) ? Int32($0) : nil }
        }
        scratchBuckets = Array(repeating: [], count: representatives.count)
        closureStart = Array(repeating: -1, count: states.count)
        closureEnd = Array(repeating: -1, count: states.count)
        stamps = Array(repeating: 0, count: states.count)
        _ = id(of: closure(of: [0]))
    }

    var start: Int32 { 0 }

    /// The subset that no rule can ever accept from: exploring past it learns nothing.
    func isDead(_ state: Int32) -> Bool { state == emptySubset }

    /// The id of the empty subset, once it exists.
    private var emptySubset: Int32 = -3

    mutating func next(_ state: Int32, _ symbolClass: Int) -> Int32 {
        let slot = Int(state) * representatives.count + symbolClass
        if transitions[slot] == Self.unknown { expand(state) }
        return transitions[slot]
    }

    /// Works out the transitions of `state` for every class at once.
    private mutating func expand(_ state: Int32) {
        for index in scratchBuckets.indices { scratchBuckets[index].removeAll(keepingCapacity: true) }
        for source in subsets[Int(state)].lazy.map(Int.init) {
            for edge in edgeStart[source]..<edgeStart[source + 1] {
                work += 1 + edgeClasses[edge].count
                for symbolClass in edgeClasses[edge] { scratchBuckets[Int(symbolClass)].append(edgeTargets[edge]) }
            }
        }
        let base = Int(state) * representatives.count
        for symbolClass in representatives.indices {
            // Most classes lead nowhere: the empty subset needs no closure, sorting or hashing.
            let target: Int32
            if scratchBuckets[symbolClass].isEmpty && emptySubset >= 0 {
                target = emptySubset
            } else {
                swap(&scratchTargets, &scratchBuckets[symbolClass])
                closeScratchTargets()
                swap(&scratchTargets, &scratchBuckets[symbolClass])
                target = idOfScratchSubset()
            }
            transitions[base + symbolClass] = target
        }
    }

    /// The ε-closure of `seeds`, keeping only the states that matter: those with an edge to
    /// follow and the accepting ones. Two subsets that differ only in pass-through states behave
    /// the same, and keeping those out makes them one state (far fewer states to walk).
    private mutating func closure(of seeds: [Int]) -> [Int] {
        scratchTargets = seeds
        closeScratchTargets()
        return scratchSubset
    }

    /// `closure(of: scratchTargets)` into `scratchSubset`, sorted.
    private mutating func closeScratchTargets() {
        generation += 1
        scratchSubset.removeAll(keepingCapacity: true)
        for seed in scratchTargets where stamps[seed] != generation {
            if closureStart[seed] < 0 { workOutClosure(seed) }
            for index in Int(closureStart[seed])..<Int(closureEnd[seed]) {
                let state = Int(closureStates[index])
                if stamps[state] != generation {
                    stamps[state] = generation
                    scratchSubset.append(state)
                }
            }
        }
        scratchSubset.sort()
        work += scratchSubset.count
    }

    /// Works out `state`'s closure into the flat buffer.
    private mutating func workOutClosure(_ state: Int) {
        // A depth-first walk over ε-moves, with its own stamps (the caller's are in use).
        var seen: Set<Int> = [state]
        var result = [state]
        var pending = [state]
        while let current = pending.popLast() {
            for target in automaton.states[current].epsilons where seen.insert(target).inserted {
                result.append(target)
                pending.append(target)
            }
        }
        // Only the states a subset keeps (see `closure(of:)`), so merging closures stays small.
        closureStart[state] = Int32(closureStates.count)
        for kept in result where edgeStart[kept] < edgeStart[kept + 1] || acceptingRule[kept] >= 0 {
            closureStates.append(Int32(kept))
        }
        closureEnd[state] = Int32(closureStates.count)
    }

    private mutating func id(of subset: [Int]) -> Int32 {
        scratchSubset = subset
        return idOfScratchSubset()
    }

    private mutating func idOfScratchSubset() -> Int32 {
        // Equal subsets share a hash and are then found by comparing, not by hashing arrays.
        let key = Int(truncatingIfNeeded: FNV.hash(words: scratchSubset))
        if let candidates = ids[key] {
            for candidate in candidates where subsets[Int(candidate)].elementsEqual(scratchSubset.lazy.map(Int32.init)) {
                return candidate
            }
        }
        let subset = scratchSubset
        let id = Int32(subsets.count)
        ids[key, default: []].append(id)
        if subset.isEmpty { emptySubset = id }
        subsets.append(subset.map(Int32.init))
        work += subset.count + representatives.count
        transitions += Array(repeating: Self.unknown, count: representatives.count)
        let rulesHere = subset.compactMap { acceptingRule[$0] >= 0 ? acceptingRule[$0] : nil }.sorted()
        accepting.append(rulesHere)
        labels.append(rulesHere.first.map(Int32.init) ?? Self.undecided)
        return id
    }
}

/// A breadth-first walk over the product of several decision machines and the URL universe,
/// over one representative symbol per class, so the first time a combination of labels is seen
/// it is seen on a shortest URL.
struct DecisionExploration {

    struct Outcome {
        /// The walk reached every state: whatever holds at the states seen holds for every URL.
        var complete: Bool
        /// Every URL of at most this many characters (path, `?`, query, `#`, fragment, counting
        /// the separators) was looked at.
        var exploredLength: Int
        var states: Int
    }

    let classes: [SymbolSet]
    let representatives: [Symbol]
    /// The URLs walked: with the UTF-8 condition only when some rule decodes; decoded text when
    /// every rule reads it (Android).
    let universe: Automaton
    /// The alphabet when the walk is over decoded text, else nil.
    let text: DecodedText?

    /// Classes for every edge set of the given rules (and the universe), ordered so that the
    /// representative symbols spell readable URLs: letters, digits, then punctuation.
    init(rules: [[DecisionRule]]) {
        text = rules.lazy.flatMap { $0 }.first?.reading
        universe =
            text?.universe ?? (rules.contains { $0.contains(where: \.decodes) } ? URLUniverse.automaton : URLUniverse.anyEscapes)
        var sets = universe.edgeSets
        for list in rules {
            for rule in list { sets += rule.automaton.edgeSets }
        }
        let preference = Array("xyzabcdefghijklmnopqrstuvw0123456789/-_.~=&?ABCDEFGHIJKLMNOPQRSTUVWXYZ%:@!$'()*+,;".utf8)
        func rank(_ symbol: Symbol) -> Int { preference.firstIndex(of: symbol) ?? (preference.count + Int(symbol)) }
        // Every class holds at least one symbol; an empty one could not be walked, so it is left out.
        let classes = SymbolClasses(sets).classes.compactMap { set in set.members.min { rank($0) < rank($1) }.map { (set, $0) } }
            .sorted { rank($0.1) < rank($1.1) }
        self.classes = classes.map(\.0)
        representatives = classes.map(\.1)
    }

    /// Whether the lists read URLs differently (as written, or as decoded text): no walk can
    /// compare them.
    static func mixesReadings(_ rules: [[DecisionRule]]) -> Bool {
        Set(rules.flatMap { $0 }.map(\.reading)).count > 1
    }

    /// A URL on `host` for a walk's string of symbols.
    func url(_ symbols: [Symbol], host: String) -> String {
        text?.url(symbols, host: host) ?? URLUniverse.url(symbols, host: host)
    }

    func machine(_ rules: [DecisionRule]) -> DecisionMachine {
        DecisionMachine(rules: rules, representatives: representatives)
    }

    /// Walks the product; `visit` sees each reachable product state at which a whole URL has
    /// been read, with each machine's label (deciding rule, or `undecided`), every rule that
    /// accepts there, and a way to spell the shortest URL that gets there; it returns false to
    /// stop the walk early.
    func explore(
        _ machines: inout [DecisionMachine], budget: EngineBudget = .default,
        visit: (_ labels: [Int32], _ accepting: [[Int]], _ witness: () -> [Symbol]) -> Bool
    ) -> Outcome {
        precondition(machines.count <= 2, "a product state packs the universe and at most two machines into 64 bits")
        var universe = machine([DecisionRule(automaton: universe, exclude: false, text: "URL")])
        let width = machines.count + 1
        // Product states, flat: `width` machine states per node (the universe's first).
        var states: [Int32] = [universe.start] + machines.map(\.start)
        var index: [UInt64: Int32] = [Self.key(states[...]): 0]
        var parents: [(parent: Int32, symbolClass: Int32)] = [(-1, -1)]
        var level: [Int32] = [0]
        var depth = 0
        var next = [Int32](repeating: 0, count: width)
        func steps() -> Int { universe.work + machines.reduce(index.count * width) { $0 + $1.work } }
        func witness(_ node: Int) -> [Symbol] {
            var symbols: [Symbol] = []
            var node = node
            while parents[node].parent >= 0 {
                symbols.append(representatives[Int(parents[node].symbolClass)])
                node = Int(parents[node].parent)
            }
            return symbols.reversed()
        }
        while !level.isEmpty {
            var nextLevel: [Int32] = []
            for node in level.map(Int.init) {
                let base = node * width
                if universe.labels[Int(states[base])] == 0 {
                    let machineStates = (1..<width).map { Int(states[base + $0]) }
                    let goOn = visit(
                        machineStates.enumerated().map { machines[$0.offset].labels[$0.element] },
                        machineStates.enumerated().map { machines[$0.offset].accepting[$0.element] }, { witness(node) })
                    // The caller has all it needs: the walk stops, unfinished (nothing is claimed
                    // about what it did not see).
                    if !goOn { return Outcome(complete: false, exploredLength: max(0, depth - 3), states: index.count) }
                }
                for symbolClass in classes.indices {
                    let u = universe.next(states[base], symbolClass)
                    guard !universe.isDead(u) else { continue }
                    next[0] = u
                    var alive = false
                    for offset in 1..<width {
                        let target = machines[offset - 1].next(states[base + offset], symbolClass)
                        if !machines[offset - 1].isDead(target) { alive = true }
                        next[offset] = target
                    }
                    // Once no machine can accept any more, every longer URL is undecided
                    // everywhere: nothing new can be learnt past here.
                    guard alive else { continue }
                    // A state number past what a key packs would make two product states one: the
                    // walk stops there instead (a --budget far above the default can reach it).
                    guard next.allSatisfy({ $0 < Self.stateBound }) else {
                        return Outcome(complete: false, exploredLength: max(0, depth - 3), states: index.count)
                    }
                    let key = Self.key(next[...])
                    if index[key] == nil {
                        // Past the budget the walk stops: what it found holds for every URL up to
                        // the length it had fully explored, and nothing is claimed beyond.
                        guard index.count < budget.productStates, steps() < budget.steps else {
                            return Outcome(complete: false, exploredLength: max(0, depth - 3), states: index.count)
                        }
                        index[key] = Int32(parents.count)
                        states += next
                        parents.append((Int32(node), Int32(symbolClass)))
                        nextLevel.append(Int32(parents.count - 1))
                    }
                }
            }
            level = nextLevel
            depth += 1
        }
        return Outcome(complete: true, exploredLength: .max, states: index.count)
    }

    /// Machine states below this fit a key (21 bits each).
    private static let stateBound: Int32 = 1 << 21

    /// Up to three machine states (each below `stateBound`, checked before) in one word.
    private static func key(_ states: ArraySlice<Int32>) -> UInt64 {
        var key: UInt64 = 0
        for state in states { key = key << 21 | UInt64(UInt32(state)) }
        return key
    }
}

/// How much one command's exact computations (its comparisons, a build's lint walks) may do
/// before they stop with "not proven within the budget"; a command with several walks gives each
/// a share (`share(of:)`). Counted in steps — automaton edges followed, states closed over,
/// subset states and transition slots stored, product states — never in seconds, so the same
/// input gives the same verdict and the same bytes on every machine. The default keeps the
/// walks of a command within about 2 s of CPU and 256 MB on a 2-core machine (measured with
/// minimal rule automata: docs/matching.md, "Bounds"; compiling the rules is outside it, bounded
/// per rule by `RuleLanguage.minimal`).
package struct EngineBudget: Sendable, Hashable {
    package var steps: Int
    /// Product states: each holds a witness path, so memory grows with them.
    package var productStates: Int

    package init(steps: Int, productStates: Int) {
        self.steps = steps
        self.productStates = productStates
    }

    package static let `default` = EngineBudget(steps: 320_000_000, productStates: 1_600_000)

    /// The default times `factor` (`--budget`).
    package static func scaled(_ factor: Int) -> EngineBudget {
        EngineBudget(steps: Self.default.steps * factor, productStates: Self.default.productStates * factor)
    }

    /// One of `parts` equal shares: a command that walks several lists gives each its share, so
    /// the command as a whole stays within its budget. The shares are fixed before any walk
    /// starts (never "what the others left"), so walks run on every core in any order and the
    /// verdicts stay the same on every machine.
    package func share(of parts: Int) -> EngineBudget {
        let parts = max(1, parts)
        return EngineBudget(steps: max(1, steps / parts), productStates: max(1, productStates / parts))
    }
}
