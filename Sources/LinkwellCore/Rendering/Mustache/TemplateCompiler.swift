/// Turns a parsed template into a `TemplateProgram` by resolving every name against a context,
/// by the Mustache rules: a name's first part is looked up from the top of the context stack
/// down, the rest only inside what the first part found. A known value is written in (escaped
/// here, once); a known list is written out once per element; a partial is inlined. What is
/// left are the holes (`TemplateValue.hole`, `.holeList`), whose values each render supplies.
///
/// A column hole (a member only some rows have) found by a name's first part is the one place
/// where which level answers depends on the render: it compiles to a branch, the column's value
/// where the row has it, else the same name looked up further down the stack.
struct TemplateCompiler {
    let library: TemplateLibrary

    /// A value on the context stack, and the loop over a hole list whose element it is in
    /// (-1 outside any): the depth an `.element` hole found in it reads.
    private struct Level {
        var value: TemplateValue
        var depth: Int
    }

    /// What a name stands for: a value (nil: nothing answers) and the loop whose element it was
    /// found in, or, for a column hole found by the name's first part, one meaning where the row
    /// has the column and one where it has not.
    private indirect enum Found {
        case value(TemplateValue?, depth: Int = -1)
        case unlessAbsent(TemplateHole, present: Found, absent: Found)
    }

    func compile(_ template: MustacheTemplate, against context: TemplateValue) -> [TemplateProgram.Step] {
        var stack = [Level(value: context, depth: -1)]
        return compile(template.nodes, stack: &stack, loops: 0)
    }

    /// `loops`: how many loops over hole lists enclose these nodes.
    private func compile(_ nodes: [MustacheTemplate.Node], stack: inout [Level], loops: Int) -> [TemplateProgram.Step] {
        var steps: [TemplateProgram.Step] = []
        for node in nodes {
            switch node {
            case .text(let bytes):
                steps.append(.bytes(bytes))
            case .variable(let name, let escaped):
                steps += variable(resolve(name, in: stack[...]), escaped: escaped)
            case .section(let name, let inverted, let body):
                steps += section(resolve(name, in: stack[...]), inverted: inverted, body: body, stack: &stack, loops: loops)
            case .partial(let name, let indentation):
                if let partial = library.partial(name, indentation) { steps += compile(partial.nodes, stack: &stack, loops: loops) }
            }
        }
        return steps
    }

    private func variable(_ found: Found, escaped: Bool) -> [TemplateProgram.Step] {
        switch found {
        case .unlessAbsent(let hole, let present, let absent):
            return [.branch(hole, present: variable(present, escaped: escaped), absent: variable(absent, escaped: escaped))]
        case .value(.slot?, _):
            return [.slot]
        case .value(.hole(let hole)?, _):
            return [.text(hole, escaped: escaped)]
        case .value(let value?, _):
            var bytes: [UInt8] = []
            TemplateLibrary.append(value, escaped: escaped, to: &bytes)
            return [.bytes(bytes)]
        case .value(nil, _):
            return []
        }
    }

    private func section(
        _ found: Found, inverted: Bool, body: [MustacheTemplate.Node], stack: inout [Level], loops: Int
    ) -> [TemplateProgram.Step] {
        func pushing(_ value: TemplateValue, depth: Int = -1, loops: Int = loops) -> [TemplateProgram.Step] {
            stack.append(Level(value: value, depth: depth))
            defer { stack.removeLast() }
            return compile(body, stack: &stack, loops: loops)
        }
        let value: TemplateValue
        let depth: Int
        switch found {
        case .unlessAbsent(let hole, let present, let absent):
            return [
                .branch(
                    hole, present: section(present, inverted: inverted, body: body, stack: &stack, loops: loops),
                    absent: section(absent, inverted: inverted, body: body, stack: &stack, loops: loops))
            ]
        case .value(let found, let foundIn):
            value = found ?? .absent
            depth = foundIn
        }
        switch value {
        case .hole(let hole):
            return inverted
                ? [.branch(hole, present: [], absent: compile(body, stack: &stack, loops: loops))]
                : [.branch(hole, present: pushing(value), absent: [])]
        case .holeList(let list, let element):
            return inverted
                ? [.each(list: list, body: [], none: compile(body, stack: &stack, loops: loops))]
                : [.each(list: list, body: pushing(element, depth: loops, loops: loops + 1), none: [])]
        case _ where inverted:
            return value.isTruthy ? [] : compile(body, stack: &stack, loops: loops)
        case .list(let elements):
            return elements.flatMap { pushing($0, depth: depth) }
        case .flag(true):
            return compile(body, stack: &stack, loops: loops)
        case .text, .object, .slot:
            return pushing(value, depth: depth)
        case .flag(false), .absent:
            return []
        }
    }

    /// `TemplateLibrary`'s lookup rule on the levels of `stack`.
    private func resolve(_ name: MustacheTemplate.Name, in stack: ArraySlice<Level>) -> Found {
        guard let first = name.parts.first else { return .value(stack.last?.value, depth: stack.last?.depth ?? -1) }
        for index in stack.indices.reversed() {
            guard case .object(let object) = stack[index].value, let member = object.member(named: first) else { continue }
            let depth = stack[index].depth
            let found = Self.member(name.parts.dropFirst(), of: Self.placed(member, depth), depth: depth)
            if case .hole(let hole) = member, hole.source == .column {
                return .unlessAbsent(hole, present: found, absent: resolve(name, in: stack[..<index]))
            }
            return found
        }
        return .value(nil)
    }

    /// The rest of a dotted name, inside what its first part found.
    private static func member(_ parts: ArraySlice<String>, of value: TemplateValue, depth: Int) -> Found {
        var value: TemplateValue? = value
        for part in parts {
            guard case .object(let object)? = value else { return .value(nil, depth: depth) }
            value = object.member(named: part).map { placed($0, depth) }
        }
        return .value(value, depth: depth)
    }

    /// An element hole found in a level pushed by the loop at `depth` reads that loop's element.
    private static func placed(_ value: TemplateValue, _ depth: Int) -> TemplateValue {
        guard case .hole(var hole) = value, hole.source == .element else { return value }
        hole.depth = depth
        return .hole(hole)
    }
}
