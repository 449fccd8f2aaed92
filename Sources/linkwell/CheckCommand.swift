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
        let folder = SiteFolder(path: outputOptions.output)
        // The folder's files are counted while the manifest is read, on the core that would wait.
        let counting = folder.folder.startCounting()
        let result = try Console.build(manifestOptions)
        let leavesItemPages = result.site?.itemPagesAtDeploy ?? false
        let compared = try Console.streaming(manifestOptions, itemPages: !leavesItemPages, items: \.items) { options in
            try folder.changes(result, project: manifestOptions.project, options: options, counting: counting)
        }
        let (changes, count, rows, proved) = (compared.changes, compared.count, compared.items.rows, compared.items.proved)
        guard changes.isEmpty else {
            for change in changes { print(change) }
            // Under GitHub Actions each stale file is an annotation on that file in the pull request.
            if manifestOptions.diagnosticsFormat != .text {
                for annotation in OutputChange.annotations(changes, output: outputOptions.output, manifest: manifestOptions.manifest) {
                    Console.printToStandardError(manifestOptions.diagnosticsFormat.render(annotation))
                }
            }
            for problem in folder.folder.besideProblems() { Console.error(problem) }
            Console.error(
                "\(outputOptions.output) is stale (\(OutputChange.summary(of: changes))); run 'linkwell build' and commit the result")
            throw ExitCode.failure
        }
        // A journal or a leftover beside the folder fails the gate even when every file matches:
        // a pull request that commits one must not pass it.
        let problems = folder.folder.besideProblems()
        guard problems.isEmpty else {
            for problem in problems { Console.error(problem) }
            throw ExitCode.failure
        }
        let leftOut = leavesItemPages && rows > 0 ? Console.itemPagesLeftOut(rows: rows) : ""
        Console.status(
            "\(outputOptions.output) matches \(manifestOptions.manifest) (\(count) files\(Console.provedNote(proved))\(leftOut))")
    }
}
