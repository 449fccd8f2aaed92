/// Decides, from any `apple-app-site-association` document, what iOS does with a URL for an
/// app, exactly as spec-reference §2.1 (iOS 13+, `components`) and §2.3 (iOS 9–12, `paths`)
/// describe. Every pattern is compiled once, when the matcher is made.
package struct AASAMatcher: Sendable {
    package enum Form: String, Sendable, Hashable, CaseIterable {
        /// iOS 13 and later: `appIDs` + `components` (or `paths` where a detail has no components).
        case components = "iOS 13+"
        /// iOS 9–12: `appID` + `paths` only.
        case legacyPaths = "iOS 9–12"
    }

    // Detail and Rule are immutable classes, not structs: reading one out of an array then
    // costs one retain, not one per part (a rule has six), which was most of `match --stdin`.
    final class Detail: Sendable {
        let appIDs: [String]
        let rules: [Rule]
        let index: RuleIndex

        init(appIDs: [String], rules: [Rule]) {
            self.appIDs = appIDs
            self.rules = rules
            index = RuleIndex(rules.map(\.indexEntry))
        }
    }

    final class Rule: Sendable {
        let path: PathMatcher?
        let query: QueryMatcher
        let fragment: TextMatcher?
        let exclude: Bool
        let text: String
        let comment: String?

        init(path: PathMatcher?, query: QueryMatcher, fragment: TextMatcher?, exclude: Bool, text: String, comment: String?) {
            self.path = path
            self.query = query
            self.fragment = fragment
            self.exclude = exclude
            self.text = text
            self.comment = comment
        }
    }

    package let form: Form
    let details: [Detail]

    package init(document: JSONValue, form: Form = .components) {
        self.form = form
        guard let applinks = document["applinks"], applinks.object != nil else {
            details = []
            return
        }
        let variables = Self.variables(applinks["substitutionVariables"])
        let siteDefaults = applinks["defaults"]?.object ?? [:]
        details = Self.detailValues(applinks["details"]).compactMap { appID, detail in
            Self.compile(detail, keyedAppID: appID, form: form, siteDefaults: siteDefaults, variables: variables)
        }
    }

    /// The decision for `url` as fetched for `host` (nil: the URL's own host), for `appID`.
    package func decide(_ url: URLParts, appID: String, host: String? = nil) -> MatchDecision {
        if let host, url.host != host.lowercased() { return .noMatch }
        for (detailIndex, detail) in details.enumerated() where detail.appIDs.contains(appID) {
            for ruleIndex in detail.index.candidates(for: url.path) {
                let rule = detail.rules[ruleIndex]
                guard rule.matches(url) else { continue }
                return MatchDecision(
                    outcome: rule.exclude ? .exclude : .match, rule: ruleIndex, detail: detailIndex, ruleText: rule.text,
                    comment: rule.comment)
            }
        }
        return .noMatch
    }

    /// Every app ID the document names for this form, in document order.
    package var appIDs: [String] {
        details.flatMap(\.appIDs).uniqued()
    }

    // MARK: - Compiling

    /// `details` is an array; the oldest files keyed it by app ID, which iOS still reads.
    static func detailValues(_ value: JSONValue?) -> [(String?, JSONValue)] {
        switch value {
        case .array(let details): details.map { (nil, $0) }
        case .object(let keyed): keyed.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        default: []
        }
    }

    private static func compile(
        _ detail: JSONValue, keyedAppID: String?, form: Form, siteDefaults: [String: JSONValue], variables: [String: [String]]
    ) -> Detail? {
        guard let reading = DetailReading(detail, keyedAppID: keyedAppID, form: form, siteDefaults: siteDefaults) else { return nil }
        switch reading.rules {
        case .components(let components, let defaults):
            return Detail(
                appIDs: reading.appIDs, rules: components.map { componentRule($0, defaults: defaults, variables: variables) })
        case .paths(let paths):
            return Detail(appIDs: reading.appIDs, rules: paths.map(legacyRule))
        }
    }

    /// One component with the defaults applied key by key: the component's own value, else the
    /// detail's `defaults`, else the file's (Apple: defaults are "a subclass of components").
    private static func componentRule(_ component: [String: JSONValue], defaults: [String: JSONValue], variables: [String: [String]])
        -> Rule
    {
        func value(_ key: String) -> JSONValue? { component[key] ?? defaults[key] }
        let caseSensitive = value("caseSensitive")?.bool ?? true
        let percentEncoded = value("percentEncoded")?.bool ?? true
        let text = { (pattern: String) in
            TextMatcher(pattern, caseSensitive: caseSensitive, percentEncoded: percentEncoded, variables: variables)
        }
        let query: QueryMatcher
        switch value("?") {
        case .string(let pattern)?:
            query = .whole(text(pattern))
        case .object(let items)?:
            let patterns = items.compactMapValues(\.string)
            // A single non-string value makes iOS ignore the whole dictionary.
            query = patterns.count == items.count ? .items(patterns.sorted { $0.key < $1.key }.map { ($0.key, text($0.value)) }) : .any
        default:
            query = .any
        }
        return Rule(
            path: value("/")?.string.map {
                PathMatcher($0, caseSensitive: caseSensitive, percentEncoded: percentEncoded, variables: variables)
            },
            query: query,
            fragment: value("#")?.string.map(text),
            exclude: value("exclude")?.bool ?? false,
            text: JSONValue.object(component).compactText,
            comment: component["comment"]?.string)
    }

    /// A legacy `paths` entry: `NOT ` excludes; only the path is compared, case-sensitively.
    private static func legacyRule(_ entry: String) -> Rule {
        let exclude = entry.hasPrefix("NOT ")
        let pattern = exclude ? String(entry.dropFirst(4)) : entry
        return Rule(
            path: PathMatcher(legacy: pattern), query: .any, fragment: nil, exclude: exclude, text: entry, comment: nil)
    }

    /// Built-in variables plus the file's own; a custom name shadows a built-in.
    private static func variables(_ value: JSONValue?) -> [String: [String]] {
        var variables = BuiltInVariables.values
        for (name, values) in value?.object ?? [:] {
            variables[name] = values.array?.compactMap(\.string) ?? []
        }
        return variables
    }
}

extension AASAMatcher.Rule {
    func matches(_ url: URLParts) -> Bool {
        (path?.matches(url.path) ?? true) && query.matches(url) && (fragment?.matches(url.fragment) ?? true)
    }

    /// Where the rule sits in its detail's `RuleIndex`: the literal bytes every path it
    /// matches starts with (the shortest over its slash variants), in the form it reads paths.
    var indexEntry: (form: RuleIndex.SubjectForm, prefix: [UInt8]) {
        guard let path else { return (RuleIndex.SubjectForm(trimmed: false, decoded: false, folded: false), []) }
        let form = RuleIndex.SubjectForm(
            trimmed: path.normalisesSlashes, decoded: !path.percentEncoded, folded: !(path.patterns.first?.caseSensitive ?? true))
        let prefixes = path.patterns.map { pattern in
            // Over bytes: the three stops are ASCII, so no scalar is cut.
            let start = pattern.source.utf8.prefix { $0 != UInt8(ascii: "*") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "$") }
            guard form.folded else { return Array(start) }
            // Folding must agree with the subject's: ASCII only, as `lowercased()` of a
            // non-ASCII start could change its length; such a rule keeps the safe empty prefix.
            guard start.allSatisfy({ $0 < 0x80 }) else { return [] }
            return start.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 0x20 : $0 }
        }
        let shortest = prefixes.min { $0.count < $1.count } ?? []
        return (form, shortest)
    }
}

/// What one AASA detail says to one form, before any pattern is compiled: the apps it applies to
/// and its rule list. The concrete matcher and the exact engine both start from this, so they
/// cannot read a detail differently.
struct DetailReading {
    enum Rules {
        /// iOS 13+ components with the detail's and the file's defaults merged (the detail's win).
        case components([[String: JSONValue]], defaults: [String: JSONValue])
        case paths([String])
    }

    var appIDs: [String]
    var rules: Rules

    /// Nil when the detail applies to no app in this form.
    init?(_ detail: JSONValue, keyedAppID: String?, form: AASAMatcher.Form, siteDefaults: [String: JSONValue]) {
        switch form {
        case .legacyPaths:
            // iOS 9–12: `appID` + `paths` only.
            guard let appID = keyedAppID ?? detail["appID"]?.string, let paths = detail["paths"]?.array else { return nil }
            appIDs = [appID]
            rules = .paths(paths.compactMap(\.string))
        case .components:
            // `appIDs`, when present, replaces `appID` — even when it is empty.
            if let list = detail["appIDs"] {
                appIDs = (list.array?.compactMap(\.string) ?? []).uniqued()
            } else if let single = keyedAppID ?? detail["appID"]?.string {
                appIDs = [single]
            } else {
                return nil
            }
            if let components = detail["components"] {
                let defaults = (detail["defaults"]?.object ?? [:]).merging(siteDefaults) { detailValue, _ in detailValue }
                rules = .components((components.array ?? []).map { $0.object ?? [:] }, defaults: defaults)
            } else if let paths = detail["paths"]?.array {
                rules = .paths(paths.compactMap(\.string))
            } else {
                return nil
            }
        }
    }
}
