extension Validation {
    /// Characters a short code may use: base62 plus `-` and `_` (field notes, lesson 17). A code
    /// is also a file name on every host, so nothing that a host or file system treats specially.
    static let shortCodeCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    /// Characters a short link's target may use: a path and query as RFC 3986 writes them, minus
    /// the few that host configurations would read as syntax (`$` is an nginx variable, quotes
    /// end a string) — percent-encode those.
    static let shortTargetCharacters = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!&()*+,;=:@/?%")

    static func checkShortLinks(_ manifest: RawManifest) -> [Diagnostic] {
        guard !manifest.shortLinks.isEmpty else { return [] }
        var found: [Diagnostic] = []
        if manifest.domains?.short == nil {
            found.append(.error(ShortLinkProblem.noShortHost, at: manifest.shortLinks[0].location))
        }
        if manifest.domains?.pairs.isEmpty ?? true {
            found.append(.error(ShortLinkProblem.noPrimaryHost, at: manifest.shortLinks[0].location))
        }
        for link in manifest.shortLinks {
            if let code = link.code {
                if code.value.isEmpty || !code.value.allSatisfy(shortCodeCharacters.contains) || code.value.hasPrefix("_") {
                    found.append(.error(ShortLinkProblem.badCode(code.value), at: code.location))
                }
            }
            if let target = link.target { found += shortTargetProblems(target, hosts: targetHosts(manifest)) }
        }
        let codes = manifest.shortLinks.compactMap(\.code)
        let exact = duplicates(codes, what: "short code")
        // Hosts and file systems that ignore case (macOS checkouts, S3 behind some CDNs) would
        // see one file for both codes.
        let folded = duplicates(
            codes, what: "short code", severity: .warning, code: .shortCodeCase,
            consequence: " (differs from an earlier code only in case; case-insensitive file systems keep one of the two pages)",
            key: { $0.lowercased() }
        ).filter { warning in
            !exact.contains { $0.location == warning.location }
                && !manifest.shortLinks.contains { link in
                    link.code?.location == warning.location && link.accept.contains { $0.value == LintCode.shortCodeCase.rawValue }
                }
        }
        return found + exact + folded
    }

    /// The hosts a short link may lead to besides a path on the primary host: every mirror-pair
    /// host and the site's web origin (never the short host itself: a code would lead to a code).
    static func targetHosts(_ manifest: RawManifest) -> [String] {
        let pairs = (manifest.domains?.pairs ?? []).flatMap { [$0.primary?.value, $0.mirror?.value].compactMap { $0 } }
        let web = manifest.web.flatMap { URLParts($0.value)?.host }
        return (pairs + (web.map { [$0] } ?? [])).uniqued()
    }

    static func shortTargetProblems(_ target: Located<String>, hosts: [String] = []) -> [Diagnostic] {
        var value = target.value
        if value.hasPrefix("https://") {
            // An absolute target: on one of the manifest's hosts or the web origin, with a path.
            guard let parts = URLParts(value), hosts.contains(parts.host), parts.writtenWithPath else {
                return [.error(ShortLinkProblem.targetOnAnotherHost(value, hosts: hosts), at: target.location)]
            }
            value = String(value.dropFirst("https://".count + parts.host.count))
        }
        if !value.hasPrefix("/") || value.hasPrefix("//") {
            return [.error(ShortLinkProblem.targetNotAPath(value), at: target.location)]
        }
        if let bad = value.first(where: { !shortTargetCharacters.contains($0) }) {
            return [.error(ShortLinkProblem.badTargetCharacter(value, bad), at: target.location)]
        }
        return []
    }
}

/// What the short-link checks find.
package enum ShortLinkProblem: DiagnosticMessage {
    case noShortHost
    case noPrimaryHost
    case badCode(String)
    case targetNotAPath(String)
    case targetOnAnotherHost(String, hosts: [String])
    case badTargetCharacter(String, Character)

    package var text: String {
        switch self {
        case .noShortHost:
            "short links need a short host: add 'short: go.example.com' under 'domains'"
        case .noPrimaryHost:
            "short links lead to the primary host of a mirror pair; 'domains' has no 'pairs'"
        case .badCode(let code):
            "short code '\(code)' may use only letters, digits, '-' and '_' (not first), e.g. 'Ab3dE'"
        case .targetNotAPath(let target):
            "target '\(target)' must be a path on the primary host, starting with '/', e.g. '/i/Ab3dE?ref=share', or an https:// URL "
                + "on one of the manifest's hosts or the web origin"
        case .targetOnAnotherHost(let target, let hosts):
            "target '\(target)' must be on one of the manifest's hosts or the web origin (\(hosts.joined(separator: ", "))), with a "
                + "path; the short host answers every code with a redirect there"
        case .badTargetCharacter(let target, let bad):
            "target '\(target)' contains '\(bad)'" + (bad == "#" ? "; a fragment never reaches the host" : "; percent-encode it")
        }
    }
}
