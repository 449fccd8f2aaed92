/// A rule list by the literal start of each rule's path pattern (the bytes before its first
/// wildcard), in a byte trie: a printable-ASCII path can only match a rule whose literal start
/// begins it, or a rule with no literal start (no path condition, a pattern that starts with a
/// wildcard or is not printable ASCII: those are always asked). A 1,000-route site then asks a
/// handful of rules per URL instead of all of them, in the same order, so the first match is the
/// same. Android's dynamic rules and the intent filters of Android 14 and earlier use it.
struct PathPrefixIndex: Sendable {
    /// The AASA's flat trie, over the path as written.
    private let index: RuleIndex

    /// `literalStarts[i]`: bytes every path rule `i` matches starts with (empty: any path).
    init(literalStarts: [[UInt8]]) {
        let asWritten = RuleIndex.SubjectForm(trimmed: false, decoded: false, folded: false)
        index = RuleIndex(literalStarts.map { RuleIndex.Entry(form: asWritten, prefix: $0) })
    }

    /// The rules that can match `path`, in rule order; nil when the path is not printable ASCII
    /// (then every rule is asked: the matchers compare characters there, not bytes).
    func candidates(for path: String) -> [Int]? {
        guard path.utf8.allSatisfy(\.isPrintableASCII) else { return nil }
        return index.candidates(for: path)
    }

    /// `text`'s bytes when every one is printable ASCII, else nothing (always asked).
    static func printable(_ text: some StringProtocol) -> [UInt8] {
        text.utf8.allSatisfy(\.isPrintableASCII) ? Array(text.utf8) : []
    }
}
