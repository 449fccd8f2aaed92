import ArgumentParser
import LinkwellCore
import LinkwellSystem

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Report, as Markdown for a pull request, what changes for links between a base manifest and this one.",
        discussion: """
            Every route's sample URL and every link test's URL, of either manifest, is evaluated with both builds' own \
            files on every platform and app; the report lists the links whose decision changes, what their preview \
            pages do differently, the routes that changed and the built files that change (with line counts). \
            With --base, the manifest, templates and data files are read from that git revision; when the manifest is \
            not there yet (the pull request that adds it), everything is reported as added. --format json writes the \
            same report for bots; --diagnostics-format github also annotates each change that needs a reviewer's eye.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown, json
    }

    @OptionGroup var manifestOptions: ManifestOptions

    @Option(help: "The git revision to compare with (e.g. origin/main); reads the manifest at the same path there.")
    var base: String?

    @Option(name: .customLong("base-manifest"), help: "The manifest file to compare with, instead of a git revision.")
    var baseManifest: String?

    @Option(help: "markdown (a pull-request comment) or json (for bots).")
    var format: Format = .markdown

    // Unconditional, so `-1` is read as the value it is (and refused below), not as an option.
    @Option(
        name: .customLong("comment-limit"), parsing: .unconditional,
        help: "Cut the Markdown report to this many characters, with a note saying what was left out (0: never cut).")
    var commentLimit: Int = ManifestDiff.commentLimit

    @Option(name: .customLong("full-report"), help: "Also write the whole Markdown report, never cut, to this file.")
    var fullReport: String?

    @OptionGroup var budgetOption: BudgetOption

    func validate() throws {
        guard (base == nil) != (baseManifest == nil) else {
            throw ValidationError("give exactly one of --base REV and --base-manifest FILE")
        }
        guard commentLimit == 0 || commentLimit >= 2_000 else {
            throw ValidationError("--comment-limit takes 0 (never cut) or at least 2000 characters")
        }
    }

    func run() throws {
        let headResult = try Console.build(manifestOptions, quiet: true)
        let first = "\(base ?? "HEAD") (no manifest)"
        guard
            let run = DiffRun(
                head: headResult, headProject: manifestOptions.project, base: try baseInput(), firstBaseName: first,
                templatesFolder: manifestOptions.templates, budget: budgetOption.engineBudget)
        else { throw ExitCode.failure }
        try Console.report(run.headItemDiagnostics, manifestOptions, quiet: true)
        switch run.outcome {
        case .compared(let diff, let name):
            try report(diff, base: name)
        case .baseDoesNotBuild(let name, let errors):
            for diagnostic in errors { Console.printToStandardError("in the base: " + Console.render(diagnostic)) }
            Console.error("the base manifest \(name) does not build, so there is nothing to compare with")
            throw ExitCode.failure
        }
    }

    /// Prints the report; a full report that could not be written is an error (exit 1) once
    /// the comment is printed.
    private func report(_ diff: ManifestDiff, base: String) throws {
        var reportFailed = false
        switch format {
        case .markdown:
            let head = manifestOptions.manifest
            if let fullReport {
                do {
                    try writeFile(diff.markdown(base: base, head: head), to: fullReport)
                } catch {
                    Console.error(error.description)
                    reportFailed = true
                }
            }
            print(
                commentLimit > 0 ? diff.markdown(base: base, head: head, limit: commentLimit) : diff.markdown(base: base, head: head),
                terminator: "")
        case .json: print(diff.json(base: base, head: manifestOptions.manifest))
        }
        if manifestOptions.diagnosticsFormat == .github {
            for diagnostic in diff.annotations(manifest: manifestOptions.manifest) {
                Console.printToStandardError(DiagnosticFormat.github.render(diagnostic))
            }
        }
        if reportFailed { throw ExitCode.failure }
    }

    /// The base manifest's display name, text and the files beside it; nil when a git revision
    /// exists but has no manifest yet (a first pull request).
    private func baseInput() throws -> DiffRun.Base? {
        if let baseManifest {
            let files = FileProjectFiles(manifestPath: baseManifest)
            guard case .success(let data) = files.manifestBytes(named: PathText.lastComponent(of: baseManifest)) else {
                Console.error("cannot read base manifest '\(baseManifest)'")
                throw ExitCode.failure
            }
            return DiffRun.Base(name: baseManifest, text: String(decoding: data, as: UTF8.self), project: files)
        }
        let revision = base ?? "HEAD"
        let files = GitProjectFiles(revision: revision, manifestPath: manifestOptions.manifest)
        let manifestName = PathText.lastComponent(of: manifestOptions.manifest)
        switch files.contents(of: manifestName) {
        case .success(let data):
            return DiffRun.Base(name: "\(revision):\(manifestName)", text: String(decoding: data, as: UTF8.self), project: files)
        case .failure(let error):
            if files.revisionExists { return nil }
            Console.error("cannot read \(manifestName) at '\(revision)': \(error.message)")
            throw ExitCode.failure
        }
    }
}
