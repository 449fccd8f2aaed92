import Synchronization

/// Decides, from any `apple-app-site-association` document, what iOS does with a URL for an
/// app, exactly as spec-reference §2.1 (iOS 13+, `components`) and §2.3 (iOS 9–12, `paths`)
/// describe. Every rule is compiled when the matcher is made; each detail's rule index, once it
/// pays for itself (`Detail.index()`).
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
        /// The index once built, retained by this detail (released in `deinit`). An atomic
        /// reference rather than a lock: a lock per lookup cost 2–4 % of `match --stdin`, and the
        /// standard library's `AtomicLazyReference` runs unspecialized, 600 instructions a read.
        private let builtIndex = Atomic<Unmanaged<RuleIndex>?>(nil)
        private let lookups = Atomic<Int>(0)

        /// Building the index costs about as much as asking every rule for five URLs (for 1,000
        /// rules, a sixth of starting `match` on one URL), so the first two lookups ask every rule
        /// in order — the same first match as the index's candidates (`RuleIndex`) — and the
        /// index is built for the third: a `match` of one or two URLs never builds it, a longer
        /// one pays two scans more.
        static let lookupsBeforeIndexing = 2

        init(appIDs: [String], rules: [Rule]) {
            self.appIDs = appIDs
            self.rules = rules
        }

        deinit {
            builtIndex.load(ordering: .acquiring)?.release()
        }

        /// The rule index once this detail has been asked `lookupsBeforeIndexing` times; nil
        /// before (ask every rule).
        func index() -> RuleIndex? {
            if let built = builtIndex.load(ordering: .acquiring) { return built.takeUnretainedValue() }
            // The count only says when to build: two threads may both build, and the index stored
            // first is the one kept.
            guard lookups.wrappingAdd(1, ordering: .relaxed).oldValue >= Self.lookupsBeforeIndexing else { return nil }
            let built = Unmanaged.passRetained(RuleIndex(rules.map(\.indexEntry)))
            let (stored, other) = builtIndex.compareExchange(expected: nil, desired: built, ordering: .acquiringAndReleasing)
            if stored { return built.takeUnretainedValue() }
            built.release()
            return other?.takeUnretainedValue()
        }
    }

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
            Self.compile(detail, keyedAppID: appID, form: form, siteDefaults: siteDefaults, variables: variables)
        }
    }

    /// The decision for `url` as fetched for `host` (nil: the URL's own host), for `appID`.
    package func decide(_ url: URLParts, appID: String, host: String? = nil) -> MatchDecision {
        if let host, url.host != host.lowercased() { return .noMatch }
        for (detailIndex, detail) in details.enumerated() where detail.appIDs.contains(appID) {
            func decision(_ ruleIndex: Int) -> MatchDecision? {
                let rule = detail.rules[ruleIndex]
                guard rule.matches(url) else { return nil }
                return MatchDecision(
                    outcome: rule.exclude ? .exclude : .match, rule: ruleIndex, detail: detailIndex, ruleText: rule.text,
                    comment: rule.comment)
            }
            if let index = detail.index() {
                for ruleIndex in index.candidates(for: url.path) {
                    if let decision = decision(ruleIndex) { return decision }
                }
            } else {
                for ruleIndex in detail.rules.indices {
                    if let decision = decision(ruleIndex) { return decision }
                }
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
    private static func componentRule(_ component: [String: JSONValue], defaults: ComponentKeys, variables: [String: [String]]) -> Rule {
        let keys = ComponentKeys(component, over: defaults)
        let caseSensitive = keys.caseSensitive?.bool ?? true
        let percentEncoded = keys.percentEncoded?.bool ?? true
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
            path: keys.path?.string.map {
                PathMatcher($0, caseSensitive: caseSensitive, percentEncoded: percentEncoded, variables: variables)
            },
            query: query,
            fragment: keys.fragment?.string.map(text),
            exclude: keys.exclude?.bool ?? false,
            source: .component(component),
            comment: keys.comment?.string)
    }

    /// A legacy `paths` entry: `NOT ` excludes; only the path is compared, case-sensitively.
    private static func legacyRule(_ entry: String) -> Rule {
        let exclude = entry.hasPrefix("NOT ")
        let pattern = exclude ? String(entry.dropFirst(4)) : entry
        return Rule(
            path: PathMatcher(legacy: pattern), query: .any, fragment: nil, exclude: exclude, source: .entry(entry), comment: nil)
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
        // The first of the shortest starts, read in place: arrays per pattern were a third of
        // indexing a rule.
        var shortest: [UInt8]?
        for pattern in path.patterns {
            var source = pattern.source
            source.withUTF8 { bytes in
                // Over bytes: the three stops are ASCII, so no scalar is cut.
                var count = 0
                while count < bytes.count, bytes[count] != UInt8(ascii: "*"), bytes[count] != UInt8(ascii: "?"),
                    bytes[count] != UInt8(ascii: "$")
                {
                    count += 1
                }
                let start = UnsafeBufferPointer(rebasing: bytes[..<count])
                // Folding must agree with the subject's: ASCII only, as `lowercased()` of a
                // non-ASCII start could change its length; such a rule keeps the safe empty prefix.
                if form.folded, !start.allSatisfy({ $0 < 0x80 }) { count = 0 }
                guard count < shortest?.count ?? .max else { return }
                shortest =
                    form.folded
                    ? start.prefix(count).map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 0x20 : $0 }
                    : Array(start)
            }
        }
        return (form, shortest ?? [])
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
struct ComponentKeys {
    var path: JSONValue?
    var query: JSONValue?
    var fragment: JSONValue?
    var exclude: JSONValue?
    var caseSensitive: JSONValue?
    var percentEncoded: JSONValue?
    /// Never inherited: a default's comment says nothing about a rule.
    var comment: JSONValue?

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
