/// The whole build as one function of the manifest text, with no I/O:
/// load → validate → resolve → plan → render → lint → test. Each stage runs only when the ones before it
/// found no error, and every diagnostic found on the way is returned.
/// Each stage reports everything it finds in one go.
package enum Linkwell {
    /// The version `--version` prints; part of what a build record trusts (`BuildRecord`).
    package static let version = "0.1.0"

    package struct BuildResult: Sendable {
        package var site: Site?
        package var plan: BuildPlan?
        package var files: [OutputFile]
        package var diagnostics: [Diagnostic]
        /// The compiled templates, for the item stage (`ItemBuild`).
        package var templates: PageTemplates?
        /// The preview pages the route pages were rendered with, for the item stage: their item
        /// page setups (frames, compiled programs) are made once, not again before the first row.
        package var pages: PreviewPages?
        /// The apps' own files site.yaml names, read and parsed (`match` decides from them too).
        package var appSide = AppSideFiles()
        /// Those files held against the built ones, when there are any (`linkwell app`).
        package var appProof: AppProof?

        package var succeeded: Bool { !diagnostics.hasErrors }
    }

    /// With `strict`, every warning is an error: the build fails and writes nothing.
    /// `project` reads the templates folder (the manifest's `templates`, or `templatesFolder`,
    /// which wins). Item pages are streamed afterwards by `ItemBuild`.
    package static func build(
        _ manifest: SourceFile, project: some ProjectFiles = NoProjectFiles(), templatesFolder: String? = nil, strict: Bool = false
    ) -> BuildResult {
        var diagnostics: [Diagnostic] = []
        var templates: PageTemplates?
        var pages: PreviewPages?
        var appSide = AppSideFiles()
        var appProof: AppProof?
        func finish(_ site: Site? = nil, _ plan: BuildPlan? = nil, _ files: [OutputFile] = []) -> BuildResult {
            if strict { diagnostics = diagnostics.promotingWarnings() }
            let sorted = diagnostics.sortedByLocation()
            return BuildResult(
                site: site, plan: plan, files: sorted.hasErrors ? [] : files, diagnostics: sorted, templates: templates, pages: pages,
                appSide: appSide, appProof: appProof)
        }

        let raw: RawManifest
        switch load(manifest) {
        case .success(let loaded):
            raw = loaded.manifest
            diagnostics += loaded.diagnostics
        case .failure(let error):
            diagnostics.append(error)
            return finish()
        }
        // A value of the wrong shape reads as absent; judging the manifest now would repeat
        // each such problem as a "missing key", so shape errors are reported on their own.
        guard !diagnostics.hasErrors else { return finish() }
        diagnostics += Validation.validate(raw)
        guard !diagnostics.hasErrors else { return finish() }

        let site: Site
        do {
            site = try Resolve.site(from: raw)
        } catch {
            diagnostics.append(error.diagnostic)
            return finish()
        }
        let loaded = loadTemplates(site: site, project: project, folder: templatesFolder)
        diagnostics += loaded.diagnostics
        guard let pageTemplates = loaded.templates else { return finish(site) }
        templates = pageTemplates
        diagnostics += pageTemplates.scriptProblems(site: site)
        diagnostics += Lints.unaccepted(UnusedPageSettings.warnings(site, templates: pageTemplates), site: site)
        guard !diagnostics.hasErrors else { return finish(site) }
        let fonts = ThemeFonts.load(raw.theme?.fonts ?? [], project: project)
        diagnostics += fonts.diagnostics
        guard !diagnostics.hasErrors else { return finish(site) }
        let assets = PageAssets(site: site, templates: pageTemplates, fonts: fonts.fonts)
        let plan = BuildPlan(site: site, assets: assets.paths)
        diagnostics += Lints.unaccepted(plan.diagnostics, site: site)
        guard !diagnostics.hasErrors else { return finish(site, plan) }

        let preview = PreviewPages(site: site, templates: pageTemplates, assets: assets)
        pages = preview
        let rendered = Render.files(of: plan, pages: preview)
        diagnostics += rendered.diagnostics
        var files = rendered.files.sorted { $0.path < $1.path }
        guard !diagnostics.hasErrors else { return finish(site, plan) }
        // The apps' own files, where site.yaml names them: read before any decision is made, since
        // Android 14 and earlier then decide by the app's real intent filters.
        appSide = AppSideFiles.load(site: site, project: project)
        diagnostics += appSide.diagnostics
        guard !diagnostics.hasErrors else { return finish(site, plan) }
        // One matcher of the rendered files for the shadowing lint's witnesses and the link tests.
        let matcher = SiteMatcher(site: site, plan: plan, files: files, appSide: appSide)
        // The pages' script decides Android by the same real filters as the matcher.
        if !matcher.realFilters.isEmpty {
            let tables = Dictionary(
                PageAssets.rulesFiles(site: site, realFilters: matcher.realFilters).map { ($0.path, $0) },
                uniquingKeysWith: { first, _ in first })
            files = files.map { tables[$0.path] ?? $0 }
        }
        diagnostics += Lints.run(site: site, plan: plan, files: files, matcher: matcher)
        diagnostics = PlatformLosses.addingWitnesses(to: diagnostics, site: site, plan: plan, files: files)
        diagnostics += LinkTestRun.failures(of: site.linkTests, matcher: matcher)
        if !appSide.isEmpty {
            let proof = AppProof(site: site, files: files, appSide: appSide)
            appProof = proof
            diagnostics += proof.diagnostics(site: site)
        }
        return finish(site, plan, files)
    }

    /// Plans and renders an already resolved site, for tools and tests that build a `Site` in
    /// code rather than from YAML.
    package enum Build {
        package static func files(for site: Site) -> [OutputFile] {
            Render.files(of: BuildPlan(site: site), pages: PreviewPages(site: site, templates: .builtIn)).files
        }
    }

    /// The built-in templates with the user's folder over them.
    static func loadTemplates(site: Site, project: some ProjectFiles, folder: String?) -> (
        templates: PageTemplates?, diagnostics: [Diagnostic]
    ) {
        guard let name = folder ?? site.templatesFolder?.value else { return (.builtIn, []) }
        let location = folder == nil ? site.templatesFolder?.location : nil
        let files: [SourceFile]
        switch project.textFiles(in: name, suffix: ".mustache") {
        case .success(let found): files = found
        case .failure(let unreadable):
            return (
                nil,
                [
                    .error(
                        TemplateFolderProblem.unreadable(
                            name, unreadable.reason == UnreadableFile.missing.reason ? "no such folder" : unreadable.reason), at: location)
                ]
            )
        }
        guard !files.isEmpty else {
            return (nil, [.error(TemplateFolderProblem.empty(name), at: location)])
        }
        return PageTemplates.compile(files)
    }

    /// Parses and decodes the manifest; shape problems come back beside a partial manifest so
    /// that validation can still report what else is wrong.
    package static func load(_ manifest: SourceFile) -> Result<(manifest: RawManifest, diagnostics: [Diagnostic]), Diagnostic> {
        YAMLParser.parse(manifest).flatMap { root in
            var decoder = ManifestDecoder()
            guard let raw = decoder.decode(root) else {
                return .failure(
                    decoder.diagnostics.first
                        ?? .error(ShapeProblem.notAMapping("the manifest", found: root.kindDescription), at: root.location))
            }
            return .success((raw, decoder.diagnostics))
        }
    }
}

/// What loading the templates folder finds before any template is read.
package enum TemplateFolderProblem: DiagnosticMessage {
    case unreadable(String, String)
    case empty(String)

    package var text: String {
        switch self {
        case .unreadable(let name, let reason): "cannot read templates folder '\(name)': \(reason)"
        case .empty(let name): "templates folder '\(name)' holds no .mustache file (page, head, style, short-link)"
        }
    }
}
