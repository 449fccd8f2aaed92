/// Judges a manifest as written. Every check sees the whole manifest and returns what it
/// finds; all run, so a user fixes every problem from one run instead of one per run.
package enum Validation {
    package typealias Check = @Sendable (RawManifest) -> [Diagnostic]

    package static let checks: [Check] = [
        checkVersion, checkRequiredKeys, checkSiteName, checkScheme,
        checkAppsDeclared, checkIOSApps, checkAndroidApps, checkAppIDsUnique, checkHomePages,
        checkDomains, checkHosting,
        checkSubstitutionVariables,
        checkRouteNames, checkRouteConditions, checkPagePathsForHosts, checkRoutePatterns, checkRouteReferences,
        checkPageTypes, checkPageLook, checkThemeContrast,
        checkShortLinks, checkFileNames,
        checkRobots,
        checkLinkTests,
        checkCharacters,
        checkAccepted,
    ]

    package static func validate(_ manifest: RawManifest) -> [Diagnostic] {
        checks.flatMap { $0(manifest) }
    }

    /// "missing required key" at the mapping that lacks it, for every key the field tables mark
    /// required (`version` says what to add in its own words: `checkVersion`).
    static func checkRequiredKeys(_ manifest: RawManifest) -> [Diagnostic] {
        ManifestFields.root.missingKeys(of: manifest, at: manifest.location).filter { $0.key != "version" || $0.what != "the manifest" }
            .map { .error(ManifestProblem.missingKey($0.key, in: $0.what), at: $0.location) }
    }

    /// Reports every later value that repeats an earlier one, with a note naming the first.
    static func duplicates(
        _ values: [Located<String>], what: String, severity: Diagnostic.Severity = .error, code: LintCode? = nil,
        consequence: String = "", key: (String) -> String = { $0 }
    ) -> [Diagnostic] {
        var seen: [String: SourceLocation] = [:]
        var found: [Diagnostic] = []
        for value in values {
            if let first = seen[key(value.value)] {
                found.append(
                    Diagnostic(
                        severity, ManifestProblem.duplicate(what, value.value, consequence: consequence), at: value.location,
                        notes: [.firstDefined(at: first)], code: code))
            } else {
                seen[key(value.value)] = value.location
            }
        }
        return found
    }
}

/// Problems any section can have.
package enum ManifestProblem: DiagnosticMessage {
    case missingKey(String, in: String)
    /// `consequence` follows the value: what Linkwell does about a repeat it only warns of.
    case duplicate(String, String, consequence: String)

    package var text: String {
        switch self {
        case .missingKey(let key, let what): "missing required key '\(key)' in \(what)"
        case .duplicate(let what, let value, let consequence): "duplicate \(what) '\(value)'\(consequence)"
        }
    }
}
