extension AndroidLinkHandling {
    /// What the app's own filters decide for `url` on each Android reading, the host taken as
    /// verified: on Android 14 and earlier the first link filter that takes it (dynamic rules
    /// are ignored there); on Android 15+ a filter (with its relative groups) must take it and
    /// `dynamic`, the served file's rules where it has any, must open it — where they keep it in
    /// the browser their reason is said whatever the filters do.
    package func decisions(_ url: URLParts, dynamic: MatchDecision?) -> (android: MatchDecision, androidLegacy: MatchDecision) {
        let file = manifest.file
        func filterDecision(android15: Bool) -> MatchDecision {
            guard let taken = take(url, android15: android15) else {
                return MatchDecision(outcome: .noMatch, ruleText: "no intent filter in \(file) takes it")
            }
            let filter = linkFilters[taken.filter]
            let path =
                taken.path.map { AppFiles.attribute(filter.paths[$0]) }
                ?? (filter.paths.isEmpty ? "every path" : "a uri-relative-filter-group")
            return MatchDecision(outcome: .match, ruleText: "\(file): the intent filter of \(filter.activity), \(path)")
        }
        let filtered = filterDecision(android15: true)
        guard let dynamic else { return (filtered, filterDecision(android15: false)) }
        if dynamic.opensApp, !filtered.opensApp {
            var kept = filtered
            kept.ruleText = "\(dynamic.ruleText.map { "dynamic rule \($0) opens it, but " } ?? "")" + (filtered.ruleText ?? "")
            return (kept, filterDecision(android15: false))
        }
        return (dynamic, filterDecision(android15: false))
    }
}
