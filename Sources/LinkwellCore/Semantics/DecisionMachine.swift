/// A first-match rule list as a Moore machine: the rules' automata run side by side (one
/// subset of the merged automaton's states), and each subset is labelled with the first rule
/// that accepts. Subsets are built lazily, only as exploration reaches them, and each
/// transition is worked out once.
struct DecisionMachine {
    /// No rule accepts.
    static let undecided: Int32 = -1
    private static let unknown: Int32 = -2

    let rules: [DecisionRule]
    private var automaton: Automaton
    private var acceptingRule: [Int: Int] = [:]
    private var closures: [[Int]?]
    private let representatives: [Symbol]
    private var subsets: [[Int]] = []
    private var ids: [[Int]: Int32] = [:]
    private var transitions: [Int32] = []
    private(set) var labels: [Int32] = []
    /// Every rule accepting in each subset (for "which rules decide the URLs of rule j").
    private(set) var accepting: [[Int]] = []

    init(rules: [DecisionRule], representatives: [Symbol]) {
        self.rules = rules
        self.representatives = representatives
        var states = [Automaton.State()]
        for (index, rule) in rules.enumerated() {
            let offset = states.count
            states += rule.automaton.states.map { state in
                Automaton.State(
                    edges: state.edges.map { ($0.symbols, $0.target + offset) }, epsilons: state.epsilons.map { $0 + offset })
            }
            states[0].epsilons.append(rule.automaton.start + offset)
            acceptingRule[rule.automaton.accept + offset] = index
        }
        automaton = Automaton(states: states, start: 0, accept: -1)
        closures = Array(repeating: nil, count: states.count)
        _ = id(of: closure(of: [0]))
    }

    var start: Int32 { 0 }

    /// The subset that no rule can ever accept from: exploring past it learns nothing.
    func isDead(_ state: Int32) -> Bool { subsets[Int(state)].isEmpty }

    mutating func next(_ state: Int32, _ symbolClass: Int) -> Int32 {
        let slot = Int(state) * representatives.count + symbolClass
        if transitions[slot] != Self.unknown { return transitions[slot] }
        let symbol = representatives[symbolClass]
        var targets: [Int] = []
        for source in subsets[Int(state)] {
            for edge in automaton.states[source].edges where edge.symbols.contains(symbol) {
                targets.append(edge.target)
            }
        }
        let target = id(of: closure(of: targets))
        transitions[slot] = target
        return target
    }

    private mutating func closure(of seeds: [Int]) -> [Int] {
        var result = Set<Int>()
        for seed in seeds where !result.contains(seed) {
            result.formUnion(stateClosure(seed))
        }
        return result.sorted()
    }

    private mutating func stateClosure(_ state: Int) -> [Int] {
        if let known = closures[state] { return known }
        let computed = automaton.closure([state]).sorted()
        closures[state] = computed
        return computed
    }

    private mutating func id(of subset: [Int]) -> Int32 {
        if let known = ids[subset] { return known }
        let id = Int32(subsets.count)
        ids[subset] = id
        subsets.append(subset)
        transitions += Array(repeating: Self.unknown, count: representatives.count)
        let rulesHere = subset.compactMap { acceptingRule[$0] }.sorted()
        accepting.append(rulesHere)
        labels.append(rulesHere.first.map(Int32.init) ?? Self.undecided)
        return id
    }
}

/// A breadth-first walk over the product of several decision machines and the URL universe,
/// over one representative symbol per class, so the first time a combination of labels is seen
/// it is seen on a shortest URL.
struct DecisionExploration {
    /// Past this many product states the walk stops: what it found holds for every URL up to
    /// the length it had fully explored, and nothing is claimed beyond.
    static let defaultStateLimit = 400_000

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

    /// Classes for every edge set of the given rules (and the universe), ordered so that the
    /// representative symbols spell readable URLs: letters, digits, then punctuation.
    init(rules: [[DecisionRule]]) {
        var sets = URLUniverse.automaton.edgeSets
        for list in rules {
            for rule in list { sets += rule.automaton.edgeSets }
        }
        let preference = Array("xyzabcdefghijklmnopqrstuvw0123456789/-_.~=&?ABCDEFGHIJKLMNOPQRSTUVWXYZ%:@!$'()*+,;".utf8)
        func rank(_ symbol: Symbol) -> Int { preference.firstIndex(of: symbol) ?? (preference.count + Int(symbol)) }
        let classes = SymbolClasses(sets).classes.map { set in (set, set.members.min { rank($0) < rank($1) }!) }
            .sorted { rank($0.1) < rank($1.1) }
        self.classes = classes.map(\.0)
        representatives = classes.map(\.1)
    }

    func machine(_ rules: [DecisionRule]) -> DecisionMachine {
        DecisionMachine(rules: rules, representatives: representatives)
    }

    /// Walks the product; `visit` sees each reachable product state at which a whole URL has
    /// been read, with each machine's label (deciding rule, or `undecided`), every rule that
    /// accepts there, and a way to spell the shortest URL that gets there.
    func explore(
        _ machines: inout [DecisionMachine], stateLimit: Int = defaultStateLimit,
        visit: (_ labels: [Int32], _ accepting: [[Int]], _ witness: () -> [Symbol]) -> Void
    ) -> Outcome {
        var universe = machine([DecisionRule(automaton: URLUniverse.automaton, exclude: false, text: "URL")])
        let width = machines.count + 1
        var states: [Int32] = [universe.start] + machines.map(\.start)
        var index: [[Int32]: Int] = [states: 0]
        var parents: [(parent: Int, symbolClass: Int)] = [(-1, -1)]
        var level = [0]
        var depth = 0
        func witness(_ node: Int) -> [Symbol] {
            var symbols: [Symbol] = []
            var node = node
            while parents[node].parent >= 0 {
                symbols.append(representatives[parents[node].symbolClass])
                node = parents[node].parent
            }
            return symbols.reversed()
        }
        while !level.isEmpty {
            var nextLevel: [Int] = []
            for node in level {
                let current = Array(states[(node * width)..<(node * width + width)])
                if universe.labels[Int(current[0])] == 0 {
                    let here = current.dropFirst().enumerated().map { ($0.offset, Int($0.element)) }
                    visit(here.map { machines[$0.0].labels[$0.1] }, here.map { machines[$0.0].accepting[$0.1] }, { witness(node) })
                }
                for symbolClass in classes.indices {
                    let u = universe.next(current[0], symbolClass)
                    guard !universe.isDead(u) else { continue }
                    var next = [u]
                    var alive = false
                    for (offset, machineState) in current.dropFirst().enumerated() {
                        let target = machines[offset].next(machineState, symbolClass)
                        if !machines[offset].isDead(target) { alive = true }
                        next.append(target)
                    }
                    // Once no machine can accept any more, every longer URL is undecided
                    // everywhere: nothing new can be learnt past here.
                    guard alive else { continue }
                    if index[next] == nil {
                        guard index.count < stateLimit else {
                            return Outcome(complete: false, exploredLength: max(0, depth - 3), states: index.count)
                        }
                        index[next] = parents.count
                        states += next
                        parents.append((node, symbolClass))
                        nextLevel.append(parents.count - 1)
                    }
                }
            }
            level = nextLevel
            depth += 1
        }
        return Outcome(complete: true, exploredLength: .max, states: index.count)
    }
}
