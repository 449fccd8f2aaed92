import ArgumentParser
import LinkwellCore

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
            Both files must be of one kind: two apple-app-site-association files (compared on iOS 13+ and iOS 9–12 for
            every app either names) or two assetlinks.json files (Android 15+, every package). The comparison is exact:
            every URL, not a sample. Each region that differs is shown with a shortest URL that shows it. Exit 0: proved
            the same; 1: they differ; 2: no difference found but not proved (what was checked is said).
            """)

    @Argument(help: "The file as it is today (the base).")
    var before: String

    @Argument(help: "The file as it would be (the change).")
    var after: String

    @Option(help: "The host the files are served from, for the URLs shown. Default: example.com.")
    var host: String = "example.com"

    @Flag(help: "Print the comparison as JSON lines, one per platform and app.")
    var json = false

    func validate() throws {
        if let problem = Identifiers.hostProblem(host) { throw ValidationError(problem) }
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
        let comparison = AssociationComparison(before: files.0, after: files.1, host: host.lowercased())
        if json {
            for result in comparison.comparisons { print(Self.jsonLine(result)) }
        } else {
            for result in comparison.comparisons {
                print("\(result.platform.displayName) · \(result.app): \(result.summary)")
                for difference in result.differences {
                    print("  \(difference.witness)")
                    print("    before: \(Self.text(difference.before))")
                    print("    after:  \(Self.text(difference.after))")
                }
            }
            for note in comparison.notCompared { print("not compared: \(note)") }
        }
        for problem in comparison.inconsistencies { Console.error("internal check failed (please report): \(problem)") }
        if comparison.comparisons.contains(where: { $0.verdict == .different }) { throw ExitCode.failure }
        if !comparison.isProvedSame { throw ExitCode(2) }
        if !json { print("proved: the two files decide every URL the same way on \(host.lowercased())") }
    }

    static func text(_ decision: MatchDecision) -> String {
        let verb = decision.opensApp ? "opens the app" : "stays in the browser"
        return decision.ruleText.map { "\(verb) — \($0)" } ?? "\(verb) — no rule"
    }

    static func jsonLine(_ result: LinkComparison) -> String {
        struct Line: Encodable {
            struct Difference: Encodable {
                var url: String
                var before: String
                var beforeRule: String?
                var after: String
                var afterRule: String?
            }
            var platform: String
            var app: String
            var verdict: String
            var complete: Bool
            var exploredLength: Int?
            var unmodelled: [String]
            var differences: [Difference]
        }
        let line = Line(
            platform: result.platform.rawValue, app: result.app, verdict: result.verdict.rawValue, complete: result.complete,
            exploredLength: result.complete ? nil : result.exploredLength, unmodelled: result.unmodelled,
            differences: result.differences.map {
                .init(
                    url: $0.witness, before: $0.before.outcome.rawValue, beforeRule: $0.before.ruleText, after: $0.after.outcome.rawValue,
                    afterRule: $0.after.ruleText)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(line)) ?? Data(), as: UTF8.self)
    }
}
