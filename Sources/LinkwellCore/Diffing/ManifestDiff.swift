/// What changes for people between two builds of a manifest: which links open the app on which
/// platform, host and app, what the preview pages do with them, which routes changed, and which
/// files. Decisions are asked of the very files each build writes (`SiteMatcher`), on every
/// route's sample URL and every link test's URL of either manifest.
package struct ManifestDiff: Sendable {
    /// One built manifest.
    package struct Side: Sendable {
        package var site: Site
        package var plan: BuildPlan
        package var matcher: SiteMatcher
        /// The build's own files, with every item page or (streamed) none: see the initializers.
        package var files: [OutputFile]
        /// The templates' sources and the item pages, for `ManifestChanges`.
        package var extras: ManifestChanges.Extras
        /// The build's warnings (lints and the rest), for "new and resolved warnings".
        package var warnings: [Diagnostic] = []

        /// How many files the build writes.
        package var fileCount: Int

        /// `files` is every file of the build, item pages included.
        package init(site: Site, plan: BuildPlan, files: [OutputFile], templates: PageTemplates? = nil) {
            // Item pages are the files the plan did not name; a row is one path, whatever its hosts.
            let planned = Set(plan.files.map(\.path))
            var items: [String: UInt64] = [:]
            for file in files where !planned.contains(file.path) && file.path.hasSuffix(".html") {
                guard let slash = file.path.firstIndex(of: "/") else { continue }
                let path = String(file.path[slash...].dropLast(".html".count))
                items[path] = FNV.hash(file.bytes, seed: items[path] ?? FNV.offsetBasis)
            }
            self.init(site: site, plan: plan, files: files, itemPages: items, fileCount: files.count, templates: templates)
        }

        /// A side whose item pages were compared as they streamed (`ItemPageComparison`): `files`
        /// holds the build's own files and only the item pages that changed, `itemPages` every
        /// row's hash, `fileCount` every file.
        package init(
            site: Site, plan: BuildPlan, files: [OutputFile], itemPages: [String: UInt64], fileCount: Int, templates: PageTemplates? = nil,
            appSide: AppSideFiles = AppSideFiles()
        ) {
            self.site = site
            self.plan = plan
            matcher = SiteMatcher(site: site, plan: plan, files: files, appSide: appSide)
            self.files = files
            self.fileCount = fileCount
            extras = ManifestChanges.Extras(templates: templates?.sources ?? [:], itemPages: itemPages, appFiles: appSide.sources)
        }

        /// An empty manifest: the base of a first pull request, the one that adds `site.yaml`.
        package static var nothing: Side {
            let site = Site(
                name: "", scheme: nil, legacyPaths: true, iosApps: [], androidApps: [], mirrorPairs: [], shortHost: nil,
                defaults: RuleDefaults(), substitutionVariables: [], routes: [], pageTypes: [],
                robots: RobotsPolicy(groups: [], sitemaps: []))
            return Side(site: site, plan: BuildPlan(site: site), files: [])
        }
    }

    /// What one platform does with a URL for one app.
    package enum Outcome: Sendable, Hashable {
        case opens(route: String?)
        case excluded(route: String)
        /// No rule matched, or only one the build adds to close a list (no route of the manifest).
        case browser
        /// The app is not in this manifest.
        case noApp
        /// The URL's host is not in this manifest: it serves no association files.
        case noHost

        init(_ decision: LinkDecision?) {
            guard let decision else {
                self = .noApp
                return
            }
            switch decision.decision.outcome {
            case .match: self = .opens(route: decision.route)
            case .exclude: self = decision.route.map { .excluded(route: $0) } ?? .browser
            case .noMatch, .intentFilters: self = .browser
            }
        }

        package var opensApp: Bool { if case .opens = self { true } else { false } }
    }

    package struct LinkChange: Sendable, Hashable {
        package var url: String
        /// Where the URL comes from: `sample of route 'promo'`, `link test`.
        package var origin: String
        package var platforms: [Platform]
        package var apps: [String]
        package var before: Outcome
        package var after: Outcome
    }

    package struct PreviewChange: Sendable, Hashable {
        package var url: String
        /// `page type`, `Open in app`, `iPhone without the app`, …
        package var aspect: String
        package var before: String
        package var after: String
    }

    package struct RouteChange: Sendable, Hashable {
        package enum Kind: String, Sendable { case added, removed, changed, moved }
        package var kind: Kind
        package var name: String
        /// The route in short (`/u/* → page profile`), or for a change each field that changed.
        package var details: [String]
    }

    package struct FileChange: Sendable, Hashable {
        package var path: String
        package var kind: OutputChange.Kind
        package var addedLines: Int
        package var removedLines: Int
        /// A binary file (a font): its sizes in bytes, before and after (0 where it is absent);
        /// lines mean nothing there.
        package var bytes: (before: Int, after: Int)? = nil

        package init(path: String, kind: OutputChange.Kind, addedLines: Int, removedLines: Int, bytes: (before: Int, after: Int)? = nil) {
            (self.path, self.kind, self.addedLines, self.removedLines, self.bytes) = (path, kind, addedLines, removedLines, bytes)
        }

        package static func == (lhs: Self, rhs: Self) -> Bool {
            (lhs.path, lhs.kind, lhs.addedLines, lhs.removedLines) == (rhs.path, rhs.kind, rhs.addedLines, rhs.removedLines)
                && lhs.bytes?.before == rhs.bytes?.before && lhs.bytes?.after == rhs.bytes?.after
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(path)
            hasher.combine(addedLines)
            hasher.combine(removedLines)
        }

        /// Changed text whose lines are all still there, in another order (JSON whose keys or
        /// entries moved): "reordered", not `+0 −0`.
        package var reordered: Bool { kind == .changed && bytes == nil && addedLines == 0 && removedLines == 0 }

        /// What the Files table says of the change.
        package var size: String {
            if let bytes {
                switch kind {
                case .added: return "\(bytes.after) bytes"
                case .removed: return "\(bytes.before) bytes"
                case .changed: return "\(bytes.before) → \(bytes.after) bytes"
                }
            }
            return reordered ? "reordered" : "+\(addedLines) −\(removedLines)"
        }
    }

    package var routes: [RouteChange]
    /// Everything else a reviewer must see, as sentences.
    package var changes: ManifestChanges
    /// Whether the base had no manifest (a first pull request).
    package var isFirst = false
    /// The exact comparison: every URL, per host, platform and app (`LinkRegions`).
    package var regions: LinkRegions
    package var links: [LinkChange]
    package var previews: [PreviewChange]
    package var files: [FileChange]
    /// How many distinct URLs were compared, and how many files the new build has.
    package var urlCount: Int
    package var fileCount: Int
    /// Item pages of the head that were not rendered because the base's page at their path has
    /// their fingerprint (`ItemPageComparison`): the same inputs, taken to be the same bytes.
    package var itemPagesSameByFingerprint: Int
    /// Warnings the head's build gives and the base's does not, and the other way round (the
    /// same code and words, wherever the line moved to).
    package var newWarnings: [Diagnostic] = []
    package var resolvedWarnings: [Diagnostic] = []

    package var isEmpty: Bool {
        routes.isEmpty && changes.changes.isEmpty && regions.changes.isEmpty && links.isEmpty && previews.isEmpty && files.isEmpty
    }

    /// A nil `base` is a first pull request: everything in `head` is new.
    /// `itemPages`: the item pages' changes when they were compared as they streamed
    /// (`ItemPageComparison`); the sides' `files` then hold the builds' own files only.
    package init(
        base: Side?, head: Side, itemPages: [FileChange] = [], itemPagesSameByFingerprint: Int = 0, budget: EngineBudget = .default
    ) {
        isFirst = base == nil
        self.itemPagesSameByFingerprint = itemPagesSameByFingerprint
        let base = base ?? .nothing
        routes = Self.routeChanges(base.site.routes, head.site.routes)
        changes = ManifestChanges(base: base.site, head: head.site, baseExtras: base.extras, headExtras: head.extras)
        regions = LinkRegions(base: base, head: head, budget: budget)
        changes.settleAppOrder(regions, names: { $0 })
        let urls = Self.urls(base.site) + Self.urls(head.site)
        var seen: Set<String> = []
        var links: [LinkChange] = []
        var previews: [PreviewChange] = []
        for (url, origin) in urls where seen.insert(url).inserted {
            links += Self.linkChanges(url, origin: origin, base: base, head: head)
            previews += Self.previewChanges(url, base: base, head: head)
        }
        self.links = links
        self.previews = previews
        urlCount = seen.count
        files = (FileChanges.between(base.files, head.files) + itemPages).sorted { $0.path < $1.path }
        fileCount = head.fileCount
        func key(_ warning: Diagnostic) -> String { "\(warning.code?.rawValue ?? "")\u{0}\(warning.message)" }
        let before = Set(base.warnings.map(key))
        let after = Set(head.warnings.map(key))
        newWarnings = head.warnings.filter { $0.severity == .warning && !before.contains(key($0)) }
        resolvedWarnings = base.warnings.filter { $0.severity == .warning && !after.contains(key($0)) }
    }

    /// Each route's samples, then each link test's URL, in manifest order.
    static func urls(_ site: Site) -> [(String, String)] {
        RouteSamples.samples(of: site).map { ($0.url, "sample of route '\($0.route)'") } + site.linkTests.map { ($0.url, "link test") }
    }

    static func linkChanges(_ text: String, origin: String, base: Side, head: Side) -> [LinkChange] {
        guard let url = URLParts(text) else { return [] }
        let before = Dictionary(base.matcher.decisions(for: text, url: url).map { (Key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(head.matcher.decisions(for: text, url: url).map { (Key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let keys = (before.keys.sorted() + after.keys.sorted()).uniqued()
        // Platforms and apps with the same before → after are one line.
        var grouped: [(before: Outcome, after: Outcome, platforms: [Platform], apps: [String])] = []
        func outcome(_ decision: LinkDecision?, _ side: Side) -> Outcome {
            decision == nil && !side.site.hosts.contains(url.host) ? .noHost : Outcome(decision)
        }
        for key in keys {
            let change = (outcome(before[key], base), outcome(after[key], head))
            guard change.0 != change.1 else { continue }
            if let index = grouped.firstIndex(where: { $0.before == change.0 && $0.after == change.1 }) {
                grouped[index].platforms = (grouped[index].platforms + [key.platform]).uniqued()
                grouped[index].apps = (grouped[index].apps + [key.app]).uniqued()
            } else {
                grouped.append((change.0, change.1, [key.platform], [key.app]))
            }
        }
        return grouped.map {
            LinkChange(url: text, origin: origin, platforms: $0.platforms, apps: $0.apps, before: $0.before, after: $0.after)
        }
    }

    struct Key: Hashable, Comparable {
        var platform: Platform
        var app: String

        init(_ decision: LinkDecision) {
            platform = decision.platform
            app = decision.app
        }

        static func < (lhs: Key, rhs: Key) -> Bool { (lhs.platform, lhs.app) < (rhs.platform, rhs.app) }
    }

    static func previewChanges(_ text: String, base: Side, head: Side) -> [PreviewChange] {
        guard let url = URLParts(text) else { return [] }
        let before = base.matcher.targets(for: url)
        let after = head.matcher.targets(for: url)
        guard before != after else { return [] }
        guard let before, let after else {
            return [
                PreviewChange(
                    url: text, aspect: "preview page", before: before.map { "page type '\($0.pageType)'" } ?? "none",
                    after: after.map { "page type '\($0.pageType)'" } ?? "none")
            ]
        }
        let aspects: [(String, KeyPath<LinkTargets, String?>)] = [
            ("Open in app", \.openInApp), ("iPhone without the app", \.iPhone), ("Android without the app", \.android),
            ("desktop", \.desktop), ("web", \.web),
        ]
        var changes: [PreviewChange] = []
        if before.pageType != after.pageType {
            changes.append(PreviewChange(url: text, aspect: "page type", before: before.pageType, after: after.pageType))
        }
        changes += aspects.compactMap { aspect, path in
            before[keyPath: path] == after[keyPath: path]
                ? nil
                : PreviewChange(url: text, aspect: aspect, before: before[keyPath: path] ?? "none", after: after[keyPath: path] ?? "none")
        }
        if before.canonical != after.canonical {
            changes.append(PreviewChange(url: text, aspect: "canonical", before: before.canonical, after: after.canonical))
        }
        if before.native != after.native {
            changes.append(PreviewChange(url: text, aspect: "native URL", before: before.native ?? "none", after: after.native ?? "none"))
        }
        return changes
    }

    static func routeChanges(_ base: [Route], _ head: [Route]) -> [RouteChange] {
        let before = Dictionary(base.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(head.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [RouteChange] = []
        for route in head where before[route.name] == nil {
            changes.append(RouteChange(kind: .added, name: route.name, details: [RouteText.summary(route)]))
        }
        for route in base where after[route.name] == nil {
            changes.append(RouteChange(kind: .removed, name: route.name, details: [RouteText.summary(route)]))
        }
        for route in head {
            guard let old = before[route.name] else { continue }
            let oldFields = RouteText.fields(old)
            let newFields = RouteText.fields(route)
            let names = (oldFields.map(\.name) + newFields.map(\.name)).uniqued()
            let details = names.compactMap { name -> String? in
                let was = oldFields.first { $0.name == name }?.value
                let now = newFields.first { $0.name == name }?.value
                return was == now ? nil : "\(name): \(was ?? "—") → \(now ?? "—")"
            }
            if !details.isEmpty { changes.append(RouteChange(kind: .changed, name: route.name, details: details)) }
        }
        // Order decides: a route that moved relative to the others it shares can change every URL below it.
        let shared = Set(before.keys).intersection(after.keys)
        let oldOrder = base.map(\.name).filter(shared.contains)
        let newOrder = head.map(\.name).filter(shared.contains)
        if oldOrder != newOrder {
            changes.append(
                RouteChange(
                    kind: .moved, name: "order",
                    details: ["\(oldOrder.joined(separator: ", ")) → \(newOrder.joined(separator: ", "))"]))
        }
        return changes
    }
}

/// Routes as a reviewer reads them.
enum RouteText {
    static func fields(_ route: Route) -> [(name: String, value: String)] {
        var fields: [(String, String)] = []
        if let path = route.path { fields.append(("path", MarkdownText.code(path))) }
        switch route.query {
        case .whole(let pattern): fields.append(("query", MarkdownText.code(pattern)))
        case .items(let items):
            fields.append(("query", items.map { MarkdownText.code("\($0.name)=\($0.pattern)") }.joined(separator: ", ")))
        case nil: break
        }
        if let fragment = route.fragment { fields.append(("fragment", MarkdownText.code(fragment))) }
        fields.append(("does", route.exclude ? "excludes" : "opens the app"))
        if let page = route.pageType { fields.append(("page", MarkdownText.code(page))) }
        // A set, in a fixed order: the order of a route's apps changes nothing it does (the apps'
        // own order, which does, is said under the apps).
        fields.append(("apps", route.apps.sorted().joined(separator: ", ")))
        fields.append(("hosts", route.hosts.joined(separator: ", ")))
        if let value = route.caseSensitive { fields.append(("caseSensitive", "\(value)")) }
        if let value = route.percentEncoded { fields.append(("percentEncoded", "\(value)")) }
        return fields
    }

    static func summary(_ route: Route) -> String {
        fields(route).map { $0.name == "does" ? $0.value : "\($0.name) \($0.value)" }.joined(separator: "; ")
    }
}
