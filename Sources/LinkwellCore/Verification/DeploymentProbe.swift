/// One request `verify` makes, and what a correct deployment answers.
public struct DeploymentProbe: Sendable, Hashable {
    public enum Expectation: Sendable, Hashable {
        /// An association file: 200, `application/json`, these exact bytes, never a redirect.
        case associationFile(expected: String)
        /// robots.txt: absent or allowing every association file; ideally the built one.
        case robots(expected: String)
        /// A preview page: 200 with the page the host rewrites serve for this route.
        case page(route: String, file: String, expected: String)
        /// A short link: a redirect to its target.
        case redirect(target: String, fallbackPage: String?)
        /// Apple's CDN copy of the host's AASA, compared as JSON with the built file.
        case appleCDN(expected: String)
    }

    /// The host the probe is about (for Apple's CDN, the host whose copy it fetches).
    public var host: String
    /// What is fetched: a path and query on the host, or for Apple's CDN the CDN's URL.
    public var target: String
    public var expectation: Expectation

    /// The request on `base` (`https://<host>` by default, or a local server's URL, which
    /// then receives the real host name in the `Host` header).
    public func request(base: String?) -> HTTPRequest {
        if case .appleCDN = expectation { return HTTPRequest(url: target) }
        guard let base else { return HTTPRequest(url: "https://\(host)\(target)") }
        return HTTPRequest(url: (base.hasSuffix("/") ? String(base.dropLast()) : base) + target, host: host)
    }
}

extension DeploymentProbe {
    /// Apple's CDN, which devices ask instead of the site since iOS 14.
    public static let appleCDN = "https://app-site-association.cdn-apple.com/a/v1/"

    /// Every probe for `hosts`, from the built files: the association files and robots.txt of
    /// each host, one sample URL per page route, each short link and, when asked, Apple's copy.
    public static func probes(site: Site, files: [OutputFile], hosts: [String], appleCDN cdn: String?) -> [DeploymentProbe] {
        let byPath = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        let routing = PageRouting(site: site)
        let samples = RouteSamples.samples(of: site)
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
                let file = PreviewPages.routePagePath(host: host, pageType: rule.pageType)
                guard let contents = byPath[file] else { continue }
                probes.append(
                    DeploymentProbe(
                        host: host, target: url.pathAndQuery, expectation: .page(route: sample.route, file: file, expected: contents)))
            }
            if host == site.shortHost, let pair = site.mirrorPairs.first {
                for link in site.shortLinks {
                    probes.append(
                        DeploymentProbe(
                            host: host, target: "/\(link.code)",
                            expectation: .redirect(
                                target: "https://\(pair.primary)\(link.target)",
                                fallbackPage: byPath[PreviewPages.shortLinkPagePath(host: host, code: link.code)])))
                }
            }
            if let cdn, let aasa = byPath["\(host)/\(AssociationFiles.aasa)"] {
                probes.append(DeploymentProbe(host: host, target: cdn + host, expectation: .appleCDN(expected: aasa)))
            }
        }
        return probes
    }
}
