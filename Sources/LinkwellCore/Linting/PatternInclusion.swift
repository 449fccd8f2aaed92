/// Decides whether every string one pattern matches is matched by at least one of several
/// others — L(A) ⊆ L(B₁) ∪ … ∪ L(Bₙ) — by walking both automata together over the subset
/// construction. The alphabet is every character the patterns name plus one symbol standing
/// for all the others, which is exact: no pattern can tell two unnamed characters apart.
enum PatternInclusion {
    /// Past this many explored state pairs the question is left undecided (answered `false`):
    /// a lint must never claim a rule is dead without proof.
    static let explorationLimit = 20_000

    static func isCovered(_ pattern: GlobPattern, by others: [GlobPattern]) -> Bool {
        guard !others.isEmpty else { return false }
        guard others.allSatisfy({ $0.caseSensitive == pattern.caseSensitive }) else { return false }
        var alphabet = Set<Unicode.Scalar>()
        for automaton in [pattern] + others {
            for state in automaton.states {
                for transition in state.edges {
                    if case .scalar(let scalar) = transition.edge { alphabet.insert(scalar) }
                }
            }
        }
        let symbols: [Unicode.Scalar?] = alphabet.sorted { $0.value < $1.value } + [nil]
        let start = (pattern.start, others.map(\.start))
        var seen: Set<Pair> = [Pair(start)]
        var pending = [Pair(start)]
        while let pair = pending.popLast() {
            let aAccepts = pair.a.contains(pattern.accepting)
            let bAccepts = zip(others, pair.b).contains { automaton, states in states.contains(automaton.accepting) }
            if aAccepts, !bAccepts { return false }
            for symbol in symbols {
                let nextA = pattern.step(pair.a, on: symbol)
                guard !nextA.isEmpty else { continue }
                let next = Pair((nextA, zip(others, pair.b).map { automaton, states in automaton.step(states, on: symbol) }))
                if seen.insert(next).inserted {
                    guard seen.count < explorationLimit else { return false }
                    pending.append(next)
                }
            }
        }
        return true
    }

    private struct Pair: Hashable {
        var a: Set<Int>
        var b: [Set<Int>]
        init(_ value: (Set<Int>, [Set<Int>])) { (a, b) = value }
    }
}

extension GlobPattern {
    var start: Set<Int> { closure([0]) }

    /// The states reached from `states` on `symbol`; nil stands for a character no pattern names.
    func step(_ states: Set<Int>, on symbol: Unicode.Scalar?) -> Set<Int> {
        var next: Set<Int> = []
        for state in states {
            for transition in self.states[state].edges {
                switch transition.edge {
                case .any: next.insert(transition.target)
                case .scalar(let expected) where expected == symbol: next.insert(transition.target)
                case .scalar: break
                }
            }
        }
        return next.isEmpty ? next : closure(next)
    }
}
