/// Android 15+ dynamic-rule wildcards whose reading nothing pins. Google documents `*` as "zero
/// or more characters up until the character after the wildcard in the pattern is found", `?` as
/// one character and `?*` as one or more; AOSP matches the filter groups the rules become with
/// `PatternMatcher`, but how Google Play services writes a rule as a pattern is not in AOSP.
///
/// A `*` followed by another wildcard (`**`, `*?`) has no "character after the wildcard". Read
/// as `PatternMatcher.matchGlobPattern` reads `.*` then `.` (a rule's `*` as `.*`, its `?` as
/// `.`), the jump after `.*` searches for the next pattern character *literally* — a `.` — so
/// `/.*.*` does not match `/ab`. Linkwell's matcher reads `**` as `*` and `*?` as `?*`. No
/// verdict rests on either reading: a list that uses such a run is "not proven", and Linkwell
/// writes every run of wildcards in a documented shape (`pinned`).
package enum AndroidWildcards {
    /// The first run of wildcards in `pattern` whose reading is not pinned (a `*` followed by a
    /// `*` or `?`), as written, or nil.
    package static func unpinned(in pattern: String) -> String? {
        var run = ""
        var found: String?
        func close() {
            if found == nil, let star = run.firstIndex(of: "*"), run[run.index(after: star)...].contains(where: { $0 == "*" || $0 == "?" })
            {
                found = run
            }
            run = ""
        }
        for character in pattern {
            if character == "*" || character == "?" { run.append(character) } else { close() }
        }
        close()
        return found
    }

    /// `pattern` with each run of wildcards that holds a `*` written as its `?`s then one `*`:
    /// the same URLs under Apple's glob reading (`*?` and `?*` are "one or more"), and a shape
    /// Google's documentation pins for Android.
    package static func pinned(_ pattern: String) -> String {
        var result = ""
        var run = ""
        func close() {
            result += run.contains("*") ? String(repeating: "?", count: run.count(where: { $0 == "?" })) + "*" : run
            run = ""
        }
        for character in pattern {
            if character == "*" || character == "?" {
                run.append(character)
            } else {
                close()
                result.append(character)
            }
        }
        close()
        return result
    }

    /// Why a dynamic rule's reading is not pinned, naming the rule and its run; nil when it is.
    package static func problem(rule: JSONValue) -> String? {
        guard let object = rule.object else { return nil }
        var patterns: [String] = []
        for key in ["/", "#"] { if let pattern = object[key]?.string { patterns.append(pattern) } }
        for (_, value) in object["?"]?.object ?? [:] { if let pattern = value.string { patterns.append(pattern) } }
        guard let run = patterns.lazy.compactMap(unpinned(in:)).first else { return nil }
        return "dynamic rule \(rule.compactText) holds '\(run)', a wildcard followed by another, which neither Google's documentation "
            + "nor AOSP pins (Linkwell's matcher reads '**' as '*' and '*?' as '?*'; read as AOSP's PatternMatcher reads '.*.', "
            + "the jump searches for a literal '.'); write '*' or '?*'"
    }
}
