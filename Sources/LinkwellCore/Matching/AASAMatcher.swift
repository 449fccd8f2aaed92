import Synchronization

/// Decides, from any `apple-app-site-association` document, what iOS does with a URL for an
/// app, exactly as spec-reference §2.1 (iOS 13+, `components`) and §2.3 (iOS 9–12, `paths`)
/// describe. A rule is compiled when a lookup first reaches it (`PendingRule`); each detail's
/// rule index, once it pays for itself (`Detail.indexed()`).
package struct AASAMatcher: Sendable {
    package enum Form: String, Sendable, Hashable, CaseIterable {
        /// iOS 13 and later: `appIDs` + `components` (or `paths` where a detail has no components).
        case components = "iOS 13+"
        /// iOS 9–12: `appID` + `paths` only.
        case legacyPaths = "iOS 9–12"
    }

    /// How many lookups of a detail ask its rules in order before its index is built. Such a
    /// lookup asks only the rules whose literal start the path shares (as the index would),
    /// compiling those it reaches; building the index compiles every rule, the work of dozens
    /// of lookups. So it is built for the 17th: a `match` of a few URLs never builds it, and a
    /// longer one pays sixteen lookups more than building it at once would.
    package static let lookupsBeforeIndexing = 16

    // Detail and Rule are immutable classes, not structs: reading one out of an array then
    // costs one retain, not one per part (a rule has six), which was most of `match --stdin`.
    final class Detail: Sendable {
        let appIDs: [String]
        let rules: [PendingRule]
        private let builtIndex = SharedLazyValue<Indexed>()
        private let lookups = Atomic<Int>(0)

        /// The index, and every rule compiled with it in rule order: a long run then reads rules
        /// that lie together in one array, not each reached through its pending rule.
        final class Indexed: Sendable {
            let index: RuleIndex
            let rules: [Rule]

            init(_ pending: [PendingRule]) {
                index = RuleIndex(pending.map(\.indexEntry))
                rules = pending.map(\.compiled)
            }
        }

        init(appIDs: [String], rules: [PendingRule]) {
            self.appIDs = appIDs
            self.rules = rules
        }

        /// The index once this detail has been asked `lookupsBeforeIndexing` times; nil before
        /// (ask the rules in order).
        func indexed() -> Indexed? {
            if let built = builtIndex.built { return built }
            // The count only says when to build: two threads may both build, and the one stored
            // first is kept.
            guard lookups.wrappingAdd(1, ordering: .relaxed).oldValue >= AASAMatcher.lookupsBeforeIndexing else { return nil }
            return builtIndex.value { Indexed(rules) }
        }
    }

    /// A rule as read from the file: where it sits in the index, and what it is compiled from
    /// when a lookup first reaches it. A lookup reaches only the rules whose literal start the
    /// URL's path shares, so `match` on a few URLs compiles a few of 1,000 rules, not all of
    /// them at its start.
    final class PendingRule: Sendable {
        /// Where the rule sits in its detail's `RuleIndex`, and what a lookup without the index
        /// compares first: the form it reads paths in and the literal bytes every path it
        /// matches starts with.
        let indexEntry: RuleIndex.Entry
        private let recipe: Recipe
        private let built = SharedLazyValue<Rule>()

        enum Recipe: Sendable {
            /// A `paths` entry.
            case legacyPath(String)
            /// A component, its keys (its own, else the defaults') and its path's variants, read
            /// for the index entry (`PathMatcher.variants`).
            case component([String: JSONValue], keys: ComponentKeys, pathVariants: [String]?, variables: [String: [String]])
        }

        init(indexEntry: RuleIndex.Entry, recipe: Recipe) {
            self.indexEntry = indexEntry
            self.recipe = recipe
        }

        /// The rule compiled, on first use.
        var compiled: Rule {
            built.value { AASAMatcher.compile(recipe) }
        }

        /// Whether some thread has compiled the rule.
        var isCompiled: Bool { built.built != nil }

        func matches(_ url: URLParts) -> Bool {
            compiled.matches(url)
        }
    }

    /// A compiled rule: its matchers, and what a decision says of it.
    final class Rule: Sendable {
        let path: PathMatcher?
        let query: QueryMatcher
        let fragment: TextMatcher?
        let exclude: Bool
        let comment: String?
        private let source: Source
        private let writtenComponent = Mutex<String?>(nil)

        enum Source: Sendable {
            /// A `paths` entry: quoted as it is.
            case entry(String)
            /// A component: quoted as compact JSON, written when a decision first quotes it —
            /// `match` on a few URLs quotes a few of 1,000 rules, and writing them all was a
            /// tenth of its start.
            case component([String: JSONValue])
        }

        init(path: PathMatcher?, query: QueryMatcher, fragment: TextMatcher?, exclude: Bool, source: Source, comment: String?) {
            self.path = path
            self.query = query
            self.fragment = fragment
            self.exclude = exclude
            self.source = source
            self.comment = comment
        }

        /// The rule as decisions quote it.
        var text: String {
            switch source {
            case .entry(let entry):
                return entry
            case .component(let component):
                return writtenComponent.withLock { written in
                    if let written { return written }
                    let text = JSONValue.object(component).compactText
                    written = text
                    return text
                }
            }
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
            Self.read(detail, keyedAppID: appID, form: form, siteDefaults: siteDefaults, variables: variables)
        }
    }

    /// The decision for `url` as fetched for `host` (nil: the URL's own host), for `appID`.
    package func decide(_ url: URLParts, appID: String, host: String? = nil) -> MatchDecision {
        if let host, url.host != host.lowercased() { return .noMatch }
        for (detailIndex, detail) in details.enumerated() where detail.appIDs.contains(appID) {
            func decision(_ ruleIndex: Int, _ rule: Rule) -> MatchDecision {
                MatchDecision(
                    outcome: rule.exclude ? .exclude : .match, rule: ruleIndex, detail: detailIndex, ruleText: rule.text,
                    comment: rule.comment)
            }
            if let indexed = detail.indexed() {
                for ruleIndex in indexed.index.candidates(for: url.path) {
                    let rule = indexed.rules[ruleIndex]
                    if rule.matches(url) { return decision(ruleIndex, rule) }
                }
            } else {
                var subjects = RuleIndex.Subjects(url.path)
                for (ruleIndex, pending) in detail.rules.enumerated() where subjects.startWith(pending.indexEntry) {
                    let rule = pending.compiled
                    if rule.matches(url) { return decision(ruleIndex, rule) }
                }
            }
        }
        return .noMatch
    }

    /// Which of the installed apps opens `url` when several of the file's apps are on one device
    /// (nil: none), with the decision that settles it: details in file order, the apps of one
    /// detail in its `appIDs` order, and an exclusion read as `reading` says.
    package func opener(_ url: URLParts, installed: [String], host: String? = nil, reading: ExclusionReading)
        -> (app: String?, decision: MatchDecision)
    {
        var first: (app: String, decision: MatchDecision, rank: (Int, Int))?
        for app in installed {
            let decision = decide(url, appID: app, host: host)
            guard let detail = decision.detail, decision.opensApp || reading == .everyApp else { continue }
            let rank = (detail, details[detail].appIDs.firstIndex(of: app) ?? 0)
            if let current = first, current.rank <= rank { continue }
            first = (app, decision, rank)
        }
        guard let first else { return (nil, .noMatch) }
        return (first.decision.opensApp ? first.app : nil, first.decision)
    }

    /// Every app ID the document names for this form, in document order.
    package var appIDs: [String] {
        details.flatMap(\.appIDs).uniqued()
    }

    // MARK: - Reading and compiling

    /// `details` is an array; the oldest files keyed it by app ID, which iOS still reads.
    static func detailValues(_ value: JSONValue?) -> [(String?, JSONValue)] {
        switch value {
        case .array(let details): details.map { (nil, $0) }
        case .object(let keyed): keyed.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        default: []
        }
    }

    /// A detail's apps and its rules as read, none compiled yet.
    private static func read(
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
    private static func componentRule(_ component: [String: JSONValue], defaults: ComponentKeys, variables: [String: [String]])
        -> PendingRule
    {
        let keys = ComponentKeys(component, over: defaults)
        let pathVariants = keys.path?.string.map(PathMatcher.variants)
        let form = RuleIndex.SubjectForm(trimmed: true, decoded: !keys.isPercentEncoded, folded: !keys.isCaseSensitive)
        return PendingRule(
            indexEntry: pathVariants.map { indexEntry(form, patterns: $0) } ?? .anyPath,
            recipe: .component(component, keys: keys, pathVariants: pathVariants, variables: variables))
    }

    /// A legacy `paths` entry: only the path is compared, case-sensitively.
    private static func legacyRule(_ entry: String) -> PendingRule {
        PendingRule(
            indexEntry: indexEntry(
                RuleIndex.SubjectForm(trimmed: false, decoded: false, folded: false),
                patterns: CollectionOfOne(legacyPattern(entry).pattern)),
            recipe: .legacyPath(entry))
    }

    /// A `paths` entry's pattern: `NOT ` before it excludes.
    private static func legacyPattern(_ entry: String) -> (pattern: String, exclude: Bool) {
        entry.hasPrefix("NOT ") ? (String(entry.dropFirst(4)), true) : (entry, false)
    }

    /// A rule compiled as its recipe describes it.
    fileprivate static func compile(_ recipe: PendingRule.Recipe) -> Rule {
        switch recipe {
        case .legacyPath(let entry):
            let (pattern, exclude) = legacyPattern(entry)
            return Rule(
                path: PathMatcher(legacy: pattern), query: .any, fragment: nil, exclude: exclude, source: .entry(entry), comment: nil)
        case .component(let component, let keys, let pathVariants, let variables):
            let caseSensitive = keys.isCaseSensitive
            let percentEncoded = keys.isPercentEncoded
            let text = { (pattern: String) in
                TextMatcher(pattern, caseSensitive: caseSensitive, percentEncoded: percentEncoded, variables: variables)
            }
            let query: QueryMatcher
            switch keys.query {
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
                path: pathVariants.map {
                    PathMatcher(variants: $0, caseSensitive: caseSensitive, percentEncoded: percentEncoded, variables: variables)
                },
                query: query,
                fragment: keys.fragment?.string.map(text),
                exclude: keys.isExclusion,
                source: .component(component),
                comment: keys.comment?.string)
        }
    }

    /// A path's entry in the rule index: the first of the shortest literal starts of its patterns
    /// (up to the first `*`, `?` or `$`), in the form it reads paths.
    static func indexEntry(_ form: RuleIndex.SubjectForm, patterns: some Sequence<String>) -> RuleIndex.Entry {
        // Bytes read in place (not through a String's own iterator), and one array made, for
        // the shortest start (not one per pattern).
        var shortest: (pattern: String, count: Int)?
        for var pattern in patterns {
            let count = pattern.withUTF8 { bytes in
                // Over bytes: the three stops are ASCII, so no scalar is cut.
                var count = 0
                while count < bytes.count, bytes[count] != UInt8(ascii: "*"), bytes[count] != UInt8(ascii: "?"),
                    bytes[count] != UInt8(ascii: "$")
                {
                    count += 1
                }
                // Folding must agree with the subject's: ASCII only, as `lowercased()` of a
                // non-ASCII start could change its length; such a rule keeps the safe empty prefix.
                return form.folded && !bytes[..<count].allSatisfy({ $0 < 0x80 }) ? 0 : count
            }
            if count < shortest?.count ?? .max { shortest = (pattern, count) }
        }
        guard let shortest else { return RuleIndex.Entry(form: form, prefix: []) }
        var pattern = shortest.pattern
        let prefix = pattern.withUTF8 { bytes in
            let start = UnsafeBufferPointer(rebasing: bytes[..<shortest.count])
            return form.folded ? start.map(\.asciiLowercased) : Array(start)
        }
        return RuleIndex.Entry(form: form, prefix: prefix)
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
}

/// What one AASA detail says to one form, before any pattern is compiled: the apps it applies to
/// and its rule list. The concrete matcher and the exact engine both start from this, so they
/// cannot read a detail differently.
struct DetailReading {
    enum Rules {
        /// iOS 13+ components with the detail's and the file's defaults merged (the detail's win).
        case components([[String: JSONValue]], defaults: ComponentKeys)
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
                rules = .components((components.array ?? []).map { $0.object ?? [:] }, defaults: ComponentKeys(defaults))
            } else if let paths = detail["paths"]?.array {
                rules = .paths(paths.compactMap(\.string))
            } else {
                return nil
            }
        }
    }
}

/// The keys a component's rule reads, found in one pass over the component (a lookup per
/// key, each hashing its key, was seven hashes a rule), each the component's own value else
/// the defaults'. The concrete matcher and the exact engine both read components through it.
struct ComponentKeys: Hashable {
    var path: JSONValue?
    var query: JSONValue?
    var fragment: JSONValue?
    var exclude: JSONValue?
    var caseSensitive: JSONValue?
    var percentEncoded: JSONValue?
    /// Never inherited: a default's comment says nothing about a rule.
    var comment: JSONValue?

    // What a rule takes when neither it nor a default says (or says it with a non-boolean):
    // case-sensitive, percent-encoded, not an exclusion.
    var isCaseSensitive: Bool { caseSensitive?.bool ?? true }
    var isPercentEncoded: Bool { percentEncoded?.bool ?? true }
    var isExclusion: Bool { exclude?.bool ?? false }

    init(_ object: [String: JSONValue], over defaults: ComponentKeys? = nil) {
        if let defaults { self = defaults }
        comment = nil
        for (key, value) in object {
            switch key {
            case "/": path = value
            case "?": query = value
            case "#": fragment = value
            case "exclude": exclude = value
            case "caseSensitive": caseSensitive = value
            case "percentEncoded": percentEncoded = value
            case "comment": comment = value
            default: break
            }
        }
    }
}
