import Synchronization

/// Compiles the pattern languages of the platforms into automata over one part of a URL
/// (path, whole query, a query item's name or value, fragment), reading the part exactly as
/// the concrete matcher does: as written, or percent-decoded (`percentEncoded: false`), with or
/// without case folding.
struct PartSyntax: Sendable, Hashable {
    /// The characters that may stand unescaped in this part.
    var raw: SymbolSet
    /// Whether the part is percent-decoded before it is compared.
    var decoded: Bool
    /// Set when the automata read decoded text (`DecodedText`) rather than a URL as written.
    var text: DecodedText? = nil

    static func path(decoded: Bool) -> PartSyntax { PartSyntax(raw: URLUniverse.pathCharacters, decoded: decoded) }
    static func query(decoded: Bool) -> PartSyntax { PartSyntax(raw: URLUniverse.queryCharacters, decoded: decoded) }
    static func fragment(decoded: Bool) -> PartSyntax { PartSyntax(raw: URLUniverse.fragmentCharacters, decoded: decoded) }
    static func itemName(decoded: Bool) -> PartSyntax {
        PartSyntax(raw: URLUniverse.queryCharacters.subtracting(SymbolSet(ascii: "&=")), decoded: decoded)
    }
    static func itemValue(decoded: Bool) -> PartSyntax {
        PartSyntax(raw: URLUniverse.queryCharacters.subtracting(SymbolSet(ascii: "&")), decoded: decoded)
    }

    private static let percent = UInt8(ascii: "%")

    /// One unit of the part: a character, or (decoded) a whole `%HH` escape.
    var token: Automaton {
        guard decoded else { return .one(of: raw) }
        return .union([.one(of: raw.subtracting(.single(Self.percent))), Self.anyEscape])
    }

    /// Any run of the part's units.
    var anyRun: Automaton {
        decoded ? .star(token) : .any(of: raw)
    }

    /// One character as the matcher counts it (`?`): one raw character, or (decoded) one escape
    /// of an ASCII byte or the escapes of one well-formed UTF-8 sequence.
    var anyCharacter: Automaton {
        guard decoded else { return .one(of: raw) }
        return .union([.one(of: raw.subtracting(.single(Self.percent))), Self.asciiEscape, Self.multiByteCharacter])
    }

    // The escapes as minimal automata, built once: every decoded `?` and `*` holds them, and the
    // forms composed from them ("one UTF-8 sequence as escapes with either case of hex digit")
    // are hundreds of ε-linked states, where tens of deterministic ones decide the same.
    private static let anyEscape = escape(0...255).minimized(within: .every)
    private static let asciiEscape = escape(0x00...0x7F).minimized(within: .every)

    /// One character other than `scalar` (Android's `*` skipping to the next pattern character),
    /// over a part whose characters are single symbols: decoded text (`DecodedText`), where
    /// Android's rules are compiled, or a part compared as written.
    func anyCharacter(except scalar: Unicode.Scalar) -> Automaton {
        precondition(!decoded, "a decoded part spells a character in several symbols; compile over DecodedText")
        let symbol = text.map { $0.symbol(scalar) } ?? (scalar.isASCII ? UInt8(scalar.value) : nil)
        return .one(of: symbol.map { raw.subtracting(.single($0)) } ?? raw)
    }

    /// The escapes of one well-formed UTF-8 sequence of two to four bytes.
    private static let multiByteCharacter: Automaton = {
        let continuation = escape(0x80...0xBF)
        return .union([
            .sequence([escape(0xC2...0xDF), continuation]),
            .sequence([escape(0xE0...0xE0), escape(0xA0...0xBF), continuation]),
            .sequence([escape(0xE1...0xEC), continuation, continuation]),
            .sequence([escape(0xED...0xED), escape(0x80...0x9F), continuation]),
            .sequence([escape(0xEE...0xEF), continuation, continuation]),
            .sequence([escape(0xF0...0xF0), escape(0x90...0xBF), continuation, continuation]),
            .sequence([escape(0xF1...0xF3), continuation, continuation, continuation]),
            .sequence([escape(0xF4...0xF4), escape(0x80...0x8F), continuation, continuation]),
        ]).minimized(within: .every)
    }()

    /// Exactly the scalar `scalar` (no folding): raw when it may stand raw here, or escaped.
    func exactly(_ scalar: Unicode.Scalar) -> Automaton {
        if let text { return .symbol(text.symbol(scalar)) }
        var options: [Automaton] = []
        if scalar.isASCII, scalar != "%" || !decoded, raw.contains(UInt8(scalar.value)) {
            options.append(.symbol(UInt8(scalar.value)))
        }
        if decoded {
            options.append(.sequence(Array(String(scalar).utf8).map { Self.escape($0...$0) }))
        }
        return .union(options)
    }

    /// A literal scalar of a pattern: every subject scalar that folds to the same scalar when
    /// the comparison ignores case.
    func literal(_ scalar: Unicode.Scalar, caseSensitive: Bool) -> Automaton {
        guard !caseSensitive else { return exactly(scalar) }
        return .union(CaseFolding.partners(of: scalar).map(exactly))
    }

    /// Exactly `text`, character by character, without folding.
    func exactly(_ text: String) -> Automaton {
        .sequence(text.unicodeScalars.map { exactly($0) })
    }

    /// `%HH` for every byte in `bytes`, with upper- or lower-case hex digits.
    static func escape(_ bytes: ClosedRange<UInt8>) -> Automaton {
        var options: [Automaton] = []
        for high in (bytes.lowerBound >> 4)...(bytes.upperBound >> 4) {
            let lowFrom = high == bytes.lowerBound >> 4 ? bytes.lowerBound & 0xF : 0
            let lowTo = high == bytes.upperBound >> 4 ? bytes.upperBound & 0xF : 0xF
            options.append(
                .sequence([.symbol(percent), .one(of: hexDigit(high...high)), .one(of: hexDigit(lowFrom...lowTo))]))
        }
        return .union(options)
    }

    private static func hexDigit(_ values: ClosedRange<UInt8>) -> SymbolSet {
        var set = SymbolSet()
        for value in values {
            if value < 10 {
                set.insert(UInt8(ascii: "0") + value)
            } else {
                set.insert(UInt8(ascii: "A") + value - 10)
                set.insert(UInt8(ascii: "a") + value - 10)
            }
        }
        return set
    }
}

/// The case folding `GlobPattern` applies when a rule ignores case: ASCII letters to lower
/// case, other scalars to their lower-case mapping when that is one scalar.
enum CaseFolding {
    static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value + 0x20)) : scalar
        }
        let lowered = Array(scalar.properties.lowercaseMapping.unicodeScalars)
        return lowered.count == 1 ? lowered[0] : scalar
    }

    /// Every scalar whose folding equals `scalar`'s (`k` → `k`, `K`, KELVIN SIGN): the folded
    /// scalar, its upper- and title-case forms when they fold back to it, and the few scalars
    /// whose lower-case mapping leads to a letter whose upper case is something else
    /// (`irregular`, checked against a scan of all of Unicode by a test).
    static func partners(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        let folded = fold(scalar)
        var result = [folded]
        for mapping in [folded.properties.uppercaseMapping, folded.properties.titlecaseMapping] {
            let scalars = Array(mapping.unicodeScalars)
            if scalars.count == 1, fold(scalars[0]) == folded { result.append(scalars[0]) }
        }
        result += (irregular[folded] ?? []).filter { fold($0) == folded }
        return result.uniqued()
    }

    /// Folded scalar → scalars that fold to it but are not its upper or title case.
    static let irregular: [Unicode.Scalar: [Unicode.Scalar]] = [
        "k": ["\u{212A}"], "\u{E5}": ["\u{212B}"], "\u{3C9}": ["\u{2126}"], "\u{DF}": ["\u{1E9E}"], "\u{3B8}": ["\u{3F4}"],
    ]
}

/// A file's substitution variables (its own and the built-ins), each compiled once per part and
/// case reading, as a minimal deterministic automaton: `$(lang)` is hundreds of values, and every
/// rule that names it composed and minimised them again (a thousand rules naming it took seconds).
/// Shared by the rules of a file compiled on every core.
final class VariableLanguages: Sendable {
    let values: [String: [String]]
    private let compiled = Mutex<[Key: Automaton]>([:])

    private struct Key: Hashable {
        var name: String
        var part: PartSyntax
        var caseSensitive: Bool
    }

    init(_ values: [String: [String]]) {
        self.values = values
    }

    /// No variables (iOS 9–12 paths, item patterns): every `$(…)` is text.
    static let none = VariableLanguages([:])

    /// Every value of `name` over `part` (the empty language for an unknown name).
    func language(_ name: String, part: PartSyntax, caseSensitive: Bool) -> Automaton {
        let key = Key(name: name, part: part, caseSensitive: caseSensitive)
        if let known = compiled.withLock({ $0[key] }) { return known }
        let language = Automaton.union(
            (values[name] ?? []).map {
                AASAPatternLanguage.compile($0, part: part, caseSensitive: caseSensitive, variables: .none, expandVariables: false)
            }
        ).minimized(within: .every)
        compiled.withLock { $0[key] = language }
        return language
    }
}

/// An AASA pattern (spec-reference §2.2, as `GlobPattern` reads it) over one part.
enum AASAPatternLanguage {
    static func compile(
        _ source: String, part: PartSyntax, caseSensitive: Bool, variables: VariableLanguages, expandVariables: Bool = true
    ) -> Automaton {
        let pieces: [PatternSyntax.Piece] =
            expandVariables ? ((try? PatternSyntax.pieces(of: source).get()) ?? [.literal(source)]) : [.literal(source)]
        var sequence: [Automaton] = []
        for piece in pieces {
            switch piece {
            case .literal(let literal):
                for scalar in literal.unicodeScalars {
                    switch scalar {
                    case "*": sequence.append(part.anyRun)
                    case "?": sequence.append(part.anyCharacter)
                    default: sequence.append(part.literal(scalar, caseSensitive: caseSensitive))
                    }
                }
            case .variable(let name):
                sequence.append(variables.language(name, part: part, caseSensitive: caseSensitive))
            }
        }
        return .sequence(sequence)
    }
}

/// The wildcards of Android's dynamic rules (`AndroidGlob`): `*` jumps to the first occurrence of
/// the next pattern character and never goes back. Built from that algorithm, state by state,
/// so the automaton and the concrete matcher cannot disagree. A character is one Unicode scalar,
/// one symbol of decoded text (`DecodedText`), as AOSP compares `Uri.getPath()`.
enum AndroidGlobLanguage {
    static func compile(_ pattern: String, part: PartSyntax) -> Automaton {
        let characters = Array(pattern.unicodeScalars)
        let count = characters.count
        // States: (p, skipping) → 2p + (skipping ? 1 : 0); then "accept everything", then the end.
        let acceptAll = 2 * (count + 1)
        let end = acceptAll + 1
        var moves: [(from: Int, symbols: Automaton, to: Int)] = []
        /// Where the matcher stands after skipping the `*`s at `p`.
        func settle(_ p: Int) -> Int {
            var p = p
            while p < count, characters[p] == "*" {
                p += 1
                if p == count { return acceptAll }
                if characters[p] == "?" || characters[p] == "*" { continue }
                return 2 * p + 1
            }
            return 2 * p
        }
        var epsilons: [(Int, Int)] = [(acceptAll, end), (2 * count, end)]
        for p in 0..<count {
            let plain = 2 * p
            let character = characters[p]
            if character == "?" {
                moves.append((plain, part.anyCharacter, settle(p + 1)))
            } else if character != "*" {
                let exact = part.exactly(character)
                moves.append((plain, exact, settle(p + 1)))
                moves.append((plain + 1, exact, settle(p + 1)))
                moves.append((plain + 1, part.anyCharacter(except: character), plain + 1))
            }
        }
        moves.append((acceptAll, part.anyCharacter, acceptAll))
        // Each move's automaton is spliced in between its two states.
        var states = [Automaton.State](repeating: Automaton.State(), count: end + 1)
        for (from, symbols, to) in moves {
            let offset = states.count
            states += symbols.states.map { state in
                Automaton.State(edges: state.edges.map { ($0.symbols, $0.target + offset) }, epsilons: state.epsilons.map { $0 + offset })
            }
            epsilons.append((from, symbols.start + offset))
            epsilons.append((symbols.accept + offset, to))
        }
        for (from, to) in epsilons { states[from].epsilons.append(to) }
        return Automaton(states: states, start: settle(0), accept: end)
    }
}
