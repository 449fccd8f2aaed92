/// libyaml's indentation errors said in the manifest's terms, at the line a person must edit.
/// libyaml reports where its parser stopped ("did not find expected '-' indicator", "mapping
/// values are not allowed in this context"), which is often the line after the mistake and never
/// says "indentation". These read the lines around that place, as an editor shows them, and say
/// which key is indented how far, and what it would line up with. Anything else is left to
/// libyaml's own words.
enum YAMLIndentation {
    struct Explanation: Equatable {
        var text: String
        /// 0-based, as libyaml's marks.
        var line: Int
        var column: Int
    }

    static func explain(problem: String, at mark: YAMLMark, context: (text: String, mark: YAMLMark)?, in text: String)
        -> Explanation?
    {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Line($0) }
        guard mark.line < lines.count else { return nil }
        switch (problem, context?.text) {
        case ("did not find expected '-' indicator", "while parsing a block collection"?):
            return listItem(at: mark.line, from: context?.mark.line ?? 0, in: lines)
        case ("did not find expected key", "while parsing a block mapping"?):
            return mappingKey(at: mark.line, in: lines)
        case ("mapping values are not allowed in this context", _):
            return keyAfterValue(at: mark.line, in: lines)
        default:
            return nil
        }
    }

    /// A line in a list that is neither a new item (`- `) nor lined up with the item's keys.
    private static func listItem(at problem: Int, from start: Int, in lines: [Line]) -> Explanation? {
        let line = lines[problem]
        guard !line.isItem, let key = line.key,
            let item = (start..<problem).reversed().first(where: { lines[$0].isItem && lines[$0].indent <= line.indent + 2 })
        else { return nil }
        let dash = lines[item].indent
        let keys = lines[item].itemContentIndent
        let owner = lines[item].itemKey.map { " (under '\($0):')" } ?? ""
        let text =
            line.indent == dash
            ? "indentation: '\(key):' lines up with the '-' of the list item on line \(item + 1) but has no '- ': indent it to \(keys) spaces to keep it in that item\(owner), or write '- ' before it to start a new item"
            : "indentation: '\(key):' is indented \(line.indent) spaces, which lines up with neither the '-' of the list item on line \(item + 1) (\(dash) spaces) nor its keys (\(keys) spaces): line it up with its keys to keep it in that item\(owner)"
        return Explanation(text: text, line: problem, column: line.indent)
    }

    /// A key indented to no column a key above it has: the columns it could mean are those of
    /// the keys still open above it (the line before it, that line's parent, and so on).
    private static func mappingKey(at problem: Int, in lines: [Line]) -> Explanation? {
        let line = lines[problem]
        guard let key = line.key else { return nil }
        var open: [(line: Int, key: String, indent: Int)] = []
        for index in (0..<problem).reversed() where lines[index].hasContent {
            guard let above = lines[index].key, open.last.map({ lines[index].indent < $0.indent }) ?? true else { continue }
            let indent = lines[index].isItem ? lines[index].itemContentIndent : lines[index].indent
            guard indent != line.indent else { return nil }
            open.append((index, above, indent))
            if indent == 0 { break }
        }
        guard !open.isEmpty else { return nil }
        let columns = open.prefix(3).map { "\($0.indent) ('\($0.key):', line \($0.line + 1))" }.joined(separator: ", ")
        return Explanation(
            text:
                "indentation: '\(key):' is indented \(line.indent) spaces, which lines up with no key above it: the keys it could belong with are at \(columns); line it up with one of them",
            line: problem, column: line.indent)
    }

    /// A `key:` after a line that already gave its key a value: either that line's key is
    /// indented too little (so the lines after it no longer belong where they were), or this
    /// line too much.
    private static func keyAfterValue(at problem: Int, in lines: [Line]) -> Explanation? {
        let line = lines[problem]
        guard let key = line.key, let previous = (0..<problem).reversed().first(where: { lines[$0].hasContent }),
            let previousKey = lines[previous].key, lines[previous].hasValue, lines[previous].indent < line.indent
        else { return nil }
        let before = (0..<previous).reversed().first { lines[$0].hasContent }
        // `product:` (no value) then `title: …` at its own column: title left the mapping it opens.
        if let before, let parent = lines[before].key, !lines[before].hasValue, lines[before].indent == lines[previous].indent {
            return Explanation(
                text:
                    "indentation: '\(previousKey):' lines up with '\(parent):' on line \(before + 1), which has no value of its own, so '\(previousKey):' is not inside it and the lines after it (\(line.indent) spaces) belong to nothing: indent '\(previousKey):' to \(line.indent) spaces",
                line: previous, column: lines[previous].indent)
        }
        if let before, lines[before].indent > lines[previous].indent, lines[before].indent == line.indent || lines[before].isItem {
            return Explanation(
                text:
                    "indentation: '\(previousKey):' is indented \(lines[previous].indent) spaces, less than the lines before and after it (\(line.indent)), so it no longer belongs with them: indent it to \(line.indent) spaces",
                line: previous, column: lines[previous].indent)
        }
        return Explanation(
            text:
                "indentation: '\(key):' is indented more than '\(previousKey):' on line \(previous + 1), which already has a value on its line: line it up with '\(previousKey):' (\(lines[previous].indent) spaces)",
            line: problem, column: line.indent)
    }

    /// One line as indentation reads it: its leading spaces and what follows.
    private struct Line {
        var indent: Int
        var content: Substring

        init(_ text: Substring) {
            let trimmedEnd = text.hasSuffix("\r") ? text.dropLast() : text
            indent = trimmedEnd.prefix { $0 == " " }.count
            content = trimmedEnd.dropFirst(indent)
        }

        var hasContent: Bool { !content.isEmpty && !content.hasPrefix("#") }
        var isItem: Bool { content == "-" || content.hasPrefix("- ") }

        /// The key a `key:` line starts with (after `- ` for a list item), if any.
        var key: String? { Self.key(of: isItem ? content.dropFirst(2).drop { $0 == " " } : content) }

        /// Whether the key has a value on its own line (`key: value`).
        var hasValue: Bool {
            guard let colon = content.firstIndex(of: ":") else { return false }
            let value = content[content.index(after: colon)...].drop { $0 == " " }
            return !value.isEmpty && !value.hasPrefix("#")
        }

        /// Where an item's content starts: past the `-` and the spaces after it.
        var itemContentIndent: Int { indent + 1 + content.dropFirst().prefix { $0 == " " }.count }
        var itemKey: String? { isItem ? key : nil }

        private static func key(of text: Substring) -> String? {
            guard let colon = text.firstIndex(of: ":") else { return nil }
            let name = text[..<colon]
            let after = text[text.index(after: colon)...]
            guard !name.isEmpty, after.isEmpty || after.hasPrefix(" "),
                name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." })
            else { return nil }
            return String(name)
        }
    }
}
