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
///    the others are rendered and hashed, and their bytes kept while they fit `heldBytes` (a
///    page the base does not have is added, counted here);
/// 3. the base again, rendering only those pages and the ones the head no longer has: where the
///    bytes equal the head's (another fingerprint, the same page) nothing changed; where they
///    differ, the lines are counted against the head's kept bytes, or else the base's are kept;
/// 4. only when some head bytes were not kept: the head again, rendering those pages whose bytes
///    differ, for their line counts. A change of a few rows streams the data files three times.
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

    /// Every page is current: nothing is rendered, only fingerprinted.
    private struct Everything: PageProof {
        func isCurrent(_ path: String, fingerprint: PageFingerprint) -> Bool { true }
    }

    /// A page is current where the base's page at its path has its fingerprint.
    private struct SameAsBase: PageProof {
        let base: [UInt64: PageFingerprint?]
        func isCurrent(_ path: String, fingerprint: PageFingerprint) -> Bool {
            base[FNV.hash(path)] == .some(fingerprint)
        }
    }

    /// Every page is current but the ones asked for, so only those are rendered.
    private struct OnlyThese: PageProof {
        let paths: Set<UInt64>
        func isCurrent(_ path: String, fingerprint: PageFingerprint) -> Bool { !paths.contains(FNV.hash(path)) }
    }

    /// How many bytes of the head's changed pages pass 2 keeps for pass 3 (beyond them, pass 4
    /// renders the rest again): 32 MB, about 8,000 pages of the bundled site.
    package static let heldBytes = 32 << 20

    package init(
        base: Linkwell.BuildResult?, baseProject: any ProjectFiles, head: Linkwell.BuildResult, headProject: any ProjectFiles,
        heldBytes: Int = ItemPageComparison.heldBytes
    ) {
        // 1. The base's fingerprints.
        // Each base page's fingerprint by its path's hash; which of them the head has is a set of
        // its own, so the dictionary the head's pass reads is never copied by a write.
        var basePages: [UInt64: PageFingerprint?] = [:]
        var inHead: Set<UInt64> = []
        if let base {
            baseDiagnostics =
                Self.itemPages(of: base, project: baseProject, proof: Everything()) { file in
                    basePages[FNV.hash(file.path)] = .some(file.fingerprint)
                }.diagnostics
        }

        // 2. The head: the same fingerprint is the same page; the rest is hashed.
        var suspects: [UInt64: UInt64] = [:]
        var held: [UInt64: [UInt8]] = [:]
        var heldCount = 0
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
                inHead.insert(key)
                if file.provedUnchanged {
                    sameByFingerprint += 1
                } else {
                    suspects[key] = FNV.hash(file.bytes)
                    if heldCount + file.bytes.count <= heldBytes {
                        held[key] = file.bytes
                        heldCount += file.bytes.count
                    }
                }
            }.diagnostics
        let removed = Set(basePages.keys.filter { !inHead.contains($0) })

        // 3. The base's bytes of the pages that may differ, and of the ones that went away.
        var differing: [UInt64: [UInt8]] = [:]
        var removedPaths: [String] = []
        var changedPaths: [String] = []
        if let base, !(suspects.isEmpty && removed.isEmpty) {
            _ = Self.itemPages(of: base, project: baseProject, proof: OnlyThese(paths: removed.union(suspects.keys))) { file in
                guard !file.provedUnchanged else { return }
                let key = FNV.hash(file.path)
                if removed.contains(key) {
                    removedPaths.append(file.path)
                    changes.append(
                        .init(path: file.path, kind: .removed, addedLines: 0, removedLines: FileChanges.lines(file.contents).count))
                } else if let hash = suspects[key], hash != FNV.hash(file.bytes) {
                    if let new = held.removeValue(forKey: key) {
                        changedPaths.append(file.path)
                        changes.append(Self.changed(file.path, from: file.bytes, to: new))
                    } else {
                        differing[key] = file.bytes
                    }
                }
            }
        }

        // 4. The head's bytes of the pages that differ and were not kept, for their line counts.
        held = [:]
        if !differing.isEmpty {
            _ = Self.itemPages(of: head, project: headProject, proof: OnlyThese(paths: Set(differing.keys))) { file in
                guard !file.provedUnchanged, let old = differing[FNV.hash(file.path)] else { return }
                changedPaths.append(file.path)
                changes.append(Self.changed(file.path, from: old, to: file.bytes))
            }
        }
        fileChanges = changes.sorted { $0.path < $1.path }

        classifyRows(
            changed: changedPaths, added: Array(added.values), removed: removedPaths, basePages: basePages, inHead: inHead,
            addedKeys: Set(added.keys), baseHosts: base?.site?.hosts ?? [], headHosts: head.site?.hosts ?? [])
    }

    /// Rows: a row with a page changed is changed; one whose pages were all added (or all
    /// removed) is added (removed) only when the other side has no page of it on any host.
    private mutating func classifyRows(
        changed changedPaths: [String], added: [String], removed removedPaths: [String], basePages: [UInt64: PageFingerprint?],
        inHead: Set<UInt64>, addedKeys: Set<UInt64>, baseHosts: [String], headHosts: [String]
    ) {
        func row(of path: String) -> String? {
            guard let slash = path.firstIndex(of: "/"), path.hasSuffix(".html") else { return nil }
            return String(path[slash...].dropLast(".html".count))
        }
        func inBase(_ row: String) -> Bool { baseHosts.contains { basePages[FNV.hash("\($0)\(row).html")] != nil } }
        func inHeadBuild(_ row: String) -> Bool {
            headHosts.contains { host in
                let key = FNV.hash("\(host)\(row).html")
                return inHead.contains(key) || addedKeys.contains(key)
            }
        }
        for path in changedPaths { if let row = row(of: path) { (baseRows[row], headRows[row]) = (0, 1) } }
        for path in added {
            guard let row = row(of: path) else { continue }
            headRows[row] = 1
            if inBase(row) { baseRows[row] = 0 }
        }
        for path in removedPaths {
            guard let row = row(of: path) else { continue }
            baseRows[row] = 0
            if inHeadBuild(row) { headRows[row] = 1 }
        }
    }

    private static func changed(_ path: String, from old: [UInt8], to new: [UInt8]) -> ManifestDiff.FileChange {
        let (addedLines, removedLines) = FileChanges.lineCounts(String(decoding: old, as: UTF8.self), String(decoding: new, as: UTF8.self))
        return .init(path: path, kind: .changed, addedLines: addedLines, removedLines: removedLines)
    }

    /// Streams a build's item pages (what `BuildOutput` emits after the build's own files).
    private static func itemPages(
        of result: Linkwell.BuildResult, project: any ProjectFiles, proof: any PageProof, _ visit: (OutputFile) -> Void
    ) -> (diagnostics: [Diagnostic], rows: Int) {
        let planned = result.files.count
        var emitted = 0
        return BuildOutput.files(of: result, project: project, proof: proof) { file in
            emitted += 1
            if emitted > planned { visit(file) }
        }
    }
}
