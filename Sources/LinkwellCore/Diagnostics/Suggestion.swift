/// "Did you mean …" for misspelt keys and names: the closest candidate by edit distance, when
/// it is close enough to be a plausible typo rather than a different word.
package enum Suggestion {
    package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        guard let best else { return nil }
        let allowed = max(1, min(word.count, best.candidate.count) / 3)
        return best.distance <= allowed ? best.candidate : nil
    }

    /// ` (did you mean 'x'?)` or nothing, ready to append to a message.
    package static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The suggestion, or `otherwise` (the whole list, say) when no candidate is close.
    package static func didYouMean(_ word: String, in candidates: some Sequence<String>, otherwise: String) -> String {
        let hint = didYouMean(word, in: candidates)
        return hint.isEmpty ? otherwise : hint
    }

    /// Optimal string alignment distance: Levenshtein plus the swap of two neighbours, the
    /// commonest typo ('tilte' for 'title') counting as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = Swift.min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = Swift.min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
