/// A `/` pattern with the slash behaviour observed on Apple's matcher (§2.1 step 5.3): the
/// leading slash is optional, trailing slashes are insignificant on both sides, and `/x/*`
/// also matches `/x`. Legacy paths are compared plainly.
struct PathMatcher: Sendable {
    let patterns: [GlobPattern]
    let percentEncoded: Bool
    let normalisesSlashes: Bool

    init(_ pattern: String, caseSensitive: Bool, percentEncoded: Bool, variables: [String: [String]]) {
        self.init(variants: Self.variants(of: pattern), caseSensitive: caseSensitive, percentEncoded: percentEncoded, variables: variables)
    }

    /// From a pattern's `variants`, when they are already read.
    init(variants: [String], caseSensitive: Bool, percentEncoded: Bool, variables: [String: [String]]) {
        patterns = variants.map { GlobPattern($0, caseSensitive: caseSensitive, variables: variables) }
        self.percentEncoded = percentEncoded
        normalisesSlashes = true
    }

    init(legacy pattern: String) {
        patterns = [GlobPattern(pattern, variables: [:])]
        percentEncoded = true
        normalisesSlashes = false
    }

    func matches(_ path: String) -> Bool {
        var subject = Substring(percentEncoded ? path : PercentDecoding.decode(path))
        if normalisesSlashes { subject = Self.trimmingTrailingSlashes(subject) }
        return patterns.contains { $0.matches(subject) }
    }

    /// The patterns a `/` pattern stands for under Apple's slash rules: leading slashes
    /// collapsed (one added when missing, unless it starts with `*`), trailing slashes dropped,
    /// and for `/x/*` also `/x`.
    static func variants(of pattern: String) -> [String] {
        // An ASCII pattern (nearly every one) by its bytes, where a `/` byte is a `/` character,
        // read in place, never as characters and then copied to bytes.
        var contiguous = pattern
        return contiguous.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return characterVariants(of: pattern) }
            let slash = UInt8(ascii: "/")
            // `bytes[start..<end]`, after a slash when `addsSlash`, is the normalised pattern.
            var start = 0
            var addsSlash = false
            if bytes.first == slash {
                while start + 1 < bytes.count, bytes[start + 1] == slash { start += 1 }
            } else {
                addsSlash = bytes.first != UInt8(ascii: "*")
            }
            var end = bytes.count
            while end > start, bytes[end - 1] == slash { end -= 1 }
            let body = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            // Trailing slashes go, but a pattern of slashes is `/`.
            let normalised = addsSlash || body.isEmpty ? "/" + body : body
            let utf8 = normalised.utf8
            guard utf8.count >= 2, utf8.last == UInt8(ascii: "*"), utf8[utf8.index(utf8.endIndex, offsetBy: -2)] == slash else {
                return [normalised]
            }
            return [normalised, String(trimmingTrailingSlashes(Substring(utf8.dropLast(2))))]
        }
    }

    /// `variants` read character by character: the definition, for any pattern.
    static func characterVariants(of pattern: String) -> [String] {
        var normalised = Substring(pattern)
        if normalised.hasPrefix("/") {
            normalised = "/" + normalised.drop { $0 == "/" }
        } else if !normalised.hasPrefix("*") {
            normalised = "/" + normalised
        }
        normalised = trimmingTrailingSlashes(normalised)
        var sources = [String(normalised)]
        if normalised.hasSuffix("/*") {
            sources.append(String(trimmingTrailingSlashes(normalised.dropLast(2))))
        }
        return sources
    }

    static func trimmingTrailingSlashes(_ text: Substring) -> Substring {
        guard !text.isEmpty else { return "/" }
        // Over bytes: a '/' byte is always a whole character, and counting characters per
        // dropped slash made this quadratic.
        let utf8 = text.utf8
        var end = utf8.endIndex
        while case let last = utf8.index(before: end), last > utf8.startIndex, utf8[last] == UInt8(ascii: "/") { end = last }
        return Substring(utf8[..<end])
    }
}
