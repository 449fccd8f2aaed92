/// The URLs the exact engine decides over, and how one is spelled as a string of `Symbol`s.
///
/// "Every URL" means every URL as RFC 3986 writes it: ASCII only (a browser percent-encodes
/// anything else before a platform sees it), and every `%` starts a `%HH` escape. A URL is the
/// string `path ␜ query ␝ fragment`; an absent query or fragment is the empty string, exactly as
/// every platform reading treats "absent". The host is not part of the string: each comparison is
/// for one host.
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
    /// escapes as the characters they are written with). Written as a minimal deterministic
    /// automaton, since every state of the walk is a state of this times the rules'.
    static let anyEscapes: Automaton = {
        var states = [Automaton.State](repeating: Automaton.State(), count: 10)
        states[0].edges = [(.single(UInt8(ascii: "/")), 1)]
        let percent = SymbolSet.single(UInt8(ascii: "%"))
        for (part, characters) in [(1, pathCharacters), (4, queryCharacters), (7, fragmentCharacters)] {
            states[part].edges = [(characters.subtracting(percent), part), (percent, part + 1)]
            states[part + 1].edges = [(hexDigits, part + 2)]
            states[part + 2].edges = [(hexDigits, part)]
        }
        states[1].edges.append((.single(Symbols.querySeparator), 4))
        states[4].edges.append((.single(Symbols.fragmentSeparator), 7))
        return Automaton(states: states, start: 0, accept: 7)
    }()

    /// `automaton` and `anyEscapes` as minimal deterministic automata (accepting states with an
    /// ε-move to the accepting one), as decision machines run them beside the rules.
    static let deterministic = automaton.minimized(within: .every)
    static let anyEscapesDeterministic = anyEscapes.minimized(within: .every)

    private static func universe() -> Automaton {
        func part(_ characters: SymbolSet) -> Automaton {
            .star(PartSyntax(raw: characters, decoded: true).anyCharacter)
        }
        return .sequence([
            .symbol(UInt8(ascii: "/")), part(pathCharacters), .symbol(Symbols.querySeparator), part(queryCharacters),
            .symbol(Symbols.fragmentSeparator), part(fragmentCharacters),
        ])
    }

    /// A concrete URL on `host` for a string of symbols.
    static func url(_ symbols: [Symbol], host: String) -> String {
        var parts: [[UInt8]] = [[]]
        for symbol in symbols {
            if symbol == Symbols.querySeparator || symbol == Symbols.fragmentSeparator {
                parts.append([])
            } else {
                parts[parts.count - 1].append(symbol)
            }
        }
        while parts.count < 3 { parts.append([]) }
        let path = String(decoding: parts[0], as: UTF8.self)
        let query = String(decoding: parts[1], as: UTF8.self)
        let fragment = String(decoding: parts[2], as: UTF8.self)
        return "https://\(host)\(path)" + (query.isEmpty ? "" : "?\(query)") + (fragment.isEmpty ? "" : "#\(fragment)")
    }
}
