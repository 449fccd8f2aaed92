/// Runs every probe and prints what `verify` found, grouped by host in probe order.
package struct DeploymentReport: Sendable {
    package var results: [DeploymentCheck.Result]

    package var errors: Int { count(.error) }
    package var warnings: Int { count(.warning) }

    /// Fetches every probe (a few at a time; the order of the report does not depend on which
    /// answer comes first) and judges each answer.
    package static func run(
        _ probes: [DeploymentProbe], files: [OutputFile], base: String?, fetcher: some HTTPFetching, concurrency: Int = 8,
        hosting: [HostingProvider] = HostingProvider.allCases, deadline: Duration? = nil
    ) async -> DeploymentReport {
        let clock = ContinuousClock()
        let end = deadline.map { clock.now + $0 }
        let check = DeploymentCheck(files: files, hosting: hosting)
        var results = [DeploymentCheck.Result?](repeating: nil, count: probes.count)
        await withTaskGroup(of: (Int, DeploymentCheck.Result).self) { group in
            var next = 0
            func startNext() {
                guard next < probes.count else { return }
                let index = next
                next += 1
                let probe = probes[index]
                group.addTask {
                    let request = probe.request(base: base)
                    // Past the overall deadline no request is started: each says so, as an error.
                    if let end, clock.now >= end {
                        let seconds = deadline.map { "\($0.components.seconds) s" } ?? ""
                        return (
                            index,
                            check.judge(
                                probe, url: request.url,
                                response: .failure(
                                    HTTPFetchError("not fetched: verify's overall deadline (\(seconds), --deadline) had passed")))
                        )
                    }
                    let response: Result<HTTPResponse, HTTPFetchError>
                    do throws(HTTPFetchError) {
                        response = .success(try await fetcher.fetch(request))
                    } catch {
                        response = .failure(error)
                    }
                    return (index, check.judge(probe, url: request.url, response: response))
                }
            }
            for _ in 0..<max(concurrency, 1) { startNext() }
            for await (index, result) in group {
                results[index] = result
                startNext()
            }
        }
        return DeploymentReport(results: results.compactMap { $0 })
    }

    /// One block per host: a line per probe (`✓`, `!` warning, `✗` error) with its answer, and
    /// under it each finding.
    package var text: String {
        var lines: [String] = []
        var host: String?
        for result in results {
            if result.probe.host != host {
                host = result.probe.host
                if !lines.isEmpty { lines.append("") }
                lines.append(result.probe.host)
            }
            let mark =
                switch result.severity {
                case .error: "✗"
                case .warning: "!"
                case .note, nil: "✓"
                }
            // What a server sent reaches the terminal escaped: a Location or Content-Type holding
            // ESC could clear the screen and print a false "0 errors".
            lines.append("  \(mark) \(Self.label(result))  \(TerminalText.escaped(result.answer))")
            for finding in result.findings { lines.append("      \(finding.severity.rawValue): \(TerminalText.escaped(finding.message))") }
        }
        lines.append("")
        let hosts = Set(results.map(\.probe.host)).count
        lines.append(
            "\(results.count) checks on \(hosts) host\(hosts == 1 ? "" : "s"): \(Self.plural(errors, "error")), \(Self.plural(warnings, "warning"))"
        )
        return lines.joined(separator: "\n")
    }

    /// One JSON object per probe and line, for tools.
    package var jsonLines: String {
        struct Line: Encodable {
            var host, check, target, url, answer, severity: String
            var findings: [DeploymentCheck.Finding]
        }
        return results.map { result in
            JSONText.line(
                Line(
                    host: result.probe.host, check: Self.kind(result.probe), target: result.probe.target, url: result.url,
                    answer: result.answer, severity: result.severity.map(\.rawValue) ?? "ok", findings: result.findings))
        }.joined(separator: "\n")
    }

    static func label(_ result: DeploymentCheck.Result) -> String {
        switch result.probe.expectation {
        case .appleCDN: "Apple's CDN copy"
        case .page("home", _, _): "\(result.probe.target) (home page)"
        case .page(let route, _, _) where route.hasSuffix(" item"): "\(result.probe.target) (item page, route '\(route.dropLast(5))')"
        case .page(let code, _, _) where result.probe.server != nil:
            "https://\(result.probe.server ?? "")\(result.probe.target) (where short link \(code.dropLast(" target".count)) ends)"
        case .page(let route, _, _): "\(result.probe.target) (route '\(route)')"
        case .notFound: "\(result.probe.target) (not-found page)"
        case .redirect: "\(result.probe.target) (short link)"
        case .webTarget(let code):
            "https://\(result.probe.server ?? "")\(result.probe.target) (where short link /\(code) ends, on the web origin)"
        case .associationFile, .robots: result.probe.target
        }
    }

    static func kind(_ probe: DeploymentProbe) -> String {
        switch probe.expectation {
        case .page where probe.server != nil: "short-link-target"
        case .associationFile: "association-file"
        case .robots: "robots"
        case .page: "preview-page"
        case .notFound: "not-found-page"
        case .redirect: "short-link"
        case .webTarget: "short-link-target"
        case .appleCDN: "apple-cdn"
        }
    }

    private func count(_ severity: Diagnostic.Severity) -> Int { results.flatMap(\.findings).filter { $0.severity == severity }.count }

    private static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
