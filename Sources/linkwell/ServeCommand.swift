import ArgumentParser
import Dispatch
import LinkwellCore
import LinkwellSystem

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the output folder locally with the generated configuration's headers, rewrites and redirects, every host at once.",
        discussion: """
            Each host gets its own port, from --port up, in manifest order; a request whose Host header names a host of \
            the manifest is served as that host on any port (map the names to this machine, or use a tunnel). Pages \
            reached by port have links to the manifest's hosts rewritten to the matching local ports, so "Open in app" \
            and the fallbacks can be clicked through locally; pages reached by host name are sent byte for byte.
            """)

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var outputOptions: OutputOptions

    @Option(help: "The first port; each further host gets the next one.")
    var port: Int = 8080

    @Option(help: "The address to listen on (0.0.0.0 to reach it from a phone on the same network).")
    var bind: String = "127.0.0.1"

    func run() throws {
        let result = try Console.build(manifestOptions, quiet: true)
        guard let site = result.site else { throw ExitCode.failure }
        var isFolder = false
        guard FileManager.default.fileExists(atPath: outputOptions.output, isDirectory: &isFolder), isFolder else {
            Console.error("'\(outputOptions.output)' does not exist; run 'linkwell build' first")
            throw ExitCode.failure
        }
        let ports = Dictionary(uniqueKeysWithValues: site.hosts.enumerated().map { ($1, port + $0) })
        let server = LocalServer(
            serving: LocalServing(site: site), root: outputOptions.output, ports: ports, address: bind == "0.0.0.0" ? "127.0.0.1" : bind,
            log: { StandardStreams.output($0 + "\n") })
        do {
            for (offset, host) in site.hosts.enumerated() {
                try HTTPServer.listen(address: bind, port: port + offset) { request in server.respond(to: request, defaultHost: host) }
                server.log("\(host) → http://\(bind == "0.0.0.0" ? "127.0.0.1" : bind):\(port + offset)/")
            }
        } catch {
            Console.error("\(error)")
            throw ExitCode.failure
        }
        server.log("serving \(outputOptions.output) (Ctrl-C stops)")
        while true { sleep(3600) }
    }
}
