#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The grammars of the identifiers a manifest carries (spec-reference §4.1–§4.2). Each rule
/// returns why a value is wrong, or nil when it is right, so checks and tests share one source.
package enum Identifiers {
    static let upperAlphanumerics = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    static let hexDigits = Set("0123456789abcdefABCDEF")
    static let digits = Set("0123456789")

    package static func teamIDProblem(_ value: String) -> String? {
        guard value.count == 10, value.allSatisfy(upperAlphanumerics.contains) else {
            let hint =
                value.count == 10 && value.uppercased().allSatisfy(upperAlphanumerics.contains) ? "; write '\(value.uppercased())'" : ""
            return "Team ID '\(value)' must be 10 upper-case letters or digits, as shown in the Apple Developer account\(hint)"
        }
        return nil
    }

    private static let bundleIDCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-")
    private static let nameCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789-_")
    private static let schemeCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789+-.")

    package static func bundleIDProblem(_ value: String) -> String? {
        let labels = value.split(separator: ".", omittingEmptySubsequences: false)
        guard value.allSatisfy(bundleIDCharacters.contains), labels.count >= 2, !labels.contains(where: \.isEmpty) else {
            return "bundle ID '\(value)' must be reverse-DNS letters, digits, '-' and '.', with no empty part (e.g. 'com.example.app')"
        }
        return nil
    }

    package static func androidPackageProblem(_ value: String) -> String? {
        let segments = value.split(separator: ".", omittingEmptySubsequences: false)
        let validSegment: (Substring) -> Bool = { segment in
            guard let first = segment.first, first.isASCII, first.isLetter else { return false }
            return segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }
        guard segments.count >= 2, segments.allSatisfy(validSegment) else {
            return
                "Android package '\(value)' must have at least two parts separated by '.', each starting with a letter and holding only letters, digits and '_'"
        }
        return nil
    }

    /// A SHA-256 certificate fingerprint in its canonical form (upper-case hex octets joined by
    /// colons), from any of the spellings keytool, Play Console and apksigner print.
    package static func canonicalFingerprint(_ value: String) -> Result<String, FingerprintProblem> {
        var text = value.trimmingSpaces()
        if text.lowercased().hasPrefix("sha256:") { text = String(text.dropFirst(7)) }
        let hex = text.filter { ![":", " ", "-"].contains($0) }
        if let bad = hex.first(where: { !hexDigits.contains($0) }) {
            return .failure(.notHex(value, bad))
        }
        guard hex.count == 64 else { return .failure(.wrongLength(value, octets: Double(hex.count) / 2)) }
        let upper = Array(hex.uppercased())
        let octets = stride(from: 0, to: 64, by: 2).map { String(upper[$0..<$0 + 2]) }
        return .success(octets.joined(separator: ":"))
    }

    package enum FingerprintProblem: Error, Equatable, CustomStringConvertible {
        case notHex(String, Character)
        case wrongLength(String, octets: Double)

        package var description: String {
            switch self {
            case .notHex(let value, let character):
                "fingerprint '\(value)' contains '\(character)', which is not a hexadecimal digit; expected 32 octets such as '14:6D:E9:…'"
            case .wrongLength(let value, let octets):
                "fingerprint '\(value)' has \(octets.formatted) octets; a SHA-256 fingerprint has 32 (is this a SHA-1 fingerprint?)"
            }
        }
    }

    package static func appStoreIDProblem(_ value: String) -> String? {
        guard !value.isEmpty, value.allSatisfy(digits.contains) else {
            return "App Store ID '\(value)' must be the numeric ID from the app's App Store URL (e.g. '1234567890'), not the bundle ID"
        }
        return nil
    }

    /// Host names as files are served for them: lower-case ASCII labels, nothing around them.
    package static func hostProblem(_ value: String) -> String? {
        if let range = value.firstRange(of: "://") {
            return "host '\(value)' must not carry a scheme; write '\(hostCandidate(String(value[range.upperBound...])))'"
        }
        if value.hasPrefix("*.") {
            return "host '\(value)' is a wildcard; list each host that serves the files"
        }
        if value.contains("/") {
            return "host '\(value)' must not carry a path; write '\(hostCandidate(value))'"
        }
        if value.contains(":") {
            return "host '\(value)' must not carry a port (Apple ignores entries with ports); write '\(hostCandidate(value))'"
        }
        if value.hasSuffix(".") {
            return "host '\(value)' must not end with a dot; write '\(value.dropLast())'"
        }
        if !value.allSatisfy(\.isASCII) {
            return "host '\(value)' is not ASCII; write its punycode form ('xn--…')"
        }
        if value != value.lowercased() {
            return "host '\(value)' must be lower case; write '\(value.lowercased())'"
        }
        let labels = value.split(separator: ".", omittingEmptySubsequences: false)
        let validLabel: (Substring) -> Bool = { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
        guard labels.count >= 2, value.count <= 253, labels.allSatisfy(validLabel) else {
            return "host '\(value)' is not a valid host name (letters, digits and '-' in dot-separated labels, e.g. 'm.example.com')"
        }
        return nil
    }

    private static func hostCandidate(_ value: String) -> String {
        var host = Substring(value)
        if let range = host.firstRange(of: "://") { host = host[range.upperBound...] }
        host = host.prefix { $0 != "/" && $0 != ":" }
        var trimmed = Substring(host.lowercased())
        while trimmed.first == "." { trimmed.removeFirst() }
        while trimmed.last == "." { trimmed.removeLast() }
        return String(trimmed)
    }

    /// Names the manifest uses to refer to things (app ids, route names): short, lower case,
    /// safe in file names and URLs.
    package static func nameProblem(_ value: String, what: String) -> String? {
        guard !value.isEmpty, value.allSatisfy(nameCharacters.contains), value.first?.isLetter == true else {
            return "\(what) '\(value)' must start with a lower-case letter and hold only lower-case letters, digits, '-' and '_'"
        }
        return nil
    }

    /// A URL scheme per RFC 3986: a letter, then letters, digits, '+', '-' or '.'.
    package static func schemeProblem(_ value: String) -> String? {
        if value.hasSuffix("://") || value.hasSuffix(":") {
            return "scheme '\(value)' must be the bare name; write '\(value.split(separator: ":").first ?? "")'"
        }
        guard let first = value.first, first.isLetter, value.lowercased().allSatisfy(schemeCharacters.contains) else {
            return "scheme '\(value)' must start with a letter and hold only letters, digits, '+', '-' and '.'"
        }
        if ["http", "https"].contains(value.lowercased()) {
            return "scheme '\(value)' is the web's own; name the app's custom scheme (e.g. 'example')"
        }
        return nil
    }

    /// App versions as the stores show them: dot-separated numbers.
    package static func versionProblem(_ value: String) -> String? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(digits.contains) }) else {
            return "version '\(value)' must be dot-separated numbers such as '5.2' or '5.2.1'"
        }
        return nil
    }
}

extension Double {
    fileprivate var formatted: String {
        rounded() == self ? String(Int(self)) : String(self)
    }
}
