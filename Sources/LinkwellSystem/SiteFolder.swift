import LinkwellCore

/// A built site and its output folder: `build` writes it, `check` compares it, `validate` counts
/// it — the one corridor from a build's files, item pages streamed last, to the folder, with the
/// build record trusted and written on the way. A command reads its options, calls one of these
/// and prints what comes back.
package struct SiteFolder {
    package let folder: OutputFolder

    package init(path: String) { folder = OutputFolder(path: path) }

    /// How a build's item pages are handed over.
    package struct Options {
        package var strict = false
        /// False under `itemPages: deploy` (without `build --item-pages`): every row is read and
        /// checked, and no item page is written or compared.
        package var itemPages = true

        package init(strict: Bool, itemPages: Bool) {
            self.strict = strict
            self.itemPages = itemPages
        }
    }

    /// The item rows had an error: the folder was left as it was, and these are every row's
    /// diagnostics (the errors among them).
    package struct ItemRowsFailed: Error {
        package var rows: Int
        package var diagnostics: [Diagnostic]
    }

    /// What a build or a check did besides its own result.
    package struct Items {
        /// Item rows read (every row, whether its pages were handed over or not).
        package var rows = 0
        /// Item pages the build record showed untouched, so not rendered or read.
        package var proved = 0
        /// The rows' warnings (their errors are `ItemRowsFailed`).
        package var diagnostics: [Diagnostic] = []
    }

    /// A build written: what changed, the folder's file count and the item pages.
    package struct Written {
        package var summary: OutputFolder.Summary
        package var count: Int
        package var items: Items
    }

    /// A build compared: what it would add, change or remove, the file count and the item pages.
    package struct Compared {
        package var changes: [OutputChange]
        package var count: Int
        package var items: Items
    }

    /// Makes the folder equal the build (only files whose bytes change are touched), trusting
    /// item pages the last build recorded and nothing has touched since, and records the pages
    /// for the next build while the folder's lock is held.
    package func write(_ result: Linkwell.BuildResult, project: some ProjectFiles, options: Options) throws -> Written {
        let session = BuildRecord.Session(root: try folder.resolvedRoot())
        var items = Items()
        let (summary, count) = try folder.replace { emit in
            items = try Self.produce(result, project: project, options: options, record: session.record) { file in
                session.note(file)
                try emit(file)
            }
        } finish: { summary in
            session.finish(changedNothing: summary.isEmpty)
        }
        items.proved = session.proved
        return Written(summary: summary, count: count, items: items)
    }

    /// What a build would add, change or remove. Item pages are compared with the folder's
    /// copies on the cores that render them; the build record is trusted only where it has
    /// entries (a fresh clone's folder is compared, not fingerprinted). `counting`: the folder's
    /// files, counted since the caller started it.
    package func changes(
        _ result: Linkwell.BuildResult, project: some ProjectFiles, options: Options, counting: FileTree.Counting?
    ) throws -> Compared {
        let record = BuildRecord.binaryIdentity == nil ? nil : BuildRecord(root: try folder.resolvedRoot())
        let comparer = try folder.comparer()
        var items = Items()
        var proved = 0
        let (changes, count) = try folder.changes(counting: counting) { emit in
            items = try Self.produce(
                result, project: project, options: options, record: record.flatMap { $0.count == 0 ? nil : $0 }, fingerprinted: false,
                inspect: comparer
            ) { file in
                if file.provedUnchanged { proved += 1 }
                try emit(file)
            }
        }
        items.proved = proved
        return Compared(changes: changes, count: count, items: items)
    }

    /// How many files a build would write, nothing written (`validate`).
    package static func count(_ result: Linkwell.BuildResult, project: some ProjectFiles, options: Options) throws -> (
        count: Int, items: Items
    ) {
        var count = 0
        let items = try produce(result, project: project, options: options, record: nil, fingerprinted: false) { _ in count += 1 }
        return (count, items)
    }

    /// Every file a build would write, in memory (`verify` holds a deployment to them).
    package static func files(_ result: Linkwell.BuildResult, project: some ProjectFiles, options: Options) throws -> (
        files: [OutputFile], items: Items
    ) {
        var files: [OutputFile] = []
        let items = try produce(result, project: project, options: options, record: nil, fingerprinted: false) { files.append($0) }
        return (files, items)
    }

    /// The build's files, then its item pages streamed; an error among the rows stops it.
    private static func produce(
        _ result: Linkwell.BuildResult, project: some ProjectFiles, options: Options, record: BuildRecord?, fingerprinted: Bool = true,
        inspect: (@Sendable (inout [OutputFile]) -> Void)? = nil, emit: (OutputFile) throws -> Void
    ) throws -> Items {
        // Rows and their rate on a terminal (silent in a CI log or a pipe).
        let progress = ItemProgress()
        let produced = try BuildOutput.files(
            of: result, project: project, strict: options.strict, proof: record, identity: BuildRecord.binaryIdentity ?? [],
            fingerprinted: fingerprinted, inspect: inspect, progress: progress.update, itemPages: options.itemPages, emit: emit)
        progress.finish(rows: produced.rows)
        guard !produced.diagnostics.hasErrors else { throw ItemRowsFailed(rows: produced.rows, diagnostics: produced.diagnostics) }
        return Items(rows: produced.rows, diagnostics: produced.diagnostics)
    }
}
