/// A template compiled against its context (`TemplateLibrary.compile`): constant bytes wherever
/// the context knew the value, and steps for its holes, whose texts each render supplies
/// (`TemplateValues`). A context without holes compiles to bytes and the policy's slots (route,
/// home and not-found pages, style sheets); every item page of a page type on a host runs one
/// program with its row's texts. The engine's only renderer.
package struct TemplateProgram: Sendable {
    indirect enum Step: Sendable {
        case bytes([UInt8])
        case text(TemplateHole, escaped: Bool)
        /// Where the page's Content-Security-Policy goes (`TemplateLibrary.Rendered.slots`).
        case slot
        /// `present` when the render has the hole's text (even empty), else `absent`.
        case branch(TemplateHole, present: [Step], absent: [Step])
        /// `body` once per element of the hole list, or `none` when it has none.
        case each(list: Int, body: [Step], none: [Step])
    }

    /// The steps, as compiled (the policy's prefill reads them).
    let steps: [Step]
    /// The steps flattened into instructions that hold no references: a render's walk copies
    /// nothing and counts no references (item pages render on every core at once).
    private let instructions: [Instruction]
    /// Every constant run of bytes, one after the other.
    private let constants: [UInt8]
    /// The `.member` and `.column` holes some step reads, and the hole lists some step loops over.
    let holesRead: Set<Int>
    let listsRead: Set<Int>
    /// How deep loops over hole lists nest.
    private let loopDepth: Int

    init(steps: [Step]) {
        self.steps = steps
        var assembly = Assembly()
        assembly.add(steps, loops: 0)
        instructions = assembly.instructions
        constants = assembly.constants
        holesRead = assembly.holes
        listsRead = assembly.lists
        loopDepth = assembly.loopDepth
    }

    /// The same program with `text` written at each slot.
    func filling(slots text: [UInt8]) -> TemplateProgram {
        func filled(_ steps: [Step]) -> [Step] {
            steps.map { step in
                switch step {
                case .slot: .bytes(text)
                case .branch(let hole, let present, let absent): .branch(hole, present: filled(present), absent: filled(absent))
                case .each(let list, let body, let none): .each(list: list, body: filled(body), none: filled(none))
                case .bytes, .text: step
                }
            }
        }
        return TemplateProgram(steps: filled(steps))
    }

    /// One step: for `bytes`, a range of `constants`; for a text, its hole's number and the loop
    /// depth of an element hole (-1 for the render's own texts); for a branch or loop, the
    /// instructions that follow: `start..<middle` when present (or per element),
    /// `middle..<end` when absent (or when the list is empty).
    private struct Instruction {
        enum Kind: UInt8 { case bytes, escaped, raw, slot, branch, each }
        var kind: Kind
        var number: Int32 = 0
        var depth: Int32 = -1
        var start: Int32 = 0
        var middle: Int32 = 0
        var end: Int32 = 0
    }

    private struct Assembly {
        var instructions: [Instruction] = []
        var constants: [UInt8] = []
        var holes: Set<Int> = []
        var lists: Set<Int> = []
        var loopDepth = 0
        /// The bytes instruction the next constant may extend: none past a branch or loop, whose
        /// last instruction may be a run of its own body's bytes.
        var openRun: Int?

        mutating func add(_ steps: [Step], loops: Int) {
            for step in steps {
                switch step {
                case .bytes(let bytes):
                    guard !bytes.isEmpty else { continue }
                    // Adjacent constants are one run.
                    if let openRun {
                        instructions[openRun].end += Int32(bytes.count)
                    } else {
                        openRun = instructions.count
                        instructions.append(
                            Instruction(kind: .bytes, start: Int32(constants.count), end: Int32(constants.count + bytes.count)))
                    }
                    constants += bytes
                    continue
                case .text(let hole, let escaped):
                    note(hole)
                    instructions.append(Instruction(kind: escaped ? .escaped : .raw, number: Int32(hole.number), depth: Int32(hole.depth)))
                case .slot:
                    instructions.append(Instruction(kind: .slot))
                case .branch(let hole, let present, let absent):
                    note(hole)
                    block(Instruction(kind: .branch, number: Int32(hole.number), depth: Int32(hole.depth)), present, absent, loops, loops)
                case .each(let list, let body, let none):
                    lists.insert(list)
                    loopDepth = max(loopDepth, loops + 1)
                    block(Instruction(kind: .each, number: Int32(list)), body, none, loops + 1, loops)
                }
                openRun = nil
            }
        }

        private mutating func note(_ hole: TemplateHole) {
            if hole.source != .element { holes.insert(hole.number) }
        }

        private mutating func block(_ head: Instruction, _ first: [Step], _ second: [Step], _ firstLoops: Int, _ secondLoops: Int) {
            let at = instructions.count
            instructions.append(head)
            instructions[at].start = Int32(instructions.count)
            openRun = nil
            add(first, loops: firstLoops)
            instructions[at].middle = Int32(instructions.count)
            openRun = nil
            add(second, loops: secondLoops)
            instructions[at].end = Int32(instructions.count)
            openRun = nil
        }
    }

    // MARK: Rendering

    /// The program run with `values`. `capacity`: the bytes first set aside (a render that does
    /// not fit is run again into twice as many).
    func render(_ values: TemplateValues, capacity: Int? = nil) -> TemplateLibrary.Rendered {
        var capacity = max(capacity ?? constants.count + 2 * values.texts.count + 1_024, 1)
        while true {
            var slots: [Int] = []
            var fits = false
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                var writer = PageWriter(buffer)
                withUnsafeTemporaryAllocation(of: (list: Int, element: Int).self, capacity: loopDepth) { elements in
                    instructions.withUnsafeBufferPointer { instructions in
                        constants.withUnsafeBufferPointer { constants in
                            values.texts.withUnsafeBufferPointer { texts in
                                let run = Run(
                                    instructions: instructions, constants: constants, texts: texts, values: values, elements: elements)
                                run.run(0..<instructions.count, loops: 0, into: &writer)
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

    /// What one render's walk reads.
    private struct Run {
        let instructions: UnsafeBufferPointer<Instruction>
        let constants: UnsafeBufferPointer<UInt8>
        let texts: UnsafeBufferPointer<UInt8>
        let values: TemplateValues
        /// By loop depth: the list each open loop over a hole list is over, and its element.
        let elements: UnsafeMutableBufferPointer<(list: Int, element: Int)>

        func span(_ instruction: Instruction) -> TemplateValues.Span {
            let number = Int(instruction.number)
            guard instruction.depth >= 0 else { return number < values.holes.count ? values.holes[number] : .absent }
            let loop = elements[Int(instruction.depth)]
            return values.element(loop.element, of: loop.list, hole: number)
        }

        func run(_ range: Range<Int>, loops: Int, into output: inout PageWriter) {
            var index = range.lowerBound
            while index < range.upperBound {
                let instruction = instructions[index]
                index += 1
                switch instruction.kind {
                case .bytes:
                    output.write(UnsafeBufferPointer(rebasing: constants[Int(instruction.start)..<Int(instruction.end)]))
                case .escaped, .raw:
                    let text = span(instruction)
                    guard text.isPresent else { continue }
                    let bytes = UnsafeBufferPointer(rebasing: texts[Int(text.start)..<Int(text.end)])
                    if instruction.kind == .raw { output.write(bytes) } else { output.writeEscaped(bytes) }
                case .slot:
                    output.slots.append(output.count)
                case .branch:
                    let present = span(instruction).isPresent
                    run(
                        present ? Int(instruction.start)..<Int(instruction.middle) : Int(instruction.middle)..<Int(instruction.end),
                        loops: loops, into: &output)
                    index = Int(instruction.end)
                case .each:
                    let list = Int(instruction.number)
                    let count = values.count(of: list)
                    if count == 0 {
                        run(Int(instruction.middle)..<Int(instruction.end), loops: loops, into: &output)
                    } else {
                        for element in 0..<count {
                            elements[loops] = (list, element)
                            run(Int(instruction.start)..<Int(instruction.middle), loops: loops + 1, into: &output)
                        }
                    }
                    index = Int(instruction.end)
                }
            }
        }
    }
}

/// The texts one render of a `TemplateProgram` supplies: gathered one after another into one
/// buffer, each hole a span of it, so the walk copies bytes and never touches a `String`. The
/// memory is kept from one render to the next (`removeAll`).
package struct TemplateValues {
    /// Where a text is in `texts`; `start` is -1 for a hole the render has no text for.
    struct Span {
        var start: Int32
        var end: Int32
        static let absent = Span(start: -1, end: -1)
        var isPresent: Bool { start >= 0 }
    }

    var texts: [UInt8] = []
    /// By hole number (`.member` and `.column` holes); a number past the end is absent.
    var holes: [Span] = []
    /// By list number: how many holes each element has, and the elements' spans one after another.
    var lists: [(width: Int, spans: [Span])] = []

    mutating func removeAll() {
        texts.removeAll(keepingCapacity: true)
        holes.removeAll(keepingCapacity: true)
        for index in lists.indices { lists[index].spans.removeAll(keepingCapacity: true) }
    }

    /// `text` added as hole `number`'s value (nil: absent).
    mutating func set(_ number: Int, _ text: String?) {
        set(number, text.map { add($0) } ?? .absent)
    }

    /// `text` added to the texts, for a span to name.
    mutating func add(_ text: String) -> Span {
        var text = text
        let start = texts.count
        text.withUTF8 { texts.append(contentsOf: $0) }
        return Span(start: Int32(start), end: Int32(texts.count))
    }

    /// Hole `number`'s value written by `write` into the texts.
    mutating func set(_ number: Int, writing write: (inout [UInt8]) -> Void) {
        let start = texts.count
        write(&texts)
        set(number, Span(start: Int32(start), end: Int32(texts.count)))
    }

    mutating func set(_ number: Int, _ span: Span) {
        while holes.count <= number { holes.append(.absent) }
        holes[number] = span
    }

    func count(of list: Int) -> Int {
        guard list < lists.count, lists[list].width > 0 else { return 0 }
        return lists[list].spans.count / lists[list].width
    }

    func element(_ element: Int, of list: Int, hole: Int) -> Span {
        guard list < lists.count, hole < lists[list].width else { return .absent }
        return lists[list].spans[element * lists[list].width + hole]
    }
}
