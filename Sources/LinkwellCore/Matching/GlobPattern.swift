/// An AASA pattern (spec-reference §2.2) compiled once into a small automaton: `*` any run of
/// characters (across `/`), `?` exactly one, `$(name)` one of a variable's values, everything
/// else literal, anchored at both ends. Matching walks sets of states, so `*` backtracks like a
/// regular expression's `.*` without ever taking exponential time.
///
/// Characters are Unicode scalars; with the default `percentEncoded`, subjects are ASCII anyway.
public struct GlobPattern: Sendable, Hashable {
    enum Edge: Sendable, Hashable {
        case scalar(Unicode.Scalar)
        case any
    }

    struct Transition: Sendable, Hashable {
        var edge: Edge
        var target: Int
    }

    struct State: Sendable, Hashable {
        var edges: [Transition] = []
        var epsilons: [Int] = []
    }

    public let source: String
    public let caseSensitive: Bool
    private(set) var states: [State] = [State()]
    private(set) var accepting = 0
    /// Each state's ε-closure (itself included), computed once.
    private(set) var closures: [[Int]] = []
    /// The pattern's literal start (folded when case is ignored): a subject without it cannot
    /// match, which rules out most patterns of a long list before any automaton runs.
    private(set) var literalPrefix: [Unicode.Scalar] = []
    /// Set when the pattern has no wildcard or variable at all: matching is a comparison.
    private(set) var isLiteral = false

    /// `variables` are the values of every variable the pattern may name (built-ins included);
    /// a variable with no values never matches.
    public init(_ source: String, caseSensitive: Bool = true, variables: [String: [String]] = [:]) {
        self.source = source
        self.caseSensitive = caseSensitive
        let end = append(source, from: 0, variables: variables, expandVariables: true)
        accepting = end
        closures = states.indices.map { closure([$0]).sorted() }
        let start = source.unicodeScalars.prefix { $0 != "*" && $0 != "?" && $0 != "$" }
        literalPrefix = start.map(fold)
        isLiteral = start.count == source.unicodeScalars.count
    }

    /// Adds the chain for `text` starting at state `start`; returns the state it ends in.
    private mutating func append(_ text: String, from start: Int, variables: [String: [String]], expandVariables: Bool) -> Int {
        var current = start
        let pieces: [PatternSyntax.Piece] =
            expandVariables ? ((try? PatternSyntax.pieces(of: text).get()) ?? [.literal(text)]) : [.literal(text)]
        for piece in pieces {
            switch piece {
            case .literal(let literal):
                for scalar in literal.unicodeScalars {
                    switch scalar {
                    case "*":
                        // A fresh state with a self-loop, so the loop never leaks into an
                        // alternative that shares the state before it.
                        let loop = newState()
                        states[current].epsilons.append(loop)
                        states[loop].edges.append(Transition(edge: .any, target: loop))
                        current = loop
                    case "?":
                        current = link(current, .any)
                    default:
                        current = link(current, .scalar(fold(scalar)))
                    }
                }
            case .variable(let name):
                let join = newState()
                for value in variables[name] ?? [] {
                    let branch = newState()
                    states[current].epsilons.append(branch)
                    // Values may hold `*` and `?` but never another variable.
                    let end = append(value, from: branch, variables: [:], expandVariables: false)
                    states[end].epsilons.append(join)
                }
                current = join
            }
        }
        return current
    }

    private mutating func newState() -> Int {
        states.append(State())
        return states.count - 1
    }

    private mutating func link(_ from: Int, _ edge: Edge) -> Int {
        let target = newState()
        states[from].edges.append(Transition(edge: edge, target: target))
        return target
    }

    private func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard !caseSensitive else { return scalar }
        if scalar.isASCII {
            return (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x20)! : scalar
        }
        let lowered = scalar.properties.lowercaseMapping.unicodeScalars
        return lowered.count == 1 ? lowered.first! : scalar
    }

    /// Walks the automaton with a list of live states; a generation stamp per state stands in
    /// for a set, so matching allocates one small array and never hashes.
    public func matches(_ subject: some StringProtocol) -> Bool {
        var scalars = subject.unicodeScalars.makeIterator()
        for expected in literalPrefix {
            guard let scalar = scalars.next(), fold(scalar) == expected else { return false }
        }
        if isLiteral { return scalars.next() == nil }
        var current = closures[0]
        var next: [Int] = []
        next.reserveCapacity(states.count)
        var stamp = [Int](repeating: 0, count: states.count)
        var generation = 0
        for scalar in subject.unicodeScalars {
            let folded = fold(scalar)
            generation += 1
            next.removeAll(keepingCapacity: true)
            for state in current {
                for transition in states[state].edges {
                    if case .scalar(let expected) = transition.edge, expected != folded { continue }
                    for reached in closures[transition.target] where stamp[reached] != generation {
                        stamp[reached] = generation
                        next.append(reached)
                    }
                }
            }
            if next.isEmpty { return false }
            swap(&current, &next)
        }
        return current.contains(accepting)
    }

    func closure(_ start: Set<Int>) -> Set<Int> {
        var result = start
        var pending = Array(start)
        while let state = pending.popLast() {
            for target in states[state].epsilons where result.insert(target).inserted {
                pending.append(target)
            }
        }
        return result
    }
}
