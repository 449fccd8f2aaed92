/// What a reviewer must see in a manifest change beside link behaviour, as sentences: apps and
/// their identities and signing keys, hosts, short links, page types, the theme, templates,
/// item pages and robots.txt. Each names its host, app or page type; a change that can break
/// links for people already using the app is flagged `attention`.
package struct ManifestChanges: Sendable, Hashable {
    package struct Change: Sendable, Hashable, Encodable {
        /// `apps`, `signing keys`, `hosts`, `short links`, `page types`, `theme`, `templates`,
        /// `item pages`, `robots.txt`, `link tests`.
        package var topic: String
        /// One Markdown sentence.
        package var text: String
        /// Whether it can break links people use today (a reviewer must look).
        package var attention: Bool
        /// The head manifest's entry the change is about (an app, a short link, a page type), so an
        /// annotation attaches to its line; nil for what the head no longer has, or has no line.
        package var location: SourceLocation?
    }

    package var changes: [Change] = []
    /// What a reviewer must do before merging, in Markdown (deploy a new host's folder first):
    /// the report leads with it.
    package var beforeMerging: [String] = []
    /// The entry the changes being added are about (see `Change.location`).
    private var here: SourceLocation?
    /// Where the iOS apps' order sentence is, and the two apps it names, for what the exact
    /// walk then finds of them installed together (`settleAppOrder`).
    private var appOrderChange: AppOrderChange?
    private struct AppOrderChange: Sendable, Hashable {
        var index: Int
        var first: String
        var second: String
    }

    /// What a side contributes besides its `Site`: template sources by file name, and the item
    /// pages it builds (paths on their first host, with their bytes' fingerprints).
    package struct Extras: Sendable, Hashable {
        package var templates: [String: String] = [:]
        package var itemPages: [String: UInt64] = [:]
        /// The apps' own files site.yaml names, by path.
        package var appFiles: [String: String] = [:]
    }

    package init(base: Site, head: Site, baseExtras: Extras = Extras(), headExtras: Extras = Extras()) {
        apps(base, head)
        hosts(base, head)
        signInHosts(base, head)
        shortLinks(base, head)
        pageTypes(base, head)
        homePromotion(base, head)
        look(base, head)
        templates(baseExtras.templates, headExtras.templates)
        appFiles(baseExtras.appFiles, headExtras.appFiles)
        items(baseExtras.itemPages, headExtras.itemPages)
        robots(base.robots, head.robots)
        tests(base, head)
    }

    private mutating func add(_ topic: String, _ text: String, attention: Bool = false) {
        changes.append(Change(topic: topic, text: text, attention: attention, location: here))
    }

    // MARK: - Apps

    private mutating func apps(_ base: Site, _ head: Site) {
        iosApps(base, head)
        appOrder(base, head)
        androidApps(base, head)
        here = nil
    }

    private mutating func iosApps(_ base: Site, _ head: Site) {
        let apps = KeyedSides(base.iosApps, head.iosApps, by: \.id)
        for app in apps.added {
            here = app.location
            add("apps", "iOS app \(code(app.id)) (\(app.name), \(code(app.appID))) added.")
        }
        here = nil
        for app in apps.removed {
            add("apps", "iOS app \(code(app.id)) (\(code(app.appID))) removed: its links no longer open it.", attention: true)
        }
        for (old, app) in apps.kept {
            here = app.location
            let what = "iOS app \(code(app.id))"
            if old.teamID != app.teamID || old.bundleID != app.bundleID {
                add(
                    "apps",
                    "\(what): app ID \(code(old.appID)) → \(code(app.appID)); only builds with the new Team ID and bundle ID open its links.",
                    attention: true)
            }
            if old.name != app.name { add("apps", "\(what): name \(quoted(old.name)) → \(quoted(app.name)).") }
            if old.appStoreID != app.appStoreID {
                add(
                    "apps",
                    "\(what): App Store ID \(optional(old.appStoreID)) → \(optional(app.appStoreID)) (store links and smart banners).")
            }
            if old.webcredentials != app.webcredentials {
                add("apps", "\(what): shared web credentials (passwords, passkeys) \(app.webcredentials ? "turned on" : "turned off").")
            }
            for clip in app.appClipBundleIDs where !old.appClipBundleIDs.contains(clip) {
                add("apps", "\(what): App Clip \(code(clip)) added.")
            }
            for clip in old.appClipBundleIDs where !app.appClipBundleIDs.contains(clip) {
                add("apps", "\(what): App Clip \(code(clip)) removed.", attention: true)
            }
        }
    }

    /// iOS gives a URL two installed apps both open to the app whose details come first.
    private mutating func appOrder(_ base: Site, _ head: Site) {
        let before = Set(base.iosApps.map(\.id))
        let after = Set(head.iosApps.map(\.id))
        let keptBefore = base.iosApps.map(\.id).filter { after.contains($0) }
        let keptAfter = head.iosApps.map(\.id).filter { before.contains($0) }
        if keptBefore != keptAfter,
            let (first, second) = keptAfter.indices.lazy.compactMap({ index -> (String, String)? in
                let app = keptAfter[index]
                // The first app that moved ahead of one it followed.
                guard
                    let overtaken = keptAfter[(index + 1)...].first(where: { other in
                        (keptBefore.firstIndex(of: other) ?? 0) < (keptBefore.firstIndex(of: app) ?? 0)
                    })
                else { return nil }
                return (app, overtaken)
            }).first
        {
            here = head.iosApps.first { $0.id == first }?.location
            appOrderChange = AppOrderChange(index: changes.count, first: first, second: second)
            add(
                "apps",
                "iOS apps' order changed: \(code(first)) now comes before \(code(second)). With both installed, iOS gives a URL both apps "
                    + "open to the one listed first.",
                attention: true)
        }
    }

    private mutating func androidApps(_ base: Site, _ head: Site) {
        let apps = KeyedSides(base.androidApps, head.androidApps, by: \.id)
        for app in apps.added {
            here = app.location
            add(
                "apps",
                "Android app \(code(app.id)) (\(app.name), \(code(app.package))) added with \(count(app.fingerprints.count, "signing key"))."
            )
        }
        here = nil
        for app in apps.removed {
            add("apps", "Android app \(code(app.id)) (\(code(app.package))) removed: its links no longer open it.", attention: true)
        }
        for (old, app) in apps.kept {
            here = app.location
            let what = "Android app \(code(app.id))"
            if old.package != app.package {
                add("apps", "\(what): package \(code(old.package)) → \(code(app.package)).", attention: true)
            }
            if old.name != app.name { add("apps", "\(what): name \(quoted(old.name)) → \(quoted(app.name)).") }
            if old.webcredentials != app.webcredentials {
                add("apps", "\(what): shared sign-in credentials \(app.webcredentials ? "turned on" : "turned off").")
            }
            signingKeys(of: what, old.fingerprints, app.fingerprints)
        }
    }

    /// Added, removed, or — one out and one in — replaced, by the key's short form.
    private mutating func signingKeys(of app: String, _ before: [String], _ after: [String]) {
        let added = after.filter { !before.contains($0) }
        let removed = before.filter { !after.contains($0) }
        if added.count == 1, removed.count == 1 {
            add(
                "signing keys",
                "\(app): signing key \(code(short(removed[0]))) replaced by \(code(short(added[0]))); builds signed only with the old key no longer verify.",
                attention: true)
            return
        }
        for key in added { add("signing keys", "\(app): signing key \(code(short(key))) added.") }
        for key in removed {
            add(
                "signing keys", "\(app): signing key \(code(short(key))) removed; builds signed only with it no longer verify.",
                attention: true)
        }
    }

    /// `14:6D:E9…44:E5`: enough of a fingerprint to tell keys apart in a sentence.
    private func short(_ fingerprint: String) -> String {
        fingerprint.count > 20 ? "\(fingerprint.prefix(8))…\(fingerprint.suffix(5))" : fingerprint
    }

    // MARK: - Hosts

    private mutating func hosts(_ base: Site, _ head: Site) {
        func same(_ a: MirrorPair, _ b: MirrorPair) -> Bool { a.primary == b.primary && a.mirror == b.mirror }
        for pair in head.mirrorPairs where !base.mirrorPairs.contains(where: { same($0, pair) }) {
            add("hosts", "Mirror pair \(code(pair.primary)) ↔ \(code(pair.mirror)) added: deploy both folders before merging.")
            beforeMerging.append(
                "deploy \(code("Output/\(pair.primary)")) and \(code("Output/\(pair.mirror)")) (mirror pair added): apps read their "
                    + "association files when installed or updated, so they must be served before a release names the hosts")
        }
        for pair in head.mirrorPairs {
            guard let old = base.mirrorPairs.first(where: { same($0, pair) }), old.web != pair.web else { continue }
            add(
                "hosts",
                "Web home of \(code(pair.primary)) ↔ \(code(pair.mirror)) \(old.web.map(code) ?? "(the site's)") → \(pair.web.map(code) ?? "(the site's)")."
            )
        }
        for pair in base.mirrorPairs where !head.mirrorPairs.contains(where: { same($0, pair) }) {
            add(
                "hosts", "Mirror pair \(code(pair.primary)) ↔ \(code(pair.mirror)) removed: links to it stop opening the app.",
                attention: true)
        }
        if base.shortHost != head.shortHost {
            switch (base.shortHost, head.shortHost) {
            case (nil, let host?):
                add("hosts", "Short host \(code(host)) added.")
                beforeMerging.append("deploy \(code("Output/\(host)")) (short host added) before its links are shared")
            case (let host?, nil): add("hosts", "Short host \(code(host)) removed: its links stop opening the app.", attention: true)
            case (let old?, let new?):
                add("hosts", "Short host \(code(old)) → \(code(new)).", attention: true)
                beforeMerging.append("deploy \(code("Output/\(new)")) (the new short host) before its links are shared")
            case (nil, nil): break
            }
        }
        if !base.iosApps.isEmpty || !base.androidApps.isEmpty {
            if base.scheme != head.scheme { add("hosts", "URL scheme \(optional(base.scheme)) → \(optional(head.scheme)).") }
            if base.legacyPaths != head.legacyPaths {
                add("hosts", "iOS 9–12 `paths` \(head.legacyPaths ? "written again" : "no longer written: old iPhones open nothing").")
            }
        }
    }

    // MARK: - Short links

    private mutating func shortLinks(_ base: Site, _ head: Site) {
        let host = head.shortHost ?? base.shortHost ?? "the short host"
        let links = KeyedSides(base.shortLinks, head.shortLinks, by: \.code)
        for link in head.shortLinks {
            here = link.location
            guard let old = links.old(link) else {
                add("short links", "Short link \(code("\(host)/\(link.code)")) added → \(code(link.target)).")
                continue
            }
            if old.target != link.target {
                add("short links", "Short link \(code("\(host)/\(link.code)")) retargeted: \(code(old.target)) → \(code(link.target)).")
            }
        }
        here = nil
        for link in links.removed {
            add("short links", "Short link \(code("\(host)/\(link.code)")) removed (was → \(code(link.target))).", attention: true)
        }
    }

    // MARK: - Page types

    private mutating func pageTypes(_ base: Site, _ head: Site) {
        let types = KeyedSides(base.pageTypes, head.pageTypes, by: \.name)
        for page in types.added {
            here = page.location
            add("page types", "Page type \(code(page.name)) added: \(quoted(page.title)).")
        }
        here = nil
        for page in types.removed { add("page types", "Page type \(code(page.name)) removed.") }
        for (old, page) in types.kept {
            here = page.location
            // Every key the page type's field table lists, as written on each side (a list key's
            // values joined): the head's keys in the table's order, then those only the base has.
            var keys: [String] = []
            for value in page.written + old.written where !keys.contains(value.key) { keys.append(value.key) }
            func written(_ type: PageType, _ key: String) -> String? {
                let values = type.written.filter { $0.key == key }.map(\.text)
                return values.isEmpty ? nil : values.joined(separator: ", ")
            }
            for key in keys where written(old, key) != written(page, key) {
                add("page types", "Page type \(code(page.name)): \(key) \(optional(written(old, key))) → \(optional(written(page, key))).")
            }
        }
        here = nil
    }

    // MARK: - Look

    /// Sign-in hosts: a removed one's files stay deployed until someone removes them, and the
    /// apps' entitlements no longer name it.
    private mutating func signInHosts(_ base: Site, _ head: Site) {
        for host in head.signInHosts where !base.signInHosts.contains(host) {
            add("hosts", "Sign-in host \(code(host)) added: shared credentials only; the apps' entitlements name it.")
        }
        for host in base.signInHosts where !head.signInHosts.contains(host) {
            add(
                "hosts", "Sign-in host \(code(host)) removed: its association files on that host are no longer generated.",
                attention: true)
        }
    }

    /// What the home and not-found pages tell a person — the app they promote, its store IDs, the
    /// App Clip card — per host: a change there changes every visitor's first page.
    private mutating func homePromotion(_ base: Site, _ head: Site) {
        func promotion(_ site: Site, _ host: String) -> String? {
            guard let pageHost = PageHost.of(host, in: site) else { return nil }
            let links = PageLinks(site: site, page: PageKind.home.pageType(in: site), host: pageHost)
            var parts: [String] = []
            if let app = links.iosApp {
                parts.append("\(code(app.name)) on iOS" + (app.appStoreID.map { " (App Store \(code($0)))" } ?? ""))
            }
            if let app = links.androidApp { parts.append("\(code(app.name)) on Android (\(code(app.package)))") }
            let clip = site.homeAppClip && !(links.iosApp?.appClipBundleIDs.isEmpty ?? true)
            return parts.joined(separator: " and ") + (clip ? ", with the App Clip card" : ", without an App Clip card")
        }
        let hosts = head.hosts.filter { host in
            base.hosts.contains(host) && promotion(base, host) != nil && promotion(base, host) != promotion(head, host)
        }
        guard let first = hosts.first, let was = promotion(base, first), let now = promotion(head, first) else { return }
        here = nil
        add(
            "home pages",
            "Home and not-found pages on \(count(hosts.count, "host")) (\(hosts.map(code).joined(separator: ", "))) now promote \(now), "
                + "instead of \(was): the first page every visitor without a link's own page sees.",
            attention: true)
    }

    private mutating func look(_ base: Site, _ head: Site) {
        if base.webHome != head.webHome { add("theme", "Web home \(optional(base.webHome)) → \(optional(head.webHome)).") }
        let fields: [(String, String?, String?)] = [
            ("accent", base.theme.accent, head.theme.accent), ("accentText", base.theme.accentText, head.theme.accentText),
            ("text", base.theme.text, head.theme.text), ("background", base.theme.background, head.theme.background),
            ("darkText", base.theme.darkText, head.theme.darkText),
            ("darkBackground", base.theme.darkBackground, head.theme.darkBackground), ("logo", base.theme.logo, head.theme.logo),
            ("icon", base.theme.icon, head.theme.icon), ("font", base.theme.font, head.theme.font),
            ("darkAccent", base.theme.darkAccent, head.theme.darkAccent),
            ("darkAccentText", base.theme.darkAccentText, head.theme.darkAccentText),
            ("darkLogo", base.theme.darkLogo, head.theme.darkLogo),
        ]
        for (name, was, now) in fields where was != now { add("theme", "Theme \(name) \(optional(was)) → \(optional(now)).") }
        // A font file's bytes are in the build (its copy's name follows them): `diff` lists the file.
        let faces = { (faces: [FontFace]) in faces.map { "\($0.family) \($0.weight) \($0.style) \($0.source)" } }
        for face in faces(head.theme.fonts) where !faces(base.theme.fonts).contains(face) {
            add("theme", "Theme font \(code(face)) added.")
        }
        for face in faces(base.theme.fonts) where !faces(head.theme.fonts).contains(face) {
            add("theme", "Theme font \(code(face)) removed.")
        }
        for (name, was, now) in [
            ("scripts", base.allowedOrigins.scripts, head.allowedOrigins.scripts),
            ("connect", base.allowedOrigins.connect, head.allowedOrigins.connect),
        ] {
            for origin in now where !was.contains(origin) {
                add(
                    "theme", "Pages may now \(name == "scripts" ? "load scripts from" : "send requests to") \(code(origin)).",
                    attention: true)
            }
            for origin in was where !now.contains(origin) {
                add("theme", "Pages no longer \(name == "scripts" ? "load scripts from" : "send requests to") \(code(origin)).")
            }
        }
    }

    private mutating func templates(_ base: [String: String], _ head: [String: String]) {
        for name in Set(base.keys).union(head.keys).sorted() {
            switch (base[name], head[name]) {
            case (nil, _?): add("templates", "Template \(code(name)) added.")
            case (_?, nil): add("templates", "Template \(code(name)) removed.")
            case (let was?, let now?) where was != now:
                let lines = FileChanges.lineCounts(was, now)
                add("templates", "Template \(code(name)) changed (+\(lines.added) −\(lines.removed) lines).")
            default: break
            }
        }
    }

    /// The app-order sentence finished by the exact walk: the URLs both apps open that now go to
    /// the other app, with an example, or that there are none (checked on every URL of every host).
    package mutating func settleAppOrder(_ regions: LinkRegions, names: (String) -> String) {
        guard let order = appOrderChange, order.index < changes.count else { return }
        let (index, first, second) = (order.index, order.first, order.second)
        let together = regions.changes.filter { change in
            change.installed.map { $0.contains(names(first)) && $0.contains(names(second)) } == true
        }
        if let example = together.first {
            changes[index].text +=
                " \(code(first)) now opens what both open, which went to \(code(second)): \(together.count) region"
                + "\(together.count == 1 ? "" : "s") of URLs (e.g. \(code(example.witness)) on \(example.platform.displayName)), in the "
                + "rows with both installed above."
        } else if regions.unproved.isEmpty {
            changes[index].text +=
                " No URL changes hands with both installed: no URL is opened by both (checked exactly on every URL of every host)."
            changes[index].attention = false
        } else {
            changes[index].text += " Which URLs change hands is not proved (see what was not proved below)."
        }
    }

    /// The apps' own files: what the app claims and which URLs its filters take changes with them,
    /// so a reviewer looks (the links that change are in the regions above).
    private mutating func appFiles(_ base: [String: String], _ head: [String: String]) {
        for path in Set(base.keys).union(head.keys).sorted() {
            switch (base[path], head[path]) {
            case (nil, _?): add("app files", "App file \(code(path)) is now held against the site.", attention: true)
            case (_?, nil): add("app files", "App file \(code(path)) is no longer held against the site.", attention: true)
            case (let was?, let now?) where was != now:
                let lines = FileChanges.lineCounts(was, now)
                add("app files", "App file \(code(path)) changed (+\(lines.added) −\(lines.removed) lines).", attention: true)
            default: break
            }
        }
    }

    /// Item pages by path: rows added, removed and changed, with the first few of each.
    private mutating func items(_ base: [String: UInt64], _ head: [String: UInt64]) {
        let added = head.keys.filter { base[$0] == nil }.sorted()
        let removed = base.keys.filter { head[$0] == nil }.sorted()
        let changed = head.keys.filter { base[$0] != nil && base[$0] != head[$0] }.sorted()
        for (paths, verb) in [(added, "added"), (removed, "removed"), (changed, "changed")] where !paths.isEmpty {
            let shown = paths.prefix(5).map(code).joined(separator: ", ")
            add(
                "item pages",
                "\(count(paths.count, "item page")) \(verb): \(shown)\(paths.count > 5 ? " and \(paths.count - 5) more" : "").",
                attention: verb == "removed")
        }
    }

    private mutating func robots(_ base: RobotsPolicy, _ head: RobotsPolicy) {
        let groups = KeyedSides(base.groups, head.groups, by: \.userAgents)
        func agents(_ group: RobotsGroup) -> String { group.userAgents.map(code).joined(separator: ", ") }
        for group in head.groups {
            guard let old = groups.old(group) else {
                add(
                    "robots.txt",
                    "robots.txt group for \(agents(group)) added: allow \(list(group.allow)), disallow \(list(group.disallow)).")
                continue
            }
            if old.allow != group.allow {
                add("robots.txt", "robots.txt \(agents(group)): allow \(list(old.allow)) → \(list(group.allow)).")
            }
            if old.disallow != group.disallow {
                add("robots.txt", "robots.txt \(agents(group)): disallow \(list(old.disallow)) → \(list(group.disallow)).")
            }
        }
        for group in groups.removed {
            add("robots.txt", "robots.txt group for \(agents(group)) removed.")
        }
        if base.sitemaps != head.sitemaps { add("robots.txt", "Sitemaps \(list(base.sitemaps)) → \(list(head.sitemaps)).") }
    }

    private mutating func tests(_ base: Site, _ head: Site) {
        let before = Set(base.linkTests.map(\.url))
        let after = Set(head.linkTests.map(\.url))
        let added = after.subtracting(before).count
        let removed = before.subtracting(after).count
        if added > 0 { add("link tests", "\(count(added, "link test URL")) added.") }
        if removed > 0 { add("link tests", "\(count(removed, "link test URL")) removed: what they pinned is no longer checked.") }
    }

    // MARK: - Text

    private func code(_ text: String) -> String {
        MarkdownText.code(text)
    }

    private func quoted(_ text: String) -> String { "“\(text)”" }

    private func optional(_ text: String?) -> String { text.map(code) ?? "none" }

    private func list(_ values: [String]) -> String { values.isEmpty ? "none" : values.map(code).joined(separator: ", ") }

    private func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
