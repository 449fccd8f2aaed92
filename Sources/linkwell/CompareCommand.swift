import ArgumentParser
import LinkwellCore
import LinkwellSystem

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

    @Option(
        help:
            "The host the files are served from, for the URLs shown. Default: the host folder the first file is in (Output/HOST/…), else any host (URLs are shown on example.com)."
    )
    var host: String?

    /// The host the files are served from: the one given, else the folder the files are in.
    private var servedHost: String? { host?.lowercased() ?? AssociationFiles.host(inPath: before) ?? AssociationFiles.host(inPath: after) }

    /// The host the example URLs name: the files' host, else a stand-in (the files decide alike
    /// on every host that serves them).
    private var shownHost: String { servedHost ?? "example.com" }

    @Flag(help: "Print the comparison as JSON lines, one per platform and app.")
    var json = false

    @OptionGroup var budgetOption: BudgetOption

    func validate() throws {
        if let host, let problem = Identifiers.hostProblem(host) { throw ValidationError(problem) }
    }

    func run() throws {
        let first = try Console.readJSON(before)
        let second = try Console.readJSON(after)
        guard let files = AssociationComparison.Files.pair(first, second) else {
            Console.error(
                "'\(before)' and '\(after)' are not of one kind: an apple-app-site-association is a JSON object, an assetlinks.json an array"
            )
            throw ExitCode(64)
        }
        if files.before.assetLinks != nil {
            Console.warnIfRejected(first, path: before)
            Console.warnIfRejected(second, path: after)
        }
        let comparison = AssociationComparison(
            before: files.before, after: files.after, host: shownHost, budget: budgetOption.engineBudget)
        for line in json ? comparison.jsonLines : comparison.reportLines { print(line) }
        for problem in comparison.inconsistencies { Console.error("internal check failed (please report): \(problem)") }
        if comparison.differs { throw ExitCode.failure }
        if !comparison.isProvedSame { throw ExitCode(2) }
        if !json { print(comparison.provedLine(host: servedHost)) }
    }
}
