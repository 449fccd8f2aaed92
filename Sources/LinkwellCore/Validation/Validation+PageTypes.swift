#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Validation {
    /// Placeholders a page type's URL templates may use.
    /// `{link}` is the canonical link, percent-encoded for use inside a query value; `{origin}`
    /// (only at the start) the scheme and host of the page's pair's web home (`web` on the pair,
    /// else the top-level one), so one page type serves several markets.
    package static let urlTemplatePlaceholders = ["{path}", "{query}", "{link}", "{origin}"]

    static func checkPageTypes(_ manifest: RawManifest) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for page in manifest.pageTypes {
            let what = "page type '\(page.name.value)'"
            found += problem(page.name, Identifiers.nameProblem(_:what:), "page type name")
            if let fallback = page.fallback, PageType.Fallback(rawValue: fallback.value) == nil {
                let options = PageType.Fallback.allCases.map(\.rawValue)
                found.append(
                    .error(PageTypeProblem.notOneOf("fallback", fallback.value, of: what, options: options), at: fallback.location))
            }
            if let fallback = page.fallback, fallback.value == PageType.Fallback.web.rawValue, page.web == nil {
                found.append(.error(PageTypeProblem.webFallbackWithoutWeb(what), at: fallback.location))
            }
            if let android = page.android, PageType.AndroidStoreLink(rawValue: android.value) == nil {
                let options = PageType.AndroidStoreLink.allCases.map(\.rawValue)
                found.append(.error(PageTypeProblem.notOneOf("android", android.value, of: what, options: options), at: android.location))
            }
            for (key, text) in [("title", page.title), ("description", page.description)] {
                guard let text, PageTextTemplate.mayHavePlaceholders(text.value),
                    case .failure(let problem) = PageTextTemplate.placeholders(in: text.value)
                else { continue }
                found.append(.error(PageTypeProblem.badWordsFromURL(key, problem, of: what), at: text.location))
            }
            if let items = page.items, !isDataFilePath(items.value) {
                found.append(.error(PageTypeProblem.badItemsPath(items.value, of: what, name: page.name.value), at: items.location))
            }
            for template in [page.web, page.desktop, page.iosInstall].compactMap({ $0 }) {
                let problems = urlTemplateProblems(template)
                found += problems
                // Every host's pages need a web home for {origin} to stand for.
                if problems.isEmpty, template.value.hasPrefix("{origin}"), manifest.web == nil,
                    let host = (manifest.domains?.pairs ?? []).first(where: { $0.web == nil })?.primary?.value
                        ?? manifest.domains?.short?.value
                {
                    found.append(.error(URLTemplateProblem.originWithoutWeb(template.value, host: host), at: template.location))
                }
            }
            if let image = page.image, !isAbsoluteHTTPS(image.value) {
                found.append(.error(PageTypeProblem.relativeImage(image.value, of: what), at: image.location))
            }
            for since in page.since {
                found += problem(since.version, Identifiers.versionProblem)
            }
        }
        return found + duplicates(manifest.pageTypes.map(\.name), what: "page type")
    }

    static func urlTemplateProblems(_ template: Located<String>) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var rest = Substring(template.value)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else {
                found.append(.error(URLTemplateProblem.unclosedPlaceholder(template.value), at: template.location))
                break
            }
            let placeholder = String(rest[open...close])
            if !urlTemplatePlaceholders.contains(placeholder) {
                found.append(.error(URLTemplateProblem.unknownPlaceholder(placeholder, in: template.value), at: template.location))
            } else if placeholder == "{origin}", open != template.value.startIndex {
                // One error: the template's other checks would read `{origin}` as text.
                return [.error(URLTemplateProblem.originNotFirst(template.value), at: template.location)]
            }
            rest = rest[rest.index(after: close)...]
        }
        // `{origin}` stands for a web home the manifest writes out (checked where it is written).
        if template.value.hasPrefix("{origin}") {
            if let next = template.value.dropFirst("{origin}".count).first, !"/?#{".contains(next) {
                found.append(.error(URLTemplateProblem.originNotFirst(template.value), at: template.location))
            }
            return found
        }
        // The host is written out: a placeholder inside it, or an authority that is not a plain
        // host (`www.example.com%2f@evil.example`), would let a URL's path choose where people go.
        if template.value.hasPrefix("https://") {
            let rest = template.value.dropFirst("https://".count)
            let authority = rest.prefix { !"/?#{".contains($0) }
            let placeholderFollows = rest.dropFirst(authority.count).first == "{"
            if authority.isEmpty || (placeholderFollows && (authority.hasSuffix(".") || authority.hasSuffix("-"))) {
                found.append(.error(URLTemplateProblem.placeholderInHost(template.value), at: template.location))
                return found
            }
            let host = authority.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            let port = authority.split(separator: ":", maxSplits: 1).dropFirst().first
            if let problem = Identifiers.hostProblem(host), !authority.isEmpty {
                found.append(.error(URLTemplateProblem.badHost(template.value, problem), at: template.location))
                return found
            }
            if let port, !port.allSatisfy(\.isNumber) || port.isEmpty {
                found.append(.error(URLTemplateProblem.badPort(template.value), at: template.location))
                return found
            }
        }
        let sample = template.value.replacingEvery("{path}", with: "/p").replacingEvery("{query}", with: "")
            .replacingEvery("{link}", with: "l")
        if !isAbsoluteHTTPS(sample) {
            found.append(.error(URLTemplateProblem.notAbsoluteHTTPS(template.value), at: template.location))
        }
        return found
    }

    static func isDataFilePath(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.split(separator: "/").contains("..") && (path.hasSuffix(".csv") || path.hasSuffix(".jsonl"))
    }

    /// An absolute https URL, as Foundation's `URLComponents` reads one, with a host RFC 3986
    /// allows: FoundationEssentials' parser (all the binary links) skips the host check the full
    /// Foundation makes, and would take `https://www.example.com{path` for a URL.
    static func isAbsoluteHTTPS(_ value: String) -> Bool {
        isPlainHTTPS(value) || isParsedAbsoluteHTTPS(value)
    }

    /// The same for a URL's UTF-8 (an item row's image, read where the row holds it).
    static func isAbsoluteHTTPS(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        isPlainHTTPS(bytes) || isParsedAbsoluteHTTPS(String(decoding: bytes, as: UTF8.self))
    }

    /// `isAbsoluteHTTPS` by parsing: what it decides for every URL `isPlainHTTPS` does not take.
    static func isParsedAbsoluteHTTPS(_ value: String) -> Bool {
        guard let components = URLComponents(string: value), components.scheme == "https", components.host?.isEmpty == false,
            value.hasPrefix("https://")
        else { return false }
        // The host as written (the parser percent-encodes what it should have refused). User
        // information (`https://evil.example@www.example.ca/`) reads as one host and goes to
        // another, and `*` is a wildcard where the origin reaches a policy: neither is a URL here.
        let host = value.utf8.dropFirst(8).prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        if host.contains(UInt8(ascii: "@")) || host.contains(UInt8(ascii: "*")) { return false }
        if host.first == UInt8(ascii: "[") { return host.contains(UInt8(ascii: "]")) }
        return isRegisteredName(host.prefix { $0 != UInt8(ascii: ":") })
    }

    /// `https://`, a host of ASCII letters, digits, `-` and `.`, then nothing or a path of
    /// unreserved characters and `/`: a URL the parse accepts (tested against it), so an item
    /// row's image needs no parse (it cost more than the row's other checks together).
    static func isPlainHTTPS(_ value: String) -> Bool {
        var value = value
        return value.withUTF8(isPlainHTTPS)
    }

    /// The same for a URL's UTF-8.
    static func isPlainHTTPS(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // By index (an item row's image link is checked on every row; slices and closures were
        // most of the check).
        let scheme = httpsScheme.count
        guard bytes.count > scheme, httpsScheme.indices.allSatisfy({ bytes[$0] == httpsScheme[$0] }) else { return false }
        var index = scheme
        while index < bytes.count, plainHostCharacters.contains(bytes[index]) { index += 1 }
        guard index > scheme else { return false }
        guard index == bytes.count || bytes[index] == UInt8(ascii: "/") else { return false }
        while index < bytes.count {
            guard plainPathCharacters.contains(bytes[index]) else { return false }
            index += 1
        }
        return true
    }

    private static let httpsScheme = Array("https://".utf8)

    private static let plainHostCharacters = ASCIISet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-.")
    private static let plainPathCharacters = ASCIISet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")

    /// Unreserved characters, sub-delimiters, non-ASCII letters (an internationalized name) and
    /// percent escapes that spell UTF-8.
    private static func isRegisteredName(_ host: Substring.UTF8View.SubSequence) -> Bool {
        let bytes = Array(host)
        for (index, byte) in bytes.enumerated() {
            guard byte >= 0x80 || hostCharacters.contains(byte) else { return false }
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, bytes[index + 1].isHexDigit, bytes[index + 2].isHexDigit else { return false }
            }
        }
        guard String(validating: PercentDecoding.bytes(bytes), as: UTF8.self) != nil else { return false }
        // A name written with non-ASCII letters goes through IDNA, whose labels are not empty
        // and neither start nor end with a hyphen (a final dot is allowed); escapes skip it.
        guard host.contains(where: { $0 >= 0x80 }) else { return true }
        var labels = host.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        if labels.count > 1, labels.last?.isEmpty == true { labels.removeLast() }
        return labels.allSatisfy { !$0.isEmpty && $0.first != UInt8(ascii: "-") && $0.last != UInt8(ascii: "-") }
    }

    /// A registered name's characters: unreserved, sub-delimiters and percent escapes.
    private static let hostCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=%".utf8)
}

/// What the page-type checks find.
package enum PageTypeProblem: DiagnosticMessage {
    case notOneOf(String, String, of: String, options: [String])
    case webFallbackWithoutWeb(String)
    case badItemsPath(String, of: String, name: String)
    case relativeImage(String, of: String)
    case badWordsFromURL(String, PageTextTemplate.Problem, of: String)

    package var text: String {
        switch self {
        case .badWordsFromURL(let key, let problem, let what):
            switch problem {
            case .unclosed(let text): "\(key) of \(what) opens '\(text)' and never closes it; write {segment:2|fallback}"
            case .badSegment(let text):
                "\(key) of \(what): '\(text)' must name a path segment from 1 to 9, e.g. {segment:2|a recipe}"
            case .noFallback(let text):
                "\(key) of \(what): '\(text)' needs a fallback after '|', shown until the page knows its URL "
                    + "(crawlers and pages without their script), e.g. {segment:2|a recipe}"
            }
        case .notOneOf(let key, let value, let what, let options):
            "\(key) '\(value)' of \(what) must be one of \(options.map { "'\($0)'" }.joined(separator: ", "))\(Suggestion.didYouMean(value, in: options))"
        case .webFallbackWithoutWeb(let what):
            "\(what) falls back to the web but has no 'web' URL template"
        case .badItemsPath(let items, let what, let name):
            "items '\(items)' of \(what) must be a relative path to a .csv or .jsonl file, e.g. 'data/\(name).csv'"
        case .relativeImage(let image, let what):
            "image '\(image)' of \(what) must be an absolute https:// URL (crawlers do not resolve relative images)"
        }
    }
}

/// What the checks of a URL template (`web`, `desktop`, `iosInstall`) find.
package enum URLTemplateProblem: DiagnosticMessage {
    case unclosedPlaceholder(String)
    case unknownPlaceholder(String, in: String)
    case placeholderInHost(String)
    case badHost(String, String)
    case badPort(String)
    case notAbsoluteHTTPS(String)
    case originNotFirst(String)
    case originWithoutWeb(String, host: String)

    package var text: String {
        switch self {
        case .unclosedPlaceholder(let template):
            "URL template '\(template)' opens '{' without closing it"
        case .unknownPlaceholder(let placeholder, let template):
            "unknown placeholder '\(placeholder)' in URL template '\(template)'"
                + Suggestion.didYouMean(
                    placeholder, in: Validation.urlTemplatePlaceholders,
                    otherwise: "; the placeholders are {path}, {query}, {link} and {origin}")
        case .placeholderInHost(let template):
            "URL template '\(template)' has a placeholder in its host; placeholders belong after the host, e.g. 'https://www.example.com{path}'"
        case .badHost(let template, let problem):
            "URL template '\(template)': \(problem)"
        case .badPort(let template):
            "URL template '\(template)' has a port that is not a number"
        case .notAbsoluteHTTPS(let template):
            "URL template '\(template)' must be an absolute https:// URL, e.g. 'https://www.example.com{path}{query}'"
        case .originNotFirst(let template):
            "URL template '\(template)': {origin} stands for a scheme and host, so it must start the template and be followed by '/', '?', '#', a placeholder or nothing, e.g. '{origin}{path}{query}'"
        case .originWithoutWeb(let template, let host):
            "URL template '\(template)' uses {origin}, but \(host)'s pages have no web home: add 'web' to the manifest or to that host's mirror pair"
        }
    }
}
