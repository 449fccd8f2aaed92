/// Runs every probe and prints what `verify` found, grouped by host in probe order.
package struct DeploymentReport: Sendable {
    package var results: [DeploymentCheck.Result]

    /// Counted by cause: a finding several probes of a host share is one.
    package var errors: Int { causes(.error) }
    package var warnings: Int { causes(.warning) }

    /// A cause three or more probes of one host share (the finding's `cause`, else its words),
    /// with its severity and those probes' targets.
    struct SharedCause {
        var severity: Diagnostic.Severity
        var text: String
        var targets: [String]

        func covers(_ finding: DeploymentCheck.Finding) -> Bool {
            finding.severity == severity && (finding.cause ?? finding.message) == text
        }
    }

    static func sharedFindings(_ results: [DeploymentCheck.Result]) -> [SharedCause] {
        var causes: [SharedCause] = []
        for result in results {
            for finding in result.findings {
                if let index = causes.firstIndex(where: { $0.covers(finding) }) {
                    causes[index].targets.append(result.probe.target)
                } else {
                    causes.append(
                        SharedCause(severity: finding.severity, text: finding.cause ?? finding.message, targets: [result.probe.target]))
                }
            }
        }
        return causes.filter { $0.targets.count >= 3 }
    }

    private func causes(_ severity: Diagnostic.Severity) -> Int {
        results.map(\.probe.host).uniqued().reduce(0) { total, host in
            let hostResults = results.filter { $0.probe.host == host }
            let shared = Self.sharedFindings(hostResults).filter { $0.severity == severity }
            let single = hostResults.flatMap(\.findings).filter { finding in
                finding.severity == severity && !shared.contains { $0.covers(finding) }
            }
            return total + shared.count + single.count
        }
    }

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
    /// under it each finding. A finding that several probes of a host share (one cause: an
    /// ignored `.htaccess` fails every route) is said once, after the host's probes, with how many
    /// URLs it is about and a few of them.
    package var text: String {
        var lines: [String] = []
        for host in results.map(\.probe.host).uniqued() {
            let hostResults = results.filter { $0.probe.host == host }
            let shared = Self.sharedFindings(hostResults)
            if !lines.isEmpty { lines.append("") }
            lines.append(host)
            for result in hostResults {
                let mark =
                    switch result.severity {
                    case .error: "✗"
                    case .warning: "!"
                    case .note, nil: "✓"
                    }
                // What a server sent reaches the terminal escaped: a Location or Content-Type holding
                // ESC could clear the screen and print a false "0 errors".
                lines.append("  \(mark) \(Self.label(result))  \(TerminalText.escaped(result.answer))")
                for finding in result.findings where !shared.contains(where: { $0.covers(finding) }) {
                    lines.append("      \(finding.severity.rawValue): \(TerminalText.escaped(finding.message))")
                }
            }
            for cause in shared {
                let examples = cause.targets.prefix(3).joined(separator: ", ") + (cause.targets.count > 3 ? ", …" : "")
                lines.append(
                    "  \(cause.severity.rawValue), \(cause.targets.count) URLs (\(TerminalText.escaped(examples))): "
                        + TerminalText.escaped(cause.text))
            }
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

    private static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
