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
    /// `short`: the short-link host's own files, proved on that host.
    package init(
        aasa: [ManifestImport.Source], assetLinks: [ManifestImport.Source], domain: String, mirror: String?,
        short: ManifestImport.HostFiles? = nil, manifestPath: String, budget: EngineBudget = .default
    ) {
        let mirrorHost = mirror ?? "open.\(domain)"
        assumptions =
            aasa.flatMap { ImportAssumptions.flagsNotBoolean(in: $0.document, source: $0.name, android: false) }
            + assetLinks.flatMap { ImportAssumptions.flagsNotBoolean(in: $0.document, source: $0.name, android: true) }
            + (short?.aasa ?? []).flatMap { ImportAssumptions.flagsNotBoolean(in: $0.document, source: $0.name, android: false) }
            + (short?.assetLinks ?? []).flatMap { ImportAssumptions.flagsNotBoolean(in: $0.document, source: $0.name, android: true) }
        let originals = [ManifestImport.HostFiles(host: domain, aasa: aasa, assetLinks: assetLinks)] + (short.map { [$0] } ?? [])
        func attempt(join: Bool, accepting: [String: [String]] = [:]) -> (ManifestImport, Linkwell.BuildResult, ImportProof?) {
            let imported = ManifestImport(
                aasa: aasa, assetLinks: assetLinks, domain: domain, mirror: mirrorHost, short: short, joinPlatforms: join,
                accepting: accepting)
            let build = Linkwell.build(SourceFile(path: manifestPath, text: imported.yaml))
            let proof =
                build.succeeded && build.site != nil
                ? ImportProof(originals, built: build.files, budget: budget) : nil
            return (imported, build, proof)
        }
        // The platforms share routes where they agree: each Android app joins its iOS namesake's
        // routes, kept only when that is proved to decide every URL as the files do.
        var chosen = attempt(join: false)
        let androidFiles = assetLinks + (short?.assetLinks ?? [])
        let joinable = androidFiles.contains { !($0.document.array ?? []).isEmpty } && !(aasa + (short?.aasa ?? [])).isEmpty
        if joinable {
            let joined = attempt(join: true)
            if joined.2?.isProvedSame == true { chosen = joined }
        }
        // Warnings the original files already have (the build of the same decisions raises them)
        // are accepted on their routes, so the manifest passes `validate --strict` as served today.
        let accepting = Self.warningsByRoute(chosen.1)
        if !accepting.isEmpty {
            let accepted = attempt(join: chosen.0.joinedPlatforms, accepting: accepting)
            if accepted.1.files == chosen.1.files { chosen = accepted }
        }
        let (imported, built, proved) = chosen
        yaml = imported.yaml
        notes = imported.notes
        if mirror == nil {
            notes.insert("no --mirror: the manifest names '\(mirrorHost)' as the mirror host; change it to the host you serve", at: 0)
        }
        build = built
        proof = proved
    }

    /// Each route's and app's warnings with a code, by route name or `ManifestImport.appKey` (a
    /// warning is an entry's when it is at the entry's place in the manifest, or at one of its keys:
    /// the nearest entry above it of a kind the code is about).
    static func warningsByRoute(_ build: Linkwell.BuildResult) -> [String: [String]] {
        guard let site = build.site else { return [:] }
        var entries: [(key: String, location: SourceLocation, subject: LintCode.Subject)] = site.routes.map {
            ($0.name, $0.location, .route)
        }
        entries += site.iosApps.compactMap { app in app.location.map { (ManifestImport.appKey(app.id, android: false), $0, .iosApp) } }
        entries += site.androidApps.compactMap { app in
            app.location.map { (ManifestImport.appKey(app.id, android: true), $0, .androidApp) }
        }
        var found: [String: [String]] = [:]
        for diagnostic in build.diagnostics where diagnostic.severity == .warning {
            guard let code = diagnostic.code, let location = diagnostic.location,
                let entry = entries.filter({
                    $0.location.file == location.file && $0.location.line <= location.line && code.subjects.contains($0.subject)
                }).max(by: { $0.location.line < $1.location.line })
            else { continue }
            if !(found[entry.key] ?? []).contains(code.rawValue) { found[entry.key, default: []].append(code.rawValue) }
        }
        return found.mapValues { $0.sorted() }
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
