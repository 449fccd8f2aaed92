/// An item page's template compiled once per page type and host into steps that write the page
/// from the item's own values (those of `PageFrame.values(item:)`, the row's fields): constant bytes, the
/// item's texts escaped into place, and the few sections and lists whose outcome depends on the
/// item. Every name is resolved when compiling, by the Mustache rules the renderer follows
/// (`TemplateLibrary.resolve`: the first part from the top of the stack down, the rest inside
/// what it found), against what the page context is made of; no page builds a context or
/// looks a name up. An item page was a context, thirty lookups and a tree walk: most of an
/// item build's time, and of `check`'s on a fresh clone.
///
/// Exact or nothing: where a name's meaning could differ from row to row (a bare name under
/// `{{#item}}`, which a column may or may not answer) or the context has a member this program
/// does not know, `compile` returns nil and the page is rendered by the template engine. Tests
/// hold every program's pages to the engine's, byte for byte.
struct ItemPageProgram: Sendable {
    /// A text that differs from item to item.
    enum ItemText: Sendable, Equatable {
        case title, description, image, twitterCard
        case canonical, openInApp, web, desktop, native
        case path
        /// A column of the row (`item.<column>`, `item.fields.<column>`).
        case field(String)
        /// A member of the button the innermost `{{#buttons}}` is at: only while compiling, which
        /// writes each button out (`specialized`).
        case buttonID, buttonLabel, buttonHref, buttonStyle
        /// The store link, a button's link on the mirror host's pages.
        case store
        /// The text of the shown-URL piece the innermost loop is at.
        case pieceText
    }

    indirect enum Step: Sendable {
        case bytes([UInt8])
        case text(ItemText, escaped: Bool)
        /// Where the page's Content-Security-Policy goes (`TemplateLibrary.Rendered.slots`).
        case slot
        /// A section on an item text: rendered when the text is there (even empty), or, inverted, when it is not.
        case whenPresent(ItemText, inverted: Bool, [Step])
        /// `{{#buttons}}` once per button, or, inverted, when there are none (written out when
        /// compiling: no program holds one).
        case eachButton(inverted: Bool, [Step])
        /// `{{#link.shown}}` once per piece of the shown URL, or, inverted, when there are none.
        case eachPiece(inverted: Bool, [Step])
    }

    /// The steps, flattened into instructions that hold no references: each page's walk over
    /// them copies nothing and counts no references (pages render on every core at once, and
    /// the counts of shared arrays would be contended between cores).
    private let instructions: [Instruction]
    /// Every constant run of bytes, one after the other.
    private let constants: [UInt8]
    /// The column names `ItemText.field` names, by index.
    private let fieldNames: [String]
    /// Whether any step walks the shown URL's pieces (splitting the URL is skipped otherwise).
    private let showsPieces: Bool
    /// The frame's links some step shows, a bit for each text number (canonical, open-in-app,
    /// web, desktop, native, store): only those are expanded for each page (the built-in
    /// template shows no desktop link, and the store link only as a mirror host's button).
    private let shownLinks: UInt16

    /// An item page's buttons, worked out once for the frame (`PageFrame.buttons`): every item
    /// has the same links, so the same buttons, and `{{#buttons}}` is written out when compiling,
    /// once per button (`specialized`): their ids, labels, styles and any fixed link become
    /// constant bytes, as written or escaped, and their links the page's texts they are: no page
    /// walks the loop, looks each member up and copies it.
    private struct Buttons {
        enum Href {
            case openInApp, web, store
            case fixed(Constant)
        }
        /// A text, as written and escaped.
        struct Constant {
            var raw: [UInt8]
            var escaped: [UInt8]

            init(_ text: String) {
                raw = Array(text.utf8)
                escaped = []
                TemplateLibrary.appendEscaped(text, to: &escaped)
            }
        }
        var list: [(id: Constant, label: Constant, href: Href, style: Constant)] = []

        init(_ frame: PageFrame) {
            // Every item has the link a template of the frame makes (`PageFrame.values(item:)`).
            let buttons = frame.buttons(
                openInApp: frame.openInApp.map { _ in Href.openInApp }, web: frame.web.map { _ in Href.web },
                store: { frame.store.map { _ in Href.store } }, text: { Href.fixed(Constant($0)) })
            list = buttons.map { (Constant($0.id), Constant($0.label), $0.href, Constant($0.style)) }
        }

        /// What a member of the button at `index` is on every page: constant bytes (as written or
        /// escaped), or the page text it is; nil for a text that is not a button's.
        func member(_ text: ItemText, of index: Int, escaped: Bool) -> Step? {
            func constant(_ member: Constant) -> Step { .bytes(escaped ? member.escaped : member.raw) }
            let button = list[index]
            switch text {
            case .buttonID: return constant(button.id)
            case .buttonLabel: return constant(button.label)
            case .buttonStyle: return constant(button.style)
            case .buttonHref:
                switch button.href {
                case .openInApp: return .text(.openInApp, escaped: escaped)
                case .web: return .text(.web, escaped: escaped)
                case .store: return .text(.store, escaped: escaped)
                case .fixed(let link): return constant(link)
                }
            default: return nil
            }
        }
    }

    /// `steps` as every item page of `frame` has them: each `{{#buttons}}` written out, once per
    /// button (or, inverted, once when there is none), each member of a button the constant or
    /// the page text it is (the innermost loop's button, as the page context answers), and each
    /// section on a text the frame decides for every item (its links, the title, and a
    /// description or image the page type has for rows that have none) written in or left out:
    /// the page walked into it and back for every item. A button's member outside any loop has
    /// no button to be: not compilable (the compiler never makes one).
    private static func specialized(_ steps: [Step], to frame: PageFrame, _ buttons: Buttons, at button: Int?) throws(NotCompilable)
        -> [Step]
    {
        var written: [Step] = []
        for step in steps {
            switch step {
            case .eachButton(let inverted, let body):
                if inverted {
                    if buttons.list.isEmpty { written += try specialized(body, to: frame, buttons, at: button) }
                } else {
                    for index in buttons.list.indices { written += try specialized(body, to: frame, buttons, at: index) }
                }
            case .text(let text, let escaped):
                written.append(try member(text, of: button, in: buttons, escaped: escaped) ?? step)
            case .whenPresent(var text, let inverted, let body):
                let body = try specialized(body, to: frame, buttons, at: button)
                switch try member(text, of: button, in: buttons, escaped: false) {
                case .bytes?:
                    // A constant member is there on every page (even empty).
                    if !inverted { written += body }
                    continue
                case .text(let page, _)?: text = page
                default: break
                }
                if let present = presence(of: text, in: frame) {
                    if present != inverted { written += body }
                } else {
                    written.append(.whenPresent(text, inverted: inverted, body))
                }
            case .eachPiece(let inverted, let body):
                written.append(.eachPiece(inverted: inverted, try specialized(body, to: frame, buttons, at: button)))
            case .bytes, .slot:
                written.append(step)
            }
        }
        return written
    }

    /// Whether every item page of `frame` has `text` (as `Page.gather` finds it), or nil when it
    /// differs from row to row.
    private static func presence(of text: ItemText, in frame: PageFrame) -> Bool? {
        switch text {
        case .title, .twitterCard, .canonical, .path: true
        case .openInApp: frame.openInApp != nil
        case .web: frame.web != nil
        case .desktop: frame.desktop != nil
        case .native: frame.native != nil
        case .store: frame.store != nil
        // A row's own where it has one, else the page type's.
        case .description: frame.page.description != nil ? true : nil
        case .image: frame.page.image != nil ? true : nil
        case .field, .buttonID, .buttonLabel, .buttonHref, .buttonStyle, .pieceText: nil
        }
    }

    private static func member(_ text: ItemText, of button: Int?, in buttons: Buttons, escaped: Bool) throws(NotCompilable) -> Step? {
        switch text {
        case .buttonID, .buttonLabel, .buttonHref, .buttonStyle:
            guard let button else { throw NotCompilable() }
            return buttons.member(text, of: button, escaped: escaped)
        default:
            return nil
        }
    }

    /// One step: `kind`, the text it names (`texts`' index, or `fieldNames`' after them), and a
    /// range: of `constants` for bytes, of the instructions that follow for a section's body.
    fileprivate struct Instruction {
        enum Kind: UInt8 { case bytes, escaped, raw, slot, whenPresent, whenAbsent, eachPiece, noPiece }
        var kind: Kind
        var text: Int32 = 0
        var start: Int32 = 0
        var end: Int32 = 0
    }

    /// The texts instructions name by number (`Page.text` reads them in this order); columns
    /// come after them.
    private static let texts: [ItemText] = [
        .title, .description, .image, .twitterCard, .canonical, .openInApp, .web, .desktop, .native, .path, .store, .pieceText,
    ]

    /// `texts`' numbers of the store link and the shown-URL piece's text (`Page.span`).
    private static let storeNumber: Int32 = 10
    private static let pieceTextNumber: Int32 = 11

    /// How many texts `texts` names: a number, so pages read no shared array for it.
    private static let textCount = texts.count

    /// `template`: the page template specialized to the frame (`TemplateLibrary.specialize`),
    /// `shared`: the frame's context for any row (what does not differ per item is read from it).
    /// `frame`: the frame whose items the program writes (`render` is given the same one).
    static func compile(_ template: MustacheTemplate, shared: PageContext, frame: PageFrame, library: TemplateLibrary) -> ItemPageProgram? {
        precondition(
            texts[Int(storeNumber)] == .store && texts[Int(pieceTextNumber)] == .pieceText
                && linkNumbers.map { texts[Int($0)] } == [.canonical, .openInApp, .web, .desktop, .native, .store], "the texts' numbers")
        var stack: [Meaning] = [.root]
        guard let steps = try? Compiler(shared: shared, library: library).compile(template.nodes, stack: &stack),
            let written = try? specialized(steps, to: frame, Buttons(frame), at: nil)
        else { return nil }
        var program = Assembly()
        program.add(merged(written))
        let showsPieces = program.instructions.contains { [.eachPiece, .noPiece].contains($0.kind) }
        // The canonical link holds the shown URL's pieces.
        var shownLinks: UInt16 = showsPieces ? 1 << 4 : 0
        for instruction in program.instructions where [.escaped, .raw, .whenPresent, .whenAbsent].contains(instruction.kind) {
            if linkNumbers.contains(instruction.text) { shownLinks |= 1 << instruction.text }
        }
        return ItemPageProgram(
            instructions: program.instructions, constants: program.constants, fieldNames: program.fieldNames, showsPieces: showsPieces,
            shownLinks: shownLinks)
    }

    /// `texts`' numbers of the frame's links, which `Page.gather` expands for the item.
    private static let linkNumbers: [Int32] = [4, 5, 6, 7, 8, storeNumber]

    /// Steps laid out as instructions.
    private struct Assembly {
        var instructions: [Instruction] = []
        var constants: [UInt8] = []
        var fieldNames: [String] = []

        mutating func add(_ steps: [Step]) {
            for step in steps {
                switch step {
                case .bytes(let bytes):
                    instructions.append(Instruction(kind: .bytes, start: Int32(constants.count), end: Int32(constants.count + bytes.count)))
                    constants += bytes
                case .text(let text, let escaped):
                    instructions.append(Instruction(kind: escaped ? .escaped : .raw, text: index(of: text)))
                case .slot:
                    instructions.append(Instruction(kind: .slot))
                case .whenPresent(let text, let inverted, let body):
                    section(inverted ? .whenAbsent : .whenPresent, text: index(of: text), body)
                case .eachButton:
                    preconditionFailure("buttons are written out before assembly")
                case .eachPiece(let inverted, let body):
                    section(inverted ? .noPiece : .eachPiece, body)
                }
            }
        }

        private mutating func section(_ kind: Instruction.Kind, text: Int32 = 0, _ body: [Step]) {
            let at = instructions.count
            instructions.append(Instruction(kind: kind, text: text, start: Int32(at + 1)))
            add(body)
            instructions[at].end = Int32(instructions.count)
        }

        private mutating func index(of text: ItemText) -> Int32 {
            if let known = ItemPageProgram.texts.firstIndex(of: text) { return Int32(known) }
            // Every other text is in `texts`: a button's members are written out before assembly.
            guard case .field(let name) = text else { preconditionFailure("\(text) has no number") }
            if let seen = fieldNames.firstIndex(of: name) { return Int32(ItemPageProgram.texts.count + seen) }
            fieldNames.append(name)
            return Int32(ItemPageProgram.texts.count + fieldNames.count - 1)
        }
    }

    // MARK: Compiling

    /// What a name stands for while compiling: a value every item page shares, or one of the
    /// parts of the context that differ per item.
    private indirect enum Meaning {
        case known(TemplateValue)
        case root, page, link, item, fields, buttons, button, shown, piece
        case text(ItemText)

        var isObject: Bool {
            switch self {
            case .known(.object), .root, .page, .link, .item, .fields, .button, .piece: true
            case .known, .buttons, .shown, .text: false
            }
        }
    }

    /// A name whose meaning depends on the row, or a member this program does not model.
    private struct NotCompilable: Error {}

    private struct Compiler {
        /// The context every item page of the frame shares (`context` for the row `/`): its
        /// members that do not differ per item are taken from it as they are.
        let shared: PageContext
        let library: TemplateLibrary

        func compile(_ nodes: [MustacheTemplate.Node], stack: inout [Meaning]) throws(NotCompilable) -> [Step] {
            var steps: [Step] = []
            for node in nodes {
                switch node {
                case .text(let bytes):
                    steps.append(.bytes(bytes))
                case .slot:
                    steps.append(.slot)
                case .partial(let name, let indentation):
                    if let partial = library.partial(name, indentation) { steps += try compile(partial.nodes, stack: &stack) }
                case .variable(let name, let escaped):
                    switch try resolve(name, in: stack) {
                    case .known(.slot)?: steps.append(.slot)
                    case .known(let value)?:
                        var bytes: [UInt8] = []
                        TemplateLibrary.append(value, escaped: escaped, to: &bytes)
                        steps.append(.bytes(bytes))
                    case .text(let text)?: steps.append(.text(text, escaped: escaped))
                    case nil, .root?, .page?, .link?, .item?, .fields?, .buttons?, .button?, .shown?, .piece?: break
                    }
                case .section(let name, let inverted, let body):
                    steps += try section(try resolve(name, in: stack) ?? .known(.absent), inverted: inverted, body: body, stack: &stack)
                case .scope(let path, let body):
                    // The value at `path` from the bottom of the stack, pushed (`TemplateLibrary`'s scope).
                    var value: Meaning? = .root
                    for part in path {
                        guard let current = value, current.isObject else { break }
                        value = try member(of: current, part, first: false)
                    }
                    stack.append(value ?? .known(.absent))
                    steps += try compile(body, stack: &stack)
                    stack.removeLast()
                }
            }
            return steps
        }

        private func section(_ value: Meaning, inverted: Bool, body: [MustacheTemplate.Node], stack: inout [Meaning]) throws(NotCompilable)
            -> [Step]
        {
            func pushing(_ meaning: Meaning) throws(NotCompilable) -> [Step] {
                stack.append(meaning)
                defer { stack.removeLast() }
                return try compile(body, stack: &stack)
            }
            switch value {
            case .known(let known):
                if inverted { return known.isTruthy ? [] : try compile(body, stack: &stack) }
                switch known {
                case .list(let items):
                    var steps: [Step] = []
                    for item in items { steps += try pushing(.known(item)) }
                    return steps
                case .flag(true): return try compile(body, stack: &stack)
                case .text, .object, .slot: return try pushing(value)
                case .flag(false), .absent, .unknown: return []
                }
            case .text(let text):
                return [.whenPresent(text, inverted: inverted, inverted ? try compile(body, stack: &stack) : try pushing(value))]
            case .buttons:
                return [.eachButton(inverted: inverted, inverted ? try compile(body, stack: &stack) : try pushing(.button))]
            case .shown:
                return [.eachPiece(inverted: inverted, inverted ? try compile(body, stack: &stack) : try pushing(.piece))]
            case .root, .page, .link, .item, .fields, .button, .piece:
                // Objects are always there on an item page: the section renders once, with it pushed.
                return inverted ? [] : try pushing(value)
            }
        }

        /// `TemplateLibrary.resolve`, on meanings.
        private func resolve(_ name: MustacheTemplate.Name, in stack: [Meaning]) throws(NotCompilable) -> Meaning? {
            guard let first = name.parts.first else { return stack.last }
            var found: Meaning?
            for level in stack.reversed() where level.isObject {
                if let member = try member(of: level, first, first: true) {
                    found = member
                    break
                }
            }
            for part in name.parts.dropFirst() {
                guard let current = found, current.isObject else { return nil }
                found = try member(of: current, part, first: false)
            }
            return found
        }

        /// What `object.member(named: name)` gives on every item page. `first`: the name's first
        /// part, where a member that only some rows have would decide which level answers.
        private func member(of object: Meaning, _ name: String, first: Bool) throws(NotCompilable) -> Meaning? {
            switch object {
            case .known(.object(let known)):
                return known.member(named: name).map { .known($0) }
            case .root:
                switch name {
                case "link": return .link
                case "item": return .item
                case "buttons": return .buttons
                case "page": return .page
                default:
                    // A name the context has per item that this switch does not model.
                    if PreviewPages.perItemNames.contains(name) { throw NotCompilable() }
                    return shared.member(named: name).map { .known($0) }
                }
            case .page:
                switch name {
                case "title": return .text(.title)
                case "description": return .text(.description)
                case "image": return .text(.image)
                case "twitterCard": return .text(.twitterCard)
                default:
                    if PreviewPages.perItemNames.contains("page." + name) { throw NotCompilable() }
                    return shared.page.member(named: name).map { .known($0) }
                }
            case .link:
                let members: [String: Meaning] = [
                    "canonical": .text(.canonical), "openInApp": .text(.openInApp), "web": .text(.web), "desktop": .text(.desktop),
                    "native": .text(.native), "shown": .shown,
                ]
                return try modelled(Self.sampleLink, name, members)
            case .button:
                let members: [String: Meaning] = [
                    "id": .text(.buttonID), "label": .text(.buttonLabel), "href": .text(.buttonHref), "style": .text(.buttonStyle),
                ]
                return try modelled(Self.sampleButton, name, members)
            case .piece:
                return try modelled(PageContext.Link.Piece(text: ""), name, ["text": .text(.pieceText)])
            case .item:
                if name == "path" { return .text(.path) }
                if name == "fields" { return .fields }
                fallthrough
            case .fields:
                // A column: as a name's first part, whether this level answers depends on the row.
                if first { throw NotCompilable() }
                return .text(.field(name))
            case .known, .buttons, .shown, .text:
                return nil
            }
        }

        /// A member of one of the context's per-item classes, as that class answers it: a member it
        /// has and this program does not model makes the template not compilable, never a wrong page.
        private func modelled(_ sample: some TemplateObject, _ name: String, _ members: [String: Meaning]) throws(NotCompilable) -> Meaning?
        {
            guard sample.member(named: name) != nil else { return nil }
            guard let meaning = members[name] else { throw NotCompilable() }
            return meaning
        }

        private static let sampleLink = PageContext.Link(canonical: "", openInApp: "", web: "", desktop: "", native: "")
        private static let sampleButton = PageContext.Button(id: "", label: "", href: "", style: "")
    }

    /// `steps` (as `specialized` writes them out for a frame) with each run of adjacent constant
    /// bytes joined into one, and empty ones dropped.
    private static func merged(_ steps: [Step]) -> [Step] {
        var result: [Step] = []
        for step in steps {
            switch step {
            case .bytes(let bytes):
                if bytes.isEmpty { continue }
                if case .bytes(let previous) = result.last {
                    result[result.count - 1] = .bytes(previous + bytes)
                } else {
                    result.append(step)
                }
            case .whenPresent(let text, let inverted, let body): result.append(.whenPresent(text, inverted: inverted, merged(body)))
            case .eachButton: preconditionFailure("buttons are written out before constants are merged")
            case .eachPiece(let inverted, let body): result.append(.eachPiece(inverted: inverted, merged(body)))
            case .text, .slot: result.append(step)
            }
        }
        return result
    }

    // MARK: Rendering

    /// The page of `item` in `frame`. `capacity`: the bytes first set aside for it (a page that
    /// does not fit is written again into twice as many).
    func render(_ frame: PageFrame, item: ItemRow, capacity: Int? = nil) -> TemplateLibrary.Rendered {
        var scratch = Scratch()
        return render(frame, item: item, capacity: capacity, scratch: &scratch)
    }

    /// The same, gathering the item's texts into `scratch`, whose memory the pages of a batch
    /// share, rather than arrays made, grown and freed for every page.
    func render(_ frame: PageFrame, item: ItemRow, capacity: Int? = nil, scratch: inout Scratch) -> TemplateLibrary.Rendered {
        scratch.page.gather(frame: frame, item: item, fieldNames: fieldNames, showsPieces: showsPieces, shownLinks: shownLinks)
        return render(scratch.page, capacity: capacity)
    }

    /// What `render` keeps from one page to the next.
    struct Scratch {
        fileprivate var page = Page()
    }

    private func render(_ page: borrowing Page, capacity: Int?) -> TemplateLibrary.Rendered {
        // Most pages are their constants and their texts, a few of them escaped or repeated.
        var capacity = max(capacity ?? constants.count + 2 * page.texts.count + 1_024, 1)
        while true {
            var slots: [Int] = []
            var fits = false
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                var writer = PageWriter(buffer)
                withUnsafeTemporaryAllocation(of: Range<Int>?.self, capacity: page.spans.count) { escaped in
                    escaped.initialize(repeating: nil)
                    instructions.withUnsafeBufferPointer { instructions in
                        constants.withUnsafeBufferPointer { constants in
                            page.texts.withUnsafeBufferPointer { texts in
                                page.run(
                                    Run(instructions: instructions, constants: constants, texts: texts, escaped: escaped),
                                    0..<instructions.count, piece: -1, into: &writer)
                            }
                        }
                    }
                }
                fits = !writer.overflowed
                count = fits ? writer.count : 0
                slots = writer.slots
            }
            if fits { return TemplateLibrary.Rendered(bytes: bytes, slots: slots) }
            capacity *= 2
        }
    }

    /// Where a text is in a page's `texts`; `start` is -1 for a text the item does not have.
    fileprivate struct Span {
        var start: Int32
        var end: Int32
        static let absent = Span(start: -1, end: -1)
        var isPresent: Bool { start >= 0 }
    }

    /// What one walk over the instructions reads.
    fileprivate struct Run {
        let instructions: UnsafeBufferPointer<Instruction>
        let constants: UnsafeBufferPointer<UInt8>
        let texts: UnsafeBufferPointer<UInt8>
        /// By text number: where the page holds the text escaped, once it was written. A page
        /// shows most of its texts escaped two to four times (a title in `<title>`, `og:title` and
        /// `<h1>`; the canonical link in three tags; the open-in-app link in a tag and a button),
        /// so a repeat copies what was written rather than escaping it again. A piece is
        /// escaped where it is shown.
        let escaped: UnsafeMutableBufferPointer<Range<Int>?>
    }

    /// An item's texts gathered into one buffer before its steps run: the walk then copies
    /// bytes and never touches a `String` (creating, indexing and releasing substrings was a
    /// third of a page's time). The frame's links are expanded straight into it.
    fileprivate struct Page {
        var texts = TextBuffer()
        /// By text number (`ItemPageProgram.texts`, columns after them); the piece's text is in
        /// `pieces`.
        var spans: [Span] = []
        /// The shown URL's pieces (`PageContext.Link.shown`), inside the canonical link's span.
        var pieces: [Span] = []

        /// The texts of `frame.values(item:)`, in the same order of precedence, in place of the
        /// last page's (whose arrays' memory is kept).
        mutating func gather(frame: PageFrame, item: borrowing ItemRow, fieldNames: [String], showsPieces: Bool, shownLinks: UInt16) {
            texts.removeAll()
            spans.removeAll(keepingCapacity: true)
            pieces.removeAll(keepingCapacity: true)
            spans.reserveCapacity(ItemPageProgram.textCount + fieldNames.count)
            let own = frame.ownColumns(of: item.fields)
            let path = URLTemplate.encodedPath(item.path)
            // In `ItemPageProgram.texts`' order (one by one: an array of them would be built
            // and released for every page).
            func text(_ column: Int?, else text: String?) -> Span {
                if let column { add(item.fields, column) } else { add(text) }
            }
            spans.append(text(own.title, else: frame.page.title))
            spans.append(text(own.description, else: frame.page.description))
            spans.append(text(own.image, else: frame.page.image))
            spans.append(add(PageFrame.twitterCard(hasImage: spans[2].isPresent)))
            func link(_ number: Int32, _ template: URLTemplate.Compiled?) -> Span {
                shownLinks & 1 << number != 0 ? add(template, path: path, frame: frame) : .absent
            }
            spans.append(link(4, frame.canonical))
            spans.append(link(5, frame.openInApp))
            spans.append(link(6, frame.web))
            spans.append(link(7, frame.desktop))
            spans.append(link(8, frame.native))
            spans.append(add(item.path))
            spans.append(link(ItemPageProgram.storeNumber, frame.store))
            while spans.count < ItemPageProgram.textCount { spans.append(.absent) }
            for name in fieldNames {
                if let index = item.fields.names.index(of: name) { spans.append(add(item.fields, index)) } else { spans.append(.absent) }
            }
            if showsPieces {
                let canonical = spans[4]
                pieces.reserveCapacity(8)
                // A piece with an escape is shown as the address bar shows it (`URLDisplay`), its text
                // added after the walk, which reads the texts in place.
                var decoded: [(piece: Int, text: String)] = []
                ItemPageProgram.shownPieces(texts[Int(canonical.start)..<Int(canonical.end)]) { piece in
                    let span = Span(start: canonical.start + Int32(piece.lowerBound), end: canonical.start + Int32(piece.upperBound))
                    let bytes = texts[Int(span.start)..<Int(span.end)]
                    if bytes.contains(UInt8(ascii: "%")) {
                        decoded.append((pieces.count, URLDisplay.decoded(Substring(String(decoding: bytes, as: UTF8.self)))))
                    }
                    pieces.append(span)
                }
                for (piece, text) in decoded { pieces[piece] = add(text) }
            }
        }

        private mutating func add(_ text: String?) -> Span {
            guard var text else { return .absent }
            let start = texts.count
            text.withUTF8 { texts.write($0) }
            return Span(start: Int32(start), end: Int32(texts.count))
        }

        /// A row's value, copied from where the row holds it.
        private mutating func add(_ fields: ItemFields, _ index: Int) -> Span {
            let start = texts.count
            fields.withUTF8(at: index) { texts.write($0) }
            return Span(start: Int32(start), end: Int32(texts.count))
        }

        private mutating func add(_ link: URLTemplate.Compiled?, path: String, frame: PageFrame) -> Span {
            guard let link else { return .absent }
            let start = texts.count
            link.expand(path: path, query: "", primaryHost: frame.links.primaryHost, into: &texts)
            return Span(start: Int32(start), end: Int32(texts.count))
        }

        func span(_ index: Int32, piece: Int) -> Span {
            index == ItemPageProgram.pieceTextNumber ? pieces[piece] : spans[Int(index)]
        }

        func run(_ run: Run, _ range: Range<Int>, piece: Int, into output: inout PageWriter) {
            var index = range.lowerBound
            while index < range.upperBound {
                let instruction = run.instructions[index]
                index += 1
                let body = Int(instruction.start)..<Int(instruction.end)
                switch instruction.kind {
                case .bytes:
                    output.write(UnsafeBufferPointer(rebasing: run.constants[body]))
                case .escaped, .raw:
                    let text = span(instruction.text, piece: piece)
                    guard text.isPresent else { continue }
                    let bytes = UnsafeBufferPointer(rebasing: run.texts[Int(text.start)..<Int(text.end)])
                    guard instruction.kind == .escaped else {
                        output.write(bytes)
                        continue
                    }
                    guard instruction.text != ItemPageProgram.pieceTextNumber else {
                        output.writeEscaped(bytes)
                        continue
                    }
                    let number = Int(instruction.text)
                    if let written = run.escaped[number] {
                        output.writeAgain(written)
                    } else {
                        let start = output.count
                        output.writeEscaped(bytes)
                        run.escaped[number] = start..<output.count
                    }
                case .slot:
                    output.slots.append(output.count)
                case .whenPresent, .whenAbsent:
                    if span(instruction.text, piece: piece).isPresent == (instruction.kind == .whenPresent) {
                        self.run(run, body, piece: piece, into: &output)
                    }
                    index = body.upperBound
                case .eachPiece:
                    for each in pieces.indices { self.run(run, body, piece: each, into: &output) }
                    index = body.upperBound
                case .noPiece:
                    if pieces.isEmpty { self.run(run, body, piece: piece, into: &output) }
                    index = body.upperBound
                }
            }
        }
    }

    /// `PageContext.Link.shown` of the canonical URL whose UTF-8 is `bytes`, as ranges of it:
    /// split here by bytes when ASCII (every canonical URL, its path percent-encoded), else
    /// taken from `shown`'s substrings.
    static func shownPieces(_ bytes: ArraySlice<UInt8>) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        shownPieces(bytes) { pieces.append($0) }
        return pieces
    }

    /// The same, each piece handed to `visit` in order (a page's walk keeps them as spans).
    static func shownPieces(_ bytes: ArraySlice<UInt8>, _ visit: (Range<Int>) -> Void) {
        // Read in place (the slice's bounds checks and closures were most of a page's split).
        let split = bytes.withUnsafeBufferPointer { bytes -> Bool in
            guard bytes.isASCII, let slash = bytes.firstIndex(of: UInt8(ascii: "/")) else { return false }
            var start = min(slash + 2, bytes.count)
            var index = start
            while index < bytes.count {
                if breaks.contains(bytes[index]) {
                    visit(start..<index + 1)
                    start = index + 1
                }
                index += 1
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
}
