/// The apps' files as text (`AppFiles.File` names which).
extension AppFiles {
    static func render(_ file: File, site: Site) -> String {
        let expander = VariableExpander(variables: site.substitutionVariables)
        func ios(_ id: String) -> IOSApp? { site.iosApps.first { $0.id == id } }
        func android(_ id: String) -> AndroidApp? { site.androidApps.first { $0.id == id } }
        switch file {
        case .entitlements(let id, let mode): return ios(id).map { entitlements(site: site, app: $0, mode: mode) } ?? ""
        case .clipEntitlements: return plist(site.hosts.map { "appclips:\($0)" })
        case .intentFilters(let id): return android(id).map { intentFilters(site: site, app: $0, expander: expander) } ?? ""
        case .dynamicIntentFilters(let id): return android(id).map { dynamicOnlyIntentFilters(site: site, app: $0) } ?? ""
        case .routes: return RoutesFile(site: site, expander: expander).json
        case .shortLinks(let host, let primaryHost): return shortLinks(site: site, host: host, primaryHost: primaryHost)
        }
    }

    /// `app/short-links.json`: every code the manifest lists and the URL it stands for, which the
    /// app (opened by the short host) resolves itself, as the host would redirect a browser;
    /// codes not in it are the app's own (a route on the short host opens them).
    static func shortLinks(site: Site, host: String, primaryHost: String) -> String {
        JSONText.document(
            .fields([
                "host": .string(host),
                "links": .object(
                    Dictionary(site.shortLinks.map { ($0.code, JSONValue.string($0.url(primaryHost: primaryHost))) }) { first, _ in first }),
            ]))
    }

    // MARK: - iOS

    /// `com.apple.developer.associated-domains` for one app: `applinks:` for every host with a
    /// route for it, `webcredentials:` when it shares credentials. The developer variant adds
    /// `?mode=developer`, which fetches from the host directly instead of Apple's CDN.
    static func entitlements(site: Site, app: IOSApp, mode: String?) -> String {
        let suffix = mode.map { "?mode=\($0)" } ?? ""
        let linkHosts = site.hosts.filter { host in site.routes(on: host).contains { $0.apps.contains(app.id) } }
        var entries = linkHosts.map { "applinks:\($0)\(suffix)" }
        if app.webcredentials { entries += site.hosts.map { "webcredentials:\($0)\(suffix)" } }
        return plist(entries)
    }

    static func plist(_ entries: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>com.apple.developer.associated-domains</key>
        \t<array>
        \(entries.map { "\t\t<string>\(XML.escape($0))</string>" }.joined(separator: "\n"))
        \t</array>
        </dict>
        </plist>

        """
    }

    // MARK: - Android

    /// One verified filter per host group (a mirror pair, the short host) with the app's
    /// include routes as path attributes, so Android 14 and earlier open what they can express;
    /// Android 15+ then applies the dynamic rules from assetlinks.json on top.
    static func intentFilters(site: Site, app: AndroidApp, expander: VariableExpander) -> String {
        var sections: [String] = []
        for (hosts, entries) in intentFilterEntries(site: site, app: app) {
            let paths = entries.compactMap { entry in
                entry.attribute.map { "        <data \(attribute($0)) />  <!-- \(XML.comment(entry.route)) -->" }
            }
            let excluded = site.routes.filter { route in
                route.exclude && route.apps.contains(app.id) && hosts.contains(where: route.hosts.contains)
            }
            var notes = [
                "Hosts: \(hosts.joined(separator: ", ")). Android 15+ also applies the dynamic rules in each host's assetlinks.json."
            ]
            if !excluded.isEmpty {
                notes.append(
                    "Android 14 and earlier cannot exclude (\(excluded.map(\.name).joined(separator: ", "))): check each URL in the app and hand unsupported ones back to the browser."
                )
            }
            sections.append(filter(hosts: hosts, paths: paths, notes: notes))
        }
        return document(app: app, sections: sections)
    }

    /// Each host group's filter for `app`: its include routes' path attributes in order, or a
    /// single entry without an attribute when one route takes every path (a host-only filter).
    static func intentFilterEntries(site: Site, app: AndroidApp) -> [(
        hosts: [String], paths: [(attribute: AndroidPathMatcher?, route: String)]
    )] {
        let expander = VariableExpander(variables: site.substitutionVariables)
        return hostGroups(site).compactMap { hosts in
            let includes = site.routes.filter { route in
                !route.exclude && route.apps.contains(app.id) && hosts.contains(where: route.hosts.contains)
            }
            guard !includes.isEmpty else { return nil }
            let translations = includes.map { ($0.name, AndroidManifestPaths(route: $0, defaults: site.defaults, expander: expander)) }
            if let everything = translations.first(where: { $0.1.attributes.isEmpty }) {
                return (hosts, [(nil, everything.0)])
            }
            return (hosts, translations.flatMap { name, paths in paths.attributes.map { (Optional($0), name) } })
        }
    }

    /// Google's variant for apps whose path logic lives only in the dynamic rules: a dummy path
    /// keeps Android 14 and earlier from opening anything, and a `uri-relative-filter-group`
    /// (API 35) lets Android 15+ consider every path, narrowed by the dynamic rules.
    static func dynamicOnlyIntentFilters(site: Site, app: AndroidApp) -> String {
        let sections = hostGroups(site).filter { hosts in
            site.routes.contains { $0.apps.contains(app.id) && !$0.exclude && hosts.contains(where: $0.hosts.contains) }
        }
        .map { hosts in
            filter(
                hosts: hosts,
                paths: [
                    "        <data android:path=\"/no_match_for_older_android_versions\" />",
                    "        <uri-relative-filter-group android:allow=\"true\">",
                    "            <data android:pathPattern=\"/.*\" />",
                    "        </uri-relative-filter-group>",
                ],
                notes: [
                    "Hosts: \(hosts.joined(separator: ", ")). Android 14 and earlier open none of these links; Android 15+ opens exactly what the dynamic rules allow. If assetlinks.json is missing or invalid, verification fails on Android 15+."
                ])
        }
        return document(app: app, sections: sections)
    }

    static func hostGroups(_ site: Site) -> [[String]] {
        site.mirrorPairs.map { [$0.primary, $0.mirror] } + (site.shortHost.map { [[$0]] } ?? [])
    }

    static func filter(hosts: [String], paths: [String], notes: [String]) -> String {
        var lines = notes.map { "    <!-- \(XML.comment($0)) -->" }
        lines.append("    <intent-filter android:autoVerify=\"true\">")
        lines.append("        <action android:name=\"android.intent.action.VIEW\" />")
        lines.append("        <category android:name=\"android.intent.category.DEFAULT\" />")
        lines.append("        <category android:name=\"android.intent.category.BROWSABLE\" />")
        lines.append("        <data android:scheme=\"http\" />")
        lines.append("        <data android:scheme=\"https\" />")
        lines += hosts.map { "        <data android:host=\"\(XML.escape($0))\" />" }
        lines += paths
        lines.append("    </intent-filter>")
        return lines.joined(separator: "\n")
    }

    static func document(app: AndroidApp, sections: [String]) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <!-- Generated by Linkwell for \(XML.comment(app.package)): paste these into the activity that handles links. -->
        <intent-filters xmlns:android="http://schemas.android.com/apk/res/android">
        \(sections.joined(separator: "\n\n"))
        </intent-filters>

        """
    }

    /// An attribute as written in XML. Resource compilation reads `\\` as one backslash in every
    /// string attribute (Android documents it for `pathPattern`), so every path attribute escapes
    /// it alike: the app then compares the path the manifest names.
    static func attribute(_ matcher: AndroidPathMatcher) -> String {
        func value(_ text: String) -> String { XML.escape(text.replacingEvery("\\", with: "\\\\")) }
        return switch matcher {
        case .path(let text): "android:path=\"\(value(text))\""
        case .prefix(let text): "android:pathPrefix=\"\(value(text))\""
        case .suffix(let text): "android:pathSuffix=\"\(value(text))\""
        case .pattern(let text): "android:pathPattern=\"\(value(text))\""
        case .advancedPattern(let text): "android:pathAdvancedPattern=\"\(value(text))\""
        }
    }
}
