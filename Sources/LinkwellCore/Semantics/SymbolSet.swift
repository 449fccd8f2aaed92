/// The symbols a URL is spelled in for the exact engine: the 128 ASCII characters, then four
/// separators: `␜` before a query and `␝` before a fragment, and `␞`/`␟` standing where a URL has
/// no query / no fragment (Android 15+ tells an absent part from an empty one). One URL is one
/// string `path (␜ query | ␞) (␝ fragment | ␟)` (see `URLUniverse`). Readings that compare
/// decoded text (Android) also use the symbols from 132 on for non-ASCII characters
/// (`DecodedText`).
typealias Symbol = UInt8

enum Symbols {
    // The absent markers come first: a witness search prefers lower symbols, and
    // `https://h/x` reads better than `https://h/x?#`.
    static let noQuery: Symbol = 128
    static let querySeparator: Symbol = 129
    static let noFragment: Symbol = 130
    static let fragmentSeparator: Symbol = 131
    /// Where the query starts: either it is written (`?`, maybe empty) or it is absent.
    static let queryStart = SymbolSet([noQuery, querySeparator])
    /// Where the fragment starts, written or absent.
    static let fragmentStart = SymbolSet([noFragment, fragmentSeparator])
    /// A non-ASCII character that no pattern names (decoded text only).
    static let otherNonASCII: Symbol = 132
    /// The first of the symbols for the non-ASCII characters patterns name (decoded text only).
    static let firstNamedNonASCII: Symbol = 133
    static let count = 192
}

/// A set of symbols as a bit set: the label of an automaton edge.
struct SymbolSet: Hashable, Sendable, Comparable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    private var separators: UInt64 = 0

    static let empty = SymbolSet()

    /// An order of sets (by their bits) that is the same in every run.
    static func < (a: SymbolSet, b: SymbolSet) -> Bool {
        (a.separators, a.high, a.low) < (b.separators, b.high, b.low)
    }
    /// Every symbol: minimising within it keeps an automaton's language exactly.
    static let every = SymbolSet((0..<Symbol(Symbols.count)))

    init() {}

    init(_ symbols: some Sequence<Symbol>) {
        for symbol in symbols { insert(symbol) }
    }

    init(ascii characters: String) {
        self.init(characters.utf8)
    }

    static func single(_ symbol: Symbol) -> SymbolSet { SymbolSet([symbol]) }

    mutating func insert(_ symbol: Symbol) {
        switch symbol {
        case 0..<64: low |= 1 << UInt64(symbol)
        case 64..<128: high |= 1 << UInt64(symbol - 64)
        default: separators |= 1 << UInt64(symbol - 128)
        }
    }

    func contains(_ symbol: Symbol) -> Bool {
        switch symbol {
        case 0..<64: low & (1 << UInt64(symbol)) != 0
        case 64..<128: high & (1 << UInt64(symbol - 64)) != 0
        default: separators & (1 << UInt64(symbol - 128)) != 0
        }
    }

    var isEmpty: Bool { low == 0 && high == 0 && separators == 0 }

    func union(_ other: SymbolSet) -> SymbolSet {
        var result = self
        result.low |= other.low
        result.high |= other.high
        result.separators |= other.separators
        return result
    }

    func intersection(_ other: SymbolSet) -> SymbolSet {
        var result = self
        result.low &= other.low
        result.high &= other.high
        result.separators &= other.separators
        return result
    }

    func subtracting(_ other: SymbolSet) -> SymbolSet {
        var result = self
        result.low &= ~other.low
        result.high &= ~other.high
        result.separators &= ~other.separators
        return result
    }

    var members: [Symbol] { (0..<Symbol(Symbols.count)).filter(contains) }

    /// The smallest symbol in the set (nil when empty): disjoint sets are ordered by it.
    var lowest: Symbol? {
        if low != 0 { return Symbol(low.trailingZeroBitCount) }
        if high != 0 { return Symbol(64 + high.trailingZeroBitCount) }
        if separators != 0 { return Symbol(128 + separators.trailingZeroBitCount) }
        return nil
    }

    /// The set's bits, for a canonical form that compares sets exactly.
    var words: [UInt64] { [low, high, separators] }

}
