/// Where site.yaml names an Android app's own manifest, Android decides by the app's real intent
/// filters (`SiteMatcher.realDecisions`): on Android 15+ a filter must take the URL as well as the
/// file's dynamic rules open it. The page's script decides the same, so each such app's filters
/// that take the host go into the table, each path attribute in a form the script matches as
/// `PatternMatcher` does.
extension PageDecisions {
    /// The table with each read app's filters on `host`: none where the host is not verified for
    /// it (the app opens nothing there); left out where a filter takes every URL of the host (the
    /// dynamic rules alone decide).
    func withAppFilters(_ real: [String: (handling: AndroidLinkHandling, verified: Set<String>)], site: Site, host: String) -> Self {
        var table = self
        guard let url = URLParts("https://\(host)/") else { return table }
        for app in site.androidApps where !app.fingerprints.isEmpty {
            guard let (handling, verified) = real[app.id] else { continue }
            guard verified.contains(host) else {
                table.androidFilters[app.id] = []
                continue
            }
            let taking = handling.linkFilters.filter { filter in
                filter.schemes.contains("https")
                    && (filter.authorities.isEmpty || filter.authorities.contains { AndroidLinkHandling.authority($0, takes: url) })
            }
            guard !taking.contains(where: { $0.paths.isEmpty && $0.groups.isEmpty }) else { continue }
            table.androidFilters[app.id] = taking.map { filter in
                .object([
                    "paths": .array(filter.paths.map(Self.matcher)),
                    "groups": .array(
                        filter.groups.map { group in
                            .object([
                                "allow": .bool(group.allow), "paths": .array(group.paths.map(Self.matcher)),
                                "queries": .array(group.queries.map(Self.matcher)), "fragments": .array(group.fragments.map(Self.matcher)),
                            ])
                        }),
                ])
            }
        }
        return table
    }

    /// A path attribute as `[kind, value]`; an advanced pattern as its tokens `[minimum, maximum
    /// (-1: no limit), negated, [[low, high], …]]` (any character: a negated empty set), or
    /// `["never"]` where AOSP's parser refuses it.
    static func matcher(_ matcher: AndroidPathMatcher) -> JSONValue {
        switch matcher {
        case .path(let text): return .strings(["path", text])
        case .prefix(let text): return .strings(["prefix", text])
        case .suffix(let text): return .strings(["suffix", text])
        case .pattern(let text): return .strings(["pattern", text])
        case .advancedPattern(let text):
            guard let tokens = AdvancedToken.parse(Array(text)) else { return .strings(["never"]) }
            return .array([
                .string("advanced"),
                .array(
                    tokens.map { token in
                        let (ranges, negated): ([ClosedRange<Character>], Bool) =
                            switch token.kind {
                            case .any: ([], true)
                            case .character(let character): ([character...character], false)
                            case .set(let ranges, let negated): (ranges, negated)
                            }
                        return .array([
                            .number(Double(token.minimum)), .number(token.maximum == .max ? -1 : Double(token.maximum)), .bool(negated),
                            .array(ranges.map { .strings([String($0.lowerBound), String($0.upperBound)]) }),
                        ])
                    }),
            ])
        }
    }
}
