extension Validation {
    static let supportedVersion = 1

    static func checkVersion(_ manifest: RawManifest) -> [Diagnostic] {
        guard let version = manifest.version else {
            return [.error(SiteProblem.noVersion(supported: supportedVersion), at: manifest.location)]
        }
        guard version.value == supportedVersion else {
            return [
                .error(SiteProblem.unsupportedVersion(version.value, supported: supportedVersion), at: version.location)
            ]
        }
        return []
    }

    static func checkSiteName(_ manifest: RawManifest) -> [Diagnostic] {
        guard let name = manifest.name else { return [] }
        return name.value.trimmingSpaces().isEmpty ? [.error(SiteProblem.emptyName, at: name.location)] : []
    }

    static func checkScheme(_ manifest: RawManifest) -> [Diagnostic] {
        guard let scheme = manifest.scheme, let problem = Identifiers.schemeProblem(scheme.value) else { return [] }
        return [.error(problem, at: scheme.location)]
    }

    static func checkDomains(_ manifest: RawManifest) -> [Diagnostic] {
        guard let domains = manifest.domains else { return [] }
        var found: [Diagnostic] = []
        if domains.pairs.isEmpty {
            found.append(.error(SiteProblem.noMirrorPair, at: domains.location))
        }
        var hosts: [Located<String>] = []
        for pair in domains.pairs {
            hosts += [pair.primary, pair.mirror].compactMap { $0 }
        }
        hosts += [domains.short].compactMap { $0 }
        hosts += domains.signIn
        found += hosts.compactMap { host in Identifiers.hostProblem(host.value).map { .error($0, at: host.location) } }
        found += duplicates(hosts, what: "host")
        let sharing =
            manifest.iosApps.contains { $0.webcredentials?.value == true }
            || manifest.androidApps.contains { $0.webcredentials?.value == true }
        if let first = domains.signIn.first, !sharing {
            found.append(.error(SiteProblem.signInWithoutCredentials(first.value), at: first.location))
        }
        return found
    }

    static func checkHosting(_ manifest: RawManifest) -> [Diagnostic] {
        let names = HostingProvider.allCases.map(\.rawValue)
        var found: [Diagnostic] = (manifest.hosting ?? []).compactMap { provider in
            guard !names.contains(provider.value) else { return nil }
            return .error(SiteProblem.unknownHostingProvider(provider.value, known: names), at: provider.location)
        }
        if let place = manifest.itemPages, !["output", "deploy"].contains(place.value) {
            found.append(.error(SiteProblem.unknownItemPagesPlace(place.value), at: place.location))
        }
        return found
    }

    static func checkSubstitutionVariables(_ manifest: RawManifest) -> [Diagnostic] {
        manifest.substitutionVariables.flatMap { variable -> [Diagnostic] in
            var found: [Diagnostic] = []
            let name = variable.name
            if name.value.isEmpty || name.value.contains(where: { "$()".contains($0) }) {
                found.append(.error(SiteProblem.badVariableName(name.value), at: name.location))
            }
            if PatternSyntax.builtInVariables.contains(name.value) {
                found.append(.error(SiteProblem.variableShadowsBuiltIn(name.value), at: name.location))
            }
            if variable.values.isEmpty {
                found.append(.error(SiteProblem.variableWithoutValues(name.value), at: name.location))
            }
            for value in variable.values where value.value.isEmpty || value.value.contains("$(") {
                found.append(.error(SiteProblem.badVariableValue(value.value, of: name.value), at: value.location))
            }
            return found
        }
    }
}

/// What the site-wide checks find: version, name, domains, hosting, substitution variables.
package enum SiteProblem: DiagnosticMessage {
    case noVersion(supported: Int)
    case unsupportedVersion(Int, supported: Int)
    case emptyName
    case noMirrorPair
    case signInWithoutCredentials(String)
    case unknownHostingProvider(String, known: [String])
    case unknownItemPagesPlace(String)
    case badVariableName(String)
    case variableShadowsBuiltIn(String)
    case variableWithoutValues(String)
    case badVariableValue(String, of: String)

    package var text: String {
        switch self {
        case .noVersion(let supported):
            "missing required key 'version'; add 'version: \(supported)' at the top"
        case .unsupportedVersion(let version, let supported):
            "unsupported manifest version \(version); this Linkwell reads version \(supported)"
        case .emptyName:
            "the site name must not be empty"
        case .noMirrorPair:
            "'domains.pairs' must list at least one mirror pair (primary and mirror host)"
        case .signInWithoutCredentials(let host):
            "sign-in host '\(host)' would carry only shared credentials, but no app has 'webcredentials: true'; "
                + "set it on the apps that share passwords and passkeys with the site"
        case .unknownHostingProvider(let provider, let known):
            "unknown hosting provider '\(provider)'"
                + Suggestion.didYouMean(provider, in: known, otherwise: "; expected one of \(known.joined(separator: ", "))")
        case .unknownItemPagesPlace(let place):
            "itemPages '\(place)' is not a place item pages are written"
                + Suggestion.didYouMean(
                    place, in: ["output", "deploy"], otherwise: "; expected output (the output folder) or deploy (the deploy job)")
        case .badVariableName(let name):
            "substitution variable name '\(name)' must be non-empty and hold no '$', '(' or ')'"
        case .variableShadowsBuiltIn(let name):
            "substitution variable '\(name)' shadows the built-in '$(\(name))'; choose another name"
        case .variableWithoutValues(let name):
            "substitution variable '\(name)' needs at least one value"
        case .badVariableValue(let value, let name):
            "value '\(value)' of '\(name)' must be non-empty and may not refer to another variable"
        }
    }
}
