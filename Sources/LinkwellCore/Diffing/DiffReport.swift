#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A `ManifestDiff` as Markdown for a pull-request comment: links first (what users will
/// notice), then preview pages, routes and files.
extension ManifestDiff {
    /// At most this many files are listed one by one; item pages can number in the thousands.
    static let listedFiles = 50

    package func markdown(base: String, head: String) -> String {
        var lines = ["## Linkwell: what this change does to links", ""]
        if isFirst {
            lines.append(
                "\(MarkdownText.code(base)) has no manifest: this change adds \(MarkdownText.code(head)), so everything below is new. Compared on every URL of every "
                    + "host, exactly, and on \(urlCount) sample URLs (every route's sample URL and every link test), on each platform and app."
            )
        } else {
            lines.append(
                "Compared \(MarkdownText.code(base)) → \(MarkdownText.code(head)) on every URL of every host, exactly, and on \(urlCount) sample URLs "
                    + "(every route's sample URL and every link test), on each platform and app.")
        }
        lines.append("")
        if !changes.beforeMerging.isEmpty {
            lines +=
                changes.beforeMerging.count == 1
                ? ["**Before merging:** \(changes.beforeMerging[0]).", ""]
                : ["**Before merging:**", ""] + changes.beforeMerging.map { "- \($0)" } + [""]
        }
        lines += summary
        lines += regionSection + linkSection + changeSection + warningSection + previewSection + routeSection + fileSection
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report in a few sentences, first: how many families of URLs change, on which hosts,
    /// for which apps, and what else changes (each counted from the section that lists it).
    private var summary: [String] {
        var sentences: [String] = []
        let rows = regionRows
        if rows.isEmpty {
            sentences.append(
                regions.unproved.isEmpty
                    ? "No URL on any host changes what it does (proved)." : "No URL was found that changes what it does (not all proved).")
        } else {
            let hosts = rows.flatMap(\.hosts).uniqued()
            let apps = rows.flatMap(\.apps).uniqued()
            sentences.append(
                "\(rows.count) \(rows.count == 1 ? "region" : "regions") of URLs \(rows.count == 1 ? "changes" : "change") what \(rows.count == 1 ? "it does" : "they do"), on "
                    + "\(hosts.count) \(hosts.count == 1 ? "host" : "hosts") (\(hosts.map(MarkdownText.code).joined(separator: ", "))), for "
                    + "\(apps.joined(separator: ", ")).")
        }
        var others: [String] = []
        if !routes.isEmpty { others.append(Self.count(routes.count, "route change")) }
        if !changes.changes.isEmpty { others.append(Self.count(changes.changes.count, "other manifest change")) }
        if !newWarnings.isEmpty { others.append(Self.count(newWarnings.count, "new warning")) }
        if !previews.isEmpty { others.append(Self.count(previews.count, "preview page change")) }
        others.append(
            files.isEmpty ? "no built file changes" : Self.count(files.count, "built file") + " \(files.count == 1 ? "changes" : "change")")
        sentences.append("Also: " + others.joined(separator: ", ") + ".")
        return ["**Summary.** " + sentences.joined(separator: " "), ""]
    }

    private static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// GitHub refuses a comment over 65,536 characters, so the largest changes would get none:
    /// the comment `diff` writes by default stays under this many.
    package static let commentLimit = 60_000

    /// The report cut to at most `limit` characters (counted as UTF-16 code units, never fewer
    /// than GitHub counts) at a line's end, with a closing note that says how many lines of which
    /// sections were left out and where the whole report is.
    package func markdown(base: String, head: String, limit: Int) -> String {
        let whole = markdown(base: base, head: head)
        guard whole.utf16.count > limit else { return whole }
        let lines = whole.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The note is at most this long: a count, the sections' names, the pointer.
        let reserve = 600
        var kept: [String] = []
        var used = 0
        var section = ""
        var cutSections: [String] = []
        var left = 0
        for line in lines {
            if line.hasPrefix("### ") { section = String(line.dropFirst(4)) }
            if left == 0, used + line.utf16.count + 1 <= limit - reserve {
                kept.append(line)
                used += line.utf16.count + 1
                continue
            }
            if !line.isEmpty { left += 1 }
            if !section.isEmpty, cutSections.last != section { cutSections.append(section) }
        }
        let sections = cutSections.prefix(6).map { "“\($0)”" }.joined(separator: ", ")
        kept += [
            "",
            "> **This comment is cut short** to stay under GitHub's limit for a comment: \(left) more line\(left == 1 ? "" : "s") of "
                + "\(sections) \(left == 1 ? "is" : "are") left out. The whole report is in the run's job summary when the Linkwell "
                + "Action wrote this comment, and `linkwell diff` prints it whole (`--comment-limit 0`).",
        ]
        return kept.joined(separator: "\n") + "\n"
    }

    /// The build's warnings this change adds and those it resolves, each with its manifest line
    /// and code (what `accept:` takes).
    private var warningSection: [String] {
        guard !newWarnings.isEmpty || !resolvedWarnings.isEmpty else { return [] }
        var lines = ["### Warnings", ""]
        func line(_ warning: Diagnostic) -> String {
            (warning.location.map { MarkdownText.code("\($0)") + " " } ?? "") + MarkdownText.code(warning.message)
                + (warning.code.map { " `[\($0.rawValue)]`" } ?? "")
        }
        lines += newWarnings.map { "- ⚠️ new: " + line($0) }
        lines += resolvedWarnings.map { "- resolved: " + line($0) }
        lines.append("")
        return lines
    }

    /// Everything else a reviewer must see, by topic; ⚠️ marks what can break links people use.
    private var changeSection: [String] {
        guard !changes.changes.isEmpty else { return [] }
        var lines = ["### What else changes", ""]
        var topic = ""
        for change in changes.changes {
            if change.topic != topic {
                if !topic.isEmpty { lines.append("") }
                topic = change.topic
                lines += ["**\(topic == "robots.txt" ? topic : topic.prefix(1).uppercased() + topic.dropFirst())**", ""]
            }
            lines.append("- \(change.attention ? "⚠️ " : "")\(change.text)")
        }
        lines.append("")
        return lines
    }

    /// The exact comparison: one row per region (platforms with the same change are one row).
    private var regionSection: [String] {
        var lines = ["### Links that change (every URL, exact)", ""]
        if regions.changes.isEmpty {
            lines.append(
                regions.unproved.isEmpty
                    ? "Proved: no URL on any host changes what it does, on any platform, for any app (\(regions.comparisons) comparisons)."
                    : "No URL was found that changes what it does, but not everything was proved:")
        } else {
            lines += [
                "Each row is a region: every URL that the Before rule decided and the After rule decides now, on the hosts it "
                    + "names. Its shortest URLs come first, then how many there are and the start they all share.", "",
                "| Hosts | Platforms | Apps | URLs | Before | After |", "| --- | --- | --- | --- | --- | --- |",
            ]
            for row in regionRows {
                let platforms = row.platforms.map(\.displayName).joined(separator: ", ")
                lines.append(
                    "| \(row.hosts.map(code).joined(separator: ", ")) | \(cell(platforms)) | \(cell(row.apps.joined(separator: ", "))) | "
                        + "\(Self.urls(row)) | \(Self.text(row.change.before)) | \(Self.text(row.change.after)) |")
            }
        }
        for note in regions.unproved { lines.append("- not proven: \(cell(note))") }
        lines.append("")
        return lines
    }

    /// The region rows, merged: first the apps of one platform, then the platforms whose apps are
    /// the same (so a row never pairs an app with a platform it is not on), then the hosts.
    var regionRows: [HostRow] {
        var byPlatform: [(change: LinkRegions.Change, apps: [String])] = []
        for change in regions.changes {
            if let index = byPlatform.firstIndex(where: { Self.sameRegion($0.change, change) && $0.change.platform == change.platform }) {
                byPlatform[index].apps = (byPlatform[index].apps + [change.app]).uniqued()
            } else {
                byPlatform.append((change, [change.app]))
            }
        }
        var rows: [(change: LinkRegions.Change, platforms: [Platform], apps: [String])] = []
        for entry in byPlatform {
            if let index = rows.firstIndex(where: { Self.sameRegion($0.change, entry.change) && $0.apps == entry.apps }) {
                rows[index].platforms = (rows[index].platforms + [entry.change.platform]).uniqued()
            } else {
                rows.append((entry.change, [entry.change.platform], entry.apps))
            }
        }
        return Self.acrossHosts(rows)
    }

    /// A region row for every host it is on: the same change (platforms, apps, both sides) at
    /// the same path on several hosts — a route on both mirrors and the short host — is one row.
    struct HostRow {
        var change: LinkRegions.Change
        var hosts: [String]
        var platforms: [Platform]
        var apps: [String]
        /// The example URL from its path on (the hosts are in their own column).
        var example: String
    }

    static func acrossHosts(_ rows: [(change: LinkRegions.Change, platforms: [Platform], apps: [String])]) -> [HostRow] {
        var merged: [HostRow] = []
        for row in rows {
            let prefix = "https://\(row.change.host)"
            let example = row.change.witness.hasPrefix(prefix) ? String(row.change.witness.dropFirst(prefix.count)) : row.change.witness
            if let index = merged.firstIndex(where: {
                $0.example == example && $0.platforms == row.platforms && $0.apps == row.apps && $0.change.before == row.change.before
                    && $0.change.after == row.change.after && $0.change.breadth == row.change.breadth
            }) {
                merged[index].hosts.append(row.change.host)
            } else {
                merged.append(
                    HostRow(change: row.change, hosts: [row.change.host], platforms: row.platforms, apps: row.apps, example: example))
            }
        }
        return merged
    }

    /// Sample rows merged across hosts: the same path, origin, platforms, apps and decisions on
    /// several hosts (a route's sample on every host it is on) is one row naming them.
    static func sampleRows(_ links: [ManifestDiff.LinkChange]) -> [(hosts: [String], path: String, change: ManifestDiff.LinkChange)] {
        var rows: [(hosts: [String], path: String, change: ManifestDiff.LinkChange)] = []
        for change in links {
            // `https://host/path?query`: the host, and everything from the path on (as written).
            let afterScheme = change.url.firstRange(of: "://").map { change.url[$0.upperBound...] } ?? change.url[...]
            let host = String(afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
            let path = String(afterScheme.dropFirst(host.count))
            if let index = rows.firstIndex(where: {
                $0.path == path && $0.change.origin == change.origin && $0.change.platforms == change.platforms
                    && $0.change.apps == change.apps && $0.change.before == change.before && $0.change.after == change.after
            }) {
                rows[index].hosts.append(host)
            } else {
                rows.append(([host], path, change))
            }
        }
        return rows
    }

    static func sameRegion(_ a: LinkRegions.Change, _ b: LinkRegions.Change) -> Bool {
        a.host == b.host && a.witness == b.witness && a.before == b.before && a.after == b.after && a.breadth == b.breadth
    }

    /// A region's URLs cell: its shortest URL (made readable), then its next shortest and its
    /// breadth in words, when the walk read them.
    static func urls(_ row: HostRow) -> String {
        guard let breadth = row.change.breadth else { return MarkdownText.code(row.example) }
        // The first example is the shortest URL, which `example` may show filled in (`ReadableWitness`).
        // A region of one URL shows that URL itself.
        let first = breadth.exhaustive ? breadth.examples[0] : row.example
        let more = breadth.examples.dropFirst().filter { $0 != first }
        let shown = ([first] + more).map(MarkdownText.code).joined(separator: " ")
        let words = breadth.words(code: MarkdownText.code)
        return "\(shown)<br>\(words)"
    }

    static func text(_ side: LinkRegions.Side) -> String {
        let route = side.route.map { " (route \(MarkdownText.code($0)))" } ?? ""
        if let opener = side.opener {
            return opener.isEmpty ? "browser (no installed app opens it)" : "**opens \(MarkdownText.code(opener))**"
        }
        switch side.outcome {
        case .match: return "**opens the app**\(route)"
        // An exclusion no route wrote is the closing rule: it stands for every URL no route names.
        case .exclude:
            return "browser (excluded" + (side.route.map { " by \(MarkdownText.code($0))" } ?? " by the closing rule: no route names it")
                + ")"
        case .noMatch: return side.rule.map { "browser (\(cell($0)))" } ?? "browser (no rule)"
        case .intentFilters: return "the app's intent filters decide"
        }
    }

    private var linkSection: [String] {
        // Samples are judged one app at a time: which app opens a URL when several are installed
        // is the exact comparison's (the section above), and the sentence says so.
        let scope = "each app judged on its own; with several installed, see the section above"
        guard !links.isEmpty else {
            return ["### Sample URLs", "", "No sample URL changes what it does on any platform (\(scope)).", ""]
        }
        var lines = [
            "### Sample URLs", "", "Each app judged on its own (with several installed, see the section above).", "",
            "| Hosts | Path | Platforms | Apps | Before | After |", "| --- | --- | --- | --- | --- | --- |",
        ]
        for row in Self.sampleRows(links) {
            let platforms = row.change.platforms.map(\.displayName).joined(separator: ", ")
            lines.append(
                "| \(row.hosts.map(code).joined(separator: ", ")) | \(code(row.path))<br>\(cell(row.change.origin)) | \(cell(platforms)) | "
                    + "\(cell(row.change.apps.joined(separator: ", "))) | \(Self.text(row.change.before)) | \(Self.text(row.change.after)) |"
            )
        }
        lines.append("")
        let opened = links.filter { !$0.before.opensApp && $0.after.opensApp }
        if !opened.isEmpty {
            let paths = opened.map(\.url).uniqued()
            lines.append(
                "> **Now opens the app:** \(paths.map(code).joined(separator: ", ")). Association files apply to every "
                    + "installed version of the app, including versions released before this change: check that those "
                    + "handle these paths, or give the page type `since`.")
            lines.append("")
        }
        let closed = links.filter { $0.before.opensApp && !$0.after.opensApp }
        if !closed.isEmpty {
            let paths = closed.map(\.url).uniqued()
            // Said per platform: only the readings whose decision changed, and each one's way of learning it.
            let platforms = Platform.allCases.filter { platform in closed.contains { $0.platforms.contains(platform) } }
            let fromFiles = platforms.filter { $0 != .androidLegacy }
            var when: [String] = []
            if !fromFiles.isEmpty {
                when.append("\(fromFiles.map(\.displayName).joined(separator: ", ")) devices when they refetch the association files")
            }
            if platforms.contains(.androidLegacy) { when.append("Android ≤14 once the app ships the new intent filters") }
            let others = platforms.count < Platform.allCases.count ? "; other platforms decide them as before" : ""
            lines.append(
                "> **No longer opens the app:** \(paths.map(code).joined(separator: ", ")). On \(platforms.map(\.displayName).joined(separator: ", ")) "
                    + "these links now stay in the browser, also where the app is installed (\(when.joined(separator: "; ")))\(others).")
            lines.append("")
        }
        return lines
    }

    private var previewSection: [String] {
        guard !previews.isEmpty else { return [] }
        var lines = ["### Preview pages", "", "| URL | What | Before | After |", "| --- | --- | --- | --- |"]
        for change in previews {
            lines.append("| \(code(change.url)) | \(cell(change.aspect)) | \(code(change.before)) | \(code(change.after)) |")
        }
        lines.append("")
        return lines
    }

    private var routeSection: [String] {
        guard !routes.isEmpty else { return [] }
        var lines = ["### Routes", ""]
        for change in routes {
            switch change.kind {
            case .moved: lines.append("- **order changed** (the first matching route decides): \(change.details.joined())")
            default:
                lines.append("- **\(change.kind.rawValue)** \(MarkdownText.code(change.name)): \(change.details.joined(separator: "; "))")
            }
        }
        lines.append("")
        return lines
    }

    private var fileSection: [String] {
        guard !files.isEmpty else {
            return ["### Files", "", "No built file changes (\(fileCount) files)."] + fingerprintNote + [""]
        }
        let counts = [OutputChange.Kind.changed, .added, .removed].compactMap { kind -> String? in
            let count = files.filter { $0.kind == kind }.count
            return count == 0 ? nil : "\(count) \(kind.rawValue)"
        }
        var lines = ["### Files", "", "\(counts.joined(separator: ", ")) (the new build has \(fileCount) files)."] + fingerprintNote + [""]
        lines += ["| File | Change | Lines |", "| --- | --- | --- |"]
        for change in files.prefix(Self.listedFiles) {
            lines.append("| \(code(change.path)) | \(change.kind.rawValue) | \(change.size) |")
        }
        if files.count > Self.listedFiles { lines.append("| … and \(files.count - Self.listedFiles) more | | |") }
        lines.append("")
        return lines
    }

    /// What the file counts took on fingerprints rather than on rendered bytes, said where they are.
    private var fingerprintNote: [String] {
        guard itemPagesSameByFingerprint > 0 else { return [] }
        let pages = itemPagesSameByFingerprint == 1 ? "1 item page was" : "\(itemPagesSameByFingerprint) item pages were"
        return [
            "",
            "\(pages) not rendered: each has the inputs of the base's page at its path (its row, page type and host, "
                + "the manifest's structure and the templates, compared by fingerprint), so it is counted as unchanged.",
        ]
    }

    static func text(_ outcome: Outcome) -> String {
        switch outcome {
        case .opens(let route): "**opens the app**" + (route.map { " (route \(MarkdownText.code($0)))" } ?? "")
        case .excluded(let route): "browser (excluded by \(MarkdownText.code(route)))"
        case .browser: "browser (no rule)"
        case .noApp: "— (app not in the manifest)"
        case .noHost: "— (host not in the manifest)"
        }
    }

    /// The annotations `--diagnostics-format github` adds: a warning for every change that can
    /// break links people use, a notice for every sample URL that now opens or no longer opens the app.
    package func annotations(manifest: String) -> [Diagnostic] {
        var found = changes.changes.filter(\.attention).map {
            // At the head manifest's line of the entry changed (an app's, for a key rotation), so
            // the annotation attaches to it in the pull request's diff.
            Diagnostic.warning(DiffAnnotation.change(manifest: manifest, plain($0.text)), at: $0.location)
        }
        for change in links where change.before.opensApp != change.after.opensApp {
            found.append(Diagnostic(.note, DiffAnnotation.opensApp(change.url, now: change.after.opensApp, on: change.platforms), at: nil))
        }
        return found
    }

    /// The report for bots: every section, as data with stable ids (`docs/diff-report.schema.json`):
    /// platforms as `match --json` names them, decisions as its `decision` values with the rule
    /// and route, change topics as codes. Every sentence is also given, in plain text.
    package func json(base: String, head: String) -> String {
        JSONText.encode(
            DiffJSON(
                version: DiffJSON.version, base: base, head: head, firstManifest: isFirst,
                links: !regions.changes.isEmpty ? "different" : regions.unproved.isEmpty ? "same" : "not proven",
                unproved: regions.unproved,
                regions: regions.changes.map { change in
                    DiffJSON.Region(
                        host: change.host, platform: change.platform.rawValue, app: change.installed == nil ? change.app : nil,
                        installed: change.installed, reading: change.reading?.rawValue, example: change.witness,
                        breadth: change.breadth.map(DiffJSON.Breadth.init),
                        before: DiffJSON.Decision(change.before), after: DiffJSON.Decision(change.after),
                        text: plain(
                            "\(change.platform.displayName), \(change.app): \(Self.text(change.before)) → \(Self.text(change.after))"))
                },
                samples: links.map {
                    DiffJSON.Sample(
                        url: $0.url, origin: $0.origin, platforms: $0.platforms.map(\.rawValue), apps: $0.apps,
                        before: DiffJSON.Decision($0.before), after: DiffJSON.Decision($0.after))
                },
                changes: changes.changes.map {
                    DiffJSON.Change(
                        topic: DiffJSON.topicCode($0.topic), attention: $0.attention, text: plain($0.text), markdown: $0.text,
                        location: $0.location)
                },
                previews: previews.map { .init(url: $0.url, aspect: $0.aspect, before: $0.before, after: $0.after) },
                routes: routes.map { .init(kind: $0.kind.rawValue, name: $0.name, details: $0.details.map(plain)) },
                files: files.map {
                    .init(
                        path: $0.path, kind: $0.kind.rawValue, addedLines: $0.addedLines, removedLines: $0.removedLines,
                        reordered: $0.reordered ? true : nil, bytesBefore: $0.bytes?.before, bytesAfter: $0.bytes?.after)
                },
                fileCount: fileCount, itemPagesSameByFingerprint: itemPagesSameByFingerprint, newWarnings: newWarnings,
                resolvedWarnings: resolvedWarnings))
    }
}

/// Markdown emphasis and code marks taken out, for annotations and JSON.
private func plain(_ text: String) -> String {
    text.replacingEvery("**", with: "").replacingEvery("`", with: "")
}

private func code(_ text: String) -> String {
    MarkdownText.code(text)
}

/// Prose in a table cell.
private func cell(_ text: String) -> String {
    text.replacingEvery("|", with: "\\|").replacingEvery("\n", with: " ")
}

/// The annotations `diff` adds to a pull request.
package enum DiffAnnotation: DiagnosticMessage {
    /// A manifest change that can break links, as the report says it.
    case change(manifest: String, String)
    case opensApp(String, now: Bool, on: [Platform])

    package var text: String {
        switch self {
        case .change(let manifest, let sentence):
            "\(manifest): \(sentence)"
        case .opensApp(let url, let now, let platforms):
            "\(url) \(now ? "now opens the app" : "no longer opens the app") on \(platforms.map(\.displayName).joined(separator: ", "))"
        }
    }
}
