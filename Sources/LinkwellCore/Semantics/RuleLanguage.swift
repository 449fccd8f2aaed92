/// One rule of one platform reading as the set of URLs it matches, with what it decides.
struct DecisionRule: Sendable {
    var automaton: Automaton
    var exclude: Bool
    /// The rule as written, for people: `{"/": "/u/*"}`, `NOT /account/*`.
    var text: String
    /// Whether the rule decodes a part before comparing it: then what escapes decode to matters,
    /// and the engine's universe keeps to escapes that are well-formed UTF-8.
    var decodes = false
    /// Set when the rule reads decoded text (Android), not the URL as written: it can only be
    /// compared with rules of the same alphabet.
    var reading: DecodedText? = nil
}

/// Compiles each platform's rules, read from the JSON of a file exactly as the concrete
/// matchers read them, into `DecisionRule`s over whole URLs (`URLUniverse`).
enum RuleLanguage {
    private static let slash = UInt8(ascii: "/")

    /// `path (␜|␞) query (␝|␟) fragment` from one automaton per part, as a minimal deterministic
    /// automaton where that stays small. Composition (intersections for slash trimming and query
    /// items, decoding, case folding) builds thousands of ε-linked states for what a few dozen
    /// deterministic ones decide (`RuleCompilationTests` holds the counts), and a walk pays for
    /// every state a subset holds at every step.
    ///
    /// An absent part reads as an empty one (`␞`/`␟`, then nothing), as iOS and Android 14 and
    /// earlier read it, unless `queryWritten`/`fragmentWritten`: Android 15+'s query and fragment
    /// filters never match a URL without that part (`Uri.getQuery()`/`getFragment()` are null).
    static func url(
        path: Automaton, query: Automaton, fragment: Automaton, queryWritten: Bool = false, fragmentWritten: Bool = false
    ) -> Automaton {
        let separators = [
            queryWritten ? .single(Symbols.querySeparator) : Symbols.queryStart,
            fragmentWritten ? .single(Symbols.fragmentSeparator) : Symbols.fragmentStart,
        ]
        // Minimal parts that never read the separators compose deterministically, into the
        // minimal automaton of the whole (states of different parts differ in the separators
        // still to come; two of one part differ there already, and every part accepts something):
        // nothing is determinised or partitioned again.
        let parts = [path, query, fragment].map(minimal)
        if parts.allSatisfy({ $0.isMinimal && $0.acceptsSomething }),
            var sequence = Automaton.deterministicSequence(parts, separators: separators)
        {
            sequence.isMinimal = true
            return sequence
        }
        return minimal(.sequence([path, .one(of: separators[0]), query, .one(of: separators[1]), fragment]))
    }

    /// `automaton` as a minimal deterministic automaton, or as it is when that would cost more
    /// than `minimizingWork`.
    static func minimal(_ automaton: Automaton) -> Automaton {
        automaton.minimized(within: .every, workLimit: minimizingWork) ?? automaton
    }

    /// States gathered by one rule's subset construction before it is left as written (a pattern
    /// of thousands of `*`: the walk's budget bounds that one).
    private static let minimizingWork = 100_000

    // Minimal once, so that a rule built from them is composed deterministically (`url`).
    static let anyPath = Automaton.any(of: URLUniverse.pathCharacters).minimized(within: .every)
    static let anyQuery = Automaton.any(of: URLUniverse.queryCharacters).minimized(within: .every)
    static let anyFragment = Automaton.any(of: URLUniverse.fragmentCharacters).minimized(within: .every)

    // MARK: - iOS 13+ components

    /// One component with the defaults applied key by key (`AASAMatcher.componentRule`).
    static func component(_ component: [String: JSONValue], defaults: ComponentKeys, variables: VariableLanguages) -> DecisionRule {
        self.component(ComponentKeys(component, over: defaults), variables: variables, text: JSONValue.object(component).compactText)
    }

    /// The rule of a component's keys, defaults applied; `text` is the component as written.
    static func component(_ keys: ComponentKeys, variables: VariableLanguages, text: String) -> DecisionRule {
        let caseSensitive = keys.isCaseSensitive
        let decoded = !keys.isPercentEncoded
        let path = keys.path?.string.map { componentPath($0, caseSensitive: caseSensitive, decoded: decoded, variables: variables) }
        let query: Automaton
        switch keys.query {
        case .string(let pattern)?:
            query = AASAPatternLanguage.compile(
                pattern, part: .query(decoded: decoded), caseSensitive: caseSensitive, variables: variables)
        case .object(let items)?:
            let patterns = items.compactMapValues(\.string)
            if patterns.count == items.count {
                query = queryItems(
                    patterns.sorted { $0.key < $1.key }, caseSensitive: caseSensitive, decoded: decoded, variables: variables)
            } else {
                // A single non-string value makes iOS ignore the whole dictionary.
                query = anyQuery
            }
        default:
            query = anyQuery
        }
        let fragment = keys.fragment?.string.map {
            AASAPatternLanguage.compile($0, part: .fragment(decoded: decoded), caseSensitive: caseSensitive, variables: variables)
        }
        return DecisionRule(
            automaton: url(path: path ?? anyPath, query: query, fragment: fragment ?? anyFragment),
            exclude: keys.isExclusion, text: text, decodes: decoded)
    }

    /// A `/` pattern with Apple's slash rules (`PathMatcher`): the pattern's leading slashes
    /// collapse, `/x/*` also matches `/x`, and the subject's trailing slashes are trimmed
    /// (after decoding) before it is compared.
    static func componentPath(_ pattern: String, caseSensitive: Bool, decoded: Bool, variables: VariableLanguages) -> Automaton {
        let part = PartSyntax.path(decoded: decoded)
        let sources = PathMatcher.variants(of: pattern)
        let pattern = minimal(
            Automaton.union(
                sources.map { AASAPatternLanguage.compile($0, part: part, caseSensitive: caseSensitive, variables: variables) }))
        // trim(s) ∈ L  ⟺  s ∈ (L ∩ "non-empty, no trailing slash") · slash*  ∪  ("/" ∈ L ? slash+ : ∅)
        let slash = part.exactly(Unicode.Scalar(slash))
        let trimmed = minimal(Automaton.intersection(pattern, decoded ? notEndingInSlashDecoded : notEndingInSlash))
        var options = [Automaton.sequence([trimmed, .star(slash)])]
        if pattern.accepts([Self.slash]) { options.append(.plus(slash)) }
        return minimal(.union(options))
    }

    /// Non-empty paths that do not end in a slash (as written, or decoded: `%2F` is a slash).
    private static let notEndingInSlash = notEndingInSlash(.path(decoded: false))
    private static let notEndingInSlashDecoded = notEndingInSlash(.path(decoded: true))

    private static func notEndingInSlash(_ part: PartSyntax) -> Automaton {
        let slash = part.exactly(Unicode.Scalar(Self.slash))
        return minimal(Automaton.union([.epsilon, .sequence([.any(of: part.raw), slash])]).complement(within: part.raw))
    }

    /// A query dictionary: every occurrence of each named item must match its pattern, and an
    /// absent item counts as the empty value (exploration of `QueryMatcher.items`).
    static func queryItems(
        _ items: [(key: String, value: String)], caseSensitive: Bool, decoded: Bool, variables: VariableLanguages
    ) -> Automaton {
        let namePart = PartSyntax.itemName(decoded: decoded)
        let valuePart = PartSyntax.itemValue(decoded: decoded)
        let ampersand = Automaton.symbol(UInt8(ascii: "&"))
        let equals = Automaton.symbol(UInt8(ascii: "="))
        let languages = items.map { name, pattern -> Automaton in
            let value = AASAPatternLanguage.compile(pattern, part: valuePart, caseSensitive: caseSensitive, variables: variables)
            let emptyAllowed = value.accepts([])
            // Item names are compared exactly (decoded under percentEncoded: false), never folded.
            let exactName = namePart.exactly(name)
            let named = Automaton.sequence([exactName, .union([.sequence([equals, value]), emptyAllowed ? .epsilon : .nothing])])
            let other = Automaton.sequence([
                exactName.complement(within: namePart.raw), .optional(.sequence([equals, .any(of: valuePart.raw)])),
            ])
            let allowed = Automaton.union([.epsilon, other, named])
            if emptyAllowed {
                return .sequence([allowed, .star(.sequence([ampersand, allowed]))])
            }
            return .sequence([.star(.sequence([allowed, ampersand])), named, .star(.sequence([ampersand, allowed]))])
        }
        // Each item small before they are intersected: the product of minimal automata stays small.
        let minimalItems = languages.map(minimal)
        guard var result = minimalItems.first else { return anyQuery }
        for language in minimalItems.dropFirst() { result = .intersection(result, language) }
        return result
    }

    // MARK: - iOS 9–12 paths

    /// A `paths` entry: `NOT ` excludes; the path is compared as written, case-sensitively, with
    /// no variables (`PathMatcher(legacy:)`); query and fragment are never seen.
    static func legacyPath(_ entry: String) -> DecisionRule {
        let exclude = entry.hasPrefix("NOT ")
        let pattern = exclude ? String(entry.dropFirst(4)) : entry
        let path = AASAPatternLanguage.compile(pattern, part: .path(decoded: false), caseSensitive: true, variables: .none)
        return DecisionRule(automaton: url(path: path, query: anyQuery, fragment: anyFragment), exclude: exclude, text: entry)
    }

    // MARK: - Android 15+ dynamic rules

    /// One dynamic rule (`AndroidDynamicMatcher.rules`) over decoded text (`DecodedText`); nil
    /// when it is malformed, which makes Android discard the whole list. Read as AOSP's
    /// `UriRelativeFilter.matchData` reads the filter groups the rules become: the path and
    /// fragment decoded, and each query entry as the filter `name=value` that some parameter of
    /// the decoded query must match (`queryEntry`); a query or fragment filter never matches a
    /// URL without that part, whatever its pattern.
    static func dynamicRule(_ item: JSONValue, text: DecodedText) -> DecisionRule? {
        guard let object = item.object, !object.isEmpty else { return nil }
        let part = text.part
        let any = Automaton.any(of: part.raw)
        var path = any
        var fragment: Automaton?
        var query: [Automaton] = []
        var exclude = false
        for (key, value) in object {
            switch (key, value) {
            case ("/", .string(let pattern)): path = AndroidGlobLanguage.compile(pattern, part: part)
            case ("#", .string(let pattern)): fragment = AndroidGlobLanguage.compile(pattern, part: part)
            case ("exclude", .bool(let value)): exclude = value
            case ("?", .object(let items)):
                guard !items.isEmpty else { return nil }
                for (name, pattern) in items.sorted(by: { $0.key < $1.key }) {
                    guard let pattern = pattern.string else { return nil }
                    query.append(queryEntry(name + "=" + pattern, part: part))
                }
            case ("comments", _), ("comment", _): continue
            default: return nil
            }
        }
        var queryLanguage = query.first ?? any
        for language in query.dropFirst() { queryLanguage = .intersection(queryLanguage, language).minimized(within: part.raw) }
        return DecisionRule(
            automaton: url(
                path: path, query: queryLanguage, fragment: fragment ?? any, queryWritten: !query.isEmpty, fragmentWritten: fragment != nil),
            exclude: exclude, text: item.compactText, decodes: true, reading: text)
    }

    /// The decoded queries where some parameter matches the filter `pattern`, as AOSP's
    /// `matchQuery` finds them: the query split on `&`, or on `;` when that gives a single part,
    /// with Java's `String.split` dropping trailing empty parts. Splitting on `&` gives two parts
    /// or more exactly when an `&` is followed, somewhere later, by another character; a filter
    /// always holds its `=`, so it never matches an empty part, and which empty parts are dropped
    /// does not matter.
    static func queryEntry(_ pattern: String, part: PartSyntax) -> Automaton {
        let filter = AndroidGlobLanguage.compile(pattern, part: part)
        let any = Automaton.any(of: part.raw)
        func someParameter(_ separator: Symbol) -> Automaton {
            let mark = Automaton.symbol(separator)
            return .sequence([
                .optional(.sequence([any, mark])), .intersection(filter, .any(of: part.raw.subtracting(.single(separator)))),
                .optional(.sequence([mark, any])),
            ])
        }
        let ampersand = UInt8(ascii: "&")
        let notAmpersand = part.raw.subtracting(.single(ampersand))
        let splitOnAmpersand = Automaton.sequence([any, .symbol(ampersand), any, .one(of: notAmpersand), any])
        let single = Automaton.sequence([.any(of: notAmpersand), .any(of: .single(ampersand))])
        return Automaton.union([
            .intersection(splitOnAmpersand, someParameter(ampersand)),
            .intersection(single, someParameter(UInt8(ascii: ";"))),
        ]).minimized(within: part.raw)
    }

    // MARK: - Android 14 and earlier intent filters

    /// One `<data>` path attribute, matched against the decoded path; nil for the forms the
    /// engine does not model (a `pathAdvancedPattern`, or a `pathPattern` with a `*` anywhere but
    /// a final `.*` — Linkwell never writes those).
    static func intentFilterPath(_ attribute: AndroidPathMatcher?) -> Automaton? {
        intentFilterPath(attribute, part: PartSyntax.path(decoded: true), every: anyPath).map {
            url(path: $0, query: anyQuery, fragment: anyFragment)
        }
    }

    /// The same over decoded text (`DecodedText`), the universe of Android 15+'s dynamic rules,
    /// so the filters Android 14 reads can be compared with them: the decoded path, any query
    /// and fragment, written or not.
    static func intentFilterPath(_ attribute: AndroidPathMatcher?, text: DecodedText) -> DecisionRule? {
        let any = Automaton.any(of: text.part.raw)
        guard let path = intentFilterPath(attribute, part: text.part, every: any) else { return nil }
        return DecisionRule(
            automaton: url(path: path, query: any, fragment: any), exclude: false,
            text: attribute.map(AppFiles.attribute) ?? "every path", decodes: true, reading: text)
    }

    private static func intentFilterPath(_ attribute: AndroidPathMatcher?, part: PartSyntax, every: Automaton) -> Automaton? {
        let path: Automaton
        switch attribute {
        case nil: path = every
        case .path(let exact)?: path = part.exactly(exact)
        case .prefix(let prefix)?: path = .sequence([part.exactly(prefix), part.anyRun])
        case .suffix(let suffix)?: path = .sequence([part.anyRun, part.exactly(suffix)])
        case .pattern(let pattern)?:
            var tokens = AndroidPathMatcher.simpleGlobTokens(Array(pattern))
            var tail: Automaton = .epsilon
            if let last = tokens.last, last.isAny, last.repeated {
                tokens.removeLast()
                tail = part.anyRun
            }
            var sequence: [Automaton] = []
            for token in tokens {
                // A repeat anywhere but at the end jumps without going back: not a regular language here.
                if token.repeated { return nil }
                if token.isAny {
                    sequence.append(part.anyCharacter)
                } else {
                    let scalars = Array(token.character.unicodeScalars)
                    guard scalars.count == 1 else { return nil }
                    sequence.append(part.exactly(scalars[0]))
                }
            }
            path = .sequence(sequence + [tail])
        case .advancedPattern?: return nil
        }
        return path
    }
}
