/// Reads an `assetlinks.json` statement list the way Google's Digital Asset Links verifier does
/// (its compatibility suite, group 2000 "web statement-list parsing"): one invalid statement,
/// relation string, target or fingerprint rejects the *whole* list, and then no app link on
/// that host is verified.
package enum StatementListCheck {
    package struct Rejection: Sendable, Hashable, CustomStringConvertible {
        /// 0-based index of the statement at fault; nil when the list itself is wrong.
        package var statement: Int?
        package var reason: String

        package var description: String {
            statement.map { "statement \($0 + 1): \(reason)" } ?? reason
        }
    }

    /// Why Android rejects the list, or nil when it accepts it.
    package static func rejection(of document: JSONValue) -> Rejection? {
        guard let statements = document.array else {
            return Rejection(statement: nil, reason: "the statement list must be a single JSON array")
        }
        guard !statements.isEmpty else { return Rejection(statement: nil, reason: "the statement list is empty") }
        for (index, statement) in statements.enumerated() {
            if let reason = problem(statement) { return Rejection(statement: index, reason: reason) }
        }
        return nil
    }

    private static func problem(_ statement: JSONValue) -> String? {
        guard let object = statement.object else { return "a statement must be a JSON object" }
        if object["include"] != nil {
            if object["relation"] != nil || object["target"] != nil {
                return "an 'include' statement may not also have 'relation' or 'target' (invalid field)"
            }
            return object["include"]?.string == nil ? "'include' must be a URL string" : nil
        }
        guard let relation = object["relation"] else { return "no relation array specified" }
        guard let relations = relation.array else { return "'relation' is not an array" }
        guard !relations.isEmpty else { return "'relation' is an empty array" }
        for relation in relations {
            guard let text = relation.string else { return "invalid relation \(relation.compactText): not a string" }
            if let reason = relationProblem(text) { return reason }
        }
        guard let target = object["target"] else { return "no target specified" }
        guard let descriptor = target.object else { return "'target' is not an object" }
        switch descriptor["namespace"]?.string {
        case "web"?: return webTargetProblem(descriptor)
        case "android_app"?: return androidTargetProblem(descriptor)
        default: return "unrecognized namespace \(descriptor["namespace"]?.compactText ?? "(none)") in 'target'"
        }
    }

    private static let kindCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789_")

    /// `kind/detail`: kind `[a-z0-9_]+`, detail `[a-z0-9_.]+`, nothing else.
    static func relationProblem(_ text: String) -> String? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return "Invalid relation string '\(text)': expected kind/detail" }
        guard !parts[0].isEmpty, parts[0].allSatisfy(kindCharacters.contains) else {
            return "Invalid 'kind' field in relation string '\(text)'"
        }
        guard !parts[1].isEmpty, parts[1].allSatisfy({ kindCharacters.contains($0) || $0 == "." }) else {
            return "Invalid 'detail' field in relation string '\(text)'"
        }
        return nil
    }

    /// `http[s]://host[:port]` and nothing more: no login, path (not even `/`), query or fragment.
    static func webTargetProblem(_ descriptor: [String: JSONValue]) -> String? {
        guard let site = descriptor["site"]?.string else { return "web target has no site field" }
        guard let schemeEnd = site.firstRange(of: "://") else { return "Invalid site '\(site)': not a URL with a scheme" }
        let scheme = site[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return "web target '\(site)' is a non-HTTP URL" }
        let rest = site[schemeEnd.upperBound...]
        if rest.contains("#") { return "web target '\(site)' may not have fragment identifiers" }
        if rest.contains("?") { return "web target '\(site)' may not have query parameters" }
        if rest.contains("/") { return "web target '\(site)' cannot contain a path" }
        if rest.contains("@") { return "web target '\(site)' may not carry login information" }
        var host = Substring(rest)
        if let colon = rest.lastIndex(of: ":") {
            let port = rest[rest.index(after: colon)...]
            guard let number = Int(port), (1...65535).contains(number) else { return "web target '\(site)' is not a valid URL (port)" }
            host = rest[..<colon]
        }
        guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.".contains($0)) }) else {
            return "web target '\(site)' is not a valid URL (host)"
        }
        return nil
    }

    static func androidTargetProblem(_ descriptor: [String: JSONValue]) -> String? {
        guard let package = descriptor["package_name"] else { return "android_app target has no package_name field" }
        guard let name = package.string, isPackageName(name) else {
            return "android_app target has an invalid package name \(package.compactText)"
        }
        guard let fingerprints = descriptor["sha256_cert_fingerprints"] else {
            return "android_app target '\(name)' has no sha256_cert_fingerprints"
        }
        guard let list = fingerprints.array else { return "sha256_cert_fingerprints of '\(name)' is not an array" }
        guard !list.isEmpty else { return "sha256_cert_fingerprints of '\(name)' must contain at least one certificate" }
        for fingerprint in list {
            guard let text = fingerprint.string else {
                return "sha256_cert_fingerprints of '\(name)' holds \(fingerprint.compactText), not a string"
            }
            guard isFingerprint(text) else {
                return "malformed cert fingerprint '\(text)' for '\(name)': expected 32 upper-case hex octets separated by ':'"
            }
        }
        return nil
    }

    static func isPackageName(_ name: String) -> Bool {
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        return !name.isEmpty
            && segments.allSatisfy { segment in
                !segment.isEmpty && segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            }
    }

    static func isFingerprint(_ text: String) -> Bool {
        let octets = text.split(separator: ":", omittingEmptySubsequences: false)
        return octets.count == 32 && octets.allSatisfy { $0.count == 2 && $0.allSatisfy { "0123456789ABCDEF".contains($0) } }
    }

    /// Where the `index`-th element of the top-level array starts in `text` (1-based line and
    /// column), for pointing at a statement.
    package static func location(ofStatement index: Int, in text: String) -> (line: Int, column: Int)? {
        var depth = 0
        var inString = false
        var escaped = false
        var element = -1
        var expectingElement = false
        var line = 1
        var column = 0
        for character in text {
            column += 1
            if character == "\n" {
                line += 1
                column = 0
                continue
            }
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            if expectingElement, !character.isWhitespace {
                expectingElement = false
                element += 1
                if element == index { return (line, column) }
            }
            switch character {
            case "\"": inString = true
            case "[", "{":
                depth += 1
                if depth == 1, character == "[" { expectingElement = true }
            case "]", "}": depth -= 1
            case "," where depth == 1: expectingElement = true
            default: break
            }
        }
        return nil
    }
}

extension StatementListCheck {
    /// The packages a statement list verifies for its host, with their certificates: every
    /// package a `handle_all_urls` statement names, when Google's verifier accepts the list
    /// (which then gives each at least one certificate); none when it rejects it or there is no
    /// list.
    package static func verifiedPackages(_ document: JSONValue?) -> [String: Set<String>] {
        guard let document, rejection(of: document) == nil else { return [:] }
        return AssetLinksStatement.fingerprintsByPackage(document)
    }
}
