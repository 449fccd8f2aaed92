import ArgumentParser
import LinkwellCore
import LinkwellSystem

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Run every check on the manifest without writing anything.")

    @OptionGroup var manifestOptions: ManifestOptions

    func run() throws {
        let result = try Console.build(manifestOptions)
        var count = 0
        let leavesItemPages = result.site?.itemPagesAtDeploy ?? false
        let items = try Console.streaming(manifestOptions, itemPages: !leavesItemPages, items: \.self) { options in
            try SiteFolder.each(result, project: manifestOptions.project, options: options) { _ in count += 1 }
        }
        let leftOut = leavesItemPages && items.rows > 0 ? Console.itemPagesLeftOut(rows: items.rows) : ""
        Console.status("\(manifestOptions.manifest) is valid (\(count) files would be written\(leftOut))")
    }
}
