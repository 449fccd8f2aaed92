import ArgumentParser
import LinkwellCore
import LinkwellSystem

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Exit 1 and list the files a build would add, change or remove when the output folder is stale.")

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let folder = OutputFolder(path: outputOptions.output)
        // The folder's files are counted while the manifest is read, on the core that would wait.
        let counting = folder.startCounting()
        let result = try Console.build(manifestOptions)
        try OutputFolderError.reported { try compare(result, in: folder, counting: counting) }
    }

    private func compare(_ result: Linkwell.BuildResult, in folder: OutputFolder, counting: FileTree.Counting?) throws {
        // An empty record (a fresh clone) proves nothing: the pages are compared, not fingerprinted.
        let record = BuildRecord.binaryIdentity == nil ? nil : BuildRecord(root: try folder.resolvedRoot())
        let proof = record.flatMap { $0.count == 0 ? nil : $0 }
        var proved = 0
        // Item pages are compared with the folder's copies on the cores that render them.
        let comparer = try folder.comparer()
        let leavesItemPages = result.site?.itemPagesAtDeploy ?? false
        var rows = 0
        let (changes, count) = try folder.changes(counting: counting) { emit in
            rows = try Console.produce(
                result, manifestOptions, record: proof, fingerprinted: false, inspect: comparer, itemPages: !leavesItemPages
            ) { file in
                if file.provedUnchanged { proved += 1 }
                try emit(file)
            }
        }
        guard changes.isEmpty else {
            for change in changes { print(change) }
            // Under GitHub Actions each stale file is an annotation on that file in the pull request,
            // the first few of them: the rest are one annotation at the manifest, with their count.
            if manifestOptions.diagnosticsFormat != .text {
                let annotated = 10
                for change in changes.prefix(annotated) {
                    let file = TerminalText.escaped("\(outputOptions.output)/\(change.path)")
                    let diagnostic = Diagnostic.error(
                        OutputDrift(file: file, kind: change.kind), at: SourceLocation(file: file, line: 1, column: 1))
                    Console.printToStandardError(manifestOptions.diagnosticsFormat.render(diagnostic))
                }
                if changes.count > annotated {
                    let rest = OutputDriftRest(
                        output: TerminalText.escaped(outputOptions.output), count: changes.count - annotated, summary: summary(of: changes))
                    let manifest = TerminalText.escaped(manifestOptions.manifest)
                    Console.printToStandardError(
                        manifestOptions.diagnosticsFormat.render(.error(rest, at: SourceLocation(file: manifest, line: 1, column: 1))))
                }
            }
            for problem in folder.besideProblems() { Console.error(problem) }
            Console.error("\(outputOptions.output) is stale (\(summary(of: changes))); run 'linkwell build' and commit the result")
            throw ExitCode.failure
        }
        // A journal or a leftover beside the folder fails the gate even when every file matches:
        // a pull request that commits one must not pass it.
        let problems = folder.besideProblems()
        guard problems.isEmpty else {
            for problem in problems { Console.error(problem) }
            throw ExitCode.failure
        }
        let leftOut = leavesItemPages && rows > 0 ? Console.itemPagesLeftOut(rows: rows) : ""
        Console.status("\(outputOptions.output) matches \(manifestOptions.manifest) (\(count) files\(provedNote(proved))\(leftOut))")
    }
}

/// Says how much of a "same" rests on the build record rather than on reading the bytes.
func provedNote(_ proved: Int) -> String {
    proved == 0
        ? ""
        : "; \(proved) item page\(proved == 1 ? "" : "s") not re-read: the build record shows them untouched since the last build wrote or compared them"
}

func summary(of changes: [OutputChange]) -> String {
    let counts = [OutputChange.Kind.added, .changed, .removed].compactMap { kind -> String? in
        let count = changes.filter { $0.kind == kind }.count
        return count == 0 ? nil : "\(count) \(kind.rawValue)"
    }
    return counts.isEmpty ? "no changes" : counts.joined(separator: ", ")
}
