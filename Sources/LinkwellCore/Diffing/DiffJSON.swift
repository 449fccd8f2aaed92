/// `diff --format json`: the report as data. Its shape is `docs/diff-report.schema.json`, which
/// a test holds every report to; `version` changes when a field changes meaning.
struct DiffJSON: Encodable {
    static let version = 3

    /// What one side does with a URL: `match --json`'s `decision` values (`match`, `exclude`,
    /// `no_match`) or `no_app` / `no_host` where the side has no such app or host.
    struct Decision: Encodable {
        var decision: String
        var opensApp: Bool
        /// The deciding rule as the file writes it, where one decides.
        var rule: String?
        /// The manifest route that wrote the rule.
        var route: String?
        /// Between apps installed together: the app that opens ("" for none).
        var opener: String?

        init(_ side: LinkRegions.Side) {
            decision = side.outcome.rawValue
            opensApp = side.opener.map { !$0.isEmpty } ?? side.opensApp
            rule = side.rule
            route = side.route
            opener = side.opener
        }

        init(_ outcome: ManifestDiff.Outcome) {
            switch outcome {
            case .opens(let route): (decision, opensApp, self.route) = ("match", true, route)
            case .excluded(let route): (decision, opensApp, self.route) = ("exclude", false, route)
            case .browser: (decision, opensApp) = ("no_match", false)
            case .noApp: (decision, opensApp) = ("no_app", false)
            case .noHost: (decision, opensApp) = ("no_host", false)
            }
        }
    }

    struct Region: Encodable {
        var host: String
        /// `ios`, `ios-legacy`, `android` or `android-legacy`, as `match --json`.
        var platform: String
        /// The app's manifest id; nil on a row about apps installed together (`installed`).
        var app: String?
        var installed: [String]?
        /// `exclusion-stops-its-own-app` or `exclusion-stops-every-app` when the row holds under one only.
        var reading: String?
        /// A shortest URL of the region (an empty segment filled in where that changes nothing).
        var example: String
        /// What else the region holds, when the walk read it (`RegionBreadth`).
        var breadth: Breadth?
        var before: Decision
        var after: Decision
        var text: String
    }

    struct Breadth: Encodable {
        /// Up to three of its shortest URLs, from the path on.
        var examples: [String]
        /// The path all its URLs start with (percent-decoded when `decoded`), when more than `/`.
        var sharedStart: String?
        /// Every URL of the region has exactly `sharedStart` as its path.
        var wholePath: Bool
        var decoded: Bool
        var finite: Bool
        /// The region is exactly `examples`.
        var exhaustive: Bool

        init(_ breadth: RegionBreadth) {
            examples = breadth.examples
            sharedStart = breadth.sharedStart
            wholePath = breadth.wholePath
            decoded = breadth.decoded
            finite = breadth.finite
            exhaustive = breadth.exhaustive
        }
    }

    struct Sample: Encodable {
        var url, origin: String
        var platforms, apps: [String]
        var before, after: Decision
    }

    struct Change: Encodable {
        /// `apps`, `signing-keys`, `hosts`, `short-links`, `page-types`, `home-pages`, `theme`,
        /// `templates`, `item-pages`, `app-files`, `robots`, `link-tests`.
        var topic: String
        var attention: Bool
        var text: String
        var markdown: String
        var location: SourceLocation?
    }

    struct Preview: Encodable {
        var url, aspect, before, after: String
    }

    struct Route: Encodable {
        var kind, name: String
        var details: [String]
    }

    struct File: Encodable {
        var path, kind: String
        var addedLines, removedLines: Int
        /// Every line still there, in another order.
        var reordered: Bool? = nil
        /// A binary file's sizes (lines mean nothing there).
        var bytesBefore: Int? = nil
        var bytesAfter: Int? = nil
    }

    var version: Int
    var base, head: String
    var firstManifest: Bool
    /// `same` (proved: every URL on every host, platform and app decided as before), `different`
    /// (the regions say where), or `not proven` (no difference found, but `unproved` names what
    /// was not finished). Version 2 called this `proved`, false for both of the last two.
    var links: String
    var unproved: [String]
    var regions: [Region]
    var samples: [Sample]
    var changes: [Change]
    var previews: [Preview]
    var routes: [Route]
    var files: [File]
    var fileCount: Int
    /// Item pages not rendered because the base's page at their path has their fingerprint.
    var itemPagesSameByFingerprint: Int
    /// The build's warnings this change adds and resolves, as diagnostics (code, location).
    var newWarnings: [Diagnostic]
    var resolvedWarnings: [Diagnostic]

    /// A change's topic as a code: `signing keys` → `signing-keys`, `robots.txt` → `robots`.
    static func topicCode(_ topic: String) -> String {
        topic == "robots.txt" ? "robots" : topic.replacingEvery(" ", with: "-")
    }
}
