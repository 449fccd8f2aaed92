/// Every file one build writes, through one sink: the files `Linkwell.build` rendered, then the
/// item pages streamed from the data files. `build`, `check`, `validate`, `diff`, `verify` and
/// the tests all take their files from here, so no caller assembles the item stage by hand.
package enum Generation {
    /// Emits `result`'s files, then (when the build succeeded) its item pages, and returns what
    /// the item stage found wrong — a caller must keep nothing when that holds an error — and how
    /// many rows it read. `proof`, `identity` and `progress` are `ItemBuild.run`'s.
    package static func files(
        of result: Linkwell.BuildResult, project: some ProjectFiles, strict: Bool = false,
        proof: (any PageProof)? = nil, identity: [UInt8] = [], progress: (Int) -> Void = { _ in },
        emit: (OutputFile) throws -> Void
    ) rethrows -> (diagnostics: [Diagnostic], rows: Int) {
        for file in result.files { try emit(file) }
        guard result.succeeded, let site = result.site, let templates = result.templates,
            site.pageTypes.contains(where: { $0.items != nil })
        else { return ([], 0) }
        return try ItemBuild.run(
            site: site, templates: templates, project: project, strict: strict, proof: proof, identity: identity, emit: emit,
            progress: progress)
    }
}
