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
        let leavesItemPages = (result.site?.itemPagesAtDeploy ?? false) && !itemPages
        let written = try Console.streaming(manifestOptions, itemPages: !leavesItemPages, writes: true, items: \.items) { options in
            try SiteFolder(path: outputOptions.output).write(result, project: manifestOptions.project, options: options)
        }
        let leftOut = leavesItemPages && written.items.rows > 0 ? Console.itemPagesLeftOut(rows: written.items.rows) : ""
        let summary = written.summary
        if summary.isEmpty {
            Console.status(
                "\(outputOptions.output) is up to date (\(written.count) files\(Console.provedNote(written.items.proved))\(leftOut))")
        } else {
            let counts = [(summary.added, "added"), (summary.changed, "changed"), (summary.removed, "removed")].filter { $0.0 > 0 }
            Console.status(
                "wrote \(outputOptions.output): \(written.count) files, \(counts.map { "\($0.0) \($0.1)" }.joined(separator: ", "))\(leftOut)"
            )
        }
    }
}
