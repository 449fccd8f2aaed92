/// A first-match rule list as a Moore machine: the rules' automata run side by side with the URL
/// universe's (one subset of the merged automaton's states), and each subset is labelled with the
/// first rule that accepts. Subsets are built lazily, only as exploration reaches them, and each
/// transition is worked out once.
///
/// A rule that has *settled* — it accepts every URL that can still follow, so it decides from
/// here on whatever comes next — makes every later rule it outranks irrelevant, and the machine
/// drops them (`scopes`). Without that, rules that keep their progress through a whole URL
/// (`/w/*/5/*`, `/*a1*b*`) made subsets of every combination of which had already matched.
struct DecisionMachine {
    /// No rule accepts.
    static let undecided: Int32 = -1
    private static let unknown: Int32 = -2

    private var automaton: Automaton
    /// The merged automaton's edges, flat: state `s` owns `edgeStart[s]..<edgeStart[s + 1]`.
    private var edgeStart: [Int] = [0]
    private var edgeTargets: [Int] = []
    /// Per edge, the symbol classes it carries: a subset's transitions for every class are then
    /// worked out in one pass over its edges (a literal edge carries one class, so asking each
    /// class of each edge in turn cost classes × edges instead).
    private var edgeClasses: [[Int32]] = []
    /// Per class, the targets of the subset being expanded (reused).
    private var scratchBuckets: [[Int]] = []
    /// Per automaton state: the rule it accepts for, or -1.
    private var acceptingRule: [Int] = []
    /// Per automaton state: its rule, or -1 for the start and the universe's states.
    private var owner: [Int32] = []
    /// The universe's states are `1..<firstRuleState` (0 is the start); `universeAccepting[u - 1]`
    /// says whether a whole URL has been read in state `u`.
    private let firstRuleState: Int
    private var universeAccepting: [Bool] = []
    /// Per rule: what it decides for (a bit per app), or nil when no rule may be dropped.
    private let scopes: [UInt64]?
    /// Per rule: whether its automaton is deterministic (then a state of it can be tested for
    /// having settled), and its accepting state.
    private var deterministic: [Bool] = []
    private var ruleAccept: [Int] = []
    /// Rule `r`'s states are `ruleStart[r]..<ruleStart[r + 1]`.
    private var ruleStart: [Int] = []
    /// Per state of a deterministic rule or the universe: whether it accepts (an ε to the
    /// rule's accepting state), and its target per class, worked out when first asked.
    private var acceptsHere: [Bool] = []
    private var denseRows: [Int: [Int32]] = [:]
    /// `settled(q, u)` once worked out: true when rule state `q` accepts every URL the universe
    /// can still complete from `u`.
    private var settledPairs: [UInt64: Bool] = [:]
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
    /// Per subset: whether a whole URL has been read there (the universe accepts).
    private var completing: [Bool] = []
    /// Steps spent so far (edges followed, states closed over, subset states and transition
    /// slots stored, settled pairs tested): what `EngineBudget` counts, the same on every machine.
    private(set) var work = 0
    /// Every rule accepting in each subset (for "which rules decide the URLs of rule j"). A rule
    /// dropped behind a settled one is not listed.
    private(set) var accepting: [[Int]] = []

    /// `universe`: a deterministic automaton of the URLs walked. `scopes`: per rule, the apps it
    /// decides for as bits (a rule is dropped once an earlier settled rule covers all of them);
    /// nil keeps every rule.
    init(rules: [DecisionRule], universe: Automaton, representatives: [Symbol], scopes: [UInt64]?) {
        self.representatives = representatives
        self.scopes = scopes
        var states = [Automaton.State()]
        // The universe, without its ε-moves to the accepting state: which states accept is kept aside.
        for state in universe.states {
            states.append(Automaton.State(edges: state.edges.map { ($0.symbols, $0.target + 1) }, epsilons: []))
            universeAccepting.append(state.epsilons.contains(universe.accept))
        }
        states[0].epsilons.append(universe.start + 1)
        firstRuleState = states.count
        owner = Array(repeating: -1, count: states.count)
        acceptsHere = [false] + universeAccepting
        for (index, rule) in rules.enumerated() {
            let offset = states.count
            ruleStart.append(offset)
            states += rule.automaton.states.map { state in
                Automaton.State(
                    edges: state.edges.map { ($0.symbols, $0.target + offset) }, epsilons: state.epsilons.map { $0 + offset })
            }
            states[0].epsilons.append(rule.automaton.start + offset)
            owner += Array(repeating: Int32(index), count: rule.automaton.states.count)
            ruleAccept.append(rule.automaton.accept + offset)
            deterministic.append(rule.automaton.isDeterministic)
            acceptsHere += rule.automaton.states.map { $0.epsilons.contains(rule.automaton.accept) }
        }
        ruleStart.append(states.count)
        acceptingRule = Array(repeating: -1, count: states.count)
        for (index, accept) in ruleAccept.enumerated() { acceptingRule[accept] = index }
        automaton = Automaton(states: states, start: 0, accept: -1)
        for state in states {
            for edge in state.edges {
                edgeTargets.append(edge.target)
                edgeClasses.append(
                    representatives.indices.compactMap { edge.symbols.contains(representatives[$0]) ? Int32($0) : nil })
            }
            edgeStart.append(edgeTargets.count)
        }
        scratchBuckets = Array(repeating: [], count: representatives.count)
        closureStart = Array(repeating: -1, count: states.count)
        closureEnd = Array(repeating: -1, count: states.count)
        stamps = Array(repeating: 0, count: states.count)
        scratchTargets = [0]
        closeScratchTargets()
        _ = idOfScratchSubset()
    }

    var start: Int32 { 0 }

    /// The subset that no rule can ever accept from: exploring past it learns nothing.
    func isDead(_ state: Int32) -> Bool { state == emptySubset }

    /// Whether a whole URL has been read in `state` (never in the dead one).
    func completes(_ state: Int32) -> Bool { completing[Int(state)] }

    /// Whether `rule` is still running in `state`: neither failed nor dropped behind a settled
    /// rule (either way, it decides no URL from there on).
    func holds(rule: Int, in state: Int32) -> Bool {
        let subset = subsets[Int(state)]
        let (first, end) = (Int32(ruleStart[rule]), Int32(ruleStart[rule + 1]))
        var (low, high) = (0, subset.count)
        while low < high {
            let middle = (low + high) / 2
            if subset[middle] < first { low = middle + 1 } else { high = middle }
        }
        return low < subset.count && subset[low] < end
    }

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

    /// The ε-closure of `scratchTargets` into `scratchSubset`, sorted, keeping only the states
    /// that matter (those with an edge to follow, the accepting ones and the universe's): two
    /// subsets that differ only in pass-through states behave the same, and keeping those out
    /// makes them one state. Then the rules a settled rule outranks are dropped, and a subset
    /// outside the universe, or with no rule left, is the empty one.
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
        dropOutrankedRules()
    }

    /// Keeps, in rule order, each rule until earlier settled rules cover every app it decides
    /// for. The universe's state comes first (its states are numbered before the rules').
    private mutating func dropOutrankedRules() {
        guard let universeState = scratchSubset.first, universeState > 0, universeState < firstRuleState else {
            scratchSubset.removeAll(keepingCapacity: true)
            return
        }
        var kept = 1
        var settledScopes: UInt64 = 0
        var pendingScopes: UInt64 = 0
        var currentRule: Int32 = -1
        for index in 1..<scratchSubset.count {
            let state = scratchSubset[index]
            let rule = owner[state]
            if rule != currentRule {
                settledScopes |= pendingScopes
                pendingScopes = 0
                currentRule = rule
            }
            if let scopes {
                let scope = scopes[Int(rule)]
                if scope & ~settledScopes == 0 { continue }
                if pendingScopes & scope != scope, deterministic[Int(rule)], state != ruleAccept[Int(rule)],
                    settled(state, universeState)
                {
                    pendingScopes |= scope
                }
            }
            scratchSubset[kept] = state
            kept += 1
        }
        scratchSubset.removeLast(scratchSubset.count - kept)
        if kept == 1 { scratchSubset.removeAll(keepingCapacity: true) }
    }

    /// Whether rule state `state` accepts every string the universe accepts from `universeState`:
    /// a walk of the pairs both reach, failing at a pair where the universe completes a URL and
    /// the rule does not accept, or where the universe goes on and the rule cannot.
    private mutating func settled(_ state: Int, _ universeState: Int) -> Bool {
        let key = UInt64(state) << 32 | UInt64(universeState)
        if let known = settledPairs[key] { return known }
        var seen: Set<UInt64> = [key]
        var pending = [(state, universeState)]
        var holds = true
        search: while let (q, u) = pending.popLast() {
            work += representatives.count
            if universeAccepting[u - 1] && !acceptsHere[q] {
                holds = false
                break
            }
            let universeRow = denseRow(u)
            let ruleRow = denseRow(q)
            for symbolClass in representatives.indices {
                let nextU = universeRow[symbolClass]
                guard nextU >= 0 else { continue }
                let nextQ = ruleRow[symbolClass]
                guard nextQ >= 0 else {
                    holds = false
                    break search
                }
                let pair = UInt64(nextQ) << 32 | UInt64(nextU)
                if let known = settledPairs[pair] {
                    guard known else {
                        holds = false
                        break search
                    }
                    continue
                }
                if seen.insert(pair).inserted { pending.append((Int(nextQ), Int(nextU))) }
            }
        }
        // A pair from which no failure is reachable has only such pairs after it.
        if holds {
            for pair in seen { settledPairs[pair] = true }
        } else {
            settledPairs[key] = false
        }
        return holds
    }

    /// The state each class leads to from a state of a deterministic automaton (-1: nowhere).
    private mutating func denseRow(_ state: Int) -> [Int32] {
        if let row = denseRows[state] { return row }
        var row = [Int32](repeating: -1, count: representatives.count)
        for edge in edgeStart[state]..<edgeStart[state + 1] {
            for symbolClass in edgeClasses[edge] { row[Int(symbolClass)] = Int32(edgeTargets[edge]) }
        }
        work += row.count
        denseRows[state] = row
        return row
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
        // Only the states a subset keeps (see `closeScratchTargets`), so merging closures stays small.
        closureStart[state] = Int32(closureStates.count)
        for kept in result
        where edgeStart[kept] < edgeStart[kept + 1] || acceptingRule[kept] >= 0 || (kept > 0 && kept < firstRuleState) {
            closureStates.append(Int32(kept))
        }
        closureEnd[state] = Int32(closureStates.count)
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
        completing.append(subset.first.map { $0 > 0 && $0 < firstRuleState && universeAccepting[$0 - 1] } ?? false)
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
        /// Steps spent (`EngineBudget.steps`).
        var steps: Int
    }

    let classes: [SymbolSet]
    let representatives: [Symbol]
    /// The URLs walked, as a minimal deterministic automaton: with the UTF-8 condition only when
    /// some rule decodes; decoded text when every rule reads it (Android).
    let universe: Automaton
    /// The alphabet when the walk is over decoded text, else nil.
    let text: DecodedText?

    /// Classes for every edge set of the given rules (and the universe), ordered so that the
    /// representative symbols spell readable URLs: letters, digits, then punctuation.
    init(rules: [[DecisionRule]]) {
        text = rules.lazy.flatMap { $0 }.first?.reading
        universe =
            text.map { $0.universe.minimized(within: .every) }
            ?? (rules.contains { $0.contains(where: \.decodes) } ? URLUniverse.deterministic : URLUniverse.anyEscapesDeterministic)
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

    /// The same URL from its path on.
    func path(_ symbols: [Symbol]) -> String {
        String(url(symbols, host: "").dropFirst("https://".count))
    }

    /// `scopes`: per rule, the apps it decides for as bits, so that rules a settled rule
    /// outranks are dropped (`DecisionMachine`); nil keeps every rule (a walk that asks which
    /// rules accept, not only which decides).
    func machine(_ rules: [DecisionRule], scopes: [UInt64]?) -> DecisionMachine {
        DecisionMachine(rules: rules, universe: universe, representatives: representatives, scopes: scopes)
    }

    /// One list's machine, every rule deciding for the same app.
    func machine(_ rules: [DecisionRule]) -> DecisionMachine {
        machine(rules, scopes: Array(repeating: 1, count: rules.count))
    }

    /// Walks the product of the machines; `visit` sees each reachable product state at which a
    /// whole URL has been read, with each machine's label (deciding rule, or `undecided`), every
    /// rule that accepts there, and a way to spell the shortest URL that gets there; it returns
    /// false to stop the walk early. With `guarded`, the last machine is a guard: only URLs it
    /// can still accept are walked (where the others can differ; see `RuleAlignment`).
    func explore(
        _ machines: inout [DecisionMachine], guarded: Bool = false, budget: EngineBudget = .default,
        visit: (_ labels: [Int32], _ accepting: [[Int]], _ witness: () -> [Symbol]) -> Bool
    ) -> Outcome {
        var edges = ProductEdges.off
        return explore(&machines, guarded: guarded, budget: budget, edges: &edges) { _, labels, accepting, witness in
            withoutActuallyEscaping(witness) { visit(labels, accepting, $0) }
        }
    }

    /// The same walk, keeping its edges in `edges` so that what each region covers can be read
    /// after it; `visit` also gets the product state's number (`RegionTracker.note`).
    func explore(
        _ machines: inout [DecisionMachine], guarded: Bool = false, budget: EngineBudget = .default, edges: inout ProductEdges,
        visit: (_ state: Int32, _ labels: [Int32], _ accepting: [[Int]], _ witness: () -> [Symbol]) -> Bool
    ) -> Outcome {
        precondition(machines.count <= 3, "a product state packs at most three machines into 64 bits")
        let width = machines.count
        let deciding = guarded ? width - 1 : width
        // Product states, flat: `width` machine states per node.
        var states: [Int32] = machines.map(\.start)
        var index: [UInt64: Int32] = [Self.key(states[...]): 0]
        var parents: [(parent: Int32, symbolClass: Int32)] = [(-1, -1)]
        var level: [Int32] = [0]
        var depth = 0
        var next = [Int32](repeating: 0, count: width)
        func steps() -> Int { machines.reduce(index.count * width) { $0 + $1.work } }
        func witness(_ node: Int) -> [Symbol] {
            var symbols: [Symbol] = []
            var node = node
            while parents[node].parent >= 0 {
                symbols.append(representatives[Int(parents[node].symbolClass)])
                node = Int(parents[node].parent)
            }
            return symbols.reversed()
        }
        func stop() -> Outcome { Outcome(complete: false, exploredLength: max(0, depth - 3), states: index.count, steps: steps()) }
        while !level.isEmpty {
            var nextLevel: [Int32] = []
            for node in level.map(Int.init) {
                let base = node * width
                // Every live machine reads the same URL, so any of them tells whether it is whole.
                if (0..<width).contains(where: { machines[$0].completes(states[base + $0]) }) {
                    let goOn = visit(
                        Int32(node), (0..<width).map { machines[$0].labels[Int(states[base + $0])] },
                        (0..<width).map { machines[$0].accepting[Int(states[base + $0])] }, { witness(node) })
                    // The caller has all it needs: the walk stops, unfinished (nothing is claimed
                    // about what it did not see).
                    if !goOn { return stop() }
                }
                for symbolClass in classes.indices {
                    var alive = false
                    for offset in 0..<width {
                        let target = machines[offset].next(states[base + offset], symbolClass)
                        if offset < deciding, !machines[offset].isDead(target) { alive = true }
                        next[offset] = target
                    }
                    // Once no machine can accept any more (or the guard cannot), every longer URL
                    // is decided alike: nothing new can be learnt past here.
                    guard alive, !guarded || !machines[width - 1].isDead(next[width - 1]) else { continue }
                    // A state number past what a key packs would make two product states one: the
                    // walk stops there instead (a --budget far above the default can reach it).
                    guard next.allSatisfy({ $0 < Self.stateBound }) else { return stop() }
                    let key = Self.key(next[...])
                    if let known = index[key] {
                        edges.add(from: Int32(node), to: known, symbolClass: Int32(symbolClass))
                    } else {
                        // Past the budget the walk stops: what it found holds for every URL up to
                        // the length it had fully explored, and nothing is claimed beyond.
                        guard index.count < budget.productStates, steps() < budget.steps else { return stop() }
                        index[key] = Int32(parents.count)
                        states += next
                        parents.append((Int32(node), Int32(symbolClass)))
                        nextLevel.append(Int32(parents.count - 1))
                        edges.add(from: Int32(node), to: Int32(parents.count - 1), symbolClass: Int32(symbolClass))
                    }
                }
            }
            level = nextLevel
            depth += 1
        }
        return Outcome(complete: true, exploredLength: .max, states: index.count, steps: steps())
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

    package static let `default` = EngineBudget(steps: 320_000_000, productStates: 1_600_000)

    /// What is left after `steps` were spent (never less than one step).
    package func less(_ steps: Int) -> EngineBudget {
        EngineBudget(steps: max(1, self.steps - steps), productStates: productStates)
    }

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
