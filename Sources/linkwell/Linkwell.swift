import ArgumentParser
import LinkwellCore
import LinkwellSystem

@main
struct LinkwellCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linkwell",
        abstract: "Generate every file the web side of iOS Universal Links and Android App Links needs, from one manifest.",
        discussion: """
            Exit codes: 0 success, 1 errors in the manifest or a stale output folder, 64 wrong usage.
            """,
        version: Linkwell.version,
        subcommands: [
            InitCommand.self, BuildCommand.self, ValidateCommand.self, CheckCommand.self, MatchCommand.self, VerifyCommand.self,
            DiffCommand.self, CompareCommand.self, SchemaCommand.self, ImportCommand.self, ServeCommand.self, AppCommand.self,
        ]
    )

    /// Parsed from the arguments the C runtime handed over (`ProcessArguments`), so a root without
    /// `/proc` runs the command it was given.
    static func main() async {
        await main(Array(ProcessArguments.all.dropFirst()))
    }
}

/// Options every command that reads a manifest shares.
struct ManifestOptions: ParsableArguments {
    @Option(name: .long, help: "The manifest to read.")
    var manifest: String = "site.yaml"

    @Flag(help: "Treat every warning as an error (a warning an entry's 'accept' lists stays silent).")
    var strict = false

    @Option(
        name: .customLong("diagnostics-format"), help: "How to print diagnostics: text, github (annotations) or json (one object per line)."
    )
    var diagnosticsFormat: DiagnosticFormat = .text

    @Option(name: .long, help: "A folder of .mustache templates to use instead of the manifest's 'templates' (or the built-in ones).")
    var templates: String?

    var project: FileProjectFiles { FileProjectFiles(manifestPath: manifest) }
}

extension DiagnosticFormat: ExpressibleByArgument {}

struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: "The folder that holds one deploy root per host.")
    var output: String = "Output"
}
