/// Questions about two rules alone, each a walk of the pairs of their states beside the universe's.
///
/// Whether one rule accepts every URL another accepts: then, placed before it, the first rule
/// takes every URL the second could decide, and the second never decides anything.
///
/// This is the usual way a route dies (an exclusion after a broader route, a route repeated),
/// and it is cheap to prove: one walk of the pairs of the two rules' states beside the universe's,
/// where searching the whole list for a URL the later rule decides can be exponential (twenty
/// routes shaped `/*a1*b*` put every combination of their progress in the list's states).
enum RuleCoverage {
    /// Whether `earlier` accepts every URL (of the universe) that `later` accepts, or nil when
    /// either automaton is not deterministic or the walk reached `workLimit` steps. `steps` is
    /// what the walk spent.
    static func covers(
        _ earlier: Automaton, _ later: Automaton, universe: Automaton, representatives: [Symbol], workLimit: Int,
        steps: inout Int
    ) -> Bool? {
        guard earlier.isDeterministic, later.isDeterministic else { return nil }
        // Triples (later's state, earlier's state or -1 when it has failed, universe's state).
        var seen: Set<[Int]> = [[later.start, earlier.start, universe.start]]
        var pending = [[later.start, earlier.start, universe.start]]
        // Pairs of later's and the universe's states from which later still accepts some URL.
        var live: [[Int]: Bool] = [:]
        func stillAccepts(_ state: Int, _ universeState: Int) -> Bool {
            if let known = live[[state, universeState]] { return known }
            var reached: Set<[Int]> = [[state, universeState]]
            var frontier = [[state, universeState]]
            var found = false
            while let pair = frontier.popLast(), !found {
                steps += representatives.count
                if later.isAccepting(pair[0]) && universe.isAccepting(pair[1]) {
                    found = true
                    break
                }
                for symbol in representatives {
                    guard let a = later.target(from: pair[0], on: symbol), let u = universe.target(from: pair[1], on: symbol) else {
                        continue
                    }
                    if reached.insert([a, u]).inserted { frontier.append([a, u]) }
                }
            }
            live[[state, universeState]] = found
            return found
        }
        while let triple = pending.popLast() {
            steps += representatives.count
            guard steps < workLimit else { return nil }
            let (state, cover, universeState) = (triple[0], triple[1], triple[2])
            if cover < 0 {
                // The earlier rule has failed: covered only if the later one can accept nothing more.
                if stillAccepts(state, universeState) { return false }
                continue
            }
            if later.isAccepting(state) && universe.isAccepting(universeState) && !earlier.isAccepting(cover) { return false }
            for symbol in representatives {
                guard let u = universe.target(from: universeState, on: symbol), let a = later.target(from: state, on: symbol) else {
                    continue
                }
                let triple = [a, earlier.target(from: cover, on: symbol) ?? -1, u]
                if seen.insert(triple).inserted { pending.append(triple) }
            }
        }
        return true
    }

    /// Whether some URL (of the universe) is accepted by both rules, or nil when either is not
    /// deterministic or the walk reached `workLimit` steps.
    static func overlap(
        _ first: Automaton, _ second: Automaton, universe: Automaton, representatives: [Symbol], workLimit: Int, steps: inout Int
    ) -> Bool? {
        guard first.isDeterministic, second.isDeterministic else { return nil }
        var seen: Set<[Int]> = [[first.start, second.start, universe.start]]
        var pending = [[first.start, second.start, universe.start]]
        while let triple = pending.popLast() {
            steps += representatives.count
            guard steps < workLimit else { return nil }
            if first.isAccepting(triple[0]) && second.isAccepting(triple[1]) && universe.isAccepting(triple[2]) { return true }
            for symbol in representatives {
                guard let a = first.target(from: triple[0], on: symbol), let b = second.target(from: triple[1], on: symbol),
                    let u = universe.target(from: triple[2], on: symbol)
                else { continue }
                if seen.insert([a, b, u]).inserted { pending.append([a, b, u]) }
            }
        }
        return false
    }
}
