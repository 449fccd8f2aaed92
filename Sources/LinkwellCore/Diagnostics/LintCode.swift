/// The code of every warning (input that is valid but may not do what its author meant): printed
/// after the message, listed under the `accept` of the entry it is about (a route, an Android
/// app, a short link, a page type, `defaults`) to say "I mean this", and made an error by
/// `--strict` otherwise. Declared here, below every stage, because validation
/// checks `accept` lists, planning and linting emit them, and diagnostics print them.
package enum LintCode: String, CaseIterable, Codable, Sendable {
    /// Earlier rules match every URL this one matches.
    case shadowedRule = "shadowed-rule"
    /// What the iOS 9–12 `paths` form cannot carry of a rule.
    case legacyLoss = "legacy-loss"
    /// What Android's dynamic rules cannot carry of a rule.
    case androidLoss = "android-loss"
    /// A `?` in a path, which matches one character and is never a query separator.
    case questionMarkInPath = "question-mark-in-path"
    /// The AASA nears Apple's size limit.
    case sizeNearLimit = "size-near-limit"
    /// A route that opens an app on iOS or on Android only.
    case singlePlatform = "single-platform"
    /// A route on one host of a mirror pair but not the other.
    case singleMirror = "single-mirror"
    /// What the intent filters of Android 14 and earlier cannot carry of a rule.
    case androidManifestLoss = "android-manifest-loss"
    /// A path pattern that does not start with `/`, whose reading on iOS is not pinned down.
    case pathWithoutSlash = "path-without-slash"
    /// The only hosting selected cannot serve what the manifest asks (GitHub Pages: no rewrites).
    case hostCannotServe = "host-cannot-serve"
    /// An Android app with no signing-certificate fingerprint (left out of assetlinks.json).
    case noFingerprint = "no-fingerprint"
    /// An Android app with one fingerprint: is it the Play App Signing key?
    case singleFingerprint = "single-fingerprint"
    /// The same fingerprint twice in one app (in two spellings, say).
    case duplicateFingerprint = "duplicate-fingerprint"
    /// Short codes that differ only in case.
    case shortCodeCase = "short-code-case"
    /// Item paths that differ only in case.
    case itemPathCase = "item-path-case"
    /// An item path with a segment Windows cannot name a file (`con`, `aux.txt`).
    case windowsName = "windows-name"
    /// `defaults` that only iOS 14+ reads while the iOS 9–12 form is written.
    case defaultsNeedIOS14 = "defaults-need-ios14"
    /// A host folder with more files than a hosting provider's free plan deploys.
    case hostFileLimit = "host-file-limit"
    /// A page type with `since` on the short host: new people never reach a store there.
    case sinceOnShortHost = "since-on-short-host"
    /// A page type on the short host whose web URL is `{origin}` with the path: the short host
    /// belongs to no market, and its paths are codes the web has no page for.
    case shortHostOrigin = "short-host-origin"
    /// A page type setting that nothing uses (`nativeAttempt` without a scheme, `details` a
    /// custom page template never shows).
    case unusedPageSetting = "unused-page-setting"
    /// A host the site associates with an app that the app's own files never claim: the site
    /// claims links the app never receives.
    case unclaimedHost = "unclaimed-host"
    /// An intent filter that asks for verification (`autoVerify`) but that Android does not
    /// collect (a missing category, a custom scheme beside https).
    case filterNotVerified = "filter-not-verified"
    /// A fingerprint site.yaml lists that is not the app's signing certificate (the upload key?).
    case unusedFingerprint = "unused-fingerprint"
    /// URLs on a host that open the app on iOS and not on Android (or the other way round).
    case platformGap = "platform-gap"
    /// URLs a route sends to an Android app that its own intent filters do not take, or that
    /// its filters take although no route sends them (Android 14 and earlier).
    case filterDrift = "filter-drift"

    /// The kinds of manifest entry a warning is about: the entries whose `accept` can list it.
    package enum Subject: String, CaseIterable, Sendable {
        case route
        case iosApp = "iOS app"
        case androidApp = "Android app"
        case shortLink = "short link"
        case pageType = "page type"
        case defaults = "'defaults'"
    }

    package var subjects: Set<Subject> {
        switch self {
        case .shadowedRule, .legacyLoss, .androidLoss, .questionMarkInPath, .sizeNearLimit, .singlePlatform, .singleMirror,
            .androidManifestLoss, .pathWithoutSlash, .sinceOnShortHost, .shortHostOrigin:
            [.route]
        // GitHub Pages cannot serve a route's pages (said at the first paged route) nor redirect
        // short links (said at the first short link).
        case .hostCannotServe: [.route, .shortLink]
        case .noFingerprint, .singleFingerprint, .duplicateFingerprint, .filterNotVerified, .unusedFingerprint, .platformGap, .filterDrift:
            [.androidApp]
        case .unclaimedHost: [.iosApp, .androidApp]
        case .shortCodeCase: [.shortLink]
        case .itemPathCase, .windowsName, .hostFileLimit, .unusedPageSetting: [.pageType]
        case .defaultsNeedIOS14: [.defaults]
        }
    }

    /// The codes an entry of this kind can accept, in declaration order.
    package static func codes(about subject: Subject) -> [LintCode] {
        allCases.filter { $0.subjects.contains(subject) }
    }
}
