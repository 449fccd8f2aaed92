/// A URL split into the parts the matchers compare, exactly as written: no re-encoding, no
/// dot-segment removal (spec-reference §2.1 step 1). Scheme and host are lower-cased; an empty
/// path is `/`; an absent query or fragment is the empty string.
public struct URLParts: Sendable, Hashable {
    public var scheme: String
    public var host: String
    public var path: String
    public var query: String
    public var fragment: String

    /// Nil when the text is not an absolute `scheme://host…` URL. One pass over the UTF-8 bytes
    /// (every delimiter is ASCII): `match --stdin` splits a URL per line.
    public init?(_ text: String) {
        let bytes = text.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let scheme = bytes[..<colon]
        let afterColon = bytes[colon...]
        guard afterColon.starts(with: "://".utf8), let first = scheme.first, first.isASCIILetter,
            scheme.allSatisfy({
                $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            })
        else {
            return nil
        }
        self.scheme = Self.lowercased(scheme)
        var rest = bytes[bytes.index(colon, offsetBy: 3)...]
        var fragment = ""
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(decoding: rest[rest.index(after: hash)...], as: UTF8.self)
            rest = rest[..<hash]
        }
        var query = ""
        if let mark = rest.firstIndex(of: UInt8(ascii: "?")) {
            query = String(decoding: rest[rest.index(after: mark)...], as: UTF8.self)
            rest = rest[..<mark]
        }
        let slash = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        var authority = rest[..<slash]
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[authority.index(after: at)...] }
        if let colon = authority.lastIndex(of: UInt8(ascii: ":")), authority.last != UInt8(ascii: "]") { authority = authority[..<colon] }
        guard !authority.isEmpty else { return nil }
        host = Self.lowercased(authority)
        let path = rest[slash...]
        self.path = path.isEmpty ? "/" : String(decoding: path, as: UTF8.self)
        self.query = query
        self.fragment = fragment
    }

    /// ASCII letters lowered byte by byte; other text through Unicode's lower-casing.
    private static func lowercased(_ bytes: Substring.UTF8View.SubSequence) -> String {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return String(decoding: bytes, as: UTF8.self).lowercased() }
        return String(decoding: bytes.map { $0.isASCIIUpper ? $0 + 32 : $0 }, as: UTF8.self)
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

extension UInt8 {
    fileprivate var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
    fileprivate var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    fileprivate var isASCIIUpper: Bool { self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") }
}
