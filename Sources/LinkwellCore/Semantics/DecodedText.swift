/// The URLs Android's dynamic rules read, as text: AOSP's `UriRelativeFilter` compares
/// `Uri.getPath()`, `getQuery()` and `getFragment()`, all percent-decoded, so two URLs that
/// decode alike are decided alike, and comparing two Android rule lists over decoded text is
/// exact over every URL (every text is the decoding of some URL: escape what may not stand raw).
/// Over this universe a pattern compiles to a handful of states; spelling every escape of every
/// character into the automata instead made a 1,000-rule file take seconds to compile.
///
/// A character is one symbol: ASCII as itself, each non-ASCII character some pattern names as
/// one of the symbols from `Symbols.firstNamedNonASCII` on, and every other non-ASCII character
/// as `Symbols.otherNonASCII` (no rule tells them apart).
package struct DecodedText: Sendable, Hashable {
    /// The non-ASCII characters the patterns name, in symbol order.
    let named: [Unicode.Scalar]

    /// At most this many named non-ASCII characters fit the symbol set.
    static let capacity = Int(Symbols.count) - Int(Symbols.firstNamedNonASCII)

    /// The alphabet for patterns (nil when they name more non-ASCII characters than fit).
    init?(patterns: some Sequence<String>) {
        var named: [Unicode.Scalar] = []
        var seen: Set<Unicode.Scalar> = []
        for pattern in patterns {
            for scalar in pattern.unicodeScalars where !scalar.isASCII && seen.insert(scalar).inserted { named.append(scalar) }
        }
        guard named.count <= Self.capacity else { return nil }
        self.named = named
    }

    /// Every character: ASCII, the named non-ASCII ones and the rest.
    var characters: SymbolSet {
        var set = SymbolSet(0..<128)
        set.insert(Symbols.otherNonASCII)
        for index in named.indices { set.insert(Symbols.firstNamedNonASCII + Symbol(index)) }
        return set
    }

    func symbol(_ scalar: Unicode.Scalar) -> Symbol {
        if scalar.isASCII { return Symbol(scalar.value) }
        return named.firstIndex(of: scalar).map { Symbols.firstNamedNonASCII + Symbol($0) } ?? Symbols.otherNonASCII
    }

    /// A character a symbol stands for: the named one, or one no pattern names.
    func scalar(_ symbol: Symbol) -> Unicode.Scalar {
        if symbol < 128 { return Unicode.Scalar(symbol) }
        if symbol >= Symbols.firstNamedNonASCII { return named[Int(symbol - Symbols.firstNamedNonASCII)] }
        return ["é", "ü", "ø", "ñ", "ç", "ß", "å", "ï"].first { !named.contains($0) } ?? "\u{4E00}"
    }

    /// The part syntax of this alphabet: every character may stand in every part, undecoded.
    var part: PartSyntax { PartSyntax(raw: characters, decoded: false, text: self) }

    /// The universe: a path starting with `/` (every URL's path does, decoded too), then a query
    /// and a fragment, each written or absent (`URLUniverse.optionalParts`).
    var universe: Automaton {
        let any = Automaton.any(of: characters)
        return .sequence([.symbol(UInt8(ascii: "/")), any, URLUniverse.optionalParts(any, any)])
    }

    /// A URL on `host` whose decoded parts are `symbols`: what may stand raw stands raw, the rest
    /// is escaped (so it decodes back to exactly these characters).
    func url(_ symbols: [Symbol], host: String) -> String {
        var url = "https://\(host)"
        var raw = URLUniverse.pathCharacters
        for symbol in symbols {
            switch symbol {
            case Symbols.querySeparator, Symbols.fragmentSeparator:
                url += symbol == Symbols.querySeparator ? "?" : "#"
                raw = URLUniverse.queryCharacters  // the fragment's characters are the query's
                continue
            case Symbols.noQuery, Symbols.noFragment: continue
            default: break
            }
            let scalar = self.scalar(symbol)
            if scalar.isASCII, scalar != "%", raw.contains(UInt8(scalar.value)) {
                url.unicodeScalars.append(scalar)
            } else {
                url += PercentEncoding.encoded(String(scalar)) { _ in false }
            }
        }
        return url
    }
}

extension DecodedText {
    /// The alphabet for every dynamic rule of these statement lists, and the patterns `also`
    /// names (nil: too many non-ASCII characters named; those lists are not modelled).
    init?(statementLists documents: [JSONValue], also: [String] = []) {
        var patterns: [String] = []
        for document in documents {
            for statement in document.array ?? [] {
                let components =
                    statement["relation_extensions"]?[AssetLinksStatement.handleAllURLs]?["dynamic_app_link_components"]?.array ?? []
                for component in components {
                    for key in ["/", "#"] { if let pattern = component[key]?.string { patterns.append(pattern) } }
                    for (name, value) in component["?"]?.object ?? [:] {
                        patterns.append(name)
                        if let pattern = value.string { patterns.append(pattern) }
                    }
                }
            }
        }
        self.init(patterns: patterns + also)
    }
}
