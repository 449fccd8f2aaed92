import Synchronization

/// An AASA pattern (spec-reference §2.2): `*` any run of characters (across `/`), `?` exactly
/// one, `$(name)` one of a variable's values, everything else literal, anchored at both ends.
///
/// Nearly every pattern is ASCII with `*` and `?` as its only specials, and nearly every subject
/// is ASCII (paths as written are percent-encoded): those are matched byte by byte. Anything else
/// goes through the pattern's automaton (`GlobAutomaton`), built on first use — so a list of
/// 1,000 rules is ready to match without compiling 1,000 automata.
package struct GlobPattern: Sendable {
    package let source: String
    package let caseSensitive: Bool
    private let matcher: Matcher

    private enum Matcher: Sendable {
        /// The pattern's bytes (folded when case is ignored): it is ASCII with `*` and `?` as its
        /// only specials, so no automaton is ever needed (nor allocated: `match` makes a
        /// pattern for every rule it loads).
        case asciiGlob([UInt8])
        case automaton(LazyAutomaton)
    }

    /// `variables` are the values of every variable the pattern may name (built-ins included);
    /// a variable with no values never matches.
    package init(_ source: String, caseSensitive: Bool = true, variables: [String: [String]] = [:]) {
        self.source = source
        self.caseSensitive = caseSensitive
        matcher =
            source.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "$") })
            ? .asciiGlob(caseSensitive ? Array(source.utf8) : source.utf8.map(\.asciiLowercased))
            : .automaton(LazyAutomaton { GlobAutomaton(source, caseSensitive: caseSensitive, variables: variables) })
    }

    package func matches(_ subject: some StringProtocol) -> Bool {
        switch matcher {
        case .asciiGlob(let asciiGlob):
            let fast = subject.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
                bytes.allSatisfy { $0 < 0x80 } ? Self.globMatches(asciiGlob, bytes, foldCase: !caseSensitive) : nil
            }
            if let answer = fast ?? nil { return answer }
            // A subject beyond ASCII (`/u/zoë`): the same walk over its scalars, folded as the
            // automaton folds them, so no automaton is built for a pattern that needs none.
            return Self.globMatches(asciiGlob, scalars: Array(subject.unicodeScalars), caseSensitive: caseSensitive)
        case .automaton(let automaton):
            return automaton.value.matches(subject)
        }
    }

    /// `*` and `?` over ASCII bytes: the classic walk that, on a mismatch, lets the last `*`
    /// take one more byte. It is exact for these two wildcards (no state but the last star).
    private static func globMatches(_ pattern: [UInt8], _ subject: UnsafeBufferPointer<UInt8>, foldCase: Bool) -> Bool {
        globMatches(pattern, count: subject.count) { UInt32(foldCase ? subject[$0].asciiLowercased : subject[$0]) }
    }

    /// The same walk over scalars, folded as the automaton folds them: an ASCII pattern's byte
    /// is its scalar's value.
    private static func globMatches(_ pattern: [UInt8], scalars subject: [Unicode.Scalar], caseSensitive: Bool) -> Bool {
        globMatches(pattern, count: subject.count) { GlobAutomaton.fold(subject[$0], caseSensitive: caseSensitive).value }
    }

    /// The walk itself, over `count` units of the subject that `unit` reads (a byte or a
    /// scalar's value, folded when case is ignored).
    @inline(__always)
    private static func globMatches(_ pattern: [UInt8], count: Int, unit: (Int) -> UInt32) -> Bool {
        let star = UInt8(ascii: "*")
        let any = UInt8(ascii: "?")
        var p = 0
        var s = 0
        var starAt = -1
        var starSubject = 0
        while s < count {
            let value = unit(s)
            if p < pattern.count, pattern[p] == any || (UInt32(pattern[p]) == value && pattern[p] != star) {
                p += 1
                s += 1
            } else if p < pattern.count, pattern[p] == star {
                starAt = p
                starSubject = s
                p += 1
            } else if starAt >= 0 {
                p = starAt + 1
                starSubject += 1
                s = starSubject
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == star { p += 1 }
        return p == pattern.count
    }
}

/// An automaton built once, on first use, by whichever thread needs it first.
private final class LazyAutomaton: Sendable {
    private let make: @Sendable () -> GlobAutomaton
    private let built = Mutex<GlobAutomaton?>(nil)

    init(_ make: @escaping @Sendable () -> GlobAutomaton) { self.make = make }

    var value: GlobAutomaton {
        built.withLock { built in
            if let built { return built }
            let automaton = make()
            built = automaton
            return automaton
        }
    }
}

/// A pattern compiled into a small automaton: matching walks sets of states, so `*` backtracks
/// like a regular expression's `.*` without ever taking exponential time. Characters are
/// Unicode scalars.
struct GlobAutomaton: Sendable {
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

    let source: String
    let caseSensitive: Bool
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
    init(_ source: String, caseSensitive: Bool, variables: [String: [String]]) {
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
        Self.fold(scalar, caseSensitive: caseSensitive)
    }

    /// A scalar as compared when case is ignored: ASCII letters lower-cased, others by their
    /// lower-case mapping when it is one scalar.
    static func fold(_ scalar: Unicode.Scalar, caseSensitive: Bool) -> Unicode.Scalar {
        guard !caseSensitive else { return scalar }
        if scalar.isASCII {
            return (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value + 0x20)) : scalar
        }
        let lowered = scalar.properties.lowercaseMapping.unicodeScalars
        return lowered.count == 1 ? lowered.first ?? scalar : scalar
    }

    /// Walks the automaton with a list of live states; a generation stamp per state stands in
    /// for a set, so matching allocates one small array and never hashes.
    func matches(_ subject: some StringProtocol) -> Bool {
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
