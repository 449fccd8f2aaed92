import Dispatch
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The item stage: each page type's data file, streamed a row at a time into one page per host
/// (after the rest of the build succeeded). Memory holds one row and its pages, plus the set of
/// paths seen so far, which is how a repeated path is caught.
package enum ItemBuild {
    /// ASCII characters an item path may use: RFC 3986 path characters that are safe in a file
    /// name on every host, without percent-encoding (a host would decode it before finding the
    /// file). Beyond ASCII, letters, digits and combining marks of any script (`/u/zoë`): written
    /// to disk as UTF-8, which is what hosts find after decoding the URL's `%C3%AB`.
    static let pathCharacters = ASCIISet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/")

    static func isPathCharacter(_ character: Character) -> Bool {
        if character.isASCII { return character.utf8.count == 1 && character.utf8.allSatisfy(pathCharacters.contains) }
        return character.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
        }
    }

    /// Calls `emit` with every item page, in row order, and returns what was wrong; a build must
    /// write nothing when this holds an error. `progress` hears the running count of rows.
    ///
    /// Rows are read and checked on the calling thread; their pages are rendered in batches on
    /// every core while the caller writes the batches before them (a bounded window, so memory
    /// holds a few batches, not the file).
    ///
    /// `pages`: the build's preview pages of `site` and `templates` (made here when not given).
    /// With a `proof`, pages it shows to be on disk already are emitted without rendering
    /// (`OutputFile.provedUnchanged`); `identity` is added to every page's fingerprint (the
    /// caller's own version, so a new Linkwell never trusts an old one's pages). `inspect` sees
    /// each batch of pages on the core that rendered it, before they are emitted (`check`
    /// compares them with the files on disk there, so reading the folder is spread over every
    /// core too); pages a `proof` showed current
    /// are among them, unrendered.
    /// Without `fingerprinted` or a `proof`, pages carry no fingerprint (a caller that neither
    /// records nor proves pages saves hashing every row).
    package static func run(
        site: Site, templates: PageTemplates, pages: PreviewPages? = nil,
        project: some ProjectFiles, strict: Bool = false,
        proof: (any PageProof)? = nil, identity: [UInt8] = [], fingerprinted: Bool = true,
        inspect: (@Sendable (inout [OutputFile]) -> Void)? = nil,
        emit: (OutputFile) throws -> Void, progress: (Int) -> Void = { _ in }
    ) rethrows -> (diagnostics: [Diagnostic], rows: Int, pagesPerHost: [String: Int]) {
        let pages = pages ?? PreviewPages(site: site, templates: templates)
        let routing = PageRouting(site: site)
        var diagnostics: [Diagnostic] = []
        var rows = 0
        var renderer = BatchRenderer(
            pages: pages,
            build: fingerprinted || proof != nil ? PageFingerprint.build(site: site, templates: templates, identity: identity) : nil,
            proof: proof,
            inspect: inspect)
        for (pageIndex, page) in site.pageTypes.enumerated() {
            guard let items = page.items else { continue }
            guard let format = ItemRows.format(of: items.value) else { continue }
            var reader: ItemRows
            switch project.chunks(of: items.value) {
            case .success(let chunks): reader = ItemRows(file: items.value, format: format, chunks: chunks)
            case .failure(let unreadable):
                diagnostics.append(.error(ItemProblem.unreadableFile(items.value, page: page.name, unreadable.reason), at: items.location))
                continue
            }
            guard let primary = pages.hosts(of: page.name).first?.host else {
                diagnostics.append(.error(ItemProblem.noRouteForItems(page: page.name), at: items.location))
                continue
            }
            var seen: [String: SeenPath] = [:]
            var checkedDetails = format != .csv
            while let next = reader.next() {
                let row: ItemRow
                // Moved out (`get` consumes): a pattern that binds the row copied it.
                do { row = try next.get() } catch {
                    diagnostics.append(error)
                    continue
                }
                // A CSV file's header names every row's columns: a detail it lacks would never show.
                if !checkedDetails {
                    checkedDetails = true
                    let columns = row.fields.names.list
                    for detail in page.details where !columns.contains(detail.column) {
                        diagnostics.append(
                            .error(
                                ItemProblem.detailNotAColumn(detail.column, file: items.value, columns: columns), at: detail.location))
                    }
                }
                let problems = problems(of: row, page: page, routing: routing, primaryHost: primary, seen: &seen)
                diagnostics += problems.filter { $0.code.map { !page.acceptedWarnings.contains($0.rawValue) } ?? true }
                guard !problems.hasErrors, !diagnostics.hasErrors else { continue }
                try renderer.add(row, of: pageIndex, emit: emit)
                rows += 1
                progress(rows)
            }
        }
        try renderer.finish(emit: emit)
        return (strict ? diagnostics.promotingWarnings() : diagnostics, rows, renderer.pagesPerHost)
    }

    /// Renders rows in batches on a concurrent queue and hands the pages back in row order.
    private struct BatchRenderer {
        /// One batch's pages, filled by whoever claims it first: a worker, or the caller when it
        /// needs the batch before a worker has started it. The semaphore says the pages are there.
        private final class Batch: Sendable {
            let rows: [QueuedRow]
            let pages = Mutex<[OutputFile]>([])
            let done = DispatchSemaphore(value: 0)
            private let claimed = Atomic<Bool>(false)
            private let rendered = Atomic<Bool>(false)

            /// Whether the pages are there (`done` is about to be, or has been, signalled).
            var isDone: Bool { rendered.load(ordering: .acquiring) }

            func finished(_ pages: [OutputFile]) {
                self.pages.withLock { $0 = pages }
                rendered.store(true, ordering: .releasing)
                done.signal()
            }

            init(rows: [QueuedRow]) { self.rows = rows }

            /// True for the one caller that is to render the batch.
            func claim() -> Bool {
                claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
            }
        }

        /// A row to render, and its page type's place in `site.pageTypes` (and
        /// `PreviewPages.itemPageTypes`): an index, not a copy of the page type per row, which the
        /// runtime would destroy field by field.
        struct QueuedRow: Sendable {
            var row: ItemRow
            var page: Int
        }

        static let batchSize = 32
        /// Batches rendered or rendering ahead of the one being written.
        static let window = 2 * ProcessInfo.processInfo.activeProcessorCount + 2

        let pages: PreviewPages
        let build: PageFingerprint?
        let proof: (any PageProof)?
        let inspect: (@Sendable (inout [OutputFile]) -> Void)?
        private var collecting: [QueuedRow] = []
        /// Item pages emitted so far, by host folder (`TopLevelFolders`' numbers).
        private var folders = TopLevelFolders()
        private var pagesInFolder: [Int] = []
        var pagesPerHost: [String: Int] {
            Dictionary(pagesInFolder.indices.map { (folders.name($0), pagesInFolder[$0]) }, uniquingKeysWith: +)
        }
        private var inFlight: [Batch] = []
        private let queue = DispatchQueue(label: "linkwell.item-pages", attributes: .concurrent)

        init(pages: PreviewPages, build: PageFingerprint?, proof: (any PageProof)?, inspect: (@Sendable (inout [OutputFile]) -> Void)?) {
            self.pages = pages
            self.build = build
            self.proof = proof
            self.inspect = inspect
        }

        mutating func add(_ row: consuming ItemRow, of page: Int, emit: (OutputFile) throws -> Void) rethrows {
            collecting.append(QueuedRow(row: row, page: page))
            guard collecting.count == Self.batchSize else { return }
            submit()
            while inFlight.count > Self.window { try write(emit: emit) }
        }

        mutating func finish(emit: (OutputFile) throws -> Void) rethrows {
            if !collecting.isEmpty { submit() }
            while !inFlight.isEmpty { try write(emit: emit) }
        }

        private mutating func submit() {
            let batch = Batch(rows: collecting)
            collecting = []
            inFlight.append(batch)
            let render = render
            queue.async { if batch.claim() { render(batch) } }
        }

        /// Renders a batch's pages (and shows them to `inspect`) into it.
        private var render: @Sendable (Batch) -> Void {
            let pages = pages
            let pageTypes = pages.itemPageTypes
            let build = build
            let proof = proof
            let inspect = inspect
            return { batch in
                // Appended in place: an array per row, copied into the batch's and destroyed, cost
                // a copy and a release of each page.
                var rendered: [OutputFile] = []
                rendered.reserveCapacity(batch.rows.count * 2)
                var scratch = TemplateValues()
                // Read in place (a `for` over the rows copied each one: a retain and a release of
                // each of its references).
                batch.rows.withUnsafeBufferPointer { rows in
                    for index in rows.indices {
                        pages.appendItemPages(
                            of: pageTypes[rows[index].page], item: rows[index].row, build: build, proof: proof, to: &rendered,
                            scratch: &scratch)
                    }
                }
                inspect?(&rendered)
                batch.finished(rendered)
            }
        }

        /// Emits the oldest batch's pages. The caller renders while it waits: the oldest batch
        /// when no worker has started it, else the newest one none has (the queue's threads are
        /// shared with the rest of the process, which on two cores left one rendering and the
        /// caller mostly waiting).
        private mutating func write(emit: (OutputFile) throws -> Void) rethrows {
            let batch = inFlight.removeFirst()
            if batch.claim() {
                render(batch)
            } else {
                while !batch.isDone, let spare = inFlight.reversed().first(where: { $0.claim() }) { render(spare) }
            }
            batch.done.wait()
            // Taken from the batch and from the end of a reversed array: each page is moved to
            // `emit`, not copied out of an array that is then destroyed. Reversed in place by
            // moves (`Array.reverse` swapped by copies: two retains and releases of each page's
            // bytes and path, made on another core).
            var files = batch.pages.withLock { pages in
                defer { pages = [] }
                return pages
            }
            files.withUnsafeMutableBufferPointer { $0.reverse() }
            while let file = files.popLast() {
                try emit(file)
                countPage(at: file.path)
            }
        }

        private mutating func countPage(at path: String) {
            let folder = folders.number(of: path)
            if folder == pagesInFolder.count { pagesInFolder.append(0) }
            pagesInFolder[folder] += 1
        }
    }

    /// An item path already read, by its lower-case form: where, and as written.
    struct SeenPath {
        var line: Int
        var path: String
    }

    /// File names Windows refuses whatever their extension (a clone there would fail): the device
    /// names, the console's `CONIN$` and `CONOUT$`, and the superscript-digit ports.
    static let windowsReservedNames = Set(
        ["con", "prn", "aux", "nul", "conin$", "conout$"] + (1...9).flatMap { ["com\($0)", "lpt\($0)"] }
            + ["¹", "²", "³"].flatMap { ["com\($0)", "lpt\($0)"] })

    /// Characters Windows refuses in a file name.
    static let windowsForbidden = ASCIISet(#"<>:"\|?*"#)

    /// `problems`' Windows-name check for a segment of ASCII path characters, read as bytes: each
    /// is one character, and lowercasing keeps the length (every reserved ASCII name has three to
    /// seven). A name ending in a dot or a space is one Windows changes.
    static func isWindowsReservedASCII(_ segment: UnsafeBufferPointer<UInt8>) -> Bool {
        if segment.contains(where: windowsForbidden.contains) || segment.last == UInt8(ascii: ".") || segment.last == UInt8(ascii: " ") {
            return true
        }
        let name = segment.prefix { $0 != UInt8(ascii: ".") }
        return (3...7).contains(name.count) && windowsReservedNames.contains(String(decoding: name, as: UTF8.self).lowercased())
    }

    /// The same for any segment.
    static func isWindowsReserved(_ segment: Substring) -> Bool {
        segment.utf8.contains(where: windowsForbidden.contains) || segment.hasSuffix(".") || segment.hasSuffix(" ")
            || windowsReservedNames.contains(String(segment.prefix { $0 != "." }).lowercased())
    }

    /// What `problems` asks of an item path's segments (those after its first `/`), found in one
    /// pass: over the bytes of a path of ASCII path characters (nearly all; each byte is one
    /// character, so no substring is made), else over its characters.
    struct PathSegments {
        /// Every byte is an ASCII path character.
        var isASCII = true
        var hasEmpty = false
        /// The first segment too long for a file name (the last one gets `.html`).
        var tooLong: Substring?
        var hasLeadingDot = false
        /// The first segment Windows cannot use as a file name.
        var windowsReserved: Substring?

        init(_ path: String) {
            if let ascii = Self.ascii(path) {
                self = ascii
                return
            }
            isASCII = false
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            hasEmpty = segments.contains { $0.isEmpty }
            tooLong = segments.enumerated().first { $0.element.utf8.count + ($0.offset == segments.count - 1 ? 5 : 0) > 255 }?.element
            hasLeadingDot = segments.contains { $0.hasPrefix(".") }
            windowsReserved = segments.first(where: isWindowsReserved)
        }

        private init() {}

        /// The segments of a path of ASCII path characters, read as bytes; nil for any other path.
        private static func ascii(_ path: String) -> PathSegments? {
            var found = PathSegments()
            var tooLong: Range<Int>?
            var windows: Range<Int>?
            var bytes = path
            let isASCII = bytes.withUTF8 { bytes in
                guard bytes.allSatisfy(pathCharacters.contains) else { return false }
                var start = (bytes.firstIndex(of: UInt8(ascii: "/")) ?? bytes.count) + 1
                while start <= bytes.count {
                    let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
                    let segment = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    if segment.isEmpty { found.hasEmpty = true }
                    if tooLong == nil, segment.count + (end == bytes.count ? 5 : 0) > 255 { tooLong = start..<end }
                    if segment.first == UInt8(ascii: ".") { found.hasLeadingDot = true }
                    if windows == nil, isWindowsReservedASCII(segment) { windows = start..<end }
                    start = end + 1
                }
                return true
            }
            guard isASCII else { return nil }
            func text(_ range: Range<Int>?) -> Substring? {
                range.map { Substring(path.utf8.dropFirst($0.lowerBound).prefix($0.count)) }
            }
            found.tooLong = text(tooLong)
            found.windowsReserved = text(windows)
            return found
        }
    }

    /// Top-level item paths whose page would be another file the build writes, or sit beside one.
    /// (A list, compared: hashing every row's path into a set cost more than three comparisons.)
    static let reservedItemPaths = ["/index", "/404", "/apple-app-site-association"]

    static func problems(
        of row: ItemRow, page: PageType, routing: PageRouting, primaryHost: String, seen: inout [String: SeenPath]
    ) -> [Diagnostic] {
        let path = row.path
        let segments = PathSegments(path)
        if !path.hasPrefix("/") || path == "/" || segments.hasEmpty {
            return [.error(ItemProblem.badPathShape(path), at: row.pathLocation)]
        }
        if !segments.isASCII, let bad = path.first(where: { !isPathCharacter($0) }) {
            return [.error(ItemProblem.badPathCharacter(path, bad), at: row.pathLocation)]
        }
        // One spelling per path: a decomposed `e` + `◌̈` is another file name and another URL than `ë`.
        // The standard library's NFC (underscored but public; FoundationEssentials' own
        // normalization uses it): Foundation's `precomposedStringWithCanonicalMapping` needs ICU.
        if !segments.isASCII {
            let composed = String(decoding: path._nfcCodeUnits, as: UTF8.self)
            if !composed.unicodeScalars.elementsEqual(path.unicodeScalars) {
                return [.error(ItemProblem.notComposed(path, composed: composed), at: row.pathLocation)]
            }
        }
        // File systems hold names of at most 255 bytes (the last one gets `.html`); a much longer
        // path would fail at the write, far from the row that asked for it.
        if let long = segments.tooLong {
            return [.error(ItemProblem.segmentTooLong(String(long)), at: row.pathLocation)]
        }
        if path.utf8.count > 1024 {
            return [.error(ItemProblem.pathTooLong(path), at: row.pathLocation)]
        }
        if reservedItemPaths.contains(path) {
            return [.error(ItemProblem.reservedPath(path), at: row.pathLocation)]
        }
        if segments.hasLeadingDot || path.hasPrefix("/\(PagePaths.folder)/") {
            return [.error(ItemProblem.reservedSegment(path), at: row.pathLocation)]
        }
        guard routing.shows(page.name, at: path, on: primaryHost) else {
            let served =
                routing.rule(for: path, on: primaryHost).map { "route '\($0.route.name)' shows page type '\($0.pageType)' there" }
                ?? "no route with a page type matches it"
            let own = routing.rules.filter { $0.pageType == page.name }.map { "'\($0.pattern)'" }.uniqued()
            return [
                .error(
                    ItemProblem.notThisPageType(path, page: page.name, host: primaryHost, served: served, own: own), at: row.pathLocation)
            ]
        }
        // Read where the row holds it (a string of it was made and freed for every row).
        if let image = row.fields.names.known.image, !row.fields.range(at: image).isEmpty,
            !row.fields.withUTF8(at: image, Validation.isAbsoluteHTTPS)
        {
            return [.error(ItemProblem.relativeImage(row.fields.value(at: image)), at: row.location)]
        }
        let folded = path.lowercased()
        // Looked up and recorded with one hash of the path (a lookup, then a store, hashed it
        // twice for every row); the rare path seen before puts the first one back.
        if let earlier = seen.updateValue(SeenPath(line: row.pathLocation.line, path: path), forKey: folded) {
            seen[folded] = earlier
            let first = SourceLocation(file: row.pathLocation.file, line: earlier.line, column: row.pathLocation.column)
            if earlier.path == path {
                return [.error(ItemProblem.duplicatePath(path), at: row.pathLocation, notes: [.firstDefined(at: first)])]
            }
            return [
                .warning(
                    ItemProblem.differsOnlyInCase(path, earlier.path), at: row.pathLocation,
                    notes: [Note("'\(earlier.path)' is here", at: first)], code: .itemPathCase)
            ]
        }
        if let windows = segments.windowsReserved {
            return [.warning(ItemProblem.windowsName(path, segment: String(windows)), at: row.pathLocation, code: .windowsName)]
        }
        return []
    }
}

/// What the item checks find in a data file's rows.
package enum ItemProblem: DiagnosticMessage {
    case unreadableFile(String, page: String, String)
    case noRouteForItems(page: String)
    case badPathShape(String)
    case badPathCharacter(String, Character)
    case notComposed(String, composed: String)
    case segmentTooLong(String)
    case pathTooLong(String)
    case reservedPath(String)
    case reservedSegment(String)
    /// `served`: what the primary host shows there instead; `own`: the page type's patterns.
    case notThisPageType(String, page: String, host: String, served: String, own: [String])
    case relativeImage(String)
    case duplicatePath(String)
    case differsOnlyInCase(String, String)
    case windowsName(String, segment: String)
    case detailNotAColumn(String, file: String, columns: [String])

    package var text: String {
        switch self {
        case .detailNotAColumn(let column, let file, let columns):
            "detail column '\(column)' is not a column of '\(file)' (\(columns.joined(separator: ", ")))"
                + Suggestion.didYouMean(column, in: columns)
        case .unreadableFile(let file, let page, let reason):
            "cannot read item file '\(file)' of page type '\(page)': \(reason)"
        case .noRouteForItems(let page):
            "page type '\(page)' has items but no route with a page host uses it"
        case .badPathShape(let path):
            "item path '\(path)' must start with '/' and have no empty segment or trailing slash, e.g. '/u/alex'"
        case .badPathCharacter(let path, let bad):
            "item path '\(path)' contains '\(bad)'"
                + (bad == "?" || bad == "#"
                    ? "; an item is a path, without query or fragment" : "; use letters, digits and -._~ (write the decoded form, not %XX)")
        case .notComposed(let path, let composed):
            "item path '\(path)' is not in composed form (NFC): write '\(composed)', the form browsers and hosts use"
        case .segmentTooLong(let segment):
            "item path segment '\(segment.prefix(24))…' is \(segment.utf8.count) bytes long; file systems hold names of at most 255 bytes (250 for the last segment, which gets '.html')"
        case .pathTooLong(let path):
            "item path '\(path.prefix(40))…' is \(path.utf8.count) bytes long; keep item paths under 1,024 bytes"
        case .reservedPath(let path):
            "item path '\(path)' is reserved: its page would replace or sit beside a file every host needs (index.html, 404.html, the AASA)"
        case .reservedSegment(let path):
            "item path '\(path)' is reserved: no segment may start with '.', and '/\(PagePaths.folder)/' holds route pages"
        case .notThisPageType(let path, let page, let host, let served, let own):
            "item path '\(path)' is not a '\(page)' page on \(host): \(served); '\(page)' routes match \(own.joined(separator: ", "))"
        case .relativeImage(let image):
            "image '\(image)' must be an absolute https:// URL (crawlers do not resolve relative images)"
        case .duplicatePath(let path):
            "duplicate item path '\(path)'"
        case .differsOnlyInCase(let path, let earlier):
            "item path '\(path)' differs from '\(earlier)' only in case; on case-insensitive file systems (macOS, Windows) one page overwrites the other"
        case .windowsName(let path, let segment):
            "item path '\(path)' has the segment '\(segment)', which Windows cannot use as a file name; the output cannot be checked out there"
        }
    }
}
