/// One request `verify` makes, and what a correct deployment answers.
package struct DeploymentProbe: Sendable, Hashable {
    package enum Expectation: Sendable, Hashable {
        /// An association file: 200, `application/json`, these exact bytes, never a redirect.
        case associationFile(expected: String)
        /// robots.txt: absent or allowing every association file; ideally the built one.
        case robots(expected: String)
        /// A preview page: 200 with the page the host serves for this URL (a route's page, an
        /// item's page, the home page); `route` names it in the report.
        case page(route: String, file: String, expected: String)
        /// A URL no route takes: 404 with the host's not-found page.
        case notFound(file: String, expected: String)
        /// A short link: a redirect to its target.
        case redirect(target: String, fallbackPage: String?)
        /// Where a short link ends on the site's web origin, which Linkwell does not build: any
        /// answer but an error (a further redirect is named, not followed).
        case webTarget(code: String)
        /// Apple's CDN copy of the host's AASA, compared as JSON with the built file.
        case appleCDN(expected: String)
    }

    /// The host the probe is about (for Apple's CDN, the host whose copy it fetches).
    package var host: String
    /// What is fetched: a path and query on the host, or for Apple's CDN the CDN's URL.
    package var target: String
    package var expectation: Expectation
    /// The host asked, when it is not `host`: where a short link of `host` ends.
    package var server: String? = nil

    /// The request on `base` (`https://<host>` by default, or a local server's URL, which
    /// then receives the real host name in the `Host` header).
    package func request(base: String?) -> HTTPRequest {
        let limit: Int
        switch expectation {
        case .associationFile, .appleCDN: limit = HTTPRequest.associationFileLimit
        case .robots, .page, .notFound, .redirect, .webTarget: limit = HTTPRequest.pageLimit
        }
        switch expectation {
        case .appleCDN: return HTTPRequest(url: target, maxBodyBytes: limit)
        // The web origin is not one of the hosts a `--base-url` server stands in for.
        case .webTarget: return HTTPRequest(url: "https://\(server ?? host)\(target)", maxBodyBytes: limit)
        default: break
        }
        let asked = server ?? host
        guard let base else { return HTTPRequest(url: "https://\(asked)\(target)", maxBodyBytes: limit) }
        return HTTPRequest(url: (base.hasSuffix("/") ? String(base.dropLast()) : base) + target, host: asked, maxBodyBytes: limit)
    }
}

extension DeploymentProbe {
    /// Apple's CDN, which devices ask instead of the site since iOS 14.
    package static let appleCDN = "https://app-site-association.cdn-apple.com/a/v1/"

    /// A path no route or file takes, for the not-found probe.
    package static let missingPath = "/linkwell-verify/no-such-page"

    /// Every probe for `hosts`, from the built files: the association files and robots.txt of
    /// each host, one sample URL per page route, the home and not-found pages, item pages (at
    /// most `items` per page type and host, spread over the rows; nil for all), each short link
    /// and where it ends (the page its target's host serves, when that host is checked; its web
    /// origin answer when `webTargets`) and, when asked, Apple's copy.
    package static func probes(
        site: Site, files: [OutputFile], hosts: [String], appleCDN cdn: String?, items: Int? = nil, webTargets: Bool = true
    ) -> [DeploymentProbe] {
        let byPath = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        let routing = PageRouting(site: site)
        let serving = LocalServing(site: site)
        let samples = RouteSamples.samples(of: site)
        // Item pages are the built files no plan names; the plan is worked out once, not per host.
        let planned = Set(BuildPlan(site: site).files.map(\.path))
        var probes: [DeploymentProbe] = []
        for host in hosts {
            for path in AssociationFiles.allPaths {
                guard let contents = byPath["\(host)\(path)"] else { continue }
                probes.append(DeploymentProbe(host: host, target: path, expectation: .associationFile(expected: contents)))
            }
            if let robots = byPath["\(host)/robots.txt"] {
                probes.append(DeploymentProbe(host: host, target: "/robots.txt", expectation: .robots(expected: robots)))
            }
            var sampledPages: Set<String> = []
            for sample in samples where sample.host == host {
                guard let url = URLParts(sample.url), let rule = routing.rule(for: url.path, on: host),
                    rule.route.name == sample.route, sampledPages.insert(sample.route).inserted
                else { continue }
                let file = PagePaths.routePage(host: host, pageType: rule.pageType)
                guard let contents = byPath[file] else { continue }
                probes.append(
                    DeploymentProbe(
                        host: host, target: url.pathAndQuery, expectation: .page(route: sample.route, file: file, expected: contents)))
            }
            if let home = byPath["\(host)/\(PageKind.home.fileName)"] {
                probes.append(
                    DeploymentProbe(
                        host: host, target: "/",
                        expectation: .page(route: "home", file: "\(host)/\(PageKind.home.fileName)", expected: home)))
            }
            if let notFound = byPath["\(host)/\(PageKind.notFound.fileName)"], routing.rule(for: missingPath, on: host) == nil {
                probes.append(
                    DeploymentProbe(
                        host: host, target: missingPath,
                        expectation: .notFound(file: "\(host)/\(PageKind.notFound.fileName)", expected: notFound)))
            }
            probes += itemProbes(files: files, host: host, planned: planned, routing: routing, limit: items)
            if host == site.shortHost, let pair = site.mirrorPairs.first {
                for link in site.shortLinks {
                    let target = link.url(primaryHost: pair.primary)
                    probes.append(
                        DeploymentProbe(
                            host: host, target: "/\(link.code)",
                            expectation: .redirect(
                                target: target, fallbackPage: byPath[PagePaths.shortLinkPage(host: host, code: link.code)])))
                    guard let url = URLParts(target) else { continue }
                    if site.hosts.contains(url.host) {
                        guard hosts.contains(url.host), let page = servedPage(url.path, on: url.host, byPath: byPath, serving: serving)
                        else { continue }
                        probes.append(
                            DeploymentProbe(
                                host: host, target: url.pathAndQuery,
                                expectation: .page(route: "/\(link.code) target", file: page.file, expected: page.contents),
                                server: url.host))
                    } else if webTargets {
                        probes.append(
                            DeploymentProbe(
                                host: host, target: url.pathAndQuery, expectation: .webTarget(code: link.code), server: url.host))
                    }
                }
            }
            if let cdn, let aasa = byPath["\(host)/\(AssociationFiles.aasa)"] {
                probes.append(DeploymentProbe(host: host, target: cdn + host, expectation: .appleCDN(expected: aasa)))
            }
        }
        return probes
    }

    /// The built page `host` answers `path` with, as the generated configuration decides it
    /// (`LocalServing`, whose reference is the nginx snippet); nil where it answers no page (the
    /// build refuses a short link that ends there).
    static func servedPage(
        _ path: String, on host: String, byPath: [String: String], serving: LocalServing
    ) -> (file: String, contents: String)? {
        guard case .file(let file, let contentType) = serving.answer(host: host, path: path, exists: { byPath[$0] != nil }),
            contentType.hasPrefix("text/html"), let contents = byPath[file]
        else { return nil }
        return (file, contents)
    }

    /// Item pages of `host`: the files below it that no plan names, by route, spread evenly over
    /// each route's rows when there are more than `limit`.
    static func itemProbes(
        files: [OutputFile], host: String, planned: Set<String>, routing: PageRouting, limit: Int?
    ) -> [DeploymentProbe] {
        var byRoute: [(route: String, pages: [OutputFile])] = []
        for file in files where file.path.hasPrefix(host + "/") && file.path.hasSuffix(".html") && !planned.contains(file.path) {
            let path = String(file.path.dropFirst(host.count).dropLast(".html".count))
            guard let rule = routing.rule(for: path, on: host) else { continue }
            if let index = byRoute.firstIndex(where: { $0.route == rule.route.name }) {
                byRoute[index].pages.append(file)
            } else {
                byRoute.append((rule.route.name, [file]))
            }
        }
        return byRoute.flatMap { route, pages -> [DeploymentProbe] in
            let chosen: [OutputFile]
            if let limit, pages.count > limit {
                chosen = limit <= 0 ? [] : (0..<limit).map { pages[$0 * (pages.count - 1) / max(limit - 1, 1)] }.uniquedByPath()
            } else {
                chosen = pages
            }
            return chosen.map { file in
                let path = URLTemplate.encodedPath(String(file.path.dropFirst(host.count).dropLast(".html".count)))
                return DeploymentProbe(
                    host: host, target: path, expectation: .page(route: "\(route) item", file: file.path, expected: file.contents))
            }
        }
    }
}

extension Array where Element == OutputFile {
    fileprivate func uniquedByPath() -> [OutputFile] {
        var seen: Set<String> = []
        return filter { seen.insert($0.path).inserted }
    }
}
