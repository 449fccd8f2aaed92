import ArgumentParser
import LinkwellCore
import LinkwellSystem
import Synchronization

struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Say what each URL does on every platform, for every app: which rule opens it, or keeps it in the browser.",
        discussion: """
            With no file options, the manifest is built in memory and its own files are evaluated, naming the route behind \
            each rule and what the preview pages do. With --aasa and/or --assetlinks, any production file is evaluated \
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

    @Option(
        name: .customLong("android-manifest"),
        help: "With --assetlinks: the app's merged AndroidManifest.xml, whose intent filters then decide its package's links.")
    var androidManifest: String?

    @Option(name: .customLong("target-sdk"), help: "With --android-manifest: the targetSdkVersion, where the manifest does not name it.")
    var targetSDK: Int?

    @Option(help: "With --android-manifest: the value of a @string resource a host names: NAME=VALUE; repeatable.")
    var string: [String] = []

    @Option(help: "With --android-manifest: the value of a ${NAME} placeholder: NAME=VALUE; repeatable.")
    var placeholder: [String] = []

    func validate() throws {
        if !appIDs.isEmpty, aasa == nil { throw ValidationError("--app-id needs --aasa") }
        if !packages.isEmpty, assetlinks == nil { throw ValidationError("--package needs --assetlinks") }
        if host != nil, aasa == nil, assetlinks == nil { throw ValidationError("--host needs --aasa or --assetlinks") }
        if androidManifest != nil, assetlinks == nil {
            throw ValidationError("--android-manifest needs --assetlinks (with a manifest, site.yaml's apps.android[].manifest names it)")
        }
        if androidManifest == nil, targetSDK != nil || !string.isEmpty || !placeholder.isEmpty {
            throw ValidationError("--target-sdk, --string and --placeholder go with --android-manifest")
        }
        if androidManifest != nil, packages.count > 1 {
            throw ValidationError("with --android-manifest, --package names the app's one package (where the manifest does not)")
        }
        for pair in string + placeholder where !pair.contains("=") { throw ValidationError("'\(pair)' is not NAME=VALUE") }
        if urls.isEmpty, !stdin { throw ValidationError("give at least one URL, or --stdin") }
    }

    /// What `match` leaves allocated when it returns: the process ends right after, and freeing a
    /// compiled file and its JSON (for 1,000 rules, a few hundred thousand small objects) was a
    /// sixth of starting `match` — work no one needs at exit, which compilers skip for the same
    /// reason.
    private static let keptUntilExit = Mutex<[any Sendable]>([])

    func run() throws {
        let evaluator = try makeEvaluator()
        defer { Self.keptUntilExit.withLock { $0.append(evaluator) } }
        var output = BufferedOutput()
        BufferedOutput.enlargePipe()
        var invalid = 0
        let json = json  // read once: the flag's wrapper was a measurable share of `--stdin`
        func evaluate(_ written: String) {
            // A device sees a URL as a browser sends it: `/café` arrives as `/caf%C3%A9`.
            var text = written
            if let encoded = URLParts.browserEncoded(written) {
                output.flush()
                StandardStreams.error(
                    "note: read '\(written)' as '\(encoded)', as a browser sends it (non-ASCII characters and spaces percent-encoded)\n")
                text = encoded
            }
            guard let url = URLParts(text) else {
                invalid += 1
                output.flush()
                Console.error("'\(text)' is not an absolute URL (https://host/path)")
                return
            }
            if json {
                evaluator.appendJSONLines(text, url, to: &output.lines)
                output.flushIfFull()
            } else {
                for line in evaluator.report(text, url, json: false) { output.write(line) }
            }
        }
        urls.forEach(evaluate)
        if stdin {
            var lines = StandardInputLines()
            while let line = lines.next() {
                if !line.isEmpty, line.first != UInt8(ascii: "#") { evaluate(String(decoding: line, as: UTF8.self)) }
            }
        }
        output.flush()
        if invalid > 0 { throw ExitCode.failure }
    }

    private func makeEvaluator() throws -> MatchEvaluator {
        guard aasa != nil || assetlinks != nil else {
            let result = try Console.build(manifestOptions, quiet: true)
            guard let site = result.site, let plan = result.plan else { throw ExitCode.failure }
            return .site(SiteMatcher(site: site, plan: plan, files: result.files, appSide: result.appSide))
        }
        let aasaDocument = try aasa.map { try Console.readJSON($0) }
        defer { Self.keptUntilExit.withLock { $0.append(aasaDocument) } }
        if let aasa, let aasaDocument, let problem = FileMatcher.aasaProblem(aasaDocument) {
            Console.error("\(aasa):1:1: \(problem)")
            throw ExitCode.failure
        }
        let assetLinksDocument = try assetlinks.map { try Console.readAssetLinks($0) }
        defer { Self.keptUntilExit.withLock { $0.append(assetLinksDocument) } }
        var app: (package: String, handling: AndroidLinkHandling)?
        if let androidManifest {
            let read = AndroidLinkHandling.read(
                try Console.readBytes(androidManifest), path: androidManifest,
                values: AppFileValues(strings: AppFileValues.pairs(string), placeholders: AppFileValues.pairs(placeholder)),
                package: packages.first,
                targetSdk: targetSDK)
            for diagnostic in read.diagnostics { Console.printToStandardError(Console.render(diagnostic)) }
            guard let read = read.app else { throw ExitCode.failure }
            app = read
        }
        return .files(
            FileMatcher(
                aasa: aasaDocument, appIDs: appIDs, assetLinks: assetLinksDocument, packages: packages,
                host: host, app: app))
    }
}
