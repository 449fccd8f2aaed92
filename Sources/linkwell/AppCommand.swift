import ArgumentParser
import LinkwellCore
import LinkwellSystem

struct AppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "Prove the app side: the app's own entitlements and merged AndroidManifest against the association files.",
        discussion: """
            With no file options, the apps site.yaml names files for (apps.ios[].entitlements, apps.android[].manifest) are \
            held against the files it builds. Against files a site serves today:
              linkwell app --android-manifest AndroidManifest.xml --cert signing.txt --assetlinks m.example.com=assetlinks.json
              linkwell app --entitlements App.entitlements --app-id ABCDE12345.com.example.app --aasa m.example.com=aasa.json

            Every host the app claims must be served a file that names it (package and a certificate it is signed with; the \
            app ID for the service); every host whose file names the app should be claimed by it; Android's collection of \
            hosts follows the target SDK, as AOSP's DomainVerificationCollector does. Where an iOS app and an Android app both \
            claim a host, the URLs one opens and the other does not (Android 14 and earlier, by the app's intent filters) are \
            shown by region, found exactly. Exit 0: every claim holds; 1: a claim fails; 2: an input cannot be read.
            """)

    @OptionGroup var manifestOptions: ManifestOptions

    @Option(name: .customLong("android-manifest"), help: "The app's merged (or source) AndroidManifest.xml.")
    var androidManifest: String?

    @Option(help: "The Android package, where the manifest does not name it (AGP 8 keeps it in build.gradle).")
    var package: String?

    @Option(name: .customLong("target-sdk"), help: "The app's targetSdkVersion, where the manifest does not name it.")
    var targetSDK: Int?

    @Option(
        help: "The signing certificate: a SHA-256 fingerprint, or a file of keytool, apksigner, signingReport or pm get-app-links output.")
    var cert: String?

    @Option(help: "The value of a @string resource a host names: NAME=VALUE; repeatable.")
    var string: [String] = []

    @Option(help: "The value of a ${NAME} placeholder: NAME=VALUE; repeatable.")
    var placeholder: [String] = []

    @Option(help: "An iOS .entitlements file; repeatable (Debug and Release).")
    var entitlements: [String] = []

    @Option(name: .customLong("app-id"), help: "The iOS app ID the entitlements belong to: TEAMID.bundle.id.")
    var appID: String?

    @Option(help: "The value of a $(NAME) build setting the entitlements use: NAME=VALUE; repeatable.")
    var setting: [String] = []

    @Option(help: "An assetlinks.json a host serves: HOST=FILE; repeatable.")
    var assetlinks: [String] = []

    @Option(help: "An apple-app-site-association a host serves: HOST=FILE; repeatable.")
    var aasa: [String] = []

    @Flag(help: "Print each finding as a JSON line, then the verdict.")
    var json = false

    private var givesFiles: Bool { androidManifest != nil || !entitlements.isEmpty }

    func validate() throws {
        if !givesFiles, !(assetlinks.isEmpty && aasa.isEmpty && package == nil && cert == nil && appID == nil) {
            throw ValidationError("--assetlinks, --aasa, --package, --cert and --app-id go with --android-manifest or --entitlements")
        }
        if !entitlements.isEmpty, appID == nil { throw ValidationError("--entitlements needs --app-id TEAMID.bundle.id") }
        if let appID {
            let parts = appID.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw ValidationError("--app-id '\(appID)' is not TEAMID.bundle.id") }
            if let problem = Identifiers.teamIDProblem(parts[0]) ?? Identifiers.bundleIDProblem(parts[1]) { throw ValidationError(problem) }
        }
        for pair in string + placeholder + setting + assetlinks + aasa where !pair.contains("=") {
            throw ValidationError("'\(pair)' is not NAME=VALUE (or HOST=FILE)")
        }
    }

    func run() throws {
        let run: AppCheckRun
        if givesFiles {
            // An input that cannot be read is exit 2 here, as the command's help says.
            do { run = AppCheckRun(given: try given()) } catch is ExitCode { throw ExitCode(2) }
        } else {
            // Every finding is printed, the build's link tests' among them: they decide by the app's files too.
            run = AppCheckRun(build: try Console.load(manifestOptions))
        }
        for diagnostic in run.diagnostics { Console.printToStandardError(Console.render(diagnostic)) }
        guard run.exitCode != 2 else { throw ExitCode(2) }
        if json {
            for finding in run.findings { print(DiagnosticFormat.json.render(finding)) }
            print(JSONText.line(["verdict": run.verdict]))
        } else {
            for finding in run.findings {
                print(
                    manifestOptions.diagnosticsFormat == .text ? Console.render(finding) : manifestOptions.diagnosticsFormat.render(finding)
                )
            }
            print(run.verdict)
        }
        if run.exitCode != 0 { throw ExitCode(run.exitCode) }
    }

    /// The files and values given, read.
    private func given() throws -> AppCheckRun.Given {
        var given = AppCheckRun.Given()
        let pairs = AppFileValues.pairs
        given.values = AppFileValues(strings: pairs(string), placeholders: pairs(placeholder), buildSettings: pairs(setting))
        given.package = package
        given.targetSdk = targetSDK
        given.appID = appID
        if let androidManifest { given.androidManifest = (androidManifest, try Console.readBytes(androidManifest)) }
        for file in entitlements { given.entitlements.append((file, try Console.readBytes(file))) }
        if let cert {
            // A fingerprint as typed, or a file holding tool output.
            let isFile = cert.contains("/") || cert.hasSuffix(".txt") || !cert.contains(":") && cert.count != 64
            given.certificate = isFile ? (cert, String(decoding: try Console.readBytes(cert), as: UTF8.self)) : ("--cert", cert)
        }
        var served: [String: AppProof.Served] = [:]
        for (host, file) in pairs(assetlinks) {
            served[host.lowercased(), default: .init(host: host.lowercased(), aasa: nil, assetLinks: nil)].assetLinks =
                try Console.readAssetLinks(file)
        }
        for (host, file) in pairs(aasa) {
            served[host.lowercased(), default: .init(host: host.lowercased(), aasa: nil, assetLinks: nil)].aasa = try Console.readJSON(file)
        }
        given.served = served.keys.sorted().compactMap { served[$0] }
        return given
    }
}
