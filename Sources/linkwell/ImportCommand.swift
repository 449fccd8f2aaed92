import ArgumentParser
import LinkwellCore
import LinkwellSystem

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a manifest from the association files a site serves today, and prove it decides every URL the same way.",
        discussion: """
            Example: linkwell import --aasa apple-app-site-association --assetlinks assetlinks.json --domain m.example.com

            A link vendor's own host: add --short HOST with the files it serves (--short-aasa, --short-assetlinks); its \
            rules become routes on that host, proved there as well.

            The new manifest is built in memory and its files are compared with the original files exactly, on every URL, \
            each platform reading and app (iOS 13+, iOS 9–12, Android 15+), and for every combination of installed apps. \
            Each difference is shown with a shortest URL that decides differently. Exit 0: proved the same; 1: the manifest \
            does not build, or decides some URL otherwise (unless --allow-differences); 2: written, no difference found, \
            but not proved (what was not checked is said).
            """)

    @Option(help: "An apple-app-site-association file; repeatable.")
    var aasa: [String] = []

    @Option(help: "An assetlinks.json file; repeatable.")
    var assetlinks: [String] = []

    @Option(help: "The host that serves these files.")
    var domain: String

    @Option(help: "The mirror host for preview pages (default: open.<domain>; change it to one you serve).")
    var mirror: String?

    @Option(help: "The short-link host (a link vendor's own host): its files become routes on it, proved there too.")
    var short: String?

    @Option(name: .customLong("short-aasa"), help: "An apple-app-site-association file the short host serves; repeatable.")
    var shortAASA: [String] = []

    @Option(name: .customLong("short-assetlinks"), help: "An assetlinks.json file the short host serves; repeatable.")
    var shortAssetLinks: [String] = []

    // --manifest, as init and every other command name the manifest; --output is its earlier name.
    @Option(
        name: [.customLong("manifest"), .customLong("output")],
        help: "The manifest to write (its folder is created); an existing file is never overwritten. (--output: its earlier name.)")
    var output: String = "site.yaml"

    @Flag(help: "Exit 0 even when the manifest's build decides some URLs otherwise than the original files.")
    var allowDifferences = false

    @OptionGroup var budgetOption: BudgetOption

    func validate() throws {
        guard !aasa.isEmpty || !assetlinks.isEmpty else { throw ValidationError("give at least one --aasa or --assetlinks file") }
        if let problem = Identifiers.hostProblem(domain) { throw ValidationError(problem) }
        if let mirror, let problem = Identifiers.hostProblem(mirror) { throw ValidationError(problem) }
        guard let short else {
            if !shortAASA.isEmpty || !shortAssetLinks.isEmpty {
                throw ValidationError("--short-aasa and --short-assetlinks are the short host's files: name it with --short HOST")
            }
            return
        }
        if let problem = Identifiers.hostProblem(short) { throw ValidationError(problem) }
        if short == domain || short == mirror ?? "open.\(domain)" {
            throw ValidationError("--short \(short) is already the pair's host; the short host is a third host")
        }
        if shortAASA.isEmpty && shortAssetLinks.isEmpty {
            throw ValidationError(
                "give the files \(short) serves today (--short-aasa, --short-assetlinks): the import proves the manifest decides as they do"
            )
        }
    }

    func run() throws {
        guard !FileManager.default.fileExists(atPath: output) else {
            Console.error("'\(output)' already exists; import never overwrites a manifest (pass --manifest NEW)")
            throw ExitCode.failure
        }
        let run = ImportRun(
            aasa: try aasa.map { ManifestImport.Source(name: $0, document: try Console.readJSON($0)) },
            assetLinks: try assetlinks.map { ManifestImport.Source(name: $0, document: try Console.readAssetLinks($0)) },
            domain: domain, mirror: mirror,
            short: try short.map { host in
                ManifestImport.HostFiles(
                    host: host, aasa: try shortAASA.map { ManifestImport.Source(name: $0, document: try Console.readJSON($0)) },
                    assetLinks: try shortAssetLinks.map { ManifestImport.Source(name: $0, document: try Console.readAssetLinks($0)) })
            },
            manifestPath: output, budget: budgetOption.engineBudget)

        let folder = PathText.folder(of: output)
        do {
            if !folder.isEmpty { try createFolders(folder) }
            let schema = PathText.joined(folder, ManifestSchema.fileName)
            if !FileManager.default.fileExists(atPath: schema) { try writeFileAtomically(ManifestSchema.text, to: schema) }
            try writeFileAtomically(run.yaml, to: output, replacing: false)
        } catch {
            Console.error(error.description)
            throw ExitCode.failure
        }

        for diagnostic in run.build.diagnostics { StandardStreams.error(Console.render(diagnostic) + "\n") }
        guard let summary = run.builtSummary, let proof = run.proof else {
            // What was left out is often why it does not build (an app ID that is a placeholder).
            if !run.notes.isEmpty {
                Console.status("not carried over, or to check:")
                for note in run.notes { Console.status("  - \(note)") }
            }
            Console.error("wrote \(output), but it does not build yet: fix the errors above, then run 'linkwell validate'")
            throw ExitCode.failure
        }
        Console.status("wrote \(output): \(summary)")
        // A proof that rests on a reading the files leave open says so in the same line.
        Console.status(run.assumptions.isEmpty ? proof.summary : proof.summary + ", reading the values below as Linkwell does")
        for assumption in run.assumptions { Console.status("  - assumed: \(assumption)") }
        for line in proof.lines { Console.status("  - \(line)") }
        if !run.notes.isEmpty {
            Console.status("not carried over, or to check:")
            for note in run.notes { Console.status("  - \(note)") }
        }
        if !run.succeeds(allowingDifferences: allowDifferences) {
            Console.error("the manifest does not decide every URL as the original files do (see above); pass --allow-differences to accept")
            throw ExitCode.failure
        }
        if !proof.isProvedSame && !proof.differs {
            Console.error("wrote \(output): no difference found, but not proved for everything (see above)")
            throw ExitCode(2)
        }
    }
}
