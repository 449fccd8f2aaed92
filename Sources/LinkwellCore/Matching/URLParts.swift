/// A URL split into the parts the matchers compare, exactly as written: no re-encoding, no
/// dot-segment removal (spec-reference §2.1 step 1). Scheme and host are lower-cased; an empty
/// path is `/`; an absent query or fragment is the empty string.
public struct URLParts: Sendable, Hashable {
    public var scheme: String
    public var host: String
    public var path: String
    public var query: String
    public var fragment: String

    /// Nil when the text is not an absolute `scheme://host…` URL.
    public init?(_ text: String) {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        let scheme = text[..<schemeEnd.lowerBound]
        guard let first = scheme.first, first.isLetter, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else {
            return nil
        }
        self.scheme = scheme.lowercased()
        var rest = text[schemeEnd.upperBound...]
        var fragment = ""
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query = ""
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<slash]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") { authority = authority[..<colon] }
        guard !authority.isEmpty else { return nil }
        host = authority.lowercased()
        let path = String(rest[slash...])
        self.path = path.isEmpty ? "/" : path
        self.query = query
        self.fragment = fragment
    }

    /// Query items as `(name, value)` split on `&` and the first `=`; an item without `=` has
    /// the value `""`. Empty items (`a=1&&b=2`) are skipped.
    public var queryItems: [(name: String, value: String)] {
        query.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// The path with the query and fragment, as a preview page keeps it when it links across.
    public var pathAndQuery: String { query.isEmpty ? path : "\(path)?\(query)" }
}

/// Percent-decoding as UTF-8, for `percentEncoded: false` rules. Invalid escapes stay as
/// written, as the platform's decoders leave them.
public enum PercentDecoding {
    public static func decode(_ text: some StringProtocol) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count, let high = hex(utf8[index + 1]), let low = hex(utf8[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
