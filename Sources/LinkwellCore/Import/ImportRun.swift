/// `import` from start to finish, as one value: the manifest written from the association files a
/// site serves, its build, and the proof that the build decides every URL as those files do. The
/// command reads the files it is given, writes `yaml` beside its schema and prints; every decision
/// is here, testable without a disk.
package struct ImportRun: Sendable {
    /// The manifest's text.
    package var yaml: String
    /// What was not carried over, or needs a person's eye, for the report.
    package var notes: [String]
    /// Readings the proof rests on that the files do not fix: a rule flag (`exclude`,
    /// `caseSensitive`, `percentEncoded`) that is not a JSON boolean, read as Linkwell's matchers
    /// read it. Each names its file and JSON path; `proved` is said with them.
    package var assumptions: [String]
    /// The build of `yaml`, read as the file `manifestPath`.
    package var build: Linkwell.BuildResult
    /// Nil when the manifest does not build: there is nothing to compare.
    package var proof: ImportProof?

    /// `mirror`: the mirror host for preview pages; without one the manifest names `open.<domain>`
    /// and the first note says to change it.
    package init(
        aasa: [ManifestImport.Source], assetLinks: [ManifestImport.Source], domain: String, mirror: String?, manifestPath: String,
        budget: EngineBudget = .default
    ) {
        let mirrorHost = mirror ?? "open.\(domain)"
        let imported = ManifestImport(aasa: aasa, assetLinks: assetLinks, domain: domain, mirror: mirrorHost)
        yaml = imported.yaml
        notes = imported.notes
        assumptions =
            aasa.flatMap { ImportAssumptions.flagsNotBoolean(in: $0.document, source: $0.name, android: false) }
            + assetLinks.flatMap { ImportAssumptions.flagsNotBoolean(in: $0.document, source: $0.name, android: true) }
        if mirror == nil {
            notes.insert("no --mirror: the manifest names '\(mirrorHost)' as the mirror host; change it to the host you serve", at: 0)
        }
        build = Linkwell.build(SourceFile(path: manifestPath, text: imported.yaml))
        proof =
            build.succeeded && build.site != nil
            ? ImportProof(
                aasa: aasa.map(\.document), assetLinks: assetLinks.map(\.document), host: domain, built: build.files, budget: budget) : nil
    }

    /// `wrote site.yaml: 1 iOS apps, …`, once the manifest builds.
    package var builtSummary: String? {
        guard let site = build.site, proof != nil else { return nil }
        return "\(site.iosApps.count) iOS apps, \(site.androidApps.count) Android apps, \(site.routes.count) routes"
    }

    /// Whether the command succeeds: the manifest builds and decides every URL as the original
    /// files do, or the user accepts the differences.
    package func succeeds(allowingDifferences: Bool) -> Bool {
        guard let proof else { return false }
        return !proof.differs || allowingDifferences
    }
}
