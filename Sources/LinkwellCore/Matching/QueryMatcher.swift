/// A pattern for a query value, fragment or whole query, with the component's settings.
struct TextMatcher: Sendable {
    let pattern: GlobPattern
    let percentEncoded: Bool

    init(_ pattern: String, caseSensitive: Bool, percentEncoded: Bool, variables: [String: [String]]) {
        self.pattern = GlobPattern(pattern, caseSensitive: caseSensitive, variables: variables)
        self.percentEncoded = percentEncoded
    }

    /// With `percentEncoded: false` the URL is decoded; the pattern never is.
    func matches(_ subject: String) -> Bool {
        pattern.matches(percentEncoded ? subject : PercentDecoding.decode(subject))
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
            let present = url.queryItems
            return items.allSatisfy { name, matcher in
                let decode = !matcher.percentEncoded
                let values = present.filter { (decode ? PercentDecoding.decode($0.name) : $0.name) == name }.map(\.value)
                return (values.isEmpty ? [""] : values).allSatisfy(matcher.matches)
            }
        }
    }
}
