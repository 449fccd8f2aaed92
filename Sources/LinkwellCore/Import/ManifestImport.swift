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

    package var yaml: String
    /// What could not be carried over, or needs a person's eye.
    package var notes: [String]

    struct App {
        var id: String
        var ios: (teamID: String, bundleID: String)?
        var package: String?
        var fingerprints: [String] = []
        var webcredentials = false
        var appClips: [String] = []
        /// The rule list this app follows (components as JSON), nil: none known.
        var rules: [JSONValue]?

        var appID: String? { ios.map { "\($0.teamID).\($0.bundleID)" } }
    }

    package init(aasa: [Source], assetLinks: [Source], domain: String, mirror: String) {
        var notes: [String] = []
        var apps: [App] = []
        var usedIDs: Set<String> = []
        var defaults: [String: JSONValue] = [:]
        var variables: [String: JSONValue] = [:]
        var legacyDetails = 0
        var detailCount = 0

        for source in aasa {
            let applinks = source.document["applinks"]
            if let list = applinks?["substitutionVariables"]?.object { variables.merge(list) { first, _ in first } }
            // The file's own defaults become the manifest's; a detail's defaults go on each of its rules.
            if let siteDefaults = applinks?["defaults"]?.object { defaults.merge(siteDefaults) { first, _ in first } }
            for key in (applinks?["defaults"]?.object?.keys.sorted() ?? []) where !["caseSensitive", "percentEncoded"].contains(key) {
                notes.append("\(source.name): applinks.defaults '\(key)' has no place in a manifest; left out")
            }
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
                var rules = detail["components"]?.array ?? detail["paths"]?.array.map(Self.components(fromLegacy:))
                if let detailDefaults = detail["defaults"]?.object, let list = rules {
                    rules = list.map { Self.applying(detailDefaults, to: $0) }
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
                        apps[existing].rules = (apps[existing].rules ?? []) + (rules ?? [])
                        continue
                    }
                    guard let app = Self.iosApp(appID, usedIDs: &usedIDs, source: source.name, notes: &notes) else { continue }
                    var imported = app
                    imported.rules = rules
                    apps.append(imported)
                }
            }
            for appID in source.document["webcredentials"]?["apps"]?.array?.compactMap(\.string) ?? [] {
                if let index = apps.firstIndex(where: { $0.appID == appID }) {
                    apps[index].webcredentials = true
                } else if var app = Self.iosApp(appID, usedIDs: &usedIDs, source: source.name, notes: &notes) {
                    // An app with shared web credentials but no links: no routes of its own.
                    app.webcredentials = true
                    app.rules = []
                    apps.append(app)
                }
            }
            for clip in source.document["appclips"]?["apps"]?.array?.compactMap(\.string) ?? [] {
                let parent = apps.firstIndex { app in app.appID.map { clip.hasPrefix($0 + ".") } ?? false }
                if let parent, let dot = clip.firstIndex(of: ".") {
                    apps[parent].appClips.append(String(clip[clip.index(after: dot)...]))
                } else if let lastDot = clip.lastIndex(of: "."), let dot = clip.firstIndex(of: "."), lastDot > dot,
                    var app = Self.iosApp(String(clip[..<lastDot]), usedIDs: &usedIDs, source: source.name, notes: &notes)
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
            for key in source.document.object?.keys.sorted() ?? [] where !["applinks", "webcredentials", "appclips"].contains(key) {
                notes.append("\(source.name): '\(key)' is not something Linkwell writes; left out")
            }
        }

        for source in assetLinks {
            if let rejection = StatementListCheck.rejection(of: source.document) {
                notes.append(
                    "\(source.name) is rejected by Android's verifier (\(rejection)), so on that host Android opened nothing; "
                        + "the manifest's build writes a valid file, which opens what its routes say")
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
                    apps[index].fingerprints = (apps[index].fingerprints + fingerprints).uniqued()
                    apps[index].webcredentials = apps[index].webcredentials || relations.contains(AssetLinksStatement.getLoginCredentials)
                    if let dynamic { apps[index].rules = dynamic }
                    continue
                }
                guard relations.contains(AssetLinksStatement.handleAllURLs) else {
                    notes.append("\(source.name): \(package) does not handle URLs (only \(relations.joined(separator: ", "))); left out")
                    continue
                }
                var app = App(id: Self.uniqueID(Self.name(from: package), &usedIDs), package: package, fingerprints: fingerprints)
                app.webcredentials = relations.contains(AssetLinksStatement.getLoginCredentials)
                app.rules = dynamic
                if dynamic == nil {
                    notes.append(
                        "\(source.name): \(package) has no dynamic rules, so Android 15+ followed the app's own intent filters; "
                            + "it now gets the same routes as the first iOS app (check that its intent filters agree)")
                }
                apps.append(app)
            }
        }

        // An Android app without rules of its own follows the first rule list there is.
        let firstRules = apps.lazy.compactMap(\.rules).first ?? []
        for index in apps.indices where apps[index].rules == nil { apps[index].rules = firstRules }
        // Apps that follow the same list share routes; the groups keep the order apps appear in.
        var groups: [(rules: [JSONValue], apps: [String])] = []
        for app in apps {
            let rules = app.rules ?? []
            if let group = groups.firstIndex(where: { $0.rules == rules }) {
                groups[group].apps.append(app.id)
            } else {
                groups.append((rules, [app.id]))
            }
        }

        var routes: [YAMLText.Mapping] = []
        var routeNames: Set<String> = []
        for group in groups {
            for component in group.rules {
                guard let route = Self.route(component, apps: groups.count == 1 ? nil : group.apps, names: &routeNames, notes: &notes)
                else { continue }
                routes.append(route)
            }
        }
        if apps.isEmpty { notes.append("no app was found in the files given; the manifest needs at least one") }
        notes.append("no page types: add 'pages:' and a 'page:' per route to get preview pages")

        // Without `paths` in the original, iOS 9–12 opened nothing; the manifest keeps it that way.
        let legacyPaths = detailCount == 0 || legacyDetails > 0
        if legacyDetails > 0, legacyDetails < detailCount {
            notes.append(
                "only \(legacyDetails) of \(detailCount) details have iOS 9–12 'appID' and 'paths'; the build writes them for every app")
        }
        yaml = Self.render(
            apps: apps, routes: routes, defaults: defaults, variables: variables, legacyPaths: legacyPaths, domain: domain, mirror: mirror,
            sources: (aasa + assetLinks).map(\.name))
        self.notes = notes
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
        return App(id: uniqueID(name(from: bundle), &usedIDs), ios: (team, bundle))
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

    static func route(_ component: JSONValue, apps: [String]?, names: inout Set<String>, notes: inout [String]) -> YAMLText.Mapping? {
        guard let object = component.object else {
            notes.append("a rule that is not an object (\(component.compactText)) was left out")
            return nil
        }
        var route = YAMLText.Mapping()
        let path = object["/"]?.string
        let fragment = object["#"]?.string
        route.append("name", .scalar(uniqueID(routeName(path: path, fragment: fragment, query: object["?"]), &names)))
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
        if let comment = object["comment"]?.string ?? object["comments"]?.string { route.append("comment", .scalar(comment)) }
        for key in object.keys.sorted()
        where !["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment", "comments"].contains(key) {
            notes.append("rule \(component.compactText): key '\(key)' has no place in a route; left out")
        }
        return route
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

    /// Parts of a bundle ID or package that say nothing about the app (`com.example.app`).
    static let genericParts: Set<String> = [
        "app", "apps", "application", "android", "ios", "iphone", "mobile", "client", "main", "prod", "production", "release",
    ]

    /// A manifest name (lower-case letters, digits, `-`) from any text; for apps, the last part
    /// of the bundle ID or package that names something (`com.example.app` → `example`).
    static func name(from text: String) -> String {
        let parts = text.split(separator: ".").map(String.init)
        let last =
            text.contains(".")
            ? (parts.dropFirst().last { !genericParts.contains($0.lowercased()) } ?? parts.last ?? "") : text
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
        mirror: String, sources: [String]
    ) -> String {
        var root = YAMLText.Mapping()
        root.append("version", .integer(1))
        root.append("name", .scalar(domain))
        if !legacyPaths { root.append("legacyPaths", .boolean(false)) }
        var appSection = YAMLText.Mapping()
        let ios = apps.compactMap { app -> YAMLText.Value? in
            guard let ios = app.ios else { return nil }
            var entry = YAMLText.Mapping([
                ("id", .scalar(app.id)), ("name", .scalar(Self.displayName(app.id))), ("teamID", .scalar(ios.teamID)),
                ("bundleID", .scalar(ios.bundleID)),
            ])
            if app.webcredentials { entry.append("webcredentials", .boolean(true)) }
            if !app.appClips.isEmpty { entry.append("appClips", .list(app.appClips.map { .scalar($0) })) }
            return .mapping(entry)
        }
        let android = apps.compactMap { app -> YAMLText.Value? in
            guard let package = app.package, app.ios == nil else { return nil }
            var entry = YAMLText.Mapping([
                ("id", .scalar(app.id)), ("name", .scalar(Self.displayName(app.id))), ("package", .scalar(package)),
            ])
            entry.append("sha256", .list(app.fingerprints.map { .scalar($0) }))
            if app.webcredentials { entry.append("webcredentials", .boolean(true)) }
            return .mapping(entry)
        }
        if !ios.isEmpty { appSection.append("ios", .list(ios)) }
        if !android.isEmpty { appSection.append("android", .list(android)) }
        root.append("apps", .mapping(appSection))
        root.append(
            "domains",
            .mapping(
                YAMLText.Mapping([
                    ("pairs", .list([.mapping(YAMLText.Mapping([("primary", .scalar(domain)), ("mirror", .scalar(mirror))]))]))
                ])))
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
