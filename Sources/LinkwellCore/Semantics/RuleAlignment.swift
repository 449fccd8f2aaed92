/// The rules two first-match lists hold in common, in the same order, and the rest.
///
/// If rules `a₁…aₙ` and `b₁…bₘ` pair up along a common subsequence — each pair the same language
/// and the same outcome — then a URL that no unpaired rule accepts is decided alike by both
/// lists: it is accepted by exactly the same paired rules on both sides, in the same order, so
/// the first of them (or none) decides on both. Every URL decided differently is therefore
/// accepted by some unpaired rule, and a comparison need only walk those URLs (the *guard*).
/// Two lists that pair up completely decide every URL alike, with no walk at all. Rules that
/// moved pair too when the move only reorders rules that never decide differently for one URL
/// (`pairMoved`).
///
/// Languages are compared exactly, by the canonical form of each rule's minimal deterministic
/// automaton (`Automaton.canonicalForm`); a rule left as written (too large to minimise) pairs
/// with nothing, which only makes the guard larger.
struct RuleAlignment {
    /// Indices of the rules on each side that pair with none on the other.
    var unpairedBefore: [Int]
    var unpairedAfter: [Int]
    /// The pairs: those of the common subsequence in list order, then any `pairMoved` adds.
    var pairs: [(before: Int, after: Int)]
    /// Each rule's key as a number (equal keys, equal numbers), per side.
    private let numbers: [[Int]]

    var isComplete: Bool { unpairedBefore.isEmpty && unpairedAfter.isEmpty }

    /// The middle of two lists (once their common ends are paired) is aligned by a longest
    /// common subsequence only up to this many cells; beyond it every middle rule is unpaired,
    /// which stays exact (the guard is larger, never wrong).
    static let tableLimit = 4_000_000

    /// `key`: what must be equal for two rules to pair (language and outcome, and whatever else
    /// decides; nil pairs with nothing).
    init<Key: Hashable>(before: Int, after: Int, key: (_ side: Int, _ index: Int) -> Key?) {
        let keys = [(0..<before).map { key(0, $0) }, (0..<after).map { key(1, $0) }]
        // Equal keys get one number; a nil key a number of its own on each side.
        var known: [Key: Int] = [:]
        var next = 0
        let numbered = keys.map { side in
            side.map { key -> Int in
                next += 1
                guard let key else { return -next }
                if let number = known[key] { return number }
                known[key] = next
                return next
            }
        }
        numbers = numbered
        let (a, b) = (numbered[0], numbered[1])
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var pairs = (0..<prefix).map { ($0, $0) }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        if middleA.count * middleB.count <= Self.tableLimit {
            pairs += Self.longestCommonSubsequence(middleA, middleB).map { ($0.0 + prefix, $0.1 + prefix) }
        }
        pairs += (0..<suffix).map { (a.count - suffix + $0, b.count - suffix + $0) }
        self.pairs = pairs
        let pairedA = Set(pairs.map(\.0))
        let pairedB = Set(pairs.map(\.1))
        unpairedBefore = a.indices.filter { !pairedA.contains($0) }
        unpairedAfter = b.indices.filter { !pairedB.contains($0) }
    }

    /// Pairs rules that moved: an unpaired rule with an unpaired rule of the same key on the
    /// other side, kept only when every pair whose order the move reverses may be reversed
    /// (`mayCross(x, y)`, with the before-side indices of two paired rules: they have the same
    /// outcome, or no URL matches both). That keeps what the guard rests on: for a URL no
    /// unpaired rule accepts, the first paired rule matching it on one side and the first on
    /// the other either are one pair, or are in reversed order — so both match it, so they have
    /// the same outcome.
    mutating func pairMoved(mayCross: (_ x: Int, _ y: Int) -> Bool) {
        var waiting: [Int: [Int]] = [:]
        for index in unpairedAfter.reversed() { waiting[numbers[1][index], default: []].append(index) }
        var moved: [(before: Int, after: Int)] = []
        for x in unpairedBefore {
            guard let y = waiting[numbers[0][x]]?.last else { continue }
            let crossed = (pairs + moved).filter { ($0.before < x) != ($0.after < y) }
            guard crossed.allSatisfy({ mayCross($0.before, x) }) else { continue }
            waiting[numbers[0][x]]?.removeLast()
            moved.append((x, y))
        }
        guard !moved.isEmpty else { return }
        pairs += moved
        let pairedA = Set(moved.map(\.before))
        let pairedB = Set(moved.map(\.after))
        unpairedBefore.removeAll { pairedA.contains($0) }
        unpairedAfter.removeAll { pairedB.contains($0) }
    }

    /// Index pairs of a longest common subsequence (dynamic programming over the whole table).
    private static func longestCommonSubsequence(_ a: [Int], _ b: [Int]) -> [(Int, Int)] {
        guard !a.isEmpty, !b.isEmpty else { return [] }
        let width = b.count + 1
        var lengths = [Int32](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i * width + j] =
                    a[i] == b[j]
                    ? lengths[(i + 1) * width + j + 1] + 1 : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var result: [(Int, Int)] = []
        var (i, j) = (0, 0)
        while i < a.count, j < b.count {
            if a[i] == b[j] {
                result.append((i, j))
                i += 1
                j += 1
            } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return result
    }
}

/// What pairs one rule with another: the same language (exactly) and the same outcome.
struct RuleIdentity: Hashable {
    var language: [UInt64]
    var exclude: Bool

    init?(_ rule: DecisionRule) {
        guard let language = rule.automaton.canonicalForm else { return nil }
        self.language = language
        exclude = rule.exclude
    }
}
