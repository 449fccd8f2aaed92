import ArgumentParser
import LinkwellCore
import LinkwellSystem

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the manifest's JSON Schema (draft 2020-12), for editors; `init` writes it beside the manifest.",
        discussion: """
            With the YAML language server (VS Code's YAML extension, and others), a manifest whose first line is \
            '# yaml-language-server: $schema=site.schema.json' gets completion, hover text and checks of every key.
            """)

    func run() throws {
        print(ManifestSchema.text, terminator: "")
    }
}
