import ArgumentParser
import LinkwellCore
import LinkwellSystem

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starter site.yaml for an app and a mirror pair; `linkwell build` then works with no other file.",
        discussion: """
            Example: linkwell init --team-id ABCDE12345 --bundle-id com.example.app --package com.example.app \
            --domain m.example.com --mirror mlink.example.com
            """)

    @Option(name: .long, help: "The manifest to write; an existing file is never overwritten.")
    var manifest: String = "site.yaml"

    @Option(name: .customLong("team-id"), help: "The iOS app's Team ID (App ID prefix).")
    var teamID: String?

    @Option(name: .customLong("bundle-id"), help: "The iOS app's bundle ID.")
    var bundleID: String?

    @Option(help: "The Android app's package (application ID).")
    var package: String?

    @Option(name: .customLong("sha256"), help: "An Android signing certificate's SHA-256 fingerprint; repeatable.")
    var fingerprints: [String] = []

    @Option(help: "The site's primary host, e.g. m.example.com.")
    var domain: String

    @Option(help: "The mirror host that preview buttons link to, e.g. mlink.example.com.")
    var mirror: String

    @Option(help: "The app's display name (default: from the bundle ID or package).")
    var name: String?

    @Flag(help: "Also copy the built-in preview page templates into Templates/ for editing, and name that folder in the manifest.")
    var templates = false

    static let templatesFolder = "Templates"

    private var starter: StarterManifest {
        StarterManifest(
            teamID: teamID, bundleID: bundleID, package: package, fingerprints: fingerprints, domain: domain, mirror: mirror, name: name,
            templates: templates ? Self.templatesFolder : nil)
    }

    func validate() throws {
        if let problem = starter.problem { throw ValidationError(problem) }
    }

    func run() throws {
        let folder = PathText.folder(of: manifest)
        let schema = PathText.joined(folder, ManifestSchema.fileName)
        let templateFolder = PathText.joined(folder, Self.templatesFolder)
        guard !FileManager.default.fileExists(atPath: manifest) else {
            Console.error(
                "'\(manifest)' already exists; init never overwrites a manifest: start a new site in a new folder (mkdir my-site && cd my-site), or pass --manifest NEW"
            )
            throw ExitCode.failure
        }
        if templates, FileManager.default.fileExists(atPath: templateFolder) {
            Console.error("'\(templateFolder)' already exists; init never overwrites templates (remove it, or leave out --templates)")
            throw ExitCode.failure
        }
        do {
            if templates {
                try createFolders(templateFolder)
                for (name, text) in PageTemplates.builtInFiles {
                    try writeFileAtomically(text, to: PathText.joined(templateFolder, name))
                }
            }
            // The schema follows the binary: an older one is replaced, so editors check what this version reads.
            try writeFileAtomically(ManifestSchema.text, to: schema)
            // The manifest last: its presence is what marks a finished init.
            try writeFileAtomically(starter.yaml, to: manifest, replacing: false)
        } catch {
            Console.error(error.description)
            throw ExitCode.failure
        }
        let steps = starter.nextSteps.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        Console.status(
            (["wrote \(manifest) and \(schema)\(templates ? " and \(templateFolder)/" : ""); next:"] + steps).joined(separator: "\n"))
    }
}
