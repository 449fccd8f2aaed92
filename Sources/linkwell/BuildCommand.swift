import ArgumentParser
import LinkwellCore
import LinkwellSystem

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build", abstract: "Write the output folder from the manifest (only files whose bytes change are touched).")

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var outputOptions: OutputOptions

    @Flag(help: "Write item pages even where the manifest says 'itemPages: deploy' (the deploy job's build).")
    var itemPages = false

    func run() throws {
        let result = try Console.build(manifestOptions, writes: true)
        try OutputFolderError.reported { try write(result) }
    }

    private func write(_ result: Linkwell.BuildResult) throws {
        let folder = OutputFolder(path: outputOptions.output)
        let root = try folder.resolvedRoot()
        // Item pages the last build recorded, and that nothing has touched since, are kept
        // without rendering or reading them (see BuildRecord).
        let session = BuildRecord.Session(root: root)
        let leavesItemPages = (result.site?.itemPagesAtDeploy ?? false) && !itemPages
        var rows = 0
        let (summary, count) = try folder.replace { emit in
            rows = try Console.produce(result, manifestOptions, record: session.record, writes: true, itemPages: !leavesItemPages) { file in
                session.note(file)
                try emit(file)
            }
        } finish: { summary in
            session.finish(changedNothing: summary.isEmpty)
        }
        let proved = session.proved
        let leftOut = leavesItemPages && rows > 0 ? Console.itemPagesLeftOut(rows: rows) : ""
        if summary.isEmpty {
            Console.status("\(outputOptions.output) is up to date (\(count) files\(provedNote(proved))\(leftOut))")
        } else {
            let counts = [(summary.added, "added"), (summary.changed, "changed"), (summary.removed, "removed")].filter { $0.0 > 0 }
            Console.status(
                "wrote \(outputOptions.output): \(count) files, \(counts.map { "\($0.0) \($0.1)" }.joined(separator: ", "))\(leftOut)")
        }
    }
}
