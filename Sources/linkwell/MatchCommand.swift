import ArgumentParser
import Foundation
import LinkwellCore

struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Say what each URL does on every platform, for every app: which rule opens it, or keeps it in the browser.",
        discussion: """
            With no file options, the manifest is built in memory and its own files are evaluated, naming the route behind
            each rule and what the preview pages do. With --aasa and/or --assetlinks, any production file is evaluated
            instead, taken as served by each URL's own host unless --host says otherwise.
            """)

    @OptionGroup var manifestOptions: ManifestOptions

    @Argument(help: "The URLs to evaluate (absolute, https://host/path?query#fragment).")
    var urls: [String] = []

    @Flag(help: "Read URLs from standard input, one per line (for large lists).")
    var stdin = false

    @Flag(help: "Print one JSON object per line per (URL, platform, app).")
    var json = false

    @Option(help: "Evaluate this apple-app-site-association file instead of the manifest.")
    var aasa: String?

    @Option(
        name: .customLong("app-id"),
        help: "With --aasa: the app ID (TEAMID.bundle.id) to evaluate; repeatable. Default: every app in the file.")
    var appIDs: [String] = []

    @Option(help: "Evaluate this assetlinks.json file instead of the manifest.")
    var assetlinks: String?

    @Option(
        name: .customLong("package"),
        help: "With --assetlinks: the Android package to evaluate; repeatable. Default: every package in the file.")
    var packages: [String] = []

    @Option(help: "With --aasa or --assetlinks: the host the files are served from. Default: each URL's own host.")
    var host: String?

    func validate() throws {
        if !appIDs.isEmpty, aasa == nil { throw ValidationError("--app-id needs --aasa") }
        if !packages.isEmpty, assetlinks == nil { throw ValidationError("--package needs --assetlinks") }
        if host != nil, aasa == nil, assetlinks == nil { throw ValidationError("--host needs --aasa or --assetlinks") }
        if urls.isEmpty, !stdin { throw ValidationError("give at least one URL, or --stdin") }
    }

    func run() throws {
        let evaluator = try makeEvaluator()
        var output = BufferedOutput()
        var invalid = 0
        func evaluate(_ text: String) {
            guard let url = URLParts(text) else {
                invalid += 1
                Console.error("'\(text)' is not an absolute URL (https://host/path)")
                return
            }
            for line in evaluator.report(text, url, json: json) { output.write(line) }
        }
        urls.forEach(evaluate)
        if stdin {
            while let line = readLine(strippingNewline: true) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty, !trimmed.hasPrefix("#") { evaluate(trimmed) }
            }
        }
        output.flush()
        if invalid > 0 { throw ExitCode.failure }
    }

    private func makeEvaluator() throws -> MatchEvaluator {
        guard aasa != nil || assetlinks != nil else {
            let result = try Console.build(manifestOptions, quiet: true)
            return .site(SiteMatcher(site: result.site!, plan: result.plan!, files: result.files))
        }
        let aasaDocument = try aasa.map { try Console.readJSON($0) }
        let assetLinksDocument = try assetlinks.map { try Console.readAssetLinks($0) }
        return .files(FileMatcher(aasa: aasaDocument, appIDs: appIDs, assetLinks: assetLinksDocument, packages: packages, host: host))
    }
}

/// Standard output in large writes, so `--stdin` over a million URLs is not bound by printing.
struct BufferedOutput {
    private var buffer: [UInt8] = []

    mutating func write(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count > 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
