import Foundation

extension Validation {
    /// Placeholders a page type's URL templates may use.
    /// `{link}` is the canonical link, percent-encoded for use inside a query value.
    package static let urlTemplatePlaceholders = ["{path}", "{query}", "{link}"]

    static func checkPageTypes(_ manifest: RawManifest) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for page in manifest.pageTypes {
            let what = "page type '\(page.name.value)'"
            found += problem(page.name, Identifiers.nameProblem(_:what:), "page type name")
            if page.title == nil { found.append(missing("title", in: what, at: page.location)) }
            if let fallback = page.fallback, PageType.Fallback(rawValue: fallback.value) == nil {
                let options = PageType.Fallback.allCases.map(\.rawValue)
                found.append(
                    .error(
                        "fallback '\(fallback.value)' of \(what) must be one of \(options.map { "'\($0)'" }.joined(separator: ", "))\(Suggestion.didYouMean(fallback.value, in: options))",
                        at: fallback.location))
            }
            if let fallback = page.fallback, fallback.value == PageType.Fallback.web.rawValue, page.web == nil {
                found.append(.error("\(what) falls back to the web but has no 'web' URL template", at: fallback.location))
            }
            if let android = page.android, PageType.AndroidStoreLink(rawValue: android.value) == nil {
                let options = PageType.AndroidStoreLink.allCases.map(\.rawValue)
                found.append(
                    .error(
                        "android '\(android.value)' of \(what) must be one of \(options.map { "'\($0)'" }.joined(separator: ", "))\(Suggestion.didYouMean(android.value, in: options))",
                        at: android.location))
            }
            if let items = page.items, !isDataFilePath(items.value) {
                found.append(
                    .error(
                        "items '\(items.value)' of \(what) must be a relative path to a .csv or .jsonl file, e.g. 'data/\(page.name.value).csv'",
                        at: items.location))
            }
            for template in [page.web, page.desktop, page.iosInstall].compactMap({ $0 }) {
                found += urlTemplateProblems(template)
            }
            if let image = page.image, !isAbsoluteHTTPS(image.value) {
                found.append(
                    .error(
                        "image '\(image.value)' of \(what) must be an absolute https:// URL (crawlers do not resolve relative images)",
                        at: image.location))
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
                found.append(.error("URL template '\(template.value)' opens '{' without closing it", at: template.location))
                break
            }
            let placeholder = String(rest[open...close])
            if !urlTemplatePlaceholders.contains(placeholder) {
                let hint = Suggestion.didYouMean(placeholder, in: urlTemplatePlaceholders)
                found.append(
                    .error(
                        "unknown placeholder '\(placeholder)' in URL template '\(template.value)'\(hint.isEmpty ? "; the placeholders are {path}, {query} and {link}" : hint)",
                        at: template.location))
            }
            rest = rest[rest.index(after: close)...]
        }
        // The host is written out: a placeholder inside it, or an authority that is not a plain
        // host (`www.example.com%2f@evil.example`), would let a URL's path choose where people go.
        if template.value.hasPrefix("https://") {
            let rest = template.value.dropFirst("https://".count)
            let authority = rest.prefix { !"/?#{".contains($0) }
            let placeholderFollows = rest.dropFirst(authority.count).first == "{"
            if authority.isEmpty || (placeholderFollows && (authority.hasSuffix(".") || authority.hasSuffix("-"))) {
                found.append(
                    .error(
                        "URL template '\(template.value)' has a placeholder in its host; placeholders belong after the host, e.g. 'https://www.example.com{path}'",
                        at: template.location))
                return found
            }
            let host = authority.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            let port = authority.split(separator: ":", maxSplits: 1).dropFirst().first
            if let problem = Identifiers.hostProblem(host), !authority.isEmpty {
                found.append(.error("URL template '\(template.value)': \(problem)", at: template.location))
                return found
            }
            if let port, !port.allSatisfy(\.isNumber) || port.isEmpty {
                found.append(.error("URL template '\(template.value)' has a port that is not a number", at: template.location))
                return found
            }
        }
        let sample = template.value.replacingOccurrences(of: "{path}", with: "/p").replacingOccurrences(of: "{query}", with: "")
            .replacingOccurrences(of: "{link}", with: "l")
        if !isAbsoluteHTTPS(sample) {
            found.append(
                .error(
                    "URL template '\(template.value)' must be an absolute https:// URL, e.g. 'https://www.example.com{path}{query}'",
                    at: template.location))
        }
        return found
    }

    static func isDataFilePath(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.split(separator: "/").contains("..") && (path.hasSuffix(".csv") || path.hasSuffix(".jsonl"))
    }

    static func isAbsoluteHTTPS(_ value: String) -> Bool {
        guard let components = URLComponents(string: value), components.scheme == "https",
            let host = components.host, !host.isEmpty
        else { return false }
        return true
    }
}
