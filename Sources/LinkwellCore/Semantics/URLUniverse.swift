/// The URLs the exact engine decides over, and how one is spelled as a string of `Symbol`s.
///
/// "Every URL" means every URL as RFC 3986 writes it: ASCII only (a browser percent-encodes
/// anything else before a platform sees it), and every `%` starts a `%HH` escape. A URL is the
/// string `path (␜ query | ␞) (␝ fragment | ␟)`: `https://h/x` is `/x␞␟`, `https://h/x?#` is
/// `/x␜␝`. iOS and the older Android readings treat an absent part as an empty one (their rules
/// accept either separator); Android 15+ does not (a query or fragment filter needs `␜` or `␝`,
/// spec-reference §2.4 item 9). The host is not part of the string: each comparison is for one
/// host.
enum URLUniverse {
    static let alpha = SymbolSet(ascii: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    static let digits = SymbolSet(ascii: "0123456789")
    static let hexDigits = digits.union(SymbolSet(ascii: "ABCDEFabcdef"))
    /// RFC 3986 `pchar`: unreserved, sub-delims, `:`, `@`, and `%` (which starts an escape).
    static let pchar = alpha.union(digits).union(SymbolSet(ascii: "-._~!$&'()*+,;=:@%"))
    static let pathCharacters = pchar.union(SymbolSet(ascii: "/"))
    static let queryCharacters = pchar.union(SymbolSet(ascii: "/?"))
    static let fragmentCharacters = queryCharacters

    /// The universe itself: a path starting with `/`, `␜`, a query, `␝`, a fragment, where every
    /// `%` starts an escape and the escaped bytes of 0x80 and above form well-formed UTF-8 (what a
    /// browser writes for text; an escape such as a lone `%AA` is outside, and nothing is claimed
    /// about it).
    static let automaton = universe()

    /// Without the UTF-8 condition: every `%HH`. Exact for rules that never decode (they compare
    /// escapes as the characters they are written with). Written by hand as the few states it
    /// needs, since every state of the walk is a state of this times the rules'.
    static let anyEscapes: Automaton = {
        // 0 start; 1–3, 4–6, 7–9 path, query, fragment (a character, then the two hex digits of
        // an escape); 10 after `␞` (no query); 11 the end, after `␟` or a whole fragment.
        var states = [Automaton.State](repeating: Automaton.State(), count: 12)
        states[0].edges = [(.single(UInt8(ascii: "/")), 1)]
        let percent = SymbolSet.single(UInt8(ascii: "%"))
        for (part, characters) in [(1, pathCharacters), (4, queryCharacters), (7, fragmentCharacters)] {
            states[part].edges = [(characters.subtracting(percent), part), (percent, part + 1)]
            states[part + 1].edges = [(hexDigits, part + 2)]
            states[part + 2].edges = [(hexDigits, part)]
        }
        states[1].edges += [(.single(Symbols.querySeparator), 4), (.single(Symbols.noQuery), 10)]
        for query in [4, 10] {
            states[query].edges += [(.single(Symbols.fragmentSeparator), 7), (.single(Symbols.noFragment), 11)]
        }
        states[7].epsilons = [11]
        return Automaton(states: states, start: 0, accept: 11)
    }()

    /// `automaton` and `anyEscapes` as minimal deterministic automata (accepting states with an
    /// ε-move to the accepting one), as decision machines run them beside the rules.
    static let deterministic = automaton.minimized(within: .every)
    static let anyEscapesDeterministic = anyEscapes.minimized(within: .every)

    private static func universe() -> Automaton {
        func part(_ characters: SymbolSet) -> Automaton {
            .star(PartSyntax(raw: characters, decoded: true).anyCharacter)
        }
        return .sequence([.symbol(UInt8(ascii: "/")), part(pathCharacters), optionalParts(part(queryCharacters), part(fragmentCharacters))])
    }

    /// `(␜ query | ␞) (␝ fragment | ␟)`: each part written after its separator, or absent.
    static func optionalParts(_ query: Automaton, _ fragment: Automaton) -> Automaton {
        .sequence([
            .union([.sequence([.symbol(Symbols.querySeparator), query]), .symbol(Symbols.noQuery)]),
            .union([.sequence([.symbol(Symbols.fragmentSeparator), fragment]), .symbol(Symbols.noFragment)]),
        ])
    }

    /// A concrete URL on `host` for a string of symbols.
    static func url(_ symbols: [Symbol], host: String) -> String {
        var url = "https://\(host)"
        for symbol in symbols {
            switch symbol {
            case Symbols.querySeparator: url += "?"
            case Symbols.fragmentSeparator: url += "#"
            case Symbols.noQuery, Symbols.noFragment: continue
            default: url.unicodeScalars.append(Unicode.Scalar(symbol))
            }
        }
        return url
    }
}
