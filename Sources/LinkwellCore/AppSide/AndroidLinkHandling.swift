/// What Android does with web links from an app's own manifest (app-side-reference §1.1, AOSP
/// `DomainVerificationCollector` and `IntentFilter`): which hosts it asks the verifier about,
/// which it refuses as invalid, which filters meant for verification do not qualify, and which
/// URLs the app's filters take.
package struct AndroidLinkHandling: Sendable {
    package let manifest: AndroidAppManifest
    package let targetSdk: Int
    /// Hosts sent for verification (`(*.)?` + `Patterns.DOMAIN_NAME`), in file order, each once.
    package let verificationHosts: [Located<String>]
    /// Hosts of collected filters that fail that pattern: never verified ("Invalid autoVerify domains").
    package let invalidHosts: [Located<String>]
    /// Filters that ask for verification (`autoVerify="true"`) but are not collected, with why.
    package let notCollected: [(filter: AndroidAppManifest.IntentFilter, reason: String)]

    /// Android 12's `RESTRICT_DOMAINS` (change 175408749), enabled from target SDK 31.
    static let restrictDomainsSince = 31

    package init(manifest: AndroidAppManifest, targetSdk: Int) {
        self.manifest = manifest
        self.targetSdk = targetSdk
        var collected: [AndroidAppManifest.IntentFilter] = []
        var notCollected: [(AndroidAppManifest.IntentFilter, String)] = []
        let filters = manifest.filters
        if targetSdk >= Self.restrictDomainsSince {
            // collectDomainsInternal(checkAutoVerify: true): autoVerify, DEFAULT, handlesWebUris(true).
            for filter in filters where filter.autoVerify {
                if let reason = Self.whyNotCollected(filter) { notCollected.append((filter, reason)) } else { collected.append(filter) }
            }
        } else if filters.contains(where: \.needsVerification) {
            // collectDomainsLegacy: one filter asking is enough for every web filter's hosts.
            collected = filters.filter { $0.handlesWebURIs(onlyWebSchemes: false) }
        } else {
            for filter in filters where filter.autoVerify {
                notCollected.append(
                    (
                        filter,
                        "with target SDK \(targetSdk) a filter asks for verification only when it has VIEW, BROWSABLE and only "
                            + "http and https schemes, and none does"
                    ))
            }
        }
        var valid: [Located<String>] = []
        var invalid: [Located<String>] = []
        for filter in collected {
            for authority in filter.authorities {
                let host = Located(authority.host, at: authority.location)
                if Self.isValidHost(authority.host) {
                    if !valid.contains(where: { $0.value == host.value }) { valid.append(host) }
                } else if !invalid.contains(where: { $0.value == host.value }) {
                    invalid.append(host)
                }
            }
        }
        verificationHosts = valid
        invalidHosts = invalid
        self.notCollected = notCollected
    }

    /// Why an autoVerify filter is not collected with target SDK 31 and later; nil when it is.
    static func whyNotCollected(_ filter: AndroidAppManifest.IntentFilter) -> String? {
        var missing: [String] = []
        if !filter.actions.contains(AndroidAppManifest.IntentFilter.view) { missing.append("the VIEW action") }
        if !filter.categories.contains(AndroidAppManifest.IntentFilter.default) { missing.append("the DEFAULT category") }
        if !filter.categories.contains(AndroidAppManifest.IntentFilter.browsable) { missing.append("the BROWSABLE category") }
        if filter.schemes.isEmpty { missing.append("a scheme") }
        var reasons = missing.isEmpty ? [] : ["it lacks " + missing.joined(separator: ", ")]
        let other = filter.schemes.filter { $0 != "http" && $0 != "https" }
        if !other.isEmpty {
            reasons.append(
                "it mixes the scheme\(other.count == 1 ? "" : "s") \(other.map { "'\($0)'" }.joined(separator: ", ")) with http/https, and "
                    + "Android 12+ verifies a filter only when every scheme is http or https (declare the custom scheme in a filter of its own)"
            )
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    /// `(\*\.)?` + AOSP's `Patterns.DOMAIN_NAME`: labels of letters, digits (and, inside, `-`
    /// and `_`), at least two, the last a top-level domain of two letters or more (or `xn--`);
    /// or an IPv4 address. Non-ASCII letters count as letters.
    package static func isValidHost(_ host: String) -> Bool {
        let name = host.hasPrefix("*.") ? String(host.dropFirst(2)) : host
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        func digit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
        if labels.count == 4,
            labels.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(digit) && Int($0).map { $0 <= 255 } == true })
        {
            return true
        }
        guard labels.count >= 2, let tld = labels.last else { return false }
        func letter(_ character: Character) -> Bool {
            (character.isASCII && character.isLetter) || character.unicodeScalars.allSatisfy { $0.value >= 0xA0 }
        }
        func alphanumeric(_ character: Character) -> Bool { letter(character) || digit(character) }
        let tldValid =
            (2...63).contains(tld.count) && tld.allSatisfy(letter)
            || (tld.lowercased().hasPrefix("xn--") && tld.count > 4 && tld.dropFirst(4).allSatisfy { alphanumeric($0) || $0 == "-" })
        guard tldValid else { return false }
        return labels.dropLast().allSatisfy { label in
            guard let first = label.first, let last = label.last, label.count <= 63, alphanumeric(first), alphanumeric(last) else {
                return false
            }
            return label.allSatisfy { alphanumeric($0) || $0 == "-" || $0 == "_" }
        }
    }

    /// Whether a verification host covers a URL host: itself, or for `*.apex` any subdomain of
    /// the apex (AOSP's `AuthorityEntry` compares the suffix after the `*`, case-insensitively),
    /// never the apex.
    package static func covers(_ declared: String, _ urlHost: String) -> Bool {
        let declared = declared.lowercased()
        return declared.hasPrefix("*.") ? urlHost.hasSuffix(String(declared.dropFirst(1))) : declared == urlHost
    }

    /// The host whose assetlinks.json verifies `declared`: the apex for a wildcard.
    package static func fileHost(of declared: String) -> String {
        declared.hasPrefix("*.") ? String(declared.dropFirst(2)).lowercased() : declared.lowercased()
    }

    /// The filters that take a link at all: VIEW, BROWSABLE and DEFAULT (a browser's intent
    /// carries both categories, and `IntentFilter.matchCategories` needs every one), and no
    /// MIME type (a link has none).
    package var linkFilters: [AndroidAppManifest.IntentFilter] {
        manifest.filters.filter { filter in
            filter.actions.contains(AndroidAppManifest.IntentFilter.view)
                && filter.categories.contains(AndroidAppManifest.IntentFilter.browsable)
                && filter.categories.contains(AndroidAppManifest.IntentFilter.default) && filter.mimeTypes.isEmpty
        }
    }

    /// The first filter (and path entry) that takes `url`, as `IntentFilter.matchData` matches
    /// it: the scheme exactly; without a host every URL of the scheme; else a host (a leading `*`
    /// matching any longer host ending with the rest, case-insensitively) with its own port
    /// (-1: any); then, where the filter has paths (or, from Android 15, relative groups), the
    /// decoded path against each path, or the groups in order, the first that matches deciding.
    package func take(_ url: URLParts, android15: Bool) -> (filter: Int, path: Int?)? {
        for (index, filter) in linkFilters.enumerated() {
            guard filter.schemes.contains(url.scheme), url.schemeWrittenInLowerCase else { continue }
            guard !filter.authorities.isEmpty else { return (index, nil) }
            guard filter.authorities.contains(where: { Self.authority($0, takes: url) }) else { continue }
            let groups = android15 ? filter.groups : []
            if filter.paths.isEmpty && groups.isEmpty { return (index, nil) }
            let path = url.androidPath
            if let entry = filter.paths.firstIndex(where: { $0.matches(path) }) { return (index, entry) }
            if Self.groupsAllow(groups, url) { return (index, nil) }
        }
        return nil
    }

    static func authority(_ authority: AndroidAppManifest.IntentFilter.Authority, takes url: URLParts) -> Bool {
        guard authority.port == -1 || authority.port == url.port else { return false }
        let host = authority.host.lowercased()
        if host.hasPrefix("*") {
            let suffix = host.dropFirst()
            return url.host.count >= suffix.count && url.host.hasSuffix(suffix)
        }
        return host == url.host
    }

    /// `UriRelativeFilterGroup.matchGroupsToUri`: the first group all of whose filters match
    /// decides (allow or block); none matching blocks. A group without filters never matches.
    static func groupsAllow(_ groups: [AndroidAppManifest.IntentFilter.RelativeGroup], _ url: URLParts) -> Bool {
        for group in groups {
            let filters = group.paths.count + group.queries.count + group.fragments.count
            guard filters > 0 else { continue }
            let path = url.androidPath
            // `getQuery()` and `getFragment()` are null without `?` or `#`, which no filter matches;
            // a query filter matches some one parameter (`UriRelativeFilter.matchQuery`).
            let parameters = url.queryWritten ? AndroidQuery.parameters(PercentDecoding.decode(url.query)) : []
            let fragment = url.fragmentWritten ? PercentDecoding.decode(url.fragment) : nil
            let matches =
                group.paths.allSatisfy { $0.matches(path) }
                && group.queries.allSatisfy { matcher in parameters.contains { matcher.matches(String($0)) } }
                && group.fragments.allSatisfy { matcher in fragment.map(matcher.matches) ?? false }
            if matches { return group.allow }
        }
        return false
    }
}

extension AndroidLinkHandling {
    /// An app's manifest given as a file, read with the values given for its names: the package
    /// and target SDK from the manifest unless given (recent Gradle keeps them in
    /// `build.gradle`); a missing one is a located error, since the target SDK changes which
    /// filters count.
    package static func read(
        _ bytes: [UInt8], path: String, values: AppFileValues, package given: String?, targetSdk givenTargetSdk: Int?
    ) -> (app: (package: String, handling: AndroidLinkHandling)?, diagnostics: [Diagnostic]) {
        let read = AndroidAppManifest.read(bytes, path: path, values: given.map { values.withAndroidPackage($0) } ?? values)
        guard let manifest = read.manifest else { return (nil, read.diagnostics) }
        var diagnostics = read.diagnostics
        let package = given ?? manifest.package?.value
        let targetSdk = givenTargetSdk ?? manifest.targetSdk?.value
        let start = SourceLocation(file: path, line: 1, column: 1)
        if package == nil { diagnostics.append(.error(AppFileProblem.noPackage(app: path), at: start)) }
        if targetSdk == nil { diagnostics.append(.error(AppFileProblem.noTargetSdk(app: path), at: start)) }
        guard let package, let targetSdk, !diagnostics.hasErrors else { return (nil, diagnostics) }
        return ((package, AndroidLinkHandling(manifest: manifest, targetSdk: targetSdk)), diagnostics)
    }
}
