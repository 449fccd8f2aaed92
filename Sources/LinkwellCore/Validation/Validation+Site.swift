extension Validation {
    static let supportedVersion = 1

    static func checkVersion(_ manifest: RawManifest) -> [Diagnostic] {
        guard let version = manifest.version else {
            return [.error("missing required key 'version'; add 'version: \(supportedVersion)' at the top", at: manifest.location)]
        }
        guard version.value == supportedVersion else {
            return [
                .error(
                    "unsupported manifest version \(version.value); this Linkwell reads version \(supportedVersion)", at: version.location)
            ]
        }
        return []
    }

    static func checkSiteName(_ manifest: RawManifest) -> [Diagnostic] {
        guard let name = manifest.name else { return [missing("name", in: "the manifest", at: manifest.location)] }
        return name.value.trimmingCharacters(in: .whitespaces).isEmpty ? [.error("the site name must not be empty", at: name.location)] : []
    }

    static func checkScheme(_ manifest: RawManifest) -> [Diagnostic] {
        guard let scheme = manifest.scheme, let problem = Identifiers.schemeProblem(scheme.value) else { return [] }
        return [.error(problem, at: scheme.location)]
    }

    static func checkDomains(_ manifest: RawManifest) -> [Diagnostic] {
        guard let domains = manifest.domains else { return [missing("domains", in: "the manifest", at: manifest.location)] }
        var found: [Diagnostic] = []
        if domains.pairs.isEmpty {
            found.append(.error("'domains.pairs' must list at least one mirror pair (primary and mirror host)", at: domains.location))
        }
        var hosts: [Located<String>] = []
        for pair in domains.pairs {
            if pair.primary == nil { found.append(missing("primary", in: "a mirror pair", at: pair.location)) }
            if pair.mirror == nil { found.append(missing("mirror", in: "a mirror pair", at: pair.location)) }
            hosts += [pair.primary, pair.mirror].compactMap { $0 }
        }
        hosts += [domains.short].compactMap { $0 }
        found += hosts.compactMap { host in Identifiers.hostProblem(host.value).map { .error($0, at: host.location) } }
        found += duplicates(hosts, what: "host")
        return found
    }

    static func checkHosting(_ manifest: RawManifest) -> [Diagnostic] {
        let names = HostingProvider.allCases.map(\.rawValue)
        return (manifest.hosting ?? []).compactMap { provider in
            guard !names.contains(provider.value) else { return nil }
            let hint = Suggestion.didYouMean(provider.value, in: names)
            return .error(
                "unknown hosting provider '\(provider.value)'\(hint.isEmpty ? "; expected one of \(names.joined(separator: ", "))" : hint)",
                at: provider.location)
        }
    }

    static func checkSubstitutionVariables(_ manifest: RawManifest) -> [Diagnostic] {
        manifest.substitutionVariables.flatMap { variable -> [Diagnostic] in
            var found: [Diagnostic] = []
            let name = variable.name
            if name.value.isEmpty || name.value.contains(where: { "$()".contains($0) }) {
                found.append(
                    .error("substitution variable name '\(name.value)' must be non-empty and hold no '$', '(' or ')'", at: name.location))
            }
            if PatternSyntax.builtInVariables.contains(name.value) {
                found.append(
                    .error(
                        "substitution variable '\(name.value)' shadows the built-in '$(\(name.value))'; choose another name",
                        at: name.location))
            }
            if variable.values.isEmpty {
                found.append(.error("substitution variable '\(name.value)' needs at least one value", at: name.location))
            }
            for value in variable.values where value.value.isEmpty || value.value.contains("$(") {
                found.append(
                    .error(
                        "value '\(value.value)' of '\(name.value)' must be non-empty and may not refer to another variable",
                        at: value.location))
            }
            return found
        }
    }
}
