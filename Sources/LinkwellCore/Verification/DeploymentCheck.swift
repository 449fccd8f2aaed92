#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Judges what a deployed host answered against what the build wrote, naming the production
/// failure each answer is a symptom of (field notes, lessons 2, 7 and 8).
package struct DeploymentCheck: Sendable {
    package struct Finding: Sendable, Hashable, Encodable {
        package var severity: Diagnostic.Severity
        package var message: String
        /// The cause in words that do not name the URL, where many URLs of a host can fail for
        /// one reason (the report then says it once, with how many): nil when the message is
        /// that already.
        package var cause: String?
    }

    /// One probe's answer: what came back in one line, and what is wrong with it.
    package struct Result: Sendable, Hashable {
        package var probe: DeploymentProbe
        package var url: String
        /// `200 application/json, 1,234 bytes`, or why there was no answer.
        package var answer: String
        package var findings: [Finding]

        package var severity: Diagnostic.Severity? { findings.map(\.severity).max() }
    }

    /// Built files by contents, to name the page a host served instead of the expected one.
    let builtFiles: [String: String]

    /// The hosts the manifest writes configuration for: advice fits what they can do.
    let hosting: [HostingProvider]

    package init(files: [OutputFile], hosting: [HostingProvider] = HostingProvider.allCases) {
        builtFiles = Dictionary(files.map { ($0.contents, $0.path) }, uniquingKeysWith: { first, _ in first })
        self.hosting = hosting
    }

    package func judge(_ probe: DeploymentProbe, url: String, response: Swift.Result<HTTPResponse, HTTPFetchError>) -> Result {
        switch response {
        case .failure(let error):
            let severity: Diagnostic.Severity = if case .appleCDN = probe.expectation { .warning } else { .error }
            return Result(probe: probe, url: url, answer: "no answer", findings: [Finding(severity: severity, message: error.message)])
        case .success(let response):
            return Result(probe: probe, url: url, answer: Self.describe(response), findings: findings(probe.expectation, response))
        }
    }

    static func describe(_ response: HTTPResponse) -> String {
        if response.isRedirect, let location = response.headers["location"] { return "\(response.status) → \(location)" }
        return "\(response.status) \(response.headers["content-type"] ?? "(no Content-Type)"), \(response.body.count) bytes"
    }

    func findings(_ expectation: DeploymentProbe.Expectation, _ response: HTTPResponse) -> [Finding] {
        compression(response) + answerFindings(expectation, response)
    }

    /// verify asks for no compression and decodes none (a small gzip bomb stays small), so a
    /// compressed answer is judged as the bytes it is; this says why it will not match.
    private func compression(_ response: HTTPResponse) -> [Finding] {
        guard let encoding = response.headers["content-encoding"], encoding.lowercased() != "identity" else { return [] }
        return [
            warning(
                "sent compressed (Content-Encoding: \(encoding)) although verify asked for no compression:"
                    + " the body is judged as sent, not decoded")
        ]
    }

    private func answerFindings(_ expectation: DeploymentProbe.Expectation, _ response: HTTPResponse) -> [Finding] {
        switch expectation {
        case .associationFile(let expected): associationFile(expected, response)
        case .robots(let expected): robots(expected, response)
        case .page(_, let file, let expected): page(file, expected, response)
        case .notFound(let file, let expected): notFound(file, expected, response)
        case .redirect(let target, let fallbackPage): redirect(target, fallbackPage, response)
        case .webTarget(let code): webTarget(code, response)
        case .appleCDN(let expected): appleCDN(expected, response)
        }
    }

    private func associationFile(_ expected: String, _ response: HTTPResponse) -> [Finding] {
        if response.isRedirect {
            return [
                error(
                    "redirects (\(response.status)) to \(response.headers["location"] ?? "")"
                        + ": Apple's CDN and Android's verifier do not follow redirects, so links open the browser")
            ]
        }
        if response.status == 404 {
            return [error("is missing (404): deploy it, and check that the host publishes dot-folders such as .well-known")]
        }
        guard response.status == 200 else { return [error("answers \(response.status), not 200: the file must be served as is")] }
        let body = String(decoding: response.body, as: UTF8.self)
        // Judged by the body: the right file served as text/html is a Content-Type error (below),
        // not a page answering in its place.
        if body.drop(while: \.isWhitespace).hasPrefix("<") {
            return [
                error(
                    "an HTML page answers instead of the file: the host's single-page-app fallback or error page"
                        + " (the file is not deployed, or the fallback is tried first)")
            ]
        }
        var found: [Finding] = []
        if response.mediaType != "application/json" {
            let served = "Content-Type is \(response.headers["content-type"].map { "'\($0)'" } ?? "missing"), not application/json"
            if hosting == [.githubPages] {
                // GitHub Pages cannot set headers: no configuration Linkwell writes can fix this there.
                found.append(
                    warning(
                        served
                            + ": GitHub Pages cannot set headers. Apple's CDN has been seen to accept it, but nothing guarantees it;"
                            + " to be sure, put a CDN that sets headers in front (Cloudflare: a Transform Rule setting Content-Type on"
                            + " /.well-known/apple-app-site-association and /apple-app-site-association)"))
            } else {
                found.append(error(served + ": deploy the generated host configuration, which sets it"))
            }
        }
        found += sameJSONFile(expected, body)
        return found
    }

    private func robots(_ expected: String, _ response: HTTPResponse) -> [Finding] {
        if response.status == 404 {
            return [warning("is missing (404): crawlers may read everything, but the built robots.txt is not deployed")]
        }
        if response.isRedirect {
            return [
                warning("redirects (\(response.status)) to \(response.headers["location"] ?? ""): crawlers then obey the target's rules")
            ]
        }
        guard response.status == 200 else {
            return [error("answers \(response.status): crawlers treat a server error as 'disallow everything'")]
        }
        let body = String(decoding: response.body, as: UTF8.self)
        let matcher = RobotsMatcher(parsing: body)
        var found: [Finding] = []
        for agent in Set(matcher.userAgents + ["*"]).sorted() {
            for path in AssociationFiles.allPaths {
                for reading in RobotsMatcher.Reading.allCases {
                    guard let rule = matcher.decidingRule(for: path, userAgent: agent, reading: reading), !rule.allow else { continue }
                    found.append(
                        error(
                            "line \(rule.line) 'Disallow: \(rule.pattern)' blocks \(path) for user agent '\(agent)' (\(reading.rawValue))"))
                }
            }
        }
        if body != expected { found.append(warning("differs from the built robots.txt (a stale deploy, or the site's own file)")) }
        return found
    }

    private func page(_ file: String, _ expected: String, _ response: HTTPResponse) -> [Finding] {
        if response.isRedirect {
            return [
                error(
                    "redirects (\(response.status)) to \(response.headers["location"] ?? "")"
                        + ": a link that redirects does not open the app, and the preview page must answer the URL itself")
            ]
        }
        guard response.status == 200 else {
            if file.hasSuffix("/index.html") {
                return [
                    error(
                        "answers \(response.status), not the home page \(file): the host does not serve the folder's index.html at '/'"
                            + serverHint(home: true))
                ]
            }
            let reason = "the host does not rewrite this route (deploy the generated configuration for your host)" + serverHint(home: false)
            var finding = error("answers \(response.status), not the preview page \(file): " + reason)
            finding.cause =
                "answers \(response.status), not the built page: the host does not rewrite these URLs to their pages "
                + "(deploy the generated configuration for your host)" + serverHint(home: false)
            return [finding]
        }
        let body = String(decoding: response.body, as: UTF8.self)
        guard body != expected else {
            return response.mediaType == "text/html"
                ? [] : [warning("the page is served as \(response.mediaType ?? "no Content-Type"), not text/html")]
        }
        if let other = builtFiles[body] {
            // An item page that is not deployed: the route's own rewrite answers its path with the
            // route page, as it should. The rewrites are right; the file is missing.
            if !file.contains("/\(PagePaths.folder)/"), other.contains("/\(PagePaths.folder)/") {
                return [
                    error(
                        "serves the route page \(other), not the item page \(file): the item page is not deployed (the route's "
                            + "rewrite answers for it); deploy the whole built folder")
                ]
            }
            return [error("serves \(other) instead of \(file): the host's rewrites are not the generated ones")]
        }
        return [error("serves a page that is not the built \(file): a stale deploy, or the site's own fallback page answers")]
    }

    /// What to check on the servers the manifest names (all of them when it names none), for a
    /// page the host does not serve: the usual reason on each.
    private func serverHint(home: Bool) -> String {
        var hints: [String] = []
        if hosting.contains(.apache) {
            hints.append(
                "Apache reads the generated .htaccess only where AllowOverride allows it (AllowOverride FileInfo Indexes, or All; "
                    + "the default is None) and needs mod_rewrite and mod_headers")
        }
        if hosting.contains(.nginx) {
            hints.append(
                home
                    ? "nginx: include the generated nginx.conf in the server block before your own 'location /', which otherwise answers '/'"
                    : "nginx: include the generated nginx.conf in the server block (include …/nginx.conf;)")
        }
        if hosting.contains(.caddy) { hints.append("Caddy: import the generated Caddyfile in the site block") }
        return hints.isEmpty ? "" : "; " + hints.joined(separator: "; ")
    }

    private func notFound(_ file: String, _ expected: String, _ response: HTTPResponse) -> [Finding] {
        let body = String(decoding: response.body, as: UTF8.self)
        if response.status == 404 {
            return body == expected
                ? []
                : [
                    warning(
                        "answers 404 without the built \(file): visitors who follow a broken link get the host's own error page (nginx: deploy the generated snippet; S3: set 404.html as the error document)"
                    )
                ]
        }
        if response.isRedirect {
            return [
                warning(
                    "redirects (\(response.status)) to \(response.headers["location"] ?? ""): a URL no route takes should answer 404 with \(file)"
                )
            ]
        }
        return [
            warning(
                "answers \(response.status), not 404: a single-page-app fallback or a catch-all answers every URL, so crawlers index pages that do not exist"
            )
        ]
    }

    private func redirect(_ target: String, _ fallbackPage: String?, _ response: HTTPResponse) -> [Finding] {
        if response.isRedirect {
            let location = response.headers["location"] ?? ""
            guard location == target else { return [error("redirects to \(location), not to \(target)")] }
            return response.status == 301 || response.status == 308
                ? [warning("redirects permanently (\(response.status)): browsers cache it, so a changed target never reaches them")]
                : []
        }
        if response.status == 200, let fallbackPage, String(decoding: response.body, as: UTF8.self) == fallbackPage {
            return [note("answers with the fallback page, which forwards in the browser (this host cannot redirect)")]
        }
        return [error("answers \(response.status), not a redirect to \(target)")]
    }

    private func webTarget(_ code: String, _ response: HTTPResponse) -> [Finding] {
        if response.isRedirect {
            return [note("redirects further (\(response.status)) to \(response.headers["location"] ?? ""), which verify does not follow")]
        }
        guard response.status >= 400 else { return [] }
        return [error("answers \(response.status): short link /\(code) ends at an error on the web origin")]
    }

    private func appleCDN(_ expected: String, _ response: HTTPResponse) -> [Finding] {
        if response.status == 404 {
            return [
                warning("Apple's CDN has no copy of this host's file yet: it fetches new domains on its own schedule, usually within a day")
            ]
        }
        guard response.status == 200 else { return [warning("Apple's CDN answers \(response.status)")] }
        guard let served = try? JSONValue.parse(String(decoding: response.body, as: UTF8.self)) else {
            return [warning("Apple's CDN answers 200 with something that is not JSON")]
        }
        guard served == (try? JSONValue.parse(expected)) else {
            return [
                warning(
                    "Apple's CDN still serves an older copy: devices read the CDN, which refetches on its own schedule (hours to days)"
                        + "; use '?mode=developer' associated domains on test devices meanwhile")
            ]
        }
        return []
    }

    /// Same bytes is the goal; the same JSON in other bytes works but means something rewrote
    /// the file; anything else is a stale or foreign file.
    private func sameJSONFile(_ expected: String, _ served: String) -> [Finding] {
        guard served != expected else { return [] }
        let parsed: JSONValue
        do {
            parsed = try JSONValue.parse(served)
        } catch {
            return [self.error("is not valid JSON (\(error.line):\(error.column): \(error.message)), so it is ignored")]
        }
        if parsed == (try? JSONValue.parse(expected)) {
            return [warning("holds the same JSON as the built file in other bytes: the host rewrites it (minifies or reformats)")]
        }
        var found: [Finding] = []
        // A signing key that differs is the cause a reader needs first (a key rotation not deployed).
        if let builtKeys = Self.fingerprints(in: try? JSONValue.parse(expected)), let servedKeys = Self.fingerprints(in: parsed),
            !servedKeys.isEmpty, builtKeys != servedKeys
        {
            let missing = builtKeys.subtracting(servedKeys).sorted()
            let extra = servedKeys.subtracting(builtKeys).sorted()
            found.append(
                error(
                    "lists other signing keys than the build"
                        + (missing.isEmpty ? "" : "; not deployed: \(missing.joined(separator: ", "))")
                        + (extra.isEmpty ? "" : "; deployed but no longer built: \(extra.joined(separator: ", "))")
                        + ": apps signed with a missing key do not verify (deploy the built assetlinks.json)"))
        }
        found.append(error("differs from the built file (a stale deploy?): \(Self.firstDifference(expected, served))"))
        // A served statement list (an array) that Google's verifier rejects opens nothing at all.
        if parsed.array != nil, let rejection = StatementListCheck.rejection(of: parsed) {
            let place = rejection.statement.flatMap { StatementListCheck.location(ofStatement: $0, in: served) }
            found.append(
                error(
                    "is rejected as a whole by Android's verifier\(place.map { " at \($0.line):\($0.column)" } ?? "") (\(rejection)): "
                        + "no app link on this host is verified"))
        }
        return found
    }

    /// Every `sha256_cert_fingerprints` entry of a statement list; nil for anything else (an AASA).
    static func fingerprints(in value: JSONValue?) -> Set<String>? {
        guard let statements = value?.array else { return nil }
        var keys: Set<String> = []
        for statement in statements {
            for key in statement["target"]?["sha256_cert_fingerprints"]?.array ?? [] { if let key = key.string { keys.insert(key) } }
        }
        return keys
    }

    /// "line 4: built '…', served '…'", each side cut to a readable length.
    static func firstDifference(_ expected: String, _ served: String) -> String {
        let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let right = served.split(separator: "\n", omittingEmptySubsequences: false)
        let index = zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(left.count, right.count)
        func line(_ lines: [Substring]) -> String {
            guard index < lines.count else { return "end of file" }
            let text = lines[index].trimmingSpaces()
            return "'\(text.count > 60 ? text.prefix(57) + "..." : text)'"
        }
        return "line \(index + 1): built \(line(left)), served \(line(right))"
    }

    private func error(_ message: String) -> Finding { Finding(severity: .error, message: message) }
    private func warning(_ message: String) -> Finding { Finding(severity: .warning, message: message) }
    private func note(_ message: String) -> Finding { Finding(severity: .note, message: message) }
}
