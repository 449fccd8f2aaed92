/// A pattern for a query value, fragment or whole query, with the component's settings.
struct TextMatcher: Sendable {
    let pattern: GlobPattern
    let percentEncoded: Bool

    init(_ pattern: String, caseSensitive: Bool, percentEncoded: Bool, variables: [String: [String]]) {
        self.pattern = GlobPattern(pattern, caseSensitive: caseSensitive, variables: variables)
        self.percentEncoded = percentEncoded
    }

    /// With `percentEncoded: false` the URL is decoded; the pattern never is.
    func matches(_ subject: some StringProtocol) -> Bool {
        percentEncoded ? pattern.matches(subject) : pattern.matches(PercentDecoding.decode(subject))
    }
}

enum QueryMatcher: Sendable {
    case any
    case whole(TextMatcher)
    /// Every occurrence of each named item must match; an absent item counts as `""`.
    case items([(name: String, value: TextMatcher)])

    func matches(_ url: URLParts) -> Bool {
        switch self {
        case .any:
            return true
        case .whole(let matcher):
            return matcher.matches(url.query)
        case .items(let items):
            return items.allSatisfy { name, matcher in
                let decode = !matcher.percentEncoded
                var present = false
                let everyOccurrenceMatches = url.allQueryItems { itemName, value in
                    guard decode ? PercentDecoding.decode(itemName) == name : itemName == name else { return true }
                    present = true
                    return matcher.matches(value)
                }
                return everyOccurrenceMatches && (present || matcher.matches(""))
            }
        }
    }
}
