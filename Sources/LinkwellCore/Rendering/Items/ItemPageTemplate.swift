import Synchronization

/// The page template compiled once for the item pages of one page type on one host, and how a
/// row fills it. The template is compiled (`TemplateLibrary.compile`) against that frame's page
/// context with what differs from row to row left as holes: the texts a row can override, the
/// links expanded for its path, its path and columns, and the pieces of its shown URL. Every
/// other name is written in once. Each row then gathers its texts (`gather`) and runs the
/// program: no context is built and no name is looked up per page.
struct ItemPageTemplate: Sendable {
    /// The holes every item page has, by number; column holes come after them.
    enum Hole: Int, CaseIterable {
        case title, description, image, twitterCard
        case canonical, openInApp, web, desktop, native, store
        case path
    }

    /// The hole list of the shown URL's pieces (`link.shown`), whose element has one hole, its text.
    static let shownPieces = 0

    let program: TemplateProgram
    /// The columns the template names (`item.<column>`, `item.fields.<column>`, and a detail's
    /// value, which is absent where the row's value is empty), by hole
    /// number after `Hole`'s.
    let columns: [ColumnHoles.Column]

    init?(frame: SharedPageContext, shared: TemplateRecord, library: TemplateLibrary) {
        let columns = ColumnHoles()
        guard let program = library.compile("page", against: .object(Self.root(frame: frame, shared: shared, columns: columns))) else {
            return nil
        }
        self.program = program
        self.columns = columns.names.withLock { $0 }
    }

    /// The same template with `program` in place of its own (the policy filled in).
    private init(program: TemplateProgram, columns: [ColumnHoles.Column]) {
        self.program = program
        self.columns = columns
    }

    func with(_ program: TemplateProgram) -> ItemPageTemplate { ItemPageTemplate(program: program, columns: columns) }

    /// `item`'s texts for the holes the program reads, in place of the last row's (the buffers'
    /// memory is kept). The values are those of `frame.values(item:)`, in the same order of
    /// precedence; the links are expanded straight into the buffer.
    func gather(_ item: ItemRow, frame: SharedPageContext, into values: inout TemplateValues) {
        values.removeAll()
        let fields = item.fields
        let own = frame.ownColumns(of: fields)
        func text(_ hole: Hole, column: Int?, else text: String?) {
            if let column {
                values.set(hole.rawValue) { buffer in fields.withUTF8(at: column) { buffer.append(contentsOf: $0) } }
            } else {
                values.set(hole.rawValue, text)
            }
        }
        text(.title, column: own.title, else: own.title == nil ? frame.pageTitle(path: item.path) : nil)
        text(.description, column: own.description, else: own.description == nil ? frame.pageDescription(path: item.path) : nil)
        text(.image, column: own.image, else: frame.page.image)
        values.set(Hole.twitterCard.rawValue, SharedPageContext.twitterCard(hasImage: values.holes[Hole.image.rawValue].isPresent))
        let path = URLTemplate.encodedPath(item.path)
        let showsPieces = program.listsRead.contains(Self.shownPieces)
        // One call per link (an array of them would be made and freed for every page).
        func link(_ hole: Hole, _ template: URLTemplate.Compiled?) {
            guard let template, program.holesRead.contains(hole.rawValue) || (hole == .canonical && showsPieces) else {
                return values.set(hole.rawValue, .absent)
            }
            values.set(hole.rawValue) { template.expand(path: path, query: "", primaryHost: frame.links.primaryHost, into: &$0) }
        }
        link(.canonical, frame.canonical)
        link(.openInApp, frame.openInApp)
        link(.web, frame.web)
        link(.desktop, frame.desktop)
        link(.native, frame.native)
        link(.store, frame.store)
        values.set(Hole.path.rawValue, item.path)
        for (offset, wanted) in columns.enumerated() {
            let number = Hole.allCases.count + offset
            if let column = fields.names.index(of: wanted.name), !(wanted.emptyIsAbsent && fields.range(at: column).isEmpty) {
                values.set(number) { buffer in fields.withUTF8(at: column) { buffer.append(contentsOf: $0) } }
            } else {
                values.set(number, .absent)
            }
        }
        if showsPieces { gatherPieces(into: &values) }
    }

    /// The shown URL's pieces (`PageContext.Link.shown`): spans of the canonical link, or, for a
    /// piece with an escape, its text as the address bar shows it (`URLDisplay`), added after.
    private func gatherPieces(into values: inout TemplateValues) {
        while values.lists.count <= Self.shownPieces { values.lists.append((width: 1, spans: [])) }
        let canonical = values.holes[Hole.canonical.rawValue]
        var pieces = values.lists[Self.shownPieces].spans
        values.lists[Self.shownPieces].spans = []
        var decoded: [(piece: Int, text: String)] = []
        Self.shownPieces(values.texts[Int(canonical.start)..<Int(canonical.end)]) { piece in
            let span = TemplateValues.Span(
                start: canonical.start + Int32(piece.lowerBound), end: canonical.start + Int32(piece.upperBound))
            let bytes = values.texts[Int(span.start)..<Int(span.end)]
            if bytes.contains(UInt8(ascii: "%")) {
                decoded.append((pieces.count, URLDisplay.decoded(Substring(String(decoding: bytes, as: UTF8.self)))))
            }
            pieces.append(span)
        }
        for (piece, text) in decoded { pieces[piece] = values.add(text) }
        values.lists[Self.shownPieces].spans = pieces
    }

    /// `PageContext.Link.shown` of the canonical URL whose UTF-8 is `bytes`, as ranges of it:
    /// split here by bytes when ASCII (every canonical URL, its path percent-encoded), else
    /// taken from `shown`'s substrings.
    static func shownPieces(_ bytes: ArraySlice<UInt8>) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        shownPieces(bytes) { pieces.append($0) }
        return pieces
    }

    /// The same, each piece handed to `visit` in order.
    static func shownPieces(_ bytes: ArraySlice<UInt8>, _ visit: (Range<Int>) -> Void) {
        let split = bytes.withUnsafeBufferPointer { bytes -> Bool in
            guard bytes.isASCII, let slash = bytes.firstIndex(of: UInt8(ascii: "/")) else { return false }
            var start = min(slash + 2, bytes.count)
            for index in start..<max(start, bytes.count) where breaks.contains(bytes[index]) {
                visit(start..<index + 1)
                start = index + 1
            }
            if start < bytes.count { visit(start..<bytes.count) }
            return true
        }
        if !split {
            let canonical = String(decoding: bytes, as: UTF8.self)
            let utf8 = canonical.utf8
            for piece in PageContext.Link.shown(canonical) {
                let start = utf8.distance(from: utf8.startIndex, to: piece.startIndex)
                visit(start..<start + piece.utf8.count)
            }
        }
    }

    /// The bytes that end a piece of the shown URL (`PageContext.Link.pieces`).
    private static let breaks = ASCIISet("/?&=")

    // MARK: The context compiled against

    private static func hole(_ hole: Hole) -> TemplateValue { .hole(TemplateHole(hole.rawValue)) }

    /// The frame's page context with `link`, `item`, `buttons` and the row's page texts as holes.
    private static func root(frame: SharedPageContext, shared: TemplateRecord, columns: ColumnHoles) -> TemplateRecord {
        func link(_ template: URLTemplate.Compiled?, _ hole: Hole) -> TemplateValue {
            template == nil ? .absent : ItemPageTemplate.hole(hole)
        }
        // Every row has the links the frame has, so the same buttons: their links are holes.
        let buttons = frame.buttons(
            openInApp: frame.openInApp.map { _ in hole(.openInApp) }, web: frame.web.map { _ in hole(.web) },
            store: { frame.store.map { _ in hole(.store) } }, text: { .text($0) })
        return TemplateRecord(
            [
                "page": .object(PageTexts(shared.member(named: "page"), frame: frame, columns: columns)),
                "link": .object(
                    TemplateRecord([
                        "canonical": hole(.canonical),
                        // One piece of the shown URL: its text.
                        "shown": .holeList(shownPieces, element: .object(TemplateRecord(["text": .hole(TemplateHole(0, .element))]))),
                        "openInApp": link(frame.openInApp, .openInApp), "web": link(frame.web, .web),
                        "desktop": link(frame.desktop, .desktop), "native": link(frame.native, .native),
                    ])),
                // Its path, and any other name a column of the row (`item.fields.<column>` too).
                "item": .object(TemplateRecord(["path": hole(.path), "fields": .object(columns)], otherwise: columns)),
                "buttons": .list(buttons.map { PageContext.button(id: $0.id, label: $0.label, href: $0.href, style: $0.style) }),
            ], otherwise: shared)
    }

    /// The page's texts: the row's where it can give its own (holes), the page type's otherwise.
    /// A class, not a record: a detail's column becomes a hole only when a template shows details.
    private final class PageTexts: TemplateObject {
        let shared: (any TemplateObject)?
        let frame: SharedPageContext
        let columns: ColumnHoles

        init(_ shared: TemplateValue?, frame: SharedPageContext, columns: ColumnHoles) {
            if case .object(let page)? = shared { self.shared = page } else { self.shared = nil }
            self.frame = frame
            self.columns = columns
        }

        func member(named name: String) -> TemplateValue? {
            switch name {
            case "title": ItemPageTemplate.hole(.title)
            case "description": ItemPageTemplate.hole(.description)
            case "image": ItemPageTemplate.hole(.image)
            case "twitterCard": ItemPageTemplate.hole(.twitterCard)
            // Each shown column's value is the row's, or absent: a member that is always there.
            case "details":
                .list(
                    frame.page.details.map {
                        PageContext.detail(label: $0.label, value: .hole(TemplateHole(columns.number($0.column, emptyIsAbsent: true))))
                    })
            case "hasDetails": .flag(!frame.page.details.isEmpty)
            default: shared?.member(named: name)
            }
        }
    }

    /// A hole for each column a template names, numbered as the compiler asks for them.
    final class ColumnHoles: TemplateObject {
        struct Column: Sendable, Equatable {
            var name: String
            /// A detail's value: an empty one is not shown.
            var emptyIsAbsent: Bool
        }

        let names = Mutex<[Column]>([])

        func member(named name: String) -> TemplateValue? {
            .hole(TemplateHole(number(name), .column))
        }

        /// The hole number of the column `name`.
        func number(_ name: String, emptyIsAbsent: Bool = false) -> Int {
            let column = Column(name: name, emptyIsAbsent: emptyIsAbsent)
            let offset = names.withLock { names in
                if let known = names.firstIndex(of: column) { return known }
                names.append(column)
                return names.count - 1
            }
            return Hole.allCases.count + offset
        }
    }
}
