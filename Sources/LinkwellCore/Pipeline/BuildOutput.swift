/// Every file one build writes, through one sink: the files `Linkwell.build` rendered, then the
/// item pages streamed from the data files. `build`, `check`, `validate`, `diff`, `verify` and
/// the tests all take their files from here, so no caller assembles the item stage by hand.
package enum BuildOutput {
    /// Emits `result`'s files, then (when the build succeeded) its item pages, and returns what
    /// the item stage found wrong — a caller must keep nothing when that holds an error — and how
    /// many rows it read. `proof`, `identity`, `inspect` and `progress` are `ItemBuild.run`'s.
    package static func files(
        of result: Linkwell.BuildResult, project: some ProjectFiles, strict: Bool = false,
        proof: (any PageProof)? = nil, identity: [UInt8] = [], fingerprinted: Bool = true,
        inspect: (@Sendable (inout [OutputFile]) -> Void)? = nil, progress: (Int) -> Void = { _ in },
        itemPages: Bool = true, emit: (OutputFile) throws -> Void
    ) rethrows -> (diagnostics: [Diagnostic], rows: Int) {
        for file in result.files { try emit(file) }
        guard result.succeeded, let site = result.site, let templates = result.templates,
            site.pageTypes.contains(where: { $0.items != nil })
        else { return ([], 0) }
        // Without item pages (`itemPages: deploy`) every row is still read, checked and rendered
        // (a row the deploy job would refuse fails here too), and no page is written or compared.
        let items = try ItemBuild.run(
            site: site, templates: templates, pages: result.pages, project: project, strict: strict,
            proof: itemPages ? proof : nil, identity: identity,
            fingerprinted: fingerprinted && itemPages, inspect: itemPages ? inspect : nil,
            emit: { file in if itemPages { try emit(file) } },
            progress: progress)
        var perHost = items.pagesPerHost
        for file in result.files { perHost[String(file.path.prefix { $0 != "/" }), default: 0] += 1 }
        let limits = HostFileLimit.diagnostics(site: site, files: perHost.map { ($0.key, $0.value) })
        return (items.diagnostics + (strict ? limits.promotingWarnings() : limits), items.rows)
    }
}

/// Hosting providers that deploy at most so many files a site: Cloudflare Pages takes 20,000 on
/// its free plan and 100,000 on paid ones (its documentation's limits). Item pages are two files a
/// row (one per mirror), so a catalogue reaches them long before anything else does.
enum HostFileLimit {
    static let freePlan = 20_000
    static let paidPlan = 100_000

    /// Host folders past a limit, said once per page type (at the items file of the first page
    /// type with item pages there; its `accept` takes the warning) with every host it fills: past
    /// the free plan's, a warning; past every plan's, an error when `hosting` names Cloudflare, and
    /// a warning when it is the default (every provider's configuration is written).
    static func diagnostics(site: Site, files: [(host: String, count: Int)]) -> [Diagnostic] {
        guard site.hosting.contains(.cloudflare) else { return [] }
        let named = site.hosting != HostingProvider.allCases
        var groups: [(page: PageType?, error: Bool, hosts: [String], counts: [Int])] = []
        for (host, count) in files.sorted(by: { $0.host < $1.host }) where count > freePlan && site.hosts.contains(host) {
            let page = site.pageTypes.first { $0.items != nil && PagePaths.hosts(of: $0.name, in: site).contains { $0.host == host } }
            let error = count > paidPlan && named
            if let index = groups.firstIndex(where: { $0.page?.name == page?.name && $0.error == error }) {
                groups[index].hosts.append(host)
                groups[index].counts.append(count)
            } else {
                groups.append((page, error, [host], [count]))
            }
        }
        return groups.compactMap { group in
            let problem = HostFileLimitProblem(hosts: group.hosts, files: group.counts, named: named)
            if group.error { return .error(problem, at: group.page?.items?.location) }
            guard !(group.page?.acceptedWarnings.contains(LintCode.hostFileLimit.rawValue) ?? false) else { return nil }
            return .warning(problem, at: group.page?.items?.location, code: .hostFileLimit)
        }
    }
}

/// A host folder over a provider's file limit.
package struct HostFileLimitProblem: DiagnosticMessage {
    package var hosts: [String]
    package var files: [Int]
    /// Whether `hosting` names Cloudflare (else it is the default, every provider).
    package var named: Bool

    package var text: String {
        let folders = hosts.map { "Output/\($0)" }.joined(separator: ", ")
        let most = files.max() ?? 0
        let holds = hosts.count == 1 ? "\(folders) holds \(most) files" : "\(folders) hold up to \(most) files each"
        guard named else {
            return "\(holds); if you deploy it to Cloudflare Pages, it deploys at most "
                + "\(HostFileLimit.freePlan) files a site on its free plan and \(HostFileLimit.paidPlan) on paid plans: name your hosts in "
                + "'hosting' (it defaults to every provider), or accept 'host-file-limit' on this page type"
        }
        return most > HostFileLimit.paidPlan
            ? "\(holds); Cloudflare Pages deploys at most \(HostFileLimit.paidPlan) files a site on any plan: "
                + "serve this catalogue from another host (hosting: nginx, netlify, vercel, firebase or s3), or split it across page types on other hosts"
            : "\(holds); Cloudflare Pages deploys at most \(HostFileLimit.freePlan) files a site on its free plan "
                + "(\(HostFileLimit.paidPlan) on paid plans): accept 'host-file-limit' on this page type if your plan allows it"
    }
}
