/// What holding an app's own files against the association files finds: a claim that fails
/// (the platform does not open the app's links there), or what the site and the app say
/// differently without anything failing.
package enum AppClaimProblem: DiagnosticMessage {
    case renamedPackage(app: String, site: String, manifest: String)
    case renamedAppID(file: String, site: String, stated: String)
    case invalidHost(String)
    case unserved(claim: String, fileHost: String)
    case notNamed(claim: String, fileHost: String, file: String, identifier: String, section: String)
    case rejected(fileHost: String, reason: String)
    case wrongCertificate(claim: String, fileHost: String, listed: [String], signing: [String])
    case noDomains(file: String)
    case noLinkFilter(claim: String)

    package var text: String {
        switch self {
        case .renamedPackage(let app, let site, let manifest):
            "site.yaml's Android app '\(app)' is the package '\(site)', but its manifest declares '\(manifest)': the association "
                + "files name a package the app is not (renamed?)"
        case .renamedAppID(let file, let site, let stated):
            "\(file) states the app identifier '\(stated)', but site.yaml's app is '\(site)': the apple-app-site-association names an "
                + "app ID the app is not"
        case .invalidHost(let host):
            "'\(host)' is not a domain Android verifies ((*.)?domain, AOSP's Patterns.DOMAIN_NAME): it is an invalid autoVerify "
                + "domain, never verified"
        case .unserved(let claim, let fileHost):
            "the app claims '\(claim)', but this site serves no association file for \(fileHost) (a link vendor's leftover host?): "
                + "the claim fails"
        case .notNamed(let claim, let fileHost, let file, let identifier, let section):
            "the app claims '\(claim)', but \(file) on \(fileHost) does not name \(identifier) in \(section): the claim fails"
        case .rejected(let fileHost, let reason):
            "assetlinks.json on \(fileHost) is rejected by Android's verifier (\(reason)): no host it serves is verified"
        case .wrongCertificate(let claim, let fileHost, let listed, let signing):
            "the app claims '\(claim)', but assetlinks.json on \(fileHost) lists \(listed.joined(separator: ", ")) for it, and the app "
                + "is signed with \(signing.joined(separator: ", ")) (the upload key instead of the Play App Signing key?): Android "
                + "verifies none of its links there"
        case .noDomains(let file):
            "\(file) has no com.apple.developer.associated-domains: built with it, the app claims no host and receives no link"
        case .noLinkFilter(let claim):
            "the app's manifest verifies '\(claim)', but no intent filter with VIEW, BROWSABLE and DEFAULT takes its https links: "
                + "verified, it still opens none"
        }
    }
}

/// What the site and the app say differently, each a warning a route-less app entry can accept.
package enum AppClaimWarning: LintMessage {
    case unclaimedHost(host: String, file: String)
    case filterNotVerified(activity: String, reason: String)
    case unusedFingerprint(String)
    case hostOnOnePlatform(host: String, platform: String, other: String)
    case platformGap(host: String, regions: Int, examples: [String])
    case routeNotTaken(route: String, host: String, witness: String, region: String?)
    case takenWithoutRoute(host: String, witness: String, filter: String, region: String?)

    package var code: LintCode {
        switch self {
        case .unclaimedHost: .unclaimedHost
        case .filterNotVerified: .filterNotVerified
        case .unusedFingerprint: .unusedFingerprint
        case .hostOnOnePlatform, .platformGap: .platformGap
        case .routeNotTaken, .takenWithoutRoute: .filterDrift
        }
    }

    package var text: String {
        switch self {
        case .unclaimedHost(let host, let file):
            "the site claims links on \(host) that the app never receives: \(file) does not claim \(host)"
        case .filterNotVerified(let activity, let reason):
            "the autoVerify intent filter of \(activity) is not verified: \(reason)"
        case .unusedFingerprint(let fingerprint):
            "fingerprint \(fingerprint) is not the app's signing certificate (the upload key?): it verifies nothing, and the signing "
                + "key must be listed"
        case .hostOnOnePlatform(let host, let platform, let other):
            "on \(host) the app opens links on \(platform) only: on \(other) it does not claim the host"
        case .platformGap(let host, let regions, let examples):
            "on \(host), \(regions) region\(regions == 1 ? "" : "s") of URLs open the app on one platform only (iOS 13+ by the "
                + "apple-app-site-association, Android ≤14 by the app's intent filters), e.g. \(examples.joined(separator: "; "))"
        case .routeNotTaken(let route, let host, let witness, let region):
            "route '\(route)' sends \(witness) to the app, but on Android ≤14 none of the app's intent filters take it on \(host), so it "
                + "opens the browser" + (region.map { " (region: \($0))" } ?? "")
        case .takenWithoutRoute(let host, let witness, let filter, let region):
            "on Android ≤14 the app's intent filter \(filter) takes \(witness) on \(host), which no route sends to the app (the "
                + "other platforms keep it in the browser)" + (region.map { " (region: \($0))" } ?? "")
        }
    }
}

/// What the proof says besides: facts that decide what holds, each true as said.
package enum AppClaimNote: DiagnosticMessage {
    case developerMode(claims: [String])
    case certificateNotGiven(app: String)
    case legacyCollection(targetSdk: Int)
    case allOrNothing(failing: String)
    case notCompared(host: String, reason: String)

    package var text: String {
        switch self {
        case .developerMode(let claims):
            "\(claims.map { "'\($0)'" }.joined(separator: ", ")) \(claims.count == 1 ? "is" : "are") fetched from the host itself, not "
                + "through Apple's CDN, and only on devices with developer mode (or a managed profile) on"
        case .certificateNotGiven(let app):
            "the signing certificate of '\(app)' was not given (--cert, or signingCertificate in site.yaml): its verification assumes "
                + "one of the fingerprints the files list is it"
        case .legacyCollection(let targetSdk):
            "target SDK \(targetSdk) (below 31): one autoVerify filter makes Android verify the hosts of every web intent filter, "
                + "with or without DEFAULT or other schemes"
        case .allOrNothing(let failing):
            "on Android 11 and earlier verification is all or nothing: with \(failing) failing, none of the app's hosts is verified there"
        case .notCompared(let host, let reason):
            "iOS and Android on \(host) are not proved alike: \(reason)"
        }
    }
}
