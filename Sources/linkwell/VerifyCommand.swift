import ArgumentParser
import LinkwellCore
import LinkwellSystem

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Fetch what is deployed (never following redirects) and compare it with what the manifest builds.",
        discussion: """
            For each host: every association file (status, no redirect, Content-Type, same bytes), robots.txt (allows \
            the association files), one sample URL per page route (answers with its preview page), the home page, a \
            URL no route takes (404 with the not-found page), item pages (--items) and each short link (redirects to \
            its target) and where it ends: the page its target's host serves, or the web origin's answer (not asked \
            with --base-url, which stands in for the manifest's hosts only). With --apple-cdn, also Apple's CDN copy of each AASA, whose lag is a warning. \
            Exit code 1 when any check finds an error (with --strict, a warning too).
            """)

    @OptionGroup var manifestOptions: ManifestOptions

    @Argument(help: "The hosts to check. Default: every host in the manifest, sign-in hosts included.")
    var hosts: [String] = []

    @Option(
        name: .customLong("base-url"),
        help: "Send every request to this server (e.g. http://127.0.0.1:8080) with the host's name in the Host header.")
    var baseURL: String?

    @Flag(name: .customLong("apple-cdn"), help: "Also compare Apple's CDN copy of each AASA with the built file.")
    var appleCDN = false

    @Option(name: .customLong("apple-cdn-url"), help: .hidden)
    var appleCDNURL: String = DeploymentProbe.appleCDN

    @Option(help: "Seconds each request may take in all: connecting, waiting and reading.")
    var timeout: Double = 10

    @Flag(help: "Print one JSON object per check and line.")
    var json = false

    @Option(
        help: "Seconds the whole run may take: requests not started by then are errors that say so (each request also has --timeout).")
    var deadline: Double = 300

    @Option(help: "Item pages to fetch per route and host: a number (spread over the rows) or 'all'.")
    var items: String = "20"

    func run() async throws {
        let result = try Console.build(manifestOptions, quiet: true)
        guard let site = result.site else { throw ExitCode.failure }
        let known = site.hosts + site.signInHosts
        for host in hosts where !known.contains(host) {
            Console.error("'\(host)' is not a host of \(manifestOptions.manifest)\(Suggestion.didYouMean(host, in: known))")
            throw ExitCode.validationFailure
        }
        if let baseURL, URLParts(baseURL).map({ $0.scheme == "http" || $0.scheme == "https" }) != true {
            Console.error("--base-url '\(baseURL)' is not an http:// or https:// URL")
            throw ExitCode.validationFailure
        }
        guard items == "all" || Int(items).map({ $0 >= 0 }) == true else {
            Console.error("--items '\(items)' is not a number or 'all'")
            throw ExitCode.validationFailure
        }
        guard timeout > 0, timeout <= 3600 else {
            Console.error("--timeout \(timeout) is not a number of seconds between 0 and 3600")
            throw ExitCode.validationFailure
        }
        guard deadline > 0, deadline <= 86_400 else {
            Console.error("--deadline \(deadline) is not a number of seconds between 0 and 86400")
            throw ExitCode.validationFailure
        }
        let fetcher: CurlFetcher
        do { fetcher = try CurlFetcher(timeout: timeout) } catch {
            Console.error("verify cannot fetch: \(error.message)")
            throw ExitCode.failure
        }
        // A server started beside this command (`linkwell serve &`) gets a moment to listen.
        if let baseURL, let parts = URLParts(baseURL) {
            _ = LoopbackWait.untilListening(
                host: parts.host, port: parts.port >= 0 ? parts.port : (parts.scheme == "https" ? 443 : 80), seconds: 10)
        }
        let files = try Console.streaming(manifestOptions, items: \.items) { options in
            try SiteFolder.files(result, project: manifestOptions.project, options: options)
        }.files
        let probes = DeploymentProbe.probes(
            site: site, files: files, hosts: hosts.isEmpty ? known : hosts, appleCDN: appleCDN ? appleCDNURL : nil,
            items: Int(items), webTargets: baseURL == nil)
        let report = await DeploymentReport.run(
            probes, files: files, base: baseURL, fetcher: fetcher, hosting: site.hosting, deadline: .milliseconds(Int(deadline * 1000)))
        print(json ? report.jsonLines : report.text)
        if report.errors > 0 || (manifestOptions.strict && report.warnings > 0) { throw ExitCode.failure }
    }
}
