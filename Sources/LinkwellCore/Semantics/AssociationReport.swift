extension AssociationComparison.Files {
    /// Two documents as the files they are: two objects are apple-app-site-association files,
    /// two arrays assetlinks.json files; nil when they are not of one kind.
    package static func pair(_ first: JSONValue, _ second: JSONValue) -> (before: Self, after: Self)? {
        switch (first, second) {
        case (.object, .object): (.init(aasa: first, assetLinks: nil), .init(aasa: second, assetLinks: nil))
        case (.array, .array): (.init(aasa: nil, assetLinks: first), .init(aasa: nil, assetLinks: second))
        default: nil
        }
    }
}

/// What `compare` prints of a comparison: a report a person reads, or one JSON line per verdict.
extension AssociationComparison {
    /// Per platform and app its verdict and each difference's witness URL with both decisions;
    /// then the installed pairs that differ, signing changes and what was not compared.
    package var reportLines: [String] {
        var lines: [String] = []
        for result in comparisons {
            lines.append("\(result.platform.displayName) · \(result.app): \(result.summary)")
            for difference in result.differences {
                lines += [
                    "  \(difference.witness)", "    before: \(Self.text(difference.before))", "    after:  \(Self.text(difference.after))",
                ]
                if let breadth = difference.breadth { lines.append("    region: \(breadth.sentence)") }
            }
        }
        for difference in installedApps {
            let reading = difference.reading.map { " (\($0.words))" } ?? ""
            lines += [
                "\(difference.platform.displayName) · \(difference.installedText): another app opens\(reading)", "  \(difference.witness)",
                "    before: \(Self.text(difference.before))", "    after:  \(Self.text(difference.after))",
            ]
        }
        lines += certificateChanges.map { "Android (every version) · \($0)" }
        lines += verificationChanges.map { "\(Self.androidWithoutRules) · \($0.package): \($0.sentence)" }
        lines += notCompared.map { "not compared: \($0)" }
        return lines
    }

    /// Where dynamic rules do not apply: the app's intent filters decide for every package the
    /// file verifies.
    static let androidWithoutRules = "Android ≤14 and Android without Google services"

    /// The last line of a proof, naming what it covers. Association files name no host: without
    /// one the proof holds on any host serving both.
    package func provedLine(host: String?) -> String {
        let scope = host.map { "on \($0.lowercased())" } ?? "on any host that serves them"
        guard comparesAndroid else {
            return "proved \(scope): the two files decide every URL the same way on iOS 13+ and iOS 9–12\(appSetsText)"
        }
        return "proved \(scope): the two files verify the same packages with the same certificates, so on \(Self.androidWithoutRules) "
            + "the same apps' own intent filters decide alike, and their dynamic rules decide every URL the same way on Android 15+ "
            + "with Google services"
    }

    /// What a proof over several apps covers, in words (empty for one app per platform).
    var appSetsText: String {
        guard !appSets.isEmpty else { return "" }
        let sets = appSets.map { "\($0.platform.displayName): \($0.apps.count) apps" }.joined(separator: ", ")
        return ", for every combination of installed apps (\(sets); details in file order, the apps of one detail in "
            + "appIDs order, under either reading of an exclusion across apps)"
    }

    static func text(_ side: InstalledAppsDifference.Side) -> String {
        let verb = side.app.map { "opens \($0)" } ?? "stays in the browser"
        return side.decision.ruleText.map { "\(verb) — \($0)" } ?? "\(verb) — no rule"
    }

    static func text(_ decision: MatchDecision) -> String {
        let verb = decision.opensApp ? "opens the app" : "stays in the browser"
        return decision.ruleText.map { "\(verb) — \($0)" } ?? "\(verb) — no rule"
    }

    /// One line per platform and app, per pair of installed apps that differs, per signing change
    /// and per comparison that could not run: every verdict with its reason.
    package var jsonLines: [String] {
        struct Difference: Encodable {
            var url: String
            var before: String
            var beforeApp: String?
            var beforeRule: String?
            var after: String
            var afterApp: String?
            var afterRule: String?
            /// Set on a difference between installed apps that holds under one reading only.
            var reading: String?
        }
        struct Line: Encodable {
            var platform: String
            var app: String?
            var installed: [String]?
            var verdict: String
            var reason: String?
            var complete: Bool?
            var exploredLength: Int?
            var unmodelled: [String]?
            var differences: [Difference]?
        }
        var lines: [Line] = comparisons.map { result in
            Line(
                platform: result.platform.rawValue, app: result.app, verdict: result.verdict.rawValue, reason: result.summary,
                complete: result.complete, exploredLength: result.complete ? nil : result.exploredLength, unmodelled: result.unmodelled,
                differences: result.differences.map {
                    .init(
                        url: $0.witness, before: $0.before.outcome.rawValue, beforeRule: $0.before.ruleText,
                        after: $0.after.outcome.rawValue, afterRule: $0.after.ruleText)
                })
        }
        for (platform, apps) in appSets {
            let found = installedApps.filter { $0.platform == platform }
            var pairs: [[String]] = []
            for difference in found where !pairs.contains(difference.installed) { pairs.append(difference.installed) }
            if pairs.isEmpty {
                lines.append(
                    Line(
                        platform: platform.rawValue, installed: apps, verdict: "same",
                        reason: "each app alone, and every pair of apps installed together, open the same app on every URL "
                            + "under either reading of an exclusion across apps"))
            }
            for pair in pairs {
                lines.append(
                    Line(
                        platform: platform.rawValue, installed: pair, verdict: "different",
                        reason: "with these apps installed together, another app opens some URLs",
                        differences: found.filter { $0.installed == pair }.map {
                            .init(
                                url: $0.witness, before: $0.before.decision.outcome.rawValue, beforeApp: $0.before.app,
                                beforeRule: $0.before.decision.ruleText, after: $0.after.decision.outcome.rawValue, afterApp: $0.after.app,
                                afterRule: $0.after.decision.ruleText, reading: $0.reading?.rawValue)
                        }))
            }
        }
        for change in certificateChanges {
            lines.append(Line(platform: Platform.android.rawValue, verdict: "different", reason: change))
            lines.append(Line(platform: Platform.androidLegacy.rawValue, verdict: "different", reason: change))
        }
        for change in verificationChanges {
            lines.append(
                Line(platform: Platform.androidLegacy.rawValue, app: change.package, verdict: "different", reason: change.sentence))
        }
        for note in notCompared {
            lines.append(Line(platform: Platform.android.rawValue, verdict: "not compared", reason: note))
        }
        return lines.map { JSONText.line($0) }
    }
}
