/// Turns association files a site already serves into a manifest whose build makes the same
/// decisions: the on-ramp for teams leaving a link vendor or hand-written files.
///
/// iOS 13+ `components` (or, without them, the iOS 9–12 `paths`) become routes in order; apps
/// with the same rule list share routes, others get their own (`apps:`). Android apps come from
/// `assetlinks.json`, with their dynamic rules when the file has them. What has no place in a
/// manifest is listed in `notes`; `ImportCheck` then proves the decisions on every rule's
/// sample URL.
public struct ManifestImport: Sendable {
    public struct Source: Sendable {
        public var name: String
        public var document: JSONValue

        public init(name: String, document: JSONValue) {
            self.name = name
            self.document = document
        }
    }

    public var yaml: String
    /// What could not be carried over, or needs a person's eye.
    public var notes: [String]

    struct App {
        var id: String
        var ios: (teamID: String, bundleID: String)?
        var package: String?
        var fingerprints: [String] = []
        var webcredentials = false
        var appClips: [String] = []
        /// The rule list this app follows (components as JSON), nil: none known.
        var rules: [JSONValue]?
    }

    public init(aasa: [Source], assetLinks: [Source], domain: String, mirror: String) {
        var notes: [String] = []
        var apps: [App] = []
        var usedIDs: Set<String> = []
        var defaults: [String: JSONValue] = [:]
        var variables: [String: JSONValue] = [:]
        var legacyDetails = 0
        var details = 0

        for source in aasa {
            let applinks = source.document["applinks"]
            if let list = applinks?["substitutionVariables"]?.object { variables.merge(list) { first, _ in first } }
            for (index, detail) in (applinks?["details"]?.array ?? []).enumerated() {
                let ids = (detail["appIDs"]?.array?.compactMap(\.string) ?? []) + [detail["appID"]?.string].compactMap { $0 }
                let rules = detail["components"]?.array ?? detail["paths"]?.array.map(Self.components(fromLegacy:))
                details += 1
                if detail["paths"] != nil { legacyDetails += 1 }
                if let detailDefaults = detail["defaults"]?.object { defaults.merge(detailDefaults) { first, _ in first } }
                for appID in ids.uniqued() {
                    if let existing = apps.firstIndex(where: { $0.ios.map { "\($0.teamID).\($0.bundleID)" } == appID }) {
                        if apps[existing].rules != nil {
                            notes.append(
                                "\(source.name): \(appID) is listed again in detail \(index + 1); only its first detail's rules were carried over"
                            )
                        }
                        continue
                    }
                    guard let dot = appID.firstIndex(of: ".") else {
                        notes.append("\(source.name): '\(appID)' is not TEAMID.bundle.id; left out")
                        continue
                    }
                    let bundle = String(appID[appID.index(after: dot)...])
                    var app = App(id: Self.uniqueID(Self.name(from: bundle), &usedIDs), ios: (String(appID[..<dot]), bundle))
                    app.rules = rules
                    apps.append(app)
                }
            }
            for appID in source.document["webcredentials"]?["apps"]?.array?.compactMap(\.string) ?? [] {
                if let index = apps.firstIndex(where: { $0.ios.map { "\($0.teamID).\($0.bundleID)" } == appID }) {
                    apps[index].webcredentials = true
                } else {
                    notes.append(
                        "\(source.name): webcredentials app \(appID) has no applinks detail; a manifest app always has links, so it was left out"
                    )
                }
            }
            for clip in source.document["appclips"]?["apps"]?.array?.compactMap(\.string) ?? [] {
                let parent = apps.firstIndex { app in
                    app.ios.map { clip.hasPrefix("\($0.teamID).\($0.bundleID).") } ?? false
                }
                if let parent, let dot = clip.firstIndex(of: ".") {
                    apps[parent].appClips.append(String(clip[clip.index(after: dot)...]))
                } else {
                    notes.append(
                        "\(source.name): App Clip \(clip) is not under an app of the file (same Team ID, bundle ID prefix); left out")
                }
            }
            for key in source.document.object?.keys.sorted() ?? [] where !["applinks", "webcredentials", "appclips"].contains(key) {
                notes.append("\(source.name): '\(key)' is not something Linkwell writes; left out")
            }
        }

        for source in assetLinks {
            for statement in source.document.array ?? [] {
                let relations = statement["relation"]?.array?.compactMap(\.string) ?? []
                guard statement["target"]?["namespace"]?.string == "android_app", let package = statement["target"]?["package_name"]?.string
                else {
                    notes.append("\(source.name): a statement whose target is not an Android app (\(statement.compactText)) was left out")
                    continue
                }
                let fingerprints = statement["target"]?["sha256_cert_fingerprints"]?.array?.compactMap(\.string) ?? []
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
        let legacyPaths = details == 0 || legacyDetails > 0
        if legacyDetails > 0, legacyDetails < details {
            notes.append("only \(legacyDetails) of \(details) details have iOS 9–12 'paths'; the build writes them for every app")
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
        return "all"
    }

    /// A manifest name (lower-case letters, digits, `-`) from any text; the last part of a
    /// bundle ID or package for apps.
    static func name(from text: String) -> String {
        let last = text.contains(".") ? String(text.split(separator: ".").last ?? "") : text
        let cleaned = last.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? String($0) : "-" }.joined()
        let name = cleaned.split(separator: "-").joined(separator: "-")
        return name.first?.isLetter == true ? name : "r-" + name
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
                ("id", .scalar(app.id)), ("name", .scalar(app.id)), ("teamID", .scalar(ios.teamID)), ("bundleID", .scalar(ios.bundleID)),
            ])
            if app.webcredentials { entry.append("webcredentials", .boolean(true)) }
            if !app.appClips.isEmpty { entry.append("appClips", .list(app.appClips.map { .scalar($0) })) }
            return .mapping(entry)
        }
        let android = apps.compactMap { app -> YAMLText.Value? in
            guard let package = app.package, app.ios == nil else { return nil }
            var entry = YAMLText.Mapping([("id", .scalar(app.id)), ("name", .scalar(app.id)), ("package", .scalar(package))])
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
