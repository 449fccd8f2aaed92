/// Decides what Android 15+ does with a URL from an `assetlinks.json`'s
/// `dynamic_app_link_components` (spec-reference §2.4): rules in order, the first that matches
/// decides, and a URL no rule matches does not open the app.
package struct AndroidDynamicMatcher: Sendable {
    struct Rule: Sendable {
        var path: AndroidGlob?
        /// One filter `name=value` per query entry (AOSP matches it against whole parameters).
        var query: [AndroidGlob]
        var fragment: AndroidGlob?
        var exclude: Bool
        var text: String
    }

    /// Packages with their rules; nil rules: a statement without dynamic rules, where the
    /// manifest's intent filters alone decide.
    let packages: [(package: String, rules: [Rule]?, index: PathPrefixIndex?)]
    /// Why Google's verifier rejects the whole statement list, if it does: then no package's
    /// links are verified on this host and nothing opens the app.
    package let rejection: StatementListCheck.Rejection?

    package init(document: JSONValue) {
        rejection = StatementListCheck.rejection(of: document)
        packages = (document.array ?? []).compactMap { statement in
            let relations = statement["relation"]?.array?.compactMap(\.string) ?? []
            guard relations.contains(AssetLinksStatement.handleAllURLs), statement["target"]?["namespace"]?.string == "android_app",
                let package = statement["target"]?["package_name"]?.string
            else { return nil }
            let components = statement["relation_extensions"]?[AssetLinksStatement.handleAllURLs]?["dynamic_app_link_components"]
            let rules = components.flatMap(Self.rules)
            return (package, rules, rules.map { PathPrefixIndex(literalStarts: $0.map { $0.path?.literalStart ?? [] }) })
        }
    }

    package var packageNames: [String] { packages.map(\.package) }

    /// What the file decides for `package` on one Android reading: on Android 15+ with Google
    /// services its dynamic rules decide, and without any its intent filters; on Android 14 and
    /// earlier (and any Android without Google services) dynamic rules are ignored, so a package
    /// the file verifies is left to its intent filters. A package the file does not name, or a
    /// list the verifier rejects, opens nothing.
    package func decide(_ url: URLParts, package: String, platform: Platform) -> MatchDecision {
        if let rejection {
            return MatchDecision(outcome: .noMatch, ruleText: "assetlinks.json is rejected by Android's verifier (\(rejection))")
        }
        guard packages.contains(where: { $0.package == package }) else {
            return MatchDecision(outcome: .noMatch, ruleText: "the file does not name \(package), so it is not verified for this host")
        }
        if platform == .android, let decision = decide(url, package: package) { return decision }
        if !url.schemeWrittenInLowerCase { return .schemeNotLowerCase }
        return MatchDecision(
            outcome: .intentFilters,
            ruleText: platform == .android
                ? "no dynamic rules: the app's own intent filters decide"
                : "dynamic rules apply only on Android 15+ with Google services: the app's own intent filters decide")
    }

    /// Nil when the file declares no dynamic rules for the package (the manifest decides).
    package func decide(_ url: URLParts, package: String) -> MatchDecision? {
        if let rejection {
            return MatchDecision(outcome: .noMatch, ruleText: "assetlinks.json is rejected by Android's verifier (\(rejection))")
        }
        guard let entry = packages.first(where: { $0.package == package }) else { return .noMatch }
        if !url.schemeWrittenInLowerCase { return .schemeNotLowerCase }
        guard let rules = entry.rules else { return nil }
        // Only the rules whose path can start the URL's path are asked, in order; the index
        // knows printable-ASCII paths, where a rule's literal start is compared byte by byte.
        // The index compares the decoded path, as the rules do.
        if let candidates = entry.index?.candidates(for: url.androidPath) {
            for index in candidates where rules[index].matches(url) {
                return MatchDecision(outcome: rules[index].exclude ? .exclude : .match, rule: index, ruleText: rules[index].text)
            }
            return .noMatch
        }
        for (index, rule) in rules.enumerated() where rule.matches(url) {
            return MatchDecision(outcome: rule.exclude ? .exclude : .match, rule: index, ruleText: rule.text)
        }
        return .noMatch
    }

    /// Google: when any field is malformed or empty, Android discards every dynamic rule.
    private static func rules(_ value: JSONValue) -> [Rule]? {
        guard let list = value.array, !list.isEmpty else { return nil }
        var rules: [Rule] = []
        for item in list {
            guard let object = item.object, !object.isEmpty else { return nil }
            var rule = Rule(path: nil, query: [], fragment: nil, exclude: false, text: item.compactText)
            for (key, value) in object {
                switch (key, value) {
                case ("/", .string(let pattern)): rule.path = AndroidGlob(pattern)
                case ("#", .string(let pattern)): rule.fragment = AndroidGlob(pattern)
                case ("exclude", .bool(let exclude)): rule.exclude = exclude
                case ("?", .object(let items)):
                    guard !items.isEmpty else { return nil }
                    for (name, pattern) in items.sorted(by: { $0.key < $1.key }) {
                        guard let pattern = pattern.string else { return nil }
                        rule.query.append(AndroidGlob(name + "=" + pattern))
                    }
                case ("comments", _), ("comment", _): continue
                default: return nil
                }
            }
            rules.append(rule)
        }
        return rules
    }
}

extension AndroidDynamicMatcher.Rule {
    /// As AOSP's `UriRelativeFilter.matchData`: the path and fragment filters against
    /// `Uri.getPath()` and `getFragment()`, both decoded; each query entry as the filter
    /// `name=value`, which some parameter of the decoded `getQuery()` must match. `getQuery()` and
    /// `getFragment()` are null without a `?` or `#`, and `PatternMatcher` never matches null.
    func matches(_ url: URLParts) -> Bool {
        guard path?.matches(url.androidPath) ?? true else { return false }
        if let fragment, !url.fragmentWritten || !fragment.matches(PercentDecoding.decode(url.fragment)) { return false }
        guard !query.isEmpty else { return true }
        guard url.queryWritten else { return false }
        let parameters = Self.parameters(PercentDecoding.decode(url.query))
        return query.allSatisfy { filter in parameters.contains { filter.matches(String($0)) } }
    }

    /// The decoded query's parameters as AOSP splits them (`AndroidQuery`).
    static func parameters(_ query: String) -> [Substring] { AndroidQuery.parameters(query) }
}

/// The wildcards of Android's dynamic rules as Google documents them: `?` one character, `*`
/// "zero or more characters up until the character after the wildcard is found" — a lazy jump
/// to the first occurrence, never revisited (Android's matchers do not backtrack).
struct AndroidGlob: Sendable {
    /// One element per Unicode scalar: the exact engine counts `?` as one scalar too (Android
    /// counts UTF-16 units, which differ only outside the Basic Multilingual Plane).
    let pattern: [Unicode.Scalar]
    /// The pattern's bytes when every one is printable ASCII (nearly always): then each byte is
    /// exactly one scalar, and a printable-ASCII subject is matched byte by byte with the
    /// same steps, without building a `Character` array per subject (`match` and the shadowing
    /// lint ask every rule about every URL).
    private let printablePattern: [UInt8]?

    init(_ pattern: String) {
        self.pattern = Array(pattern.unicodeScalars)
        printablePattern = pattern.utf8.allSatisfy(\.isPrintableASCII) ? Array(pattern.utf8) : nil
    }

    /// The bytes before the first wildcard, which a subject must start with; empty when the
    /// pattern is not printable ASCII (its characters are compared as characters).
    var literalStart: [UInt8] {
        guard let printablePattern else { return [] }
        return Array(printablePattern.prefix { $0 != UInt8(ascii: "*") && $0 != UInt8(ascii: "?") })
    }

    func matches(_ subject: String) -> Bool {
        if let printablePattern,
            let result = subject.utf8.withContiguousStorageIfAvailable({ bytes -> Bool? in
                bytes.allSatisfy(\.isPrintableASCII)
                    ? Self.matches(printablePattern, bytes, star: UInt8(ascii: "*"), one: UInt8(ascii: "?")) : nil
            }) ?? nil
        {
            return result
        }
        return Self.matches(pattern, Array(subject.unicodeScalars), star: "*", one: "?")
    }

    /// Google's algorithm over any elements: scalars, or bytes when both sides are
    /// printable ASCII.
    private static func matches<Element: Equatable>(
        _ pattern: [Element], _ text: some RandomAccessCollection<Element>, star: Element, one: Element
    ) -> Bool {
        var p = 0
        var s = text.startIndex
        while p < pattern.count {
            switch pattern[p] {
            case star:
                p += 1
                guard p < pattern.count else { return true }
                if pattern[p] == one || pattern[p] == star { continue }
                guard let found = text[s...].firstIndex(of: pattern[p]) else { return false }
                s = found
            case one:
                guard s < text.endIndex else { return false }
                // `?*`: one or more characters — the `*` that follows does the rest.
                s = text.index(after: s)
                p += 1
            default:
                guard s < text.endIndex, text[s] == pattern[p] else { return false }
                s = text.index(after: s)
                p += 1
            }
        }
        return s == text.endIndex
    }
}
