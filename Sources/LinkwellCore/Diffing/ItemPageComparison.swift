/// Two builds' item pages compared without holding either side's pages: what `diff` needs of a
/// catalogue (which rows' pages changed, and each changed page's line counts) in memory that
/// grows with the pages that changed, not with the catalogue. A nil base is a first pull request:
/// every page is added.
///
/// 1. The base's pages are rendered and forgotten: each leaves its fingerprint (what it is
///    rendered from) and a hash of its bytes.
/// 2. The head's pages whose fingerprint equals the base page's at the same path are not rendered:
///    an equal fingerprint is the same manifest structure, templates, row and host, so the same
///    bytes (the trust a build record gives a page on disk). The others are rendered, and kept
///    where their bytes differ.
/// 3. Only when some page changed or went away, the base is streamed again, rendering just those
///    pages, so that both sides' bytes of each are at hand.
package struct ItemPageComparison: Sendable {
    /// Per side: each row's path and a hash of its pages on every host (`ManifestChanges`).
    package var baseRows: [String: UInt64] = [:]
    package var headRows: [String: UInt64] = [:]
    /// The item pages added, removed or changed, with their line counts, in path order.
    package var fileChanges: [ManifestDiff.FileChange] = []
    /// How many item pages the head has.
    package var headCount = 0
    /// The diagnostics of each side's item stage.
    package var baseDiagnostics: [Diagnostic] = []
    package var headDiagnostics: [Diagnostic] = []

    private struct Seen: Sendable {
        var fingerprint: PageFingerprint?
        var bytes: UInt64
    }

    /// Says a page is current where the base's page at its path has its fingerprint.
    private struct SameAsBase: PageProof {
        let base: [UInt64: Seen]
        func isCurrent(_ path: String, fingerprint: PageFingerprint) -> Bool {
            base[FNV.hash(path)]?.fingerprint == fingerprint
        }
    }

    /// Says every page is current but the ones asked for, so only those are rendered.
    private struct OnlyThese: PageProof {
        let paths: Set<UInt64>
        func isCurrent(_ path: String, fingerprint: PageFingerprint) -> Bool { !paths.contains(FNV.hash(path)) }
    }

    package init(
        base: Linkwell.BuildResult?, baseProject: any ProjectFiles, head: Linkwell.BuildResult, headProject: any ProjectFiles
    ) {
        // Item pages are what Generation emits after the build's own files.
        let basePlanned = base?.files.count ?? 0
        let headPlanned = head.files.count
        var seen: [UInt64: Seen] = [:]
        var emitted = 0
        if let base {
            baseDiagnostics =
                Generation.files(of: base, project: baseProject) { file in
                    emitted += 1
                    guard emitted > basePlanned else { return }
                    let bytes = FNV.hash(file.bytes)
                    seen[FNV.hash(file.path)] = Seen(fingerprint: file.fingerprint, bytes: bytes)
                    Self.add(bytes, of: file.path, to: &baseRows)
                }.diagnostics
        }

        // Pages of the head that differ from the base's at their path, kept until the base's bytes
        // are read again; added pages are counted at once.
        var headChanged: [UInt64: OutputFile] = [:]
        var inHead: Set<UInt64> = []
        var changes: [ManifestDiff.FileChange] = []
        emitted = 0
        headDiagnostics =
            Generation.files(of: head, project: headProject, proof: SameAsBase(base: seen)) { file in
                emitted += 1
                guard emitted > headPlanned else { return }
                headCount += 1
                let key = FNV.hash(file.path)
                inHead.insert(key)
                let before = seen[key]
                let bytes = file.provedUnchanged ? before?.bytes ?? 0 : FNV.hash(file.bytes)
                Self.add(bytes, of: file.path, to: &headRows)
                guard before?.bytes != bytes else { return }
                if before == nil {
                    changes.append(
                        .init(path: file.path, kind: .added, addedLines: FileChanges.lines(file.contents).count, removedLines: 0))
                } else {
                    headChanged[key] = file
                }
            }.diagnostics
        let removed = Set(seen.keys.filter { !inHead.contains($0) })
        seen = [:]
        if let base, !(headChanged.isEmpty && removed.isEmpty) {
            emitted = 0
            _ = Generation.files(of: base, project: baseProject, proof: OnlyThese(paths: removed.union(headChanged.keys))) { file in
                emitted += 1
                guard emitted > basePlanned, !file.provedUnchanged else { return }
                let key = FNV.hash(file.path)
                if let new = headChanged[key] {
                    let (added, removedLines) = FileChanges.lineCounts(file.contents, new.contents)
                    changes.append(.init(path: file.path, kind: .changed, addedLines: added, removedLines: removedLines))
                } else if removed.contains(key) {
                    changes.append(
                        .init(path: file.path, kind: .removed, addedLines: 0, removedLines: FileChanges.lines(file.contents).count))
                }
            }
        }
        fileChanges = changes.sorted { $0.path < $1.path }
    }

    /// A row's pages hash together, one host after the other (the order both sides write them in).
    private static func add(_ bytes: UInt64, of path: String, to rows: inout [String: UInt64]) {
        guard let slash = path.firstIndex(of: "/"), path.hasSuffix(".html") else { return }
        let row = String(path[slash...].dropLast(".html".count))
        rows[row] = FNV.hash(words: [Int(truncatingIfNeeded: bytes)], seed: rows[row] ?? FNV.offsetBasis)
    }
}
