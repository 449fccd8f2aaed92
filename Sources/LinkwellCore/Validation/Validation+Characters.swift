extension Validation {
    /// Characters an output file cannot carry, refused where the manifest writes them: a line
    /// break in a path would add a rule to `_redirects` or robots.txt, a space would split a
    /// rule's fields, a NUL makes the intent-filter XML invalid. Every text value may hold no
    /// control character; values written into a whitespace-separated configuration line (a paged
    /// route's path and its variables, short links, robots rules, URLs) hold no whitespace. A
    /// route without a page may keep a literal space (`percentEncoded: false` reads one): it
    /// reaches only the JSON and XML association files.
    static func checkCharacters(_ manifest: RawManifest) -> [Diagnostic] {
        var texts: [(Located<String>, String)] = []
        var urlLike: [(Located<String>, String)] = []
        func text(_ value: Located<String>?, _ what: String) { if let value { texts.append((value, what)) } }
        func url(_ value: Located<String>?, _ what: String) { if let value { urlLike.append((value, what)) } }
        let pagedPaths = manifest.routes.filter { $0.page != nil && $0.exclude?.value != true }.compactMap(\.path?.value)

        text(manifest.name, "name")
        url(manifest.scheme, "scheme")
        url(manifest.web, "web")
        for app in manifest.iosApps { text(app.name, "app name") }
        for app in manifest.androidApps { text(app.name, "app name") }
        for variable in manifest.substitutionVariables {
            url(variable.name, "substitution variable name")
            let paged = pagedPaths.contains { $0.contains("$(\(variable.name.value))") }
            for value in variable.values { paged ? url(value, "value of '\(variable.name.value)'") : text(value, "value") }
        }
        for route in manifest.routes {
            text(route.comment, "comment")
            route.page != nil && route.exclude?.value != true ? url(route.path, "path") : text(route.path, "path")
            text(route.fragment, "fragment")
            switch route.query {
            case .whole(let pattern): text(pattern, "query")
            case .items(let items, _):
                for item in items {
                    text(item.name, "query item name")
                    text(item.pattern, "query item '\(item.name.value)'")
                }
            case nil: break
            }
        }
        for page in manifest.pageTypes {
            for value in [page.title, page.description, page.labels?.open, page.labels?.store, page.labels?.web] { text(value, "text") }
            for value in [page.web, page.desktop, page.iosInstall, page.image, page.items] { url(value, "URL") }
        }
        for link in manifest.shortLinks {
            url(link.code, "short code")
            url(link.target, "target")
            text(link.comment, "comment")
        }
        for group in manifest.robots?.groups ?? [] {
            for agent in group.userAgents ?? [] { text(agent, "user agent") }
            for rule in group.allow + group.disallow { url(rule, "robots rule") }
        }
        for sitemap in manifest.robots?.sitemaps ?? [] { url(sitemap, "sitemap") }
        for test in manifest.tests {
            url(test.url, "link test URL")
            text(test.comment, "comment")
        }

        var found: [Diagnostic] = []
        for (value, what) in texts + urlLike {
            if let bad = value.value.unicodeScalars.first(where: isControl) {
                found.append(.error(CharacterProblem.controlCharacter(value.value, what: what, bad), at: value.location))
            }
        }
        for (value, what) in urlLike where !value.value.unicodeScalars.contains(where: isControl) {
            if let space = value.value.unicodeScalars.first(where: { $0.properties.isWhitespace }) {
                found.append(.error(CharacterProblem.whitespace(value.value, what: what, space), at: value.location))
            }
        }
        return found
    }

    fileprivate static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    fileprivate static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The value with control characters shown as `\u{…}`, so the message itself stays on one line.
    fileprivate static func visible(_ text: String) -> String {
        text.unicodeScalars.map { isControl($0) ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
    }
}

/// Characters no output can carry.
package enum CharacterProblem: DiagnosticMessage {
    case controlCharacter(String, what: String, Unicode.Scalar)
    case whitespace(String, what: String, Unicode.Scalar)

    package var text: String {
        switch self {
        case .controlCharacter(let value, let what, let bad):
            "\(what) '\(Validation.visible(value))' contains the control character \(Validation.codePoint(bad)), which no output file can carry; remove it"
        case .whitespace(let value, let what, let space):
            "\(what) '\(value)' contains whitespace (\(Validation.codePoint(space))), which would split a rule in the host configuration; percent-encode it as %20 or remove it"
        }
    }
}
