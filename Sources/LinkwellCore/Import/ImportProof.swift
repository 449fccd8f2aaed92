/// Proves an import with the exact engine: the original files against the files the new
/// manifest builds for the same host, on every platform reading and for every app either side
/// names. "Same" is said only when it is proved; every difference comes with a witness URL.
package struct ImportProof: Sendable {
    package var comparisons: [AssociationComparison]
    /// The hosts whose files were compared, in order.
    package var hosts: [String]

    package init(aasa: [JSONValue], assetLinks: [JSONValue], host: String, built files: [OutputFile], budget: EngineBudget = .default) {
        self.init(
            [
                ManifestImport.HostFiles(
                    host: host, aasa: aasa.map { .init(name: "", document: $0) },
                    assetLinks: assetLinks.map { .init(name: "", document: $0) })
            ], built: files, budget: budget)
    }

    /// Each host's original files against the files built for that host.
    package init(_ originals: [ManifestImport.HostFiles], built files: [OutputFile], budget: EngineBudget = .default) {
        let byPath = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        // One budget for the whole proof, shared by its comparisons.
        let budget = budget.share(of: originals.reduce(0) { $0 + $1.aasa.count + $1.assetLinks.count })
        hosts = originals.map(\.host)
        comparisons = originals.flatMap { original in
            let host = original.host
            let builtAASA = byPath["\(host)/\(AssociationFiles.aasa)"].flatMap { try? JSONValue.parse($0) }
            let builtLinks = byPath["\(host)/\(AssociationFiles.assetLinks)"].flatMap { try? JSONValue.parse($0) }
            return original.aasa.map {
                AssociationComparison(
                    before: .init(aasa: $0.document, assetLinks: nil), after: .init(aasa: builtAASA, assetLinks: nil), host: host,
                    budget: budget)
            }
                + original.assetLinks.map {
                    AssociationComparison(
                        before: .init(aasa: nil, assetLinks: $0.document), after: .init(aasa: nil, assetLinks: builtLinks), host: host,
                        budget: budget)
                }
        }
    }

    package var differences: [LinkComparison] { comparisons.flatMap(\.differences) }
    package var isProvedSame: Bool { comparisons.allSatisfy(\.isProvedSame) }
    /// Some URL is decided otherwise: by an app alone, by apps installed together, or by a
    /// changed signing certificate.
    package var differs: Bool { comparisons.contains(where: \.differs) }

    /// The report, one line each: a difference with its witness, what was not proved, or the proof.
    package var lines: [String] {
        var lines: [String] = []
        for comparison in differences {
            for difference in comparison.differences {
                lines.append(Self.describe(difference, comparison: comparison))
            }
        }
        for difference in comparisons.flatMap(\.installedApps) {
            lines.append(Self.describe(difference))
        }
        lines += comparisons.flatMap(\.certificateChanges).map { "Android (every version) · \($0)" }
        lines += comparisons.flatMap(\.verificationChanges).map {
            "\(AssociationComparison.androidWithoutRules) · \($0.package): \($0.sentence)"
        }
        for comparison in comparisons.flatMap(\.comparisons) where comparison.verdict == .notProven {
            lines.append("\(comparison.platform.displayName) · \(comparison.app): \(comparison.summary)")
        }
        lines += comparisons.flatMap(\.notCompared).map { "not compared: \($0)" }
        lines += comparisons.flatMap(\.inconsistencies).map { "internal check failed (please report): \($0)" }
        return lines
    }

    /// What was proved, counted.
    package var summary: String {
        let all = comparisons.flatMap(\.comparisons)
        // Verification is compared whenever Android files are: it decides Android ≤14 and Android without Google services.
        let verified = comparisons.contains(where: \.comparesAndroid) ? [AssociationComparison.androidWithoutRules] : []
        let platforms = (all.map(\.platform).uniqued().sorted().map(\.displayName) + verified).joined(separator: ", ")
        let apps = all.map(\.app).uniqued().count
        if isProvedSame, all.isEmpty {
            return "proved: neither the original files nor the build have app-link rules for any app"
        }
        if isProvedSame {
            let together =
                comparisons.contains { !$0.appSets.isEmpty }
                ? ", for every combination of installed apps under either reading of an exclusion across apps" : ""
            // One host is the command's own --domain; several are named.
            let onHosts = hosts.count > 1 ? " on \(hosts.joined(separator: " and "))" : ""
            return
                "proved: the build decides every URL\(onHosts) as the original files do (\(platforms); \(apps) app\(apps == 1 ? "" : "s")\(together))"
        }
        let differing =
            differences.reduce(0) { $0 + $1.differences.count } + comparisons.reduce(0) { $0 + $1.installedApps.count }
            + comparisons.reduce(0) { $0 + $1.certificateChanges.count + $1.verificationChanges.count }
        if differing > 0 {
            return "\(differing) region\(differing == 1 ? "" : "s") where the build decides otherwise than the original files"
        }
        return "no difference found, but not proved for everything (see below)"
    }

    static func describe(_ difference: InstalledAppsDifference) -> String {
        func text(_ side: InstalledAppsDifference.Side) -> String {
            let verb = side.app.map { "opens \($0)" } ?? "stays in the browser"
            return side.decision.ruleText.map { "\(verb) (\($0))" } ?? "\(verb) (no rule)"
        }
        let reading = difference.reading.map { " (\($0.words))" } ?? ""
        return "\(difference.platform.displayName) · \(difference.installedText)\(reading): \(difference.witness) — original files: "
            + "\(text(difference.before)); manifest: \(text(difference.after))"
    }

    static func describe(_ difference: LinkDifference, comparison: LinkComparison) -> String {
        func text(_ decision: MatchDecision) -> String {
            let verb = decision.opensApp ? "opens the app" : "stays in the browser"
            return decision.ruleText.map { "\(verb) (\($0))" } ?? "\(verb) (no rule)"
        }
        let region = difference.breadth.map { " — region: \($0.sentence)" } ?? ""
        return "\(comparison.platform.displayName) · \(comparison.app): \(difference.witness) — original files: "
            + "\(text(difference.before)); manifest: \(text(difference.after))\(region)"
    }
}
