/// The code of each lint (a warning about a rule that is valid but will not do what its author
/// meant): printed after the message, listed under a route's `accept` to say "I mean this", and
/// made an error by `--strict` otherwise. Declared here, below every stage, because validation
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
}
