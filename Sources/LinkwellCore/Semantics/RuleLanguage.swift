/// One rule of one platform reading as the set of URLs it matches, with what it decides.
struct DecisionRule: Sendable {
    var automaton: Automaton
    var exclude: Bool
    /// The rule as written, for people: `{"/": "/u/*"}`, `NOT /account/*`.
    var text: String
    /// Whether the rule decodes a part before comparing it: then what escapes decode to matters,
    /// and the engine's universe keeps to escapes that are well-formed UTF-8.
    var decodes = false
}

/// Compiles each platform's rules, read from the JSON of a file exactly as the concrete
/// matchers read them, into `DecisionRule`s over whole URLs (`URLUniverse`).
enum RuleLanguage {
    private static let slash = UInt8(ascii: "/")

    /// `path ␜ query ␝ fragment` from one automaton per part.
    static func url(path: Automaton, query: Automaton, fragment: Automaton) -> Automaton {
        .sequence([path, .symbol(Symbols.querySeparator), query, .symbol(Symbols.fragmentSeparator), fragment])
    }

    static let anyPath = Automaton.any(of: URLUniverse.pathCharacters)
    static let anyQuery = Automaton.any(of: URLUniverse.queryCharacters)
    static let anyFragment = Automaton.any(of: URLUniverse.fragmentCharacters)

    // MARK: - iOS 13+ components

    /// One component with the defaults applied key by key (`AASAMatcher.componentRule`).
    static func component(_ component: [String: JSONValue], defaults: ComponentKeys, variables: [String: [String]]) -> DecisionRule {
        let keys = ComponentKeys(component, over: defaults)
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
            exclude: keys.isExclusion, text: JSONValue.object(component).compactText, decodes: decoded)
    }

    /// A `/` pattern with Apple's slash rules (`PathMatcher`): the pattern's leading slashes
    /// collapse, `/x/*` also matches `/x`, and the subject's trailing slashes are trimmed
    /// (after decoding) before it is compared.
    static func componentPath(_ pattern: String, caseSensitive: Bool, decoded: Bool, variables: [String: [String]]) -> Automaton {
        let part = PartSyntax.path(decoded: decoded)
        let sources = PathMatcher.variants(of: pattern)
        let pattern = Automaton.union(
            sources.map { AASAPatternLanguage.compile($0, part: part, caseSensitive: caseSensitive, variables: variables) })
        // trim(s) ∈ L  ⟺  s ∈ (L ∩ "non-empty, no trailing slash") · slash*  ∪  ("/" ∈ L ? slash+ : ∅)
        let slash = part.exactly(Unicode.Scalar(slash))
        let trimmed = Automaton.intersection(pattern, decoded ? notEndingInSlashDecoded : notEndingInSlash)
        var options = [Automaton.sequence([trimmed, .star(slash)])]
        if pattern.accepts([Self.slash]) { options.append(.plus(slash)) }
        return .union(options)
    }

    /// Non-empty paths that do not end in a slash (as written, or decoded: `%2F` is a slash).
    private static let notEndingInSlash = notEndingInSlash(.path(decoded: false))
    private static let notEndingInSlashDecoded = notEndingInSlash(.path(decoded: true))

    private static func notEndingInSlash(_ part: PartSyntax) -> Automaton {
        let slash = part.exactly(Unicode.Scalar(Self.slash))
        return Automaton.union([.epsilon, .sequence([.any(of: part.raw), slash])]).complement(within: part.raw)
    }

    /// A query dictionary: every occurrence of each named item must match its pattern, and an
    /// absent item counts as the empty value (exploration of `QueryMatcher.items`).
    static func queryItems(
        _ items: [(key: String, value: String)], caseSensitive: Bool, decoded: Bool, variables: [String: [String]]
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
        guard var result = languages.first else { return anyQuery }
        for language in languages.dropFirst() { result = .intersection(result, language) }
        return result
    }

    // MARK: - iOS 9–12 paths

    /// A `paths` entry: `NOT ` excludes; the path is compared as written, case-sensitively, with
    /// no variables (`PathMatcher(legacy:)`); query and fragment are never seen.
    static func legacyPath(_ entry: String) -> DecisionRule {
        let exclude = entry.hasPrefix("NOT ")
        let pattern = exclude ? String(entry.dropFirst(4)) : entry
        let path = AASAPatternLanguage.compile(pattern, part: .path(decoded: false), caseSensitive: true, variables: [:])
        return DecisionRule(automaton: url(path: path, query: anyQuery, fragment: anyFragment), exclude: exclude, text: entry)
    }

    // MARK: - Android 15+ dynamic rules

    /// One dynamic rule (`AndroidDynamicMatcher.rules`); nil when it is malformed, which makes
    /// Android discard the whole list.
    static func dynamicRule(_ item: JSONValue) -> DecisionRule? {
        guard let object = item.object, !object.isEmpty else { return nil }
        var path = anyPath
        var fragment = anyFragment
        var query: [Automaton] = []
        var exclude = false
        let valuePart = PartSyntax.itemValue(decoded: false)
        let namePart = PartSyntax.itemName(decoded: false)
        for (key, value) in object {
            switch (key, value) {
            case ("/", .string(let pattern)): path = AndroidGlobLanguage.compile(pattern, part: .path(decoded: false))
            case ("#", .string(let pattern)): fragment = AndroidGlobLanguage.compile(pattern, part: .fragment(decoded: false))
            case ("exclude", .bool(let value)): exclude = value
            case ("?", .object(let items)):
                guard !items.isEmpty else { return nil }
                for (name, pattern) in items {
                    guard let pattern = pattern.string else { return nil }
                    let value = AndroidGlobLanguage.compile(pattern, part: valuePart)
                    // Some `name=value` pair matches: the name exactly, before the first `=`.
                    let named = Automaton.sequence([
                        namePart.exactly(name),
                        .union([.sequence([.symbol(UInt8(ascii: "=")), value]), value.accepts([]) ? .epsilon : .nothing]),
                    ])
                    let segment = Automaton.any(of: valuePart.raw)
                    let ampersand = Automaton.symbol(UInt8(ascii: "&"))
                    query.append(
                        .sequence([.star(.sequence([segment, ampersand])), named, .star(.sequence([ampersand, segment]))]))
                }
            case ("comments", _), ("comment", _): continue
            default: return nil
            }
        }
        var queryLanguage = query.first ?? anyQuery
        for language in query.dropFirst() { queryLanguage = .intersection(queryLanguage, language) }
        return DecisionRule(
            automaton: url(path: path, query: queryLanguage, fragment: fragment), exclude: exclude, text: item.compactText)
    }

    // MARK: - Android 14 and earlier intent filters

    /// One `<data>` path attribute, matched against the decoded path; nil for the forms the
    /// engine does not model (a `pathAdvancedPattern`, or a `pathPattern` with a `*` anywhere but
    /// a final `.*` — Linkwell never writes those).
    static func intentFilterPath(_ attribute: AndroidPathMatcher?) -> Automaton? {
        let part = PartSyntax.path(decoded: true)
        let path: Automaton
        switch attribute {
        case nil: path = anyPath
        case .path(let exact)?: path = part.exactly(exact)
        case .prefix(let prefix)?: path = .sequence([part.exactly(prefix), part.anyRun])
        case .suffix(let suffix)?: path = .sequence([part.anyRun, part.exactly(suffix)])
        case .pattern(let pattern)?:
            var characters = Array(pattern)
            var tail: Automaton = .epsilon
            if characters.suffix(2) == [".", "*"], characters.dropLast(2).last != "\\" {
                characters.removeLast(2)
                tail = part.anyRun
            }
            var sequence: [Automaton] = []
            var index = 0
            while index < characters.count {
                var character = characters[index]
                var escaped = false
                if character == "\\", index + 1 < characters.count {
                    escaped = true
                    index += 1
                    character = characters[index]
                }
                if index + 1 < characters.count, characters[index + 1] == "*" { return nil }
                if character == ".", !escaped {
                    sequence.append(part.anyCharacter)
                } else {
                    let scalars = Array(character.unicodeScalars)
                    guard scalars.count == 1 else { return nil }
                    sequence.append(part.exactly(scalars[0]))
                }
                index += 1
            }
            path = .sequence(sequence + [tail])
        case .advancedPattern?: return nil
        }
        return url(path: path, query: anyQuery, fragment: anyFragment)
    }
}
