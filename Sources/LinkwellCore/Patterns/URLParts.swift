/// A URL split into the parts the matchers compare, exactly as written: no re-encoding, no
/// dot-segment removal (spec-reference §2.1 step 1). Scheme and host are lower-cased; an empty
/// path is `/`; an absent query or fragment is the empty string, and `queryWritten` /
/// `fragmentWritten` say whether it was there (`?`/`#`, maybe with nothing after it).
package struct URLParts: Sendable, Hashable {
    package var scheme: String
    package var host: String
    package var path: String
    package var query: String
    package var fragment: String
    /// Whether the URL was written with a path: `https://host` has none, which iOS reads as `/`
    /// and Android's `Uri.getPath()` as the empty string (so `pathPrefix="/"` does not match it).
    package var writtenWithPath = true
    /// Whether the scheme was written in lower case: Android's `IntentFilter` compares it exactly,
    /// so `HTTPS://…` opens no app there (browsers lower-case it before asking).
    package var schemeWrittenInLowerCase = true
    /// Whether the URL has a `?` / a `#`: Android 15+'s query and fragment filters never match a
    /// URL without one (`Uri.getQuery()`/`getFragment()` are null), even for `*`.
    package var queryWritten = false
    package var fragmentWritten = false
    /// The port written after the host, -1 without one (as `Uri.getPort()`): an intent filter's
    /// `android:port` must equal it, so `port="443"` does not take `https://h/`.
    package var port = -1

    /// Nil when the text is not an absolute `scheme://host…` URL. One pass over the UTF-8 bytes
    /// (every delimiter is ASCII): `match --stdin` splits a URL per line.
    package init?(_ text: String) {
        var text = text
        guard let parts = text.withUTF8(Self.init(bytes:)) else { return nil }
        self = parts
    }

    /// One pass over the bytes, by offset: `match --stdin` splits every URL it reads.
    private init?(bytes: UnsafeBufferPointer<UInt8>) {
        func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? { range.first { bytes[$0] == byte } }
        guard let colon = firstIndex(of: UInt8(ascii: ":"), in: 0..<bytes.count), colon > 0, bytes[0].isASCIILetter,
            (0..<colon).allSatisfy({
                let byte = bytes[$0]
                return byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ".")
            }),
            colon + 3 <= bytes.count, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else {
            return nil
        }
        scheme = Self.lowercased(bytes, 0..<colon)
        schemeWrittenInLowerCase = !(0..<colon).contains { bytes[$0].isASCIIUpper }
        var rest = (colon + 3)..<bytes.count
        fragment = ""
        if let hash = firstIndex(of: UInt8(ascii: "#"), in: rest) {
            fragment = string((hash + 1)..<rest.upperBound)
            rest = rest.lowerBound..<hash
            fragmentWritten = true
        }
        query = ""
        if let mark = firstIndex(of: UInt8(ascii: "?"), in: rest) {
            query = string((mark + 1)..<rest.upperBound)
            rest = rest.lowerBound..<mark
            queryWritten = true
        }
        let slash = firstIndex(of: UInt8(ascii: "/"), in: rest) ?? rest.upperBound
        var authority = rest.lowerBound..<slash
        if let at = authority.last(where: { bytes[$0] == UInt8(ascii: "@") }) { authority = (at + 1)..<authority.upperBound }
        if let colon = authority.last(where: { bytes[$0] == UInt8(ascii: ":") }), bytes[authority.upperBound - 1] != UInt8(ascii: "]") {
            port = Int(string((colon + 1)..<authority.upperBound)) ?? -1
            authority = authority.lowerBound..<colon
        }
        guard !authority.isEmpty else { return nil }
        host = Self.lowercased(bytes, authority)
        path = slash == rest.upperBound ? "/" : string(slash..<rest.upperBound)
        writtenWithPath = slash != rest.upperBound
    }

    private static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let part = UnsafeBufferPointer(rebasing: bytes[range])
        guard part.allSatisfy({ $0 < 0x80 }) else { return String(decoding: part, as: UTF8.self).lowercased() }
        guard part.contains(where: \.isASCIIUpper) else { return String(decoding: part, as: UTF8.self) }
        return String(decoding: part.map { $0.isASCIIUpper ? $0 + 32 : $0 }, as: UTF8.self)
    }

    package var queryItems: [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        _ = allQueryItems { name, value in
            items.append((String(name), String(value)))
            return true
        }
        return items
    }

    /// Whether `body` holds for every `name=value` item of the query, in order (stopping at the
    /// first that fails): empty items skipped, a missing `=` read as an empty value. Walks the
    /// query in place: the matchers read it for every URL of `match --stdin`.
    package func allQueryItems(_ body: (_ name: Substring, _ value: Substring) -> Bool) -> Bool {
        let utf8 = query.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: every byte is a character but for "\r\n", which holds no `&` or `=`, so the
            // bytes split exactly as the characters do, without breaking graphemes.
            var start = utf8.startIndex
            while start < utf8.endIndex {
                let end = utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? utf8.endIndex
                defer { start = end < utf8.endIndex ? utf8.index(after: end) : end }
                guard start < end else { continue }
                let item = utf8[start..<end]
                let equals = item.firstIndex(of: UInt8(ascii: "="))
                let name = Substring(item[..<(equals ?? end)])
                let value = equals.map { Substring(item[utf8.index(after: $0)...]) } ?? ""
                guard body(name, value) else { return false }
            }
            return true
        }
        var rest = Substring(query)
        while !rest.isEmpty {
            let end = rest.firstIndex(of: "&") ?? rest.endIndex
            let item = rest[..<end]
            rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
            guard !item.isEmpty else { continue }
            let equals = item.firstIndex(of: "=")
            let name = item[..<(equals ?? item.endIndex)]
            let value = equals.map { item[item.index(after: $0)...] } ?? ""
            guard body(name, value) else { return false }
        }
        return true
    }

    /// The path with the query and fragment, as a preview page keeps it when it links across.
    package var pathAndQuery: String { query.isEmpty ? path : "\(path)?\(query)" }
}

/// Percent-decoding as UTF-8, for `percentEncoded: false` rules. Invalid escapes stay as
/// written, as the platform's decoders leave them.
extension URLParts {
    /// The path Android's `Uri.getPath()` gives: decoded, and empty when none was written.
    package var androidPath: String { writtenWithPath ? PercentDecoding.decode(path) : "" }

    /// `text` as a browser sends it, when that differs: non-ASCII characters, controls, spaces
    /// and the characters WHATWG's URL standard encodes in a path, query or fragment become
    /// `%HH` escapes of their UTF-8 bytes. The matchers and the exact engine compare URLs as
    /// they reach a device, and a device never sees `/café`, only `/caf%C3%A9`.
    package static func browserEncoded(_ text: String) -> String? {
        guard text.utf8.contains(where: mayNeedEncoding) else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard let colon = scalars.firstIndex(of: ":"), colon + 2 < scalars.count, scalars[colon + 1] == "/", scalars[colon + 2] == "/"
        else { return nil }
        var result = String(String.UnicodeScalarView(scalars[...(colon + 2)]))
        var part = 0  // 0 authority, 1 path, 2 query, 3 fragment
        var changed = false
        for scalar in scalars[(colon + 3)...] {
            switch (scalar, part) {
            case ("/", 0): part = 1
            case ("?", 0), ("?", 1): part = 2
            case ("#", 0...2): part = 3
            default: break
            }
            let encodedHere: Set<Unicode.Scalar> =
                switch part {
                case 1: [" ", "\"", "<", ">", "`", "{", "}"]
                case 2: [" ", "\"", "<", ">", "'"]
                case 3: [" ", "\"", "<", ">", "`"]
                default: []
                }
            if part > 0, !scalar.isASCII || scalar.value < 0x20 || scalar.value == 0x7F || encodedHere.contains(scalar) {
                result += PercentEncoding.encoded(String(scalar)) { _ in false }
                changed = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return changed ? result : nil
    }

    /// A byte `browserEncoded` may change: a quick test, so a plain URL (most of what `match
    /// --stdin` reads) skips the walk. Comparisons, not a lookup in a set.
    private static func mayNeedEncoding(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21...0x7E:
            byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "`")
                || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "'")
        default: true
        }
    }
}

package enum PercentDecoding {
    package static func decode(_ text: some StringProtocol) -> String {
        guard text.contains("%") else { return String(text) }
        return String(decoding: bytes(Array(text.utf8)), as: UTF8.self)
    }

    /// The bytes escapes stand for, before they are read as UTF-8.
    package static func bytes(_ utf8: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
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
        return bytes
    }

    /// A hex digit's value; nil for any other byte.
    static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
