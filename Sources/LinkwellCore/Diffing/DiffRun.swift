/// `diff` as one value: the head's build against the base's (a git revision's manifest and
/// files, or a manifest file), both sides assembled — their item pages compared as they stream,
/// their warnings, the apps' own files — and the comparison made, so the command only reads,
/// prints and exits.
package struct DiffRun: Sendable {
    /// The base as read: its display name, manifest text and the files beside it; nil when a git
    /// revision exists but has no manifest yet (a first pull request).
    package struct Base: Sendable {
        package var name: String
        package var text: String
        package var project: any ProjectFiles & Sendable

        package init(name: String, text: String, project: any ProjectFiles & Sendable) {
            self.name = name
            self.text = text
            self.project = project
        }
    }

    package enum Outcome: Sendable {
        /// The comparison, and the base's name as the report shows it.
        case compared(ManifestDiff, base: String)
        /// The base builds with these errors: there is nothing to compare with.
        case baseDoesNotBuild(name: String, errors: [Diagnostic])
    }

    package var outcome: Outcome
    /// The head's item stage's diagnostics, which the command reports as a build's.
    package var headItemDiagnostics: [Diagnostic]

    /// `head` is the head's build; nil `base` is a first pull request. `nil` when the head did not
    /// build (its diagnostics say why).
    package init?(
        head: Linkwell.BuildResult, headProject: any ProjectFiles, base: Base?, firstBaseName: String, templatesFolder: String?,
        budget: EngineBudget
    ) {
        guard let headSite = head.site, let headPlan = head.plan else { return nil }
        let baseResult = base.map {
            Linkwell.build(SourceFile(path: $0.name, text: $0.text), project: $0.project, templatesFolder: templatesFolder)
        }
        // Item pages stream through the comparison: neither side's catalogue is held.
        let items = ItemPageComparison(
            base: baseResult?.succeeded == true ? baseResult : nil,
            baseProject: base.map { $0.project as any ProjectFiles } ?? NoProjectFiles(), head: head,
            headProject: headProject)
        headItemDiagnostics = items.headDiagnostics
        var headSide = ManifestDiff.Side(
            site: headSite, plan: headPlan, files: head.files, itemPages: items.headRows, fileCount: head.files.count + items.headCount,
            templates: head.templates, appSide: head.appSide)
        headSide.warnings = head.diagnostics + items.headDiagnostics
        guard let base, let baseResult else {
            outcome = .compared(ManifestDiff(base: nil, head: headSide, itemPages: items.fileChanges, budget: budget), base: firstBaseName)
            return
        }
        let baseDiagnostics = baseResult.diagnostics + items.baseDiagnostics
        guard let baseSite = baseResult.site, let basePlan = baseResult.plan, !baseDiagnostics.hasErrors else {
            outcome = .baseDoesNotBuild(name: base.name, errors: baseDiagnostics.filter { $0.severity == .error })
            return
        }
        var baseSide = ManifestDiff.Side(
            site: baseSite, plan: basePlan, files: baseResult.files, itemPages: items.baseRows, fileCount: baseResult.files.count,
            templates: baseResult.templates, appSide: baseResult.appSide)
        baseSide.warnings = baseDiagnostics
        outcome = .compared(
            ManifestDiff(
                base: baseSide, head: headSide, itemPages: items.fileChanges, itemPagesSameByFingerprint: items.sameByFingerprint,
                budget: budget), base: base.name)
    }
}
