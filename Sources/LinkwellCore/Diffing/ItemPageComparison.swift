/// Two builds' item pages compared without holding either side's pages: what `diff` needs of a
/// catalogue (which rows' pages changed, and each changed page's line counts) in memory that
/// grows with the pages that changed, not with the catalogue, and rendering only pages that may
/// have. A nil base is a first pull request: every page is added.
///
/// An item page's fingerprint is what it is rendered from (the manifest's structure, the
/// templates, its row and host): an equal fingerprint is the same bytes, the trust a build record
/// gives a page on disk. The data files are streamed four times, rendering only what is needed:
///
/// 1. the base: each page's fingerprint, nothing rendered;
/// 2. the head: pages with the base's fingerprint at their path are the same and not rendered;
///    the others are rendered and hashed (a page the base does not have is added, counted here);
/// 3. the base again, rendering only those pages and the ones the head no longer has: where the
///    bytes equal the head's (another fingerprint, the same page) nothing changed; where they
///    differ the base's bytes are kept;
/// 4. the head again, rendering only the pages whose bytes differ, for their line counts.
package struct ItemPageComparison: Sendable {
    /// Per side, the rows whose pages were added, removed or changed, each with a hash of its
    /// pages that differs between the sides where they differ (`ManifestChanges` reads rows in one
    /// side only as added or removed). Rows whose pages are the same are in neither.
    package var baseRows: [String: UInt64] = [:]
    package var headRows: [String: UInt64] = [:]
    /// The item pages added, removed or changed, with their line counts, in path order.
    package var fileChanges: [ManifestDiff.FileChange] = []
    /// How many item pages the head has.
    package var headCount = 0
    /// How many of them were not rendered: the base's page at their path has their fingerprint.
    package var sameByFingerprint = 0
    /// The diagnostics of each side's item stage.
    package var baseDiagnostics: [Diagnostic] = []
    package var headDiagnostics: [Diagnostic] = []

    /// A base page: its fingerprint, and whether the head has a page at its path.
    private struct BasePage: Sendable {
        var fingerprint: PageFingerprint?
        var inHead = false
    }

    /// Every page is current: nothing is rendered, only fingerprinted.
    private struct Everything: PageProof {
        func isCurrent(_ path: String, fingerprint: PageFingerprint) -> Bool { true }
    }

    /// A page is current where the base's page at its path has its fingerprint.
    private struct SameAsBase: PageProof {
        let base: [UInt64: BasePage]
        func isCurrent(_ path: String, fingerprint: PageFingerprint) -> Bool {
            base[FNV.hash(path)]?.fingerprint == fingerprint
        }
    }

    /// Every page is current but the ones asked for, so only those are rendered.
    private struct OnlyThese: PageProof {
        let paths: Set<UInt64>
        func isCurrent(_ path: String, fingerprint: PageFingerprint) -> Bool { !paths.contains(FNV.hash(path)) }
    }

    package init(
        base: Linkwell.BuildResult?, baseProject: any ProjectFiles, head: Linkwell.BuildResult, headProject: any ProjectFiles
    ) {
        // 1. The base's fingerprints.
        var basePages: [UInt64: BasePage] = [:]
        if let base {
            baseDiagnostics =
                Self.itemPages(of: base, project: baseProject, proof: Everything()) { file in
                    basePages[FNV.hash(file.path)] = BasePage(fingerprint: file.fingerprint)
                }.diagnostics
        }

        // 2. The head: the same fingerprint is the same page; the rest is hashed.
        var suspects: [UInt64: UInt64] = [:]
        var added: [UInt64: String] = [:]
        var changes: [ManifestDiff.FileChange] = []
        headDiagnostics =
            Self.itemPages(of: head, project: headProject, proof: SameAsBase(base: basePages)) { file in
                headCount += 1
                let key = FNV.hash(file.path)
                guard basePages[key] != nil else {
                    added[key] = file.path
                    changes.append(
                        .init(path: file.path, kind: .added, addedLines: FileChanges.lines(file.contents).count, removedLines: 0))
                    return
                }
                basePages[key]?.inHead = true
                if file.provedUnchanged { sameByFingerprint += 1 } else { suspects[key] = FNV.hash(file.bytes) }
            }.diagnostics
        let removed = Set(basePages.filter { !$0.value.inHead }.keys)

        // 3. The base's bytes of the pages that may differ, and of the ones that went away.
        var differing: [UInt64: [UInt8]] = [:]
        var removedPaths: [String] = []
        if let base, !(suspects.isEmpty && removed.isEmpty) {
            _ = Self.itemPages(of: base, project: baseProject, proof: OnlyThese(paths: removed.union(suspects.keys))) { file in
                guard !file.provedUnchanged else { return }
                let key = FNV.hash(file.path)
                if removed.contains(key) {
                    removedPaths.append(file.path)
                    changes.append(
                        .init(path: file.path, kind: .removed, addedLines: 0, removedLines: FileChanges.lines(file.contents).count))
                } else if let hash = suspects[key], hash != FNV.hash(file.bytes) {
                    differing[key] = file.bytes
                }
            }
        }

        // 4. The head's bytes of the pages that differ, for their line counts.
        var changedPaths: [String] = []
        if !differing.isEmpty {
            _ = Self.itemPages(of: head, project: headProject, proof: OnlyThese(paths: Set(differing.keys))) { file in
                guard !file.provedUnchanged, let old = differing[FNV.hash(file.path)] else { return }
                changedPaths.append(file.path)
                let (addedLines, removedLines) = FileChanges.lineCounts(String(decoding: old, as: UTF8.self), file.contents)
                changes.append(.init(path: file.path, kind: .changed, addedLines: addedLines, removedLines: removedLines))
            }
        }
        fileChanges = changes.sorted { $0.path < $1.path }

        // Rows: a row with a page changed is changed; one whose pages were all added (or all
        // removed) is added (removed) only when the other side has no page of it on any host.
        let baseHosts = base?.site?.hosts ?? []
        let headHosts = head.site?.hosts ?? []
        func row(of path: String) -> String? {
            guard let slash = path.firstIndex(of: "/"), path.hasSuffix(".html") else { return nil }
            return String(path[slash...].dropLast(".html".count))
        }
        func inBase(_ row: String) -> Bool { baseHosts.contains { basePages[FNV.hash("\($0)\(row).html")] != nil } }
        func inHead(_ row: String) -> Bool {
            headHosts.contains { host in
                let key = FNV.hash("\(host)\(row).html")
                return basePages[key]?.inHead == true || added[key] != nil
            }
        }
        for path in changedPaths { if let row = row(of: path) { (baseRows[row], headRows[row]) = (0, 1) } }
        for path in added.values {
            guard let row = row(of: path) else { continue }
            headRows[row] = 1
            if inBase(row) { baseRows[row] = 0 }
        }
        for path in removedPaths {
            guard let row = row(of: path) else { continue }
            baseRows[row] = 0
            if inHead(row) { headRows[row] = 1 }
        }
    }

    /// Streams a build's item pages (what `Generation` emits after the build's own files).
    private static func itemPages(
        of result: Linkwell.BuildResult, project: any ProjectFiles, proof: any PageProof, _ visit: (OutputFile) -> Void
    ) -> (diagnostics: [Diagnostic], rows: Int) {
        let planned = result.files.count
        var emitted = 0
        return Generation.files(of: result, project: project, proof: proof) { file in
            emitted += 1
            if emitted > planned { visit(file) }
        }
    }
}
