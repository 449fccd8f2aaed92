import ArgumentParser
import LinkwellCore
import LinkwellSystem

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Prove that two association files decide every URL the same way, or show where they differ.",
        discussion: """
            Example: linkwell compare Output/m.example.com/.well-known/apple-app-site-association edited-aasa.json --host m.example.com

            Both files must be of one kind: two apple-app-site-association files (compared on iOS 13+ and iOS 9–12 for \
            every app either names) or two assetlinks.json files (Android 15+, every package). The comparison is exact: \
            every URL, not a sample. Each region that differs is shown with a shortest URL that shows it. Exit 0: proved \
            the same; 1: they differ; 2: no difference found but not proved (what was checked is said).
            """)

    @Argument(help: "The file as it is today (the base).")
    var before: String

    @Argument(help: "The file as it would be (the change).")
    var after: String

    @Option(help: "The host the files are served from, for the URLs shown. Default: any host (URLs are shown on example.com).")
    var host: String?

    /// The host the example URLs name: the one given, else a stand-in (the files decide alike on
    /// every host that serves them).
    private var shownHost: String { (host ?? "example.com").lowercased() }

    @Flag(help: "Print the comparison as JSON lines, one per platform and app.")
    var json = false

    @OptionGroup var budgetOption: BudgetOption

    func validate() throws {
        if let host, let problem = Identifiers.hostProblem(host) { throw ValidationError(problem) }
    }

    func run() throws {
        let first = try Console.readJSON(before)
        let second = try Console.readJSON(after)
        let files: (AssociationComparison.Files, AssociationComparison.Files)
        switch (first, second) {
        case (.object, .object):
            files = (.init(aasa: first, assetLinks: nil), .init(aasa: second, assetLinks: nil))
        case (.array, .array):
            Console.warnIfRejected(first, path: before)
            Console.warnIfRejected(second, path: after)
            files = (.init(aasa: nil, assetLinks: first), .init(aasa: nil, assetLinks: second))
        default:
            Console.error(
                "'\(before)' and '\(after)' are not of one kind: an apple-app-site-association is a JSON object, an assetlinks.json an array"
            )
            throw ExitCode(64)
        }
        let comparison = AssociationComparison(before: files.0, after: files.1, host: shownHost, budget: budgetOption.engineBudget)
        if json {
            for line in Self.jsonLines(comparison) { print(line) }
        } else {
            for result in comparison.comparisons {
                print("\(result.platform.displayName) · \(result.app): \(result.summary)")
                for difference in result.differences {
                    print("  \(difference.witness)")
                    print("    before: \(Self.text(difference.before))")
                    print("    after:  \(Self.text(difference.after))")
                }
            }
            for difference in comparison.installedApps {
                let reading = difference.reading.map { " (\($0.words))" } ?? ""
                print("\(difference.platform.displayName) · \(difference.installedText): another app opens\(reading)")
                print("  \(difference.witness)")
                print("    before: \(Self.text(difference.before))")
                print("    after:  \(Self.text(difference.after))")
            }
            for change in comparison.certificateChanges { print("\(Platform.android.displayName) · \(change)") }
            for note in comparison.notCompared { print("not compared: \(note)") }
        }
        for problem in comparison.inconsistencies { Console.error("internal check failed (please report): \(problem)") }
        if comparison.differs { throw ExitCode.failure }
        if !comparison.isProvedSame { throw ExitCode(2) }
        // Association files name no host: without --host the proof holds on any host serving both.
        let scope = host.map { "on \($0.lowercased())" } ?? "on any host that serves them"
        if !json { print("proved: the two files decide every URL the same way \(scope)\(Self.appSetsText(comparison))") }
    }

    /// What a proof over several apps covers, in words (empty for one app per platform).
    static func appSetsText(_ comparison: AssociationComparison) -> String {
        guard !comparison.appSets.isEmpty else { return "" }
        let sets = comparison.appSets.map { "\($0.platform.displayName): \($0.apps.count) apps" }.joined(separator: ", ")
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
    static func jsonLines(_ comparison: AssociationComparison) -> [String] {
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
        var lines: [Line] = comparison.comparisons.map { result in
            Line(
                platform: result.platform.rawValue, app: result.app, verdict: result.verdict.rawValue, reason: result.summary,
                complete: result.complete, exploredLength: result.complete ? nil : result.exploredLength, unmodelled: result.unmodelled,
                differences: result.differences.map {
                    .init(
                        url: $0.witness, before: $0.before.outcome.rawValue, beforeRule: $0.before.ruleText,
                        after: $0.after.outcome.rawValue, afterRule: $0.after.ruleText)
                })
        }
        for (platform, apps) in comparison.appSets {
            let found = comparison.installedApps.filter { $0.platform == platform }
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
        for change in comparison.certificateChanges {
            lines.append(Line(platform: Platform.android.rawValue, verdict: "different", reason: change))
        }
        for note in comparison.notCompared {
            lines.append(Line(platform: Platform.android.rawValue, verdict: "not compared", reason: note))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return lines.map { String(decoding: (try? encoder.encode($0)) ?? Data(), as: UTF8.self) }
    }
}
