/// A decoded query as AOSP's `UriRelativeFilter.matchQuery` splits it into parameters, one of
/// which a query filter must match: dynamic rules' query entries and an intent filter's
/// `uri-relative-filter-group` query filters alike.
package enum AndroidQuery {
    /// `query.split("&")`, or `query.split(";")` when that gives one part — Java's `String.split`,
    /// which drops trailing empty parts.
    package static func parameters(_ query: String) -> [Substring] {
        func javaSplit(_ text: Substring, _ separator: Character) -> [Substring] {
            var parts = text.split(separator: separator, omittingEmptySubsequences: false)
            guard parts.count > 1 else { return [text] }
            while parts.last?.isEmpty == true { parts.removeLast() }
            return parts
        }
        let parts = javaSplit(Substring(query), "&")
        return parts.count == 1 ? javaSplit(Substring(query), ";") : parts
    }
}
