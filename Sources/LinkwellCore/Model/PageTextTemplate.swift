/// A page type's text with words from the page's URL: `{segment:N|fallback}` is the path's Nth
/// segment as the address bar shows it (`URLDisplay`), `{words:N|fallback}` the same with `-` and
/// `_` read as spaces. An item or home page, whose path is known when building, has the words
/// written in (escaped as every value is); a route page serves many URLs, so it shows the
/// fallback until its script has put the words in (`PageScript`, with `textContent`). Braces
/// that do not start `{segment:` or `{words:` are text.
package enum PageTextTemplate {
    package struct Placeholder: Sendable, Hashable {
        package var words: Bool
        /// 1-based.
        package var segment: Int
        package var fallback: String
        /// Where it is in the text.
        package var range: Range<String.Index>
    }

    package enum Problem: Error, Hashable, Sendable {
        case unclosed(String)
        case badSegment(String)
        case noFallback(String)
    }

    private static let openers = ["{segment:", "{words:"]

    /// Whether `text` may hold a placeholder (a quick test: most texts have none).
    package static func mayHavePlaceholders(_ text: String) -> Bool {
        text.contains("{segment:") || text.contains("{words:")
    }

    package static func placeholders(in text: String) -> Result<[Placeholder], Problem> {
        var found: [Placeholder] = []
        var index = text.startIndex
        while let start = openers.compactMap({ text[index...].firstRange(of: $0)?.lowerBound }).min() {
            guard let close = text[start...].firstIndex(of: "}") else { return .failure(.unclosed(String(text[start...]))) }
            let whole = String(text[start...close])
            let words = whole.hasPrefix("{words:")
            let inner = text[text.index(start, offsetBy: words ? 7 : 9)..<close]
            guard let bar = inner.firstIndex(of: "|") else { return .failure(.noFallback(whole)) }
            let digits = inner[..<bar]
            guard digits.count == 1, let segment = Int(digits), (1...9).contains(segment) else {
                return .failure(.badSegment(whole))
            }
            found.append(
                Placeholder(
                    words: words, segment: segment, fallback: String(inner[inner.index(after: bar)...]),
                    range: start..<text.index(after: close)))
            index = text.index(after: close)
        }
        return .success(found)
    }

    /// `text` with each placeholder replaced by its words from `path` (decoded as an item's path
    /// is written, or as a browser sends it), or its fallback where `path` is nil or has no such
    /// segment.
    package static func expand(_ text: String, path: String?) -> String {
        guard mayHavePlaceholders(text), case .success(let placeholders) = placeholders(in: text), !placeholders.isEmpty else {
            return text
        }
        let segments = path.map { $0.split(separator: "/", omittingEmptySubsequences: true) } ?? []
        var result = ""
        var index = text.startIndex
        for placeholder in placeholders {
            result += text[index..<placeholder.range.lowerBound]
            if placeholder.segment <= segments.count {
                let shown = URLDisplay.decoded(segments[placeholder.segment - 1])
                result += placeholder.words ? String(shown.map { $0 == "-" || $0 == "_" ? " " : $0 }) : shown
            } else {
                result += placeholder.fallback
            }
            index = placeholder.range.upperBound
        }
        return result + text[index...]
    }
}
