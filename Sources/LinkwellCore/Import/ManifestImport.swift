/// Turns association files a site already serves into a manifest whose build makes the same
/// decisions: the on-ramp for teams leaving a link vendor or hand-written files.
///
/// iOS 13+ `components` (or, without them, the iOS 9–12 `paths`) become routes in order; apps
/// with the same rule list share routes, others get their own (`apps:`). Android apps come from
/// `assetlinks.json`, with their dynamic rules when the file has them. What has no place in a
/// manifest is listed in `notes`; `ImportProof` then compares the decisions exactly, on every
/// sample URL.
package struct ManifestImport: Sendable {
    package struct Source: Sendable {
        package var name: String
        package var document: JSONValue

        package init(name: String, document: JSONValue) {
            self.name = name
            self.document = document
        }
    }

    /// A host and the association files it serves: for `--short` (a link vendor's own host,
    /// `example.app.link`), its rules become routes with `hosts: [host]`, after the pair's.
    package struct HostFiles: Sendable {
        package var host: String
        package var aasa: [Source]
        package var assetLinks: [Source]

        package init(host: String, aasa: [Source], assetLinks: [Source]) {
            self.host = host
            self.aasa = aasa
            self.assetLinks = assetLinks
        }
    }

    package var yaml: String
    /// What could not be carried over, or needs a person's eye.
    package var notes: [String]
    /// Whether the Android apps were asked to follow their iOS namesakes' routes.
    package var joinedPlatforms: Bool

    struct App {
        var id: String
        var ios: (teamID: String, bundleID: String)?
        var package: String?
        var fingerprints: [String] = []
        var webcredentials = false
        var appClips: [String] = []
        /// The rule list this app follows (components as JSON), nil: none known.
        var rules: [JSONValue]?
        /// The same on the short host.
        var shortRules: [JSONValue]?
        /// Android: the lists of the hosts whose files name the app (on the others it opens nothing).
        var namedOn: Set<WritableKeyPath<App, [JSONValue]?>> = []
        /// Android: whether the statement had dynamic rules (without, the intent filters decide).
        var dynamicRules = true
        /// The name people read; the id's when nil.
        var displayName: String?

        var appID: String? { ios.map { "\($0.teamID).\($0.bundleID)" } }
    }

    /// `joinPlatforms`: each Android app follows its iOS namesake's routes (else the first iOS
    /// app's) instead of a list of its own — right when the statement's rules are what Linkwell
    /// writes for those routes, which the caller proves (`ImportRun`). `accepting`: warnings by
    /// route name that the original files already have, written as `accept:` entries.
    package init(
        aasa: [Source], assetLinks: [Source], domain: String, mirror: String, short: HostFiles? = nil, joinPlatforms: Bool = false,
        accepting: [String: [String]] = [:]
    ) {
        joinedPlatforms = joinPlatforms
        var reading = Reading()
        reading.joinPlatforms = joinPlatforms
        reading.accepting = accepting
        for source in aasa { reading.read(aasa: source, into: \.rules) }
        for source in assetLinks { reading.read(assetLinks: source, into: \.rules) }
        for source in short?.aasa ?? [] { reading.read(aasa: source, into: \.shortRules) }
        for source in short?.assetLinks ?? [] { reading.read(assetLinks: source, into: \.shortRules) }
        reading.settleAndroidApps()
        var routeNames: Set<String> = []
        var routes = reading.routes(following: \.rules, names: &routeNames)
        if let short { routes += reading.routes(following: \.shortRules, on: short.host, names: &routeNames) }
        if reading.apps.isEmpty { reading.notes.append("no app was found in the files given; the manifest needs at least one") }
        reading.notes.append("no page types: add 'pages:' and a 'page:' per route to get preview pages")
        // Without `paths` in the original, iOS 9–12 opened nothing; the manifest keeps it that way.
        let legacyPaths = reading.detailCount == 0 || reading.legacyDetails > 0
        if reading.legacyDetails > 0, reading.legacyDetails < reading.detailCount {
            reading.notes.append(
                "only \(reading.legacyDetails) of \(reading.detailCount) details have iOS 9–12 'appID' and 'paths'; "
                    + "the build writes them for every app")
        }
        yaml = Self.render(
            apps: reading.apps, routes: routes, defaults: reading.defaults, variables: reading.variables, legacyPaths: legacyPaths,
            domain: domain, mirror: mirror, short: short?.host, accepting: accepting,
            sources: (aasa + assetLinks + (short?.aasa ?? []) + (short?.assetLinks ?? [])).map(\.name))
        notes = reading.notes
    }

    /// What the files say, read file by file: the apps with their rules, the notes, and the
    /// settings a manifest carries over.
    private struct Reading {
        var notes: [String] = []
        var apps: [App] = []
        var usedIDs: Set<String> = []
        var defaults: [String: JSONValue] = [:]
        var variables: [String: JSONValue] = [:]
        var legacyDetails = 0
        var detailCount = 0
        var joinPlatforms = false
        var accepting: [String: [String]] = [:]

        /// `list`: where a detail's rules go, the pair's list or the short host's.
        mutating func read(aasa source: Source, into list: WritableKeyPath<App, [JSONValue]?>) {
            let applinks = source.document["applinks"]
            if let list = applinks?["substitutionVariables"]?.object { variables.merge(list) { first, _ in first } }
            // The file's own defaults become the manifest's; a detail's defaults go on each of its rules.
            if let siteDefaults = applinks?["defaults"]?.object { defaults.merge(siteDefaults) { first, _ in first } }
            for key in (applinks?["defaults"]?.object?.keys.sorted() ?? []) where !["caseSensitive", "percentEncoded"].contains(key) {
                notes.append("\(source.name): applinks.defaults '\(key)' has no place in a manifest; left out")
            }
            readDetails(of: source, applinks: applinks, into: list)
            readWebCredentials(of: source)
            readAppClips(of: source)
            for key in source.document.object?.keys.sorted() ?? [] where !["applinks", "webcredentials", "appclips"].contains(key) {
                notes.append("\(source.name): '\(key)' is not something Linkwell writes; left out")
            }
        }

        private mutating func readDetails(of source: Source, applinks: JSONValue?, into list: WritableKeyPath<App, [JSONValue]?>) {
            let details: [(String?, JSONValue)] =
                switch applinks?["details"] {
                case .array(let list)?: list.map { (nil, $0) }
                case .object(let keyed)?: keyed.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                default: []
                }
            for (index, (keyedAppID, detail)) in details.enumerated() {
                // iOS 13+ reads `appIDs` (which replaces `appID`) and `components`, else `paths`;
                // iOS 9–12 reads `appID` and `paths` only.
                let ids = detail["appIDs"]?.array?.compactMap(\.string) ?? [keyedAppID ?? detail["appID"]?.string].compactMap { $0 }
                var rules = detail["components"]?.array ?? detail["paths"]?.array.map(ManifestImport.components(fromLegacy:))
                if let detailDefaults = detail["defaults"]?.object, let list = rules {
                    rules = list.map { ManifestImport.applying(detailDefaults, to: $0) }
                }
                detailCount += 1
                if (keyedAppID ?? detail["appID"]?.string) != nil, detail["paths"] != nil { legacyDetails += 1 }
                if ids.isEmpty {
                    notes.append(
                        "\(source.name): detail \(index + 1) names no app (no 'appIDs' or 'appID'); it applies to no app and was left out")
                }
                for appID in ids.uniqued() {
                    if let existing = apps.firstIndex(where: { $0.appID == appID }) {
                        // iOS consults a later detail when an earlier one has no matching rule:
                        // the same as one list holding both, in order.
                        apps[existing][keyPath: list] = (apps[existing][keyPath: list] ?? []) + (rules ?? [])
                        continue
                    }
                    guard let app = ManifestImport.iosApp(appID, usedIDs: &usedIDs, source: source.name, notes: &notes) else {
                        if let rules, !rules.isEmpty {
                            let shown = rules.prefix(5).map(\.compactText).joined(separator: ", ")
                            notes.append(
                                "\(source.name): the \(rules.count) rule\(rules.count == 1 ? "" : "s") of '\(appID)' in detail \(index + 1) "
                                    + "went with it: \(shown)\(rules.count > 5 ? ", …" : ""); write the real app ID and import again")
                        }
                        continue
                    }
                    var imported = app
                    imported[keyPath: list] = rules
                    apps.append(imported)
                }
            }
        }

        private mutating func readWebCredentials(of source: Source) {
            for appID in source.document["webcredentials"]?["apps"]?.array?.compactMap(\.string) ?? [] {
                if let index = apps.firstIndex(where: { $0.appID == appID }) {
                    apps[index].webcredentials = true
                } else if var app = ManifestImport.iosApp(appID, usedIDs: &usedIDs, source: source.name, notes: &notes) {
                    // An app with shared web credentials but no links: no routes of its own.
                    app.webcredentials = true
                    app.rules = []
                    apps.append(app)
                }
            }
        }

        private mutating func readAppClips(of source: Source) {
            for clip in source.document["appclips"]?["apps"]?.array?.compactMap(\.string) ?? [] {
                let parent = apps.firstIndex { app in app.appID.map { clip.hasPrefix($0 + ".") } ?? false }
                if let parent, let dot = clip.firstIndex(of: ".") {
                    // Each host's file names the clip; the manifest names it once.
                    apps[parent].appClips = (apps[parent].appClips + [String(clip[clip.index(after: dot)...])]).uniqued()
                } else if let lastDot = clip.lastIndex(of: "."), let dot = clip.firstIndex(of: "."), lastDot > dot,
                    var app = ManifestImport.iosApp(String(clip[..<lastDot]), usedIDs: &usedIDs, source: source.name, notes: &notes)
                {
                    // A clip whose app the file does not name: the manifest needs the app to hold it.
                    app.appClips = [String(clip[clip.index(after: dot)...])]
                    app.rules = []
                    apps.append(app)
                    notes.append(
                        "\(source.name): App Clip \(clip) has no app in the file; the manifest adds its app \(clip[..<lastDot]) with no routes"
                    )
                } else {
                    notes.append("\(source.name): App Clip \(clip) is not TEAMID.bundle.id.Clip; left out")
                }
            }
        }

        mutating func read(assetLinks source: Source, into list: WritableKeyPath<App, [JSONValue]?>) {
            if let rejection = StatementListCheck.rejection(of: source.document) {
                notes.append(
                    "\(source.name) is rejected by Android's verifier (\(rejection)), so on that host Android opened nothing; "
                        + "the manifest keeps what can be carried over of it, and the proof below compares what its build writes, "
                        + "if anything, with that")
            }
            for statement in source.document.array ?? [] {
                let relations = statement["relation"]?.array?.compactMap(\.string) ?? []
                guard statement["target"]?["namespace"]?.string == "android_app", let package = statement["target"]?["package_name"]?.string
                else {
                    notes.append("\(source.name): a statement whose target is not an Android app (\(statement.compactText)) was left out")
                    continue
                }
                if let problem = Identifiers.androidPackageProblem(package) {
                    notes.append("\(source.name): package '\(package)' cannot be carried over (\(problem)); left out, with its rules")
                    continue
                }
                var fingerprints: [String] = []
                for written in statement["target"]?["sha256_cert_fingerprints"]?.array?.compactMap(\.string) ?? [] {
                    switch Identifiers.canonicalFingerprint(written) {
                    case .success(let canonical): fingerprints.append(canonical)
                    case .failure(let problem): notes.append("\(source.name): \(package): \(problem); left out")
                    }
                }
                let dynamic = statement["relation_extensions"]?[AssetLinksStatement.handleAllURLs]?["dynamic_app_link_components"]?.array
                if let index = apps.firstIndex(where: { $0.package == package }) {
                    apps[index].namedOn.insert(list)
                    apps[index].fingerprints = (apps[index].fingerprints + fingerprints).uniqued()
                    apps[index].webcredentials = apps[index].webcredentials || relations.contains(AssetLinksStatement.getLoginCredentials)
                    if let dynamic { apps[index][keyPath: list] = dynamic }
                    continue
                }
                guard relations.contains(AssetLinksStatement.handleAllURLs) else {
                    notes.append("\(source.name): \(package) does not handle URLs (only \(relations.joined(separator: ", "))); left out")
                    continue
                }
                // The id is settled once every app's rules are known (an iOS twin's id when they agree).
                var app = App(id: ManifestImport.name(from: package), package: package, fingerprints: fingerprints)
                app.displayName = AppNames.displayName(package)
                app.webcredentials = relations.contains(AssetLinksStatement.getLoginCredentials)
                app[keyPath: list] = dynamic
                app.namedOn.insert(list)
                if dynamic == nil { app.dynamicRules = false }
                apps.append(app)
            }
        }

        /// Android apps' rules and ids, once every file is read.
        mutating func settleAndroidApps() {
            // An Android app without rules of its own on a host that names it follows its iOS
            // twin's list there (the same product), else that host's first rule list; on a host
            // whose files do not name it, it opens nothing.
            let lists: [WritableKeyPath<App, [JSONValue]?>] = [\.rules, \.shortRules]
            let firstLists = lists.map { list in apps.lazy.compactMap { $0[keyPath: list] }.first ?? [] }
            for index in apps.indices where apps[index].ios == nil {
                let twin = apps.first { $0.ios != nil && $0.id == apps[index].id }
                for (list, first) in zip(lists, firstLists) {
                    if !apps[index].namedOn.contains(list) {
                        apps[index][keyPath: list] = []
                    } else if apps[index][keyPath: list] == nil {
                        apps[index][keyPath: list] = twin.map { $0[keyPath: list] ?? [] } ?? first
                    }
                }
                if !apps[index].dynamicRules, let package = apps[index].package {
                    let follows = twin.map { "its iOS twin '\($0.id)'" } ?? "the first iOS app"
                    notes.append(
                        "\(package) has no dynamic rules, so Android 15+ follows the app's own intent filters; the manifest keeps it "
                            + "that way (dynamicRules: false). The intent filters Linkwell writes for it (app/android/) follow the "
                            + "routes of \(follows): name the app's merged AndroidManifest.xml under 'manifest:' and the build holds "
                            + "its real filters against them (docs/app-side.md)")
                }
            }
            // An Android app is one product with the iOS app of the same name: it shares that app's id
            // (and routes) when their rules agree, and its display name otherwise.
            for index in apps.indices where apps[index].ios == nil {
                let base = apps[index].id
                let twin = apps.first { $0.ios != nil && $0.id == base }
                if joinPlatforms, apps[index].dynamicRules, let leader = twin ?? apps.first(where: { $0.ios != nil }) {
                    for list in lists where apps[index].namedOn.contains(list) { apps[index][keyPath: list] = leader[keyPath: list] }
                    if let twin {
                        apps[index].displayName = twin.displayName
                    } else {
                        apps[index].id = ManifestImport.uniqueID(base, &usedIDs)
                    }
                    continue
                }
                if let twin {
                    apps[index].displayName = twin.displayName
                    // A list no file gave is no rules at all.
                    let agree = lists.allSatisfy { (twin[keyPath: $0] ?? []) == (apps[index][keyPath: $0] ?? []) }
                    apps[index].id = agree ? base : ManifestImport.uniqueID(base + "-android", &usedIDs)
                } else {
                    apps[index].id = ManifestImport.uniqueID(base, &usedIDs)
                }
            }
        }

        /// The routes of one host's lists: every group's rules merged into one list, each naming the
        /// apps that follow it; `host`: the short host they are written for (nil: the pair's).
        mutating func routes(
            following list: KeyPath<App, [JSONValue]?>, on host: String? = nil, names routeNames: inout Set<String>
        ) -> [YAMLText.Mapping] {
            // Apps that follow the same list share routes; the groups keep the order apps appear in.
            var groups: [(rules: [JSONValue], apps: [String])] = []
            for app in apps {
                let rules = app[keyPath: list] ?? []
                if let group = groups.firstIndex(where: { $0.rules == rules }) {
                    groups[group].apps.append(app.id)
                } else {
                    groups.append((rules, [app.id]))
                }
            }

            var routes: [YAMLText.Mapping] = []
            let everyApp = groups.flatMap(\.apps).uniqued()
            let androidWithRules = Set(apps.filter { $0.ios == nil && $0.dynamicRules }.map(\.id))
            for (component, owners) in ManifestImport.merged(groups) {
                let routeApps = owners.count == everyApp.count ? nil : everyApp.filter(owners.contains)
                let before = routeNames
                guard let route = ManifestImport.route(component, apps: routeApps, host: host, names: &routeNames, notes: &notes)
                else { continue }
                let name = routeNames.subtracting(before).first ?? ""
                routes.append(ManifestImport.addingAccept(accepting[name], to: route))
                if case .string(let whole)? = component["?"], !androidWithRules.isEmpty, !androidWithRules.isSubset(of: owners) {
                    notes.append(
                        "the rule \(component.compactText) matches the whole query '\(whole)', which an Android dynamic rule cannot "
                            + "express: its route is for \(owners.sorted().joined(separator: ", ")) only")
                }
            }
            return routes
        }
    }

    /// One route list for every group: each group's rules in its own order, a rule that several
    /// groups hold at a place where their orders agree written once for all of them (a shortest
    /// common supersequence, merged group by group through a longest common subsequence). Each
    /// app then reads exactly its own list, in order, from the routes that name it.
    static func merged(_ groups: [(rules: [JSONValue], apps: [String])]) -> [(rule: JSONValue, apps: Set<String>)] {
        var merged: [(rule: JSONValue, apps: Set<String>)] = []
        for group in groups {
            let a = merged
            let b = group.rules
            // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
            var lengths = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in stride(from: a.count - 1, through: 0, by: -1) {
                for j in stride(from: b.count - 1, through: 0, by: -1) {
                    lengths[i][j] = a[i].rule == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
                }
            }
            var result: [(rule: JSONValue, apps: Set<String>)] = []
            var (i, j) = (0, 0)
            while i < a.count || j < b.count {
                if i < a.count, j < b.count, a[i].rule == b[j] {
                    result.append((a[i].rule, a[i].apps.union(group.apps)))
                    i += 1
                    j += 1
                } else if j == b.count || (i < a.count && lengths[i + 1][j] >= lengths[i][j + 1]) {
                    result.append(a[i])
                    i += 1
                } else {
                    result.append((b[j], Set(group.apps)))
                    j += 1
                }
            }
            merged = result
        }
        return merged
    }

    /// iOS 9–12 `paths` as components: `NOT ` marks an exclusion.
    static func components(fromLegacy paths: [JSONValue]) -> [JSONValue] {
        paths.compactMap(\.string).map { path in
            path.hasPrefix("NOT ")
                ? .object(["/": .string(String(path.dropFirst(4))), "exclude": .bool(true)]) : .object(["/": .string(path)])
        }
    }

    /// An iOS app from `TEAMID.bundle.id`, or nil (and a note) when the ID is not one a
    /// manifest can hold — a placeholder such as `TEAM_ID.com.example.app` included.
    static func iosApp(_ appID: String, usedIDs: inout Set<String>, source: String, notes: inout [String]) -> App? {
        guard let dot = appID.firstIndex(of: ".") else {
            notes.append("\(source): '\(appID)' is not TEAMID.bundle.id; left out, with its rules")
            return nil
        }
        let team = String(appID[..<dot])
        let bundle = String(appID[appID.index(after: dot)...])
        if let problem = Identifiers.teamIDProblem(team) ?? Identifiers.bundleIDProblem(bundle) {
            notes.append("\(source): app ID '\(appID)' cannot be carried over (\(problem)); left out, with its rules")
            return nil
        }
        var app = App(id: uniqueID(name(from: bundle), &usedIDs), ios: (team, bundle))
        app.displayName = AppNames.displayName(bundle)
        return app
    }

    /// A detail's `defaults` written onto one of its components, key by key, where the component
    /// does not set its own.
    static func applying(_ defaults: [String: JSONValue], to component: JSONValue) -> JSONValue {
        guard var object = component.object else { return component }
        for key in ["caseSensitive", "percentEncoded"] where object[key] == nil {
            if let value = defaults[key] { object[key] = value }
        }
        return .object(object)
    }

    static func route(
        _ component: JSONValue, apps: [String]?, host: String? = nil, names: inout Set<String>, notes: inout [String]
    ) -> YAMLText.Mapping? {
        guard let object = component.object else {
            notes.append("a rule that is not an object (\(component.compactText)) was left out")
            return nil
        }
        var route = YAMLText.Mapping()
        let path = object["/"]?.string
        let fragment = object["#"]?.string
        var comment = object["comment"]?.string ?? object["comments"]?.string
        var name = routeName(path: path, fragment: fragment, query: object["?"])
        // On the short host a rule naming no path segment is the codes.
        if host != nil { name = name == "everything" ? "short-code" : "short-" + name }
        // Linkwell writes a route's comment as `name` or `name: comment`: the route comes back whole.
        if let written = comment, let named = linkwellComment(written) {
            name = named.name
            comment = named.comment
        }
        route.append("name", .scalar(uniqueID(name, &names)))
        if let path { route.append("path", .scalar(path)) }
        switch object["?"] {
        case .string(let whole): route.append("query", .scalar(whole))
        case .object(let items):
            route.append(
                "query", .mapping(YAMLText.Mapping(items.sorted { $0.key < $1.key }.map { ($0.key, .scalar($0.value.string ?? "")) })))
        default: break
        }
        if let fragment { route.append("fragment", .scalar(fragment)) }
        if path == nil, fragment == nil, object["?"] == nil { route.append("path", .scalar("/*")) }
        if object["exclude"]?.bool == true { route.append("exclude", .boolean(true)) }
        for key in ["caseSensitive", "percentEncoded"] {
            if let value = object[key]?.bool { route.append(key, .boolean(value)) }
        }
        if let apps { route.append("apps", .list(apps.map { .scalar($0) })) }
        if let host { route.append("hosts", .list([.scalar(host)])) }
        if let comment { route.append("comment", .scalar(comment)) }
        for key in object.keys.sorted()
        where !["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment", "comments"].contains(key) {
            notes.append("rule \(component.compactText): key '\(key)' has no place in a route; left out")
        }
        return route
    }

    /// The key of an app's warnings in `accepting` (route names hold no space).
    package static func appKey(_ id: String, android: Bool) -> String { (android ? "android app " : "iOS app ") + id }

    /// `route` (or an app) with an `accept:` entry for the warnings `accepting` lists under its name.
    static func addingAccept(_ codes: [String]?, to route: YAMLText.Mapping) -> YAMLText.Mapping {
        guard let codes else { return route }
        let list: [YAMLText.Value] = codes.map { code in YAMLText.Value.scalar(code) }
        var accepted = route
        accepted.append("accept", YAMLText.Value.commented(YAMLText.Value.list(list), "as served today"))
        return accepted
    }

    /// `profile` → (profile, nil), `help: the help centre` → (help, the help centre): a comment
    /// as Linkwell writes it, its route's name first; nil for any other comment.
    static func linkwellComment(_ text: String) -> (name: String, comment: String?)? {
        let parts = text.split(separator: ": ", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard Identifiers.nameProblem(name, what: "route name") == nil else { return nil }
        guard parts.count == 2 else { return (name, nil) }
        let comment = String(parts[1])
        return comment.isEmpty ? nil : (name, comment)
    }

    /// `/help/website/*` → `help-website`; a fragment rule → `fragment-<fragment>`.
    static func routeName(path: String?, fragment: String?, query: JSONValue?) -> String {
        let source = path.map {
            $0.split(separator: "/").filter { !$0.contains("*") && !$0.contains("?") && !$0.contains("$") }.joined(separator: "-")
        }
        if let source, !source.isEmpty { return name(from: source) }
        if let fragment { return name(from: "fragment-" + fragment) }
        if query != nil { return "query" }
        if path == "/" { return "home" }
        return "everything"
    }

    /// A manifest name (lower-case letters, digits, `-`) from any text; for apps, the last part
    /// of the bundle ID or package that names something (`com.example.app` → `example`).
    static func name(from text: String) -> String {
        let last = text.contains(".") ? AppNames.telling(text) : text
        let cleaned = last.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? String($0) : "-" }.joined()
        let name = cleaned.split(separator: "-").joined(separator: "-")
        return name.first?.isLetter == true ? name : "r-" + name
    }

    /// `example` → `Example`, `my-app` → `My App`: a display name to correct, better than the id.
    static func displayName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    static func uniqueID(_ base: String, _ used: inout Set<String>) -> String {
        var candidate = base
        var number = 2
        while used.contains(candidate) {
            candidate = "\(base)-\(number)"
            number += 1
        }
        used.insert(candidate)
        return candidate
    }
}

extension ManifestImport {
    static func render(
        apps: [App], routes: [YAMLText.Mapping], defaults: [String: JSONValue], variables: [String: JSONValue], legacyPaths: Bool,
        domain: String,
        mirror: String, short: String?, accepting: [String: [String]] = [:], sources: [String]
    ) -> String {
        var root = YAMLText.Mapping()
        root.append("version", .integer(1))
        root.append("name", .scalar(domain))
        if !legacyPaths { root.append("legacyPaths", .boolean(false)) }
        var appSection = YAMLText.Mapping()
        let ios = apps.compactMap { app -> YAMLText.Value? in
            guard let ios = app.ios else { return nil }
            var entry = YAMLText.Mapping([
                ("id", .scalar(app.id)), ("name", .scalar(app.displayName ?? Self.displayName(app.id))), ("teamID", .scalar(ios.teamID)),
                ("bundleID", .scalar(ios.bundleID)),
            ])
            if app.webcredentials { entry.append("webcredentials", .boolean(true)) }
            if !app.appClips.isEmpty { entry.append("appClips", .list(app.appClips.map { .scalar($0) })) }
            return .mapping(addingAccept(accepting[appKey(app.id, android: false)], to: entry))
        }
        let android = apps.compactMap { app -> YAMLText.Value? in
            guard let package = app.package, app.ios == nil else { return nil }
            var entry = YAMLText.Mapping([
                ("id", .scalar(app.id)), ("name", .scalar(app.displayName ?? Self.displayName(app.id))), ("package", .scalar(package)),
            ])
            entry.append("sha256", .list(app.fingerprints.map { .scalar($0) }))
            if app.webcredentials { entry.append("webcredentials", .boolean(true)) }
            if !app.dynamicRules { entry.append("dynamicRules", .boolean(false)) }
            return .mapping(addingAccept(accepting[appKey(app.id, android: true)], to: entry))
        }
        if !ios.isEmpty { appSection.append("ios", .list(ios)) }
        if !android.isEmpty { appSection.append("android", .list(android)) }
        root.append("apps", .mapping(appSection))
        var domains = YAMLText.Mapping([
            ("pairs", .list([.mapping(YAMLText.Mapping([("primary", .scalar(domain)), ("mirror", .scalar(mirror))]))]))
        ])
        if let short { domains.append("short", .scalar(short)) }
        root.append("domains", .mapping(domains))
        if !variables.isEmpty {
            root.append(
                "substitutionVariables",
                .mapping(
                    YAMLText.Mapping(
                        variables.sorted { $0.key < $1.key }.map {
                            ($0.key, .list(($0.value.array ?? []).compactMap(\.string).map { .scalar($0) }))
                        })))
        }
        let defaultFlags = ["caseSensitive", "percentEncoded"].compactMap { key in
            defaults[key]?.bool.map { (key, YAMLText.Value.boolean($0)) }
        }
        if !defaultFlags.isEmpty { root.append("defaults", .mapping(YAMLText.Mapping(defaultFlags))) }
        root.append("routes", .list(routes.map { .mapping($0) }))

        let header = [
            "# yaml-language-server: $schema=\(ManifestSchema.fileName)",
            "# Imported by `linkwell import` from \(sources.joined(separator: ", ")).",
            "# Read the notes it printed, add page types for preview pages, then `linkwell build`.",
        ]
        return (header + YAMLText.lines(root)).joined(separator: "\n") + "\n"
    }
}
