import ArgumentParser
import LinkwellCore
import LinkwellSystem

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Run every check on the manifest without writing anything.")

    @OptionGroup var manifestOptions: ManifestOptions

    func run() throws {
        let result = try Console.build(manifestOptions)
        let leavesItemPages = result.site?.itemPagesAtDeploy ?? false
        let (count, items) = try Console.streaming(manifestOptions, itemPages: !leavesItemPages, items: \.items) { options in
            try SiteFolder.count(result, project: manifestOptions.project, options: options)
        }
        let leftOut = leavesItemPages && items.rows > 0 ? Console.itemPagesLeftOut(rows: items.rows) : ""
        Console.status("\(manifestOptions.manifest) is valid (\(count) files would be written\(leftOut))")
    }
}
