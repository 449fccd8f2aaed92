/// A place in YAML text, counted in Unicode scalars from 0 (libyaml's marks: what manifests were
/// read with before, so every location in a diagnostic stays where it was).
struct YAMLMark: Sendable, Hashable {
    var index = 0
    var line = 0
    var column = 0
}

/// A syntax error: what was found where, and the construct being read when it happened.
struct YAMLSyntaxError: Error, Sendable {
    var problem: String
    var mark: YAMLMark
    var context: (text: String, mark: YAMLMark)?

    init(_ problem: String, at mark: YAMLMark, while context: String? = nil, at contextMark: YAMLMark? = nil) {
        self.problem = problem
        self.mark = mark
        self.context = context.map { ($0, contextMark ?? mark) }
    }
}

struct YAMLToken: Sendable {
    enum Kind: Sendable, Equatable {
        case streamStart, streamEnd
        case versionDirective
        case tagDirective(handle: String, prefix: String)
        case documentStart, documentEnd
        case blockSequenceStart, blockMappingStart, blockEnd
        case flowSequenceStart, flowSequenceEnd, flowMappingStart, flowMappingEnd
        case blockEntry, flowEntry, key, value
        case alias(String)
        case anchor(String)
        case tag(handle: String, suffix: String)
        case scalar(String, plain: Bool)
    }

    var kind: Kind
    var start: YAMLMark
    var end: YAMLMark
}

/// YAML text to tokens, lazily, as libyaml's scanner does it: indentation becomes block
/// start and end tokens, and a `KEY` token is inserted before a scalar once a `:` shows it was
/// a key ("simple keys"). The reader asks for one token at a time, so a syntax error is met in
/// document order, as before.
struct YAMLScanner {
    private let text: [Unicode.Scalar]
    private var mark = YAMLMark()
    private var tokens: [YAMLToken] = []
    private var head = 0
    private var streamStarted = false
    private var streamEnded = false
    private var indent = -1
    private var indents: [Int] = []
    private var simpleKeyAllowed = false
    private var simpleKeys: [SimpleKey] = [SimpleKey()]
    private var flowLevel: Int { simpleKeys.count - 1 }

    /// Where a scalar might turn out to be a key, and the token number its `KEY` would take.
    private struct SimpleKey {
        var possible = false
        var required = false
        var tokenNumber = 0
        var mark = YAMLMark()
    }

    init(_ text: String) {
        self.text = Array(text.unicodeScalars)
    }

    /// Characters that start a token of their own, so no plain scalar.
    private static let indicators: Set<Unicode.Scalar> = [
        "-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`",
    ]
    private static let flowIndicators: Set<Unicode.Scalar> = [",", "[", "]", "{", "}"]
    /// What may follow an anchor's or alias's name.
    private static let anchorEnds: Set<Unicode.Scalar> = ["?", ":", ",", "]", "}", "%", "@", "`"]
    /// `\x` escapes of one character in a double-quoted scalar, and what each stands for.
    private static let simpleEscapes: [Unicode.Scalar: Unicode.Scalar] = [
        "0": "\0", "a": "\u{07}", "b": "\u{08}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{0B}", "f": "\u{0C}", "r": "\r",
        "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}", "L": "\u{2028}", "P": "\u{2029}",
    ]
    /// A tag URI's characters besides letters, digits, `-` and `_`.
    private static let uriCharacters = Set(";/?:@&=+$.!~*'()%".unicodeScalars)

    // MARK: - The reader's side

    /// The next token; past the end of the stream, the stream's end again.
    mutating func peek() throws(YAMLSyntaxError) -> YAMLToken {
        try fetchMoreTokens()
        return tokens[min(head, tokens.count - 1)]
    }

    mutating func next() throws(YAMLSyntaxError) -> YAMLToken {
        let token = try peek()
        head += 1
        return token
    }

    private mutating func fetchMoreTokens() throws(YAMLSyntaxError) {
        while true {
            var needMore = head == tokens.count
            if !needMore {
                try removeStaleSimpleKeys()
                needMore = simpleKeys.contains { $0.possible && $0.tokenNumber == head }
            }
            guard needMore else { return }
            guard !streamEnded else { return }
            try fetchNextToken()
        }
    }

    // MARK: - Characters

    private func character(_ offset: Int = 0) -> Unicode.Scalar? {
        let index = mark.index + offset
        return index < text.count ? text[index] : nil
    }

    private func check(_ scalar: Unicode.Scalar, _ offset: Int = 0) -> Bool { character(offset) == scalar }
    private func isBlank(_ offset: Int = 0) -> Bool { check(" ", offset) || check("\t", offset) }
    private func isBreak(_ offset: Int = 0) -> Bool {
        guard let scalar = character(offset) else { return false }
        return scalar == "\r" || scalar == "\n" || scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
    private func isEnd(_ offset: Int = 0) -> Bool { character(offset) == nil || check("\0", offset) }
    private func isBreakOrEnd(_ offset: Int = 0) -> Bool { isBreak(offset) || isEnd(offset) }
    private func isBlankOrEnd(_ offset: Int = 0) -> Bool { isBlank(offset) || isBreakOrEnd(offset) }
    private func isWordCharacter(_ offset: Int = 0) -> Bool {
        guard let scalar = character(offset), scalar.isASCII else { return false }
        return UInt8(scalar.value).isASCIIAlphanumeric || scalar == "_" || scalar == "-"
    }

    private mutating func skip() {
        mark.index += 1
        mark.column += 1
    }

    /// Past one line break (`\r\n` is one).
    private mutating func skipLine() {
        if check("\r"), check("\n", 1) {
            mark.index += 2
        } else if isBreak() {
            mark.index += 1
        } else {
            return
        }
        mark.line += 1
        mark.column = 0
    }

    private mutating func read(into string: inout String) {
        if let scalar = character() { string.unicodeScalars.append(scalar) }
        skip()
    }

    /// A line break as YAML reads it: `\r\n`, `\r`, `\n` and NEL are `\n`; LS and PS stay.
    private mutating func readLine(into string: inout String) {
        if check("\u{2028}") || check("\u{2029}") {
            string.unicodeScalars.append(text[mark.index])
        } else {
            string.append("\n")
        }
        skipLine()
    }

    private func atDocumentIndicator() -> Bool {
        mark.column == 0 && ((check("-") && check("-", 1) && check("-", 2)) || (check(".") && check(".", 1) && check(".", 2)))
            && isBlankOrEnd(3)
    }

    // MARK: - Tokens

    private mutating func fetchNextToken() throws(YAMLSyntaxError) {
        guard streamStarted else {
            streamStarted = true
            simpleKeyAllowed = true
            append(.streamStart, from: mark)
            return
        }
        skipToNextToken()
        try removeStaleSimpleKeys()
        unrollIndent(to: mark.column)
        if isEnd() { return try fetchStreamEnd() }
        if mark.column == 0, check("%") { return try fetchDirective() }
        if mark.column == 0, check("-"), check("-", 1), check("-", 2), isBlankOrEnd(3) {
            return try fetchDocumentIndicator(.documentStart)
        }
        if mark.column == 0, check("."), check(".", 1), check(".", 2), isBlankOrEnd(3) {
            return try fetchDocumentIndicator(.documentEnd)
        }
        switch character() {
        case "[": return try fetchFlowCollectionStart(.flowSequenceStart)
        case "{": return try fetchFlowCollectionStart(.flowMappingStart)
        case "]": return try fetchFlowCollectionEnd(.flowSequenceEnd)
        case "}": return try fetchFlowCollectionEnd(.flowMappingEnd)
        case ",": return try fetchFlowEntry()
        default: break
        }
        if check("-"), isBlankOrEnd(1) { return try fetchBlockEntry() }
        if check("?"), flowLevel > 0 || isBlankOrEnd(1) { return try fetchKey() }
        if check(":"), flowLevel > 0 || isBlankOrEnd(1) { return try fetchValue() }
        switch character() {
        case "*": return try fetchAnchor(alias: true)
        case "&": return try fetchAnchor(alias: false)
        case "!": return try fetchTag()
        case "|" where flowLevel == 0: return try fetchBlockScalar(literal: true)
        case ">" where flowLevel == 0: return try fetchBlockScalar(literal: false)
        case "'": return try fetchQuotedScalar(single: true)
        case "\"": return try fetchQuotedScalar(single: false)
        default: break
        }
        let first = character()
        if !(isBlankOrEnd() || first.map(Self.indicators.contains) == true) || (check("-") && !isBlank(1))
            || (flowLevel == 0 && (check("?") || check(":")) && !isBlankOrEnd(1))
        {
            return try fetchPlainScalar()
        }
        throw YAMLSyntaxError("found character that cannot start any token", at: mark, while: "while scanning for the next token")
    }

    private mutating func append(_ kind: YAMLToken.Kind, from start: YAMLMark) {
        tokens.append(YAMLToken(kind: kind, start: start, end: mark))
    }

    /// An indicator's token: its `length` characters, from here.
    private mutating func appendIndicator(_ kind: YAMLToken.Kind, length: Int = 1) {
        let start = mark
        for _ in 0..<length { skip() }
        append(kind, from: start)
    }

    /// Past spaces, comments and line breaks; tabs too where they cannot be indentation.
    private mutating func skipToNextToken() {
        while true {
            if mark.column == 0, check("\u{FEFF}") { skip() }
            while check(" ") || ((flowLevel > 0 || !simpleKeyAllowed) && check("\t")) { skip() }
            if check("#") {
                while !isBreakOrEnd() { skip() }
            }
            guard isBreak() else { return }
            skipLine()
            if flowLevel == 0 { simpleKeyAllowed = true }
        }
    }

    // MARK: Simple keys

    /// A possible key that a line break or 1,024 characters separate from here is no key; a
    /// required one (a block key at the indentation) is then an error.
    private mutating func removeStaleSimpleKeys() throws(YAMLSyntaxError) {
        for index in simpleKeys.indices where simpleKeys[index].possible {
            let key = simpleKeys[index]
            guard key.mark.line < mark.line || key.mark.index + 1024 < mark.index else { continue }
            if key.required {
                throw YAMLSyntaxError("could not find expected ':'", at: mark, while: "while scanning a simple key", at: key.mark)
            }
            simpleKeys[index].possible = false
        }
    }

    private mutating func saveSimpleKey() throws(YAMLSyntaxError) {
        guard simpleKeyAllowed else { return }
        let key = SimpleKey(possible: true, required: flowLevel == 0 && indent == mark.column, tokenNumber: tokens.count, mark: mark)
        try removeSimpleKey()
        simpleKeys[simpleKeys.count - 1] = key
    }

    private mutating func removeSimpleKey() throws(YAMLSyntaxError) {
        let key = simpleKeys[simpleKeys.count - 1]
        if key.possible, key.required {
            throw YAMLSyntaxError("could not find expected ':'", at: mark, while: "while scanning a simple key", at: key.mark)
        }
        simpleKeys[simpleKeys.count - 1].possible = false
    }

    // MARK: Indentation

    /// Opens a block collection at `column` when it is deeper than the current one; its start
    /// token goes at `tokenNumber` (before a key found late) or at the end.
    private mutating func rollIndent(to column: Int, tokenNumber: Int?, _ kind: YAMLToken.Kind, at start: YAMLMark) {
        guard flowLevel == 0, indent < column else { return }
        indents.append(indent)
        indent = column
        let token = YAMLToken(kind: kind, start: start, end: start)
        if let tokenNumber { tokens.insert(token, at: tokenNumber) } else { tokens.append(token) }
    }

    private mutating func unrollIndent(to column: Int) {
        guard flowLevel == 0 else { return }
        while indent > column {
            append(.blockEnd, from: mark)
            indent = indents.removeLast()
        }
    }

    // MARK: Fetchers

    private mutating func fetchStreamEnd() throws(YAMLSyntaxError) {
        if mark.column != 0 {
            mark.column = 0
            mark.line += 1
        }
        unrollIndent(to: -1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        streamEnded = true
        append(.streamEnd, from: mark)
    }

    private mutating func fetchDirective() throws(YAMLSyntaxError) {
        unrollIndent(to: -1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        skip()
        var name = ""
        while isWordCharacter() { read(into: &name) }
        guard !name.isEmpty else {
            throw YAMLSyntaxError("could not find expected directive name", at: mark, while: "while scanning a directive", at: start)
        }
        guard isBlankOrEnd() else {
            throw YAMLSyntaxError(
                "found unexpected non-alphabetical character", at: mark, while: "while scanning a directive", at: start)
        }
        let kind: YAMLToken.Kind
        switch name {
        case "YAML":
            while isBlank() { skip() }
            var version = ""
            while let scalar = character(), scalar == "." || (scalar.isASCII && UInt8(scalar.value).isASCIIDigit) {
                read(into: &version)
            }
            let parts = version.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 }) else {
                throw YAMLSyntaxError(
                    "did not find expected version number", at: mark, while: "while scanning a %YAML directive", at: start)
            }
            // libyaml reads YAML 1.1 and 1.2 only: a document of another version is refused.
            guard parts[0] == "1", parts[1] == "1" || parts[1] == "2" else {
                throw YAMLSyntaxError("found incompatible YAML document", at: start)
            }
            kind = .versionDirective
        case "TAG":
            while isBlank() { skip() }
            let handle = try scanTagHandle(directive: true, start: start)
            guard isBlank() else {
                throw YAMLSyntaxError("did not find expected whitespace", at: mark, while: "while scanning a %TAG directive", at: start)
            }
            while isBlank() { skip() }
            let prefix = try scanTagURI(head: nil, directive: true, flowIndicators: true, start: start)
            guard isBlankOrEnd() else {
                throw YAMLSyntaxError(
                    "did not find expected whitespace or line break", at: mark, while: "while scanning a %TAG directive", at: start)
            }
            kind = .tagDirective(handle: handle, prefix: prefix)
        default:
            throw YAMLSyntaxError("found unknown directive name", at: mark, while: "while scanning a directive", at: start)
        }
        while isBlank() { skip() }
        if check("#") {
            while !isBreakOrEnd() { skip() }
        }
        guard isBreakOrEnd() else {
            throw YAMLSyntaxError(
                "did not find expected comment or line break", at: mark, while: "while scanning a directive", at: start)
        }
        skipLine()
        tokens.append(YAMLToken(kind: kind, start: start, end: mark))
    }

    private mutating func fetchDocumentIndicator(_ kind: YAMLToken.Kind) throws(YAMLSyntaxError) {
        unrollIndent(to: -1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        appendIndicator(kind, length: 3)
    }

    private mutating func fetchFlowCollectionStart(_ kind: YAMLToken.Kind) throws(YAMLSyntaxError) {
        try saveSimpleKey()
        simpleKeys.append(SimpleKey())
        simpleKeyAllowed = true
        appendIndicator(kind)
    }

    private mutating func fetchFlowCollectionEnd(_ kind: YAMLToken.Kind) throws(YAMLSyntaxError) {
        try removeSimpleKey()
        if simpleKeys.count > 1 { simpleKeys.removeLast() }
        simpleKeyAllowed = false
        appendIndicator(kind)
    }

    private mutating func fetchFlowEntry() throws(YAMLSyntaxError) {
        try removeSimpleKey()
        simpleKeyAllowed = true
        appendIndicator(.flowEntry)
    }

    private mutating func fetchBlockEntry() throws(YAMLSyntaxError) {
        if flowLevel == 0 {
            guard simpleKeyAllowed else {
                throw YAMLSyntaxError("block sequence entries are not allowed in this context", at: mark)
            }
            rollIndent(to: mark.column, tokenNumber: nil, .blockSequenceStart, at: mark)
        }
        try removeSimpleKey()
        simpleKeyAllowed = true
        appendIndicator(.blockEntry)
    }

    private mutating func fetchKey() throws(YAMLSyntaxError) {
        if flowLevel == 0 {
            guard simpleKeyAllowed else { throw YAMLSyntaxError("mapping keys are not allowed in this context", at: mark) }
            rollIndent(to: mark.column, tokenNumber: nil, .blockMappingStart, at: mark)
        }
        try removeSimpleKey()
        simpleKeyAllowed = flowLevel == 0
        appendIndicator(.key)
    }

    private mutating func fetchValue() throws(YAMLSyntaxError) {
        let key = simpleKeys[simpleKeys.count - 1]
        if key.possible {
            tokens.insert(YAMLToken(kind: .key, start: key.mark, end: key.mark), at: key.tokenNumber)
            rollIndent(to: key.mark.column, tokenNumber: key.tokenNumber, .blockMappingStart, at: key.mark)
            simpleKeys[simpleKeys.count - 1].possible = false
            simpleKeyAllowed = false
        } else {
            // A value after a `?` key, or with no key at all.
            if flowLevel == 0 {
                guard simpleKeyAllowed else { throw YAMLSyntaxError("mapping values are not allowed in this context", at: mark) }
                rollIndent(to: mark.column, tokenNumber: nil, .blockMappingStart, at: mark)
            }
            simpleKeyAllowed = flowLevel == 0
        }
        appendIndicator(.value)
    }

    private mutating func fetchAnchor(alias: Bool) throws(YAMLSyntaxError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        skip()
        var name = ""
        while isWordCharacter() { read(into: &name) }
        guard !name.isEmpty, isBlankOrEnd() || character().map(Self.anchorEnds.contains) == true else {
            throw YAMLSyntaxError(
                "did not find expected alphabetic or numeric character", at: mark,
                while: alias ? "while scanning an alias" : "while scanning an anchor", at: start)
        }
        append(alias ? .alias(name) : .anchor(name), from: start)
    }

    private mutating func fetchTag() throws(YAMLSyntaxError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        var handle: String
        var suffix: String
        if check("<", 1) {
            // A verbatim tag, `!<tag:example.com,2000:app/foo>`.
            skip()
            skip()
            handle = ""
            suffix = try scanTagURI(head: nil, directive: false, flowIndicators: true, start: start)
            guard check(">") else {
                throw YAMLSyntaxError("did not find the expected '>'", at: mark, while: "while scanning a tag", at: start)
            }
            skip()
        } else {
            handle = try scanTagHandle(directive: false, start: start)
            if handle.count > 1, handle.hasPrefix("!"), handle.hasSuffix("!") {
                suffix = try scanTagURI(head: nil, directive: false, flowIndicators: false, start: start)
            } else {
                // `!foo`: the handle is `!` and `foo` the suffix; a lone `!` is the non-specific tag.
                suffix = try scanTagURI(head: String(handle.dropFirst()), directive: false, flowIndicators: false, start: start)
                handle = "!"
                if suffix.isEmpty {
                    handle = ""
                    suffix = "!"
                }
            }
        }
        guard isBlankOrEnd() || (flowLevel > 0 && check(",")) else {
            throw YAMLSyntaxError(
                "did not find expected whitespace or line break", at: mark, while: "while scanning a tag", at: start)
        }
        append(.tag(handle: handle, suffix: suffix), from: start)
    }

    private mutating func scanTagHandle(directive: Bool, start: YAMLMark) throws(YAMLSyntaxError) -> String {
        let context = directive ? "while scanning a tag directive" : "while scanning a tag"
        guard check("!") else { throw YAMLSyntaxError("did not find expected '!'", at: mark, while: context, at: start) }
        var handle = ""
        read(into: &handle)
        while isWordCharacter() { read(into: &handle) }
        if check("!") {
            read(into: &handle)
        } else if directive, handle != "!" {
            throw YAMLSyntaxError("did not find expected '!'", at: mark, while: context, at: start)
        }
        return handle
    }

    /// A tag's URI characters; `,`, `[` and `]` only in a verbatim tag or a `%TAG` prefix, as
    /// libyaml reads them (a shorthand suffix ends before them). `head` is what followed a `!`
    /// that turned out not to start a handle; without one, an empty URI is an error.
    private mutating func scanTagURI(head: String?, directive: Bool, flowIndicators allowsFlowIndicators: Bool, start: YAMLMark)
        throws(YAMLSyntaxError) -> String
    {
        let context = directive ? "while parsing a %TAG directive" : "while parsing a tag"
        var bytes = Array((head ?? "").utf8)
        var length = head.map { $0.utf8.count + 1 } ?? 0
        while let scalar = character(), scalar.isASCII,
            UInt8(scalar.value).isASCIIAlphanumeric || scalar == "-" || scalar == "_" || Self.uriCharacters.contains(scalar)
                || (allowsFlowIndicators && (scalar == "," || scalar == "[" || scalar == "]"))
        {
            if scalar == "%" {
                guard isHex(1), isHex(2),
                    let value = UInt8(String(String.UnicodeScalarView([text[mark.index + 1], text[mark.index + 2]])), radix: 16)
                else { throw YAMLSyntaxError("did not find URI escaped octet", at: mark, while: context, at: start) }
                bytes.append(value)
                skip()
                skip()
                skip()
            } else {
                bytes.append(UInt8(scalar.value))
                skip()
            }
            length += 1
        }
        guard length > 0 else {
            throw YAMLSyntaxError("did not find expected tag URI", at: mark, while: context, at: start)
        }
        guard let uri = String(validating: bytes, as: UTF8.self) else {
            throw YAMLSyntaxError("found an incorrect leading UTF-8 octet", at: mark, while: context, at: start)
        }
        return uri
    }

    private func isHex(_ offset: Int) -> Bool {
        guard let scalar = character(offset), scalar.isASCII else { return false }
        return UInt8(scalar.value).isHexDigit
    }

    // MARK: Scalars

    private mutating func fetchBlockScalar(literal: Bool) throws(YAMLSyntaxError) {
        try removeSimpleKey()
        simpleKeyAllowed = true
        let start = mark
        let context = "while scanning a block scalar"
        skip()
        var chomping = 0
        var increment = 0
        func readIndicator(_ scanner: inout YAMLScanner) throws(YAMLSyntaxError) -> Int? {
            guard let scalar = scanner.character(), scalar.isASCII, UInt8(scalar.value).isASCIIDigit else { return nil }
            guard scalar != "0" else {
                throw YAMLSyntaxError("found an indentation indicator equal to 0", at: scanner.mark, while: context, at: start)
            }
            scanner.skip()
            return Int(scalar.value) - 48
        }
        if check("+") || check("-") {
            chomping = check("+") ? 1 : -1
            skip()
            increment = try readIndicator(&self) ?? 0
        } else if let value = try readIndicator(&self) {
            increment = value
            if check("+") || check("-") {
                chomping = check("+") ? 1 : -1
                skip()
            }
        }
        while isBlank() { skip() }
        if check("#") {
            while !isBreakOrEnd() { skip() }
        }
        guard isBreakOrEnd() else {
            throw YAMLSyntaxError("did not find expected comment or line break", at: mark, while: context, at: start)
        }
        skipLine()
        var end = mark
        var blockIndent = increment > 0 ? (indent >= 0 ? indent + increment : increment) : 0
        var string = ""
        var leadingBreak = ""
        var trailingBreaks = ""
        try scanBlockScalarBreaks(indent: &blockIndent, breaks: &trailingBreaks, start: start, end: &end)
        var leadingBlank = false
        while mark.column == blockIndent, !isEnd() {
            let trailingBlank = isBlank()
            // Folding: a single line break between two lines that do not start with a blank is a space.
            if !literal, leadingBreak.hasPrefix("\n"), !leadingBlank, !trailingBlank {
                if trailingBreaks.isEmpty { string.append(" ") }
            } else {
                string += leadingBreak
            }
            leadingBreak = ""
            string += trailingBreaks
            trailingBreaks = ""
            leadingBlank = isBlank()
            while !isBreakOrEnd() { read(into: &string) }
            if isBreak() { readLine(into: &leadingBreak) }
            try scanBlockScalarBreaks(indent: &blockIndent, breaks: &trailingBreaks, start: start, end: &end)
        }
        if chomping != -1 { string += leadingBreak }
        if chomping == 1 { string += trailingBreaks }
        tokens.append(YAMLToken(kind: .scalar(string, plain: false), start: start, end: end))
    }

    /// The empty lines before a block scalar's next line, and the indentation it sets when the
    /// header gave none (that of its first non-empty line).
    private mutating func scanBlockScalarBreaks(
        indent blockIndent: inout Int, breaks: inout String, start: YAMLMark, end: inout YAMLMark
    ) throws(YAMLSyntaxError) {
        var maximumIndent = 0
        end = mark
        while true {
            while blockIndent == 0 || mark.column < blockIndent, check(" ") { skip() }
            maximumIndent = max(maximumIndent, mark.column)
            if blockIndent == 0 || mark.column < blockIndent, check("\t") {
                throw YAMLSyntaxError(
                    "found a tab character where an indentation space is expected", at: mark, while: "while scanning a block scalar",
                    at: start)
            }
            guard isBreak() else { break }
            readLine(into: &breaks)
            end = mark
        }
        if blockIndent == 0 { blockIndent = max(maximumIndent, indent + 1, 1) }
    }

    private mutating func fetchQuotedScalar(single: Bool) throws(YAMLSyntaxError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        let quote: Unicode.Scalar = single ? "'" : "\""
        skip()
        var string = ""
        while true {
            if atDocumentIndicator() {
                throw YAMLSyntaxError("found unexpected document indicator", at: mark, while: "while scanning a quoted scalar", at: start)
            }
            if isEnd() {
                throw YAMLSyntaxError("found unexpected end of stream", at: mark, while: "while scanning a quoted scalar", at: start)
            }
            var leadingBlanks = false
            while !isBlankOrEnd() {
                if single, check("'"), check("'", 1) {
                    string.append("'")
                    skip()
                    skip()
                } else if check(quote) {
                    break
                } else if !single, check("\\"), isBreak(1) {
                    skip()
                    skipLine()
                    leadingBlanks = true
                    break
                } else if !single, check("\\") {
                    try readEscape(into: &string, start: start)
                } else {
                    read(into: &string)
                }
            }
            if check(quote) { break }
            var whitespace = ""
            var leadingBreak = ""
            var trailingBreaks = ""
            try readBlanksAndBreaks(&leadingBlanks, &whitespace, &leadingBreak, &trailingBreaks)
            string += Self.joined(leadingBlanks: leadingBlanks, whitespace, leadingBreak, trailingBreaks)
        }
        skip()
        append(.scalar(string, plain: false), from: start)
    }

    /// The blanks and line breaks between two pieces of a flow or plain scalar: blanks before
    /// the first break are kept in `whitespace`, the first break in `leadingBreak`, later ones in
    /// `trailingBreaks`. A plain scalar refuses a tab where its next line's indentation is.
    private mutating func readBlanksAndBreaks(
        _ leadingBlanks: inout Bool, _ whitespace: inout String, _ leadingBreak: inout String, _ trailingBreaks: inout String,
        tabsRefusedBelow indentation: (column: Int, scalarStart: YAMLMark)? = nil
    ) throws(YAMLSyntaxError) {
        while isBlank() || isBreak() {
            if isBlank() {
                if leadingBlanks, let indentation, mark.column < indentation.column, check("\t") {
                    throw YAMLSyntaxError(
                        "found a tab character that violates indentation", at: mark, while: "while scanning a plain scalar",
                        at: indentation.scalarStart)
                }
                if leadingBlanks { skip() } else { read(into: &whitespace) }
            } else if !leadingBlanks {
                whitespace = ""
                readLine(into: &leadingBreak)
                leadingBlanks = true
            } else {
                readLine(into: &trailingBreaks)
            }
        }
    }

    /// What the blanks and line breaks between two pieces of a flow or plain scalar become: one
    /// line break is a space, more are all but the first, blanks within a line stay.
    private static func joined(leadingBlanks: Bool, _ whitespace: String, _ leadingBreak: String, _ trailingBreaks: String) -> String {
        guard leadingBlanks else { return whitespace }
        if leadingBreak.hasPrefix("\n") { return trailingBreaks.isEmpty ? " " : trailingBreaks }
        return leadingBreak + trailingBreaks
    }

    private mutating func readEscape(into string: inout String, start: YAMLMark) throws(YAMLSyntaxError) {
        let context = "while parsing a quoted scalar"
        guard let code = character(1) else {
            throw YAMLSyntaxError("found unknown escape character", at: mark, while: context, at: start)
        }
        let length: Int
        switch code {
        case "x": length = 2
        case "u": length = 4
        case "U": length = 8
        default:
            guard let scalar = Self.simpleEscapes[code] else {
                throw YAMLSyntaxError("found unknown escape character", at: mark, while: context, at: start)
            }
            string.unicodeScalars.append(scalar)
            skip()
            skip()
            return
        }
        skip()
        skip()
        var value: UInt32 = 0
        for offset in 0..<length {
            guard isHex(offset), let digit = character(offset).flatMap({ UInt32(String($0), radix: 16) }) else {
                throw YAMLSyntaxError("did not find expected hexdecimal number", at: mark, while: context, at: start)
            }
            value = value << 4 + digit
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw YAMLSyntaxError("found invalid Unicode character escape code", at: mark, while: context, at: start)
        }
        string.unicodeScalars.append(scalar)
        for _ in 0..<length { skip() }
    }

    private mutating func fetchPlainScalar() throws(YAMLSyntaxError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        var end = mark
        let minimumIndent = indent + 1
        var string = ""
        var leadingBlanks = false
        var whitespace = ""
        var leadingBreak = ""
        var trailingBreaks = ""
        while true {
            if atDocumentIndicator() || check("#") { break }
            while !isBlankOrEnd() {
                if flowLevel > 0, check(":"), let after = character(1), after == "?" || Self.flowIndicators.contains(after) {
                    throw YAMLSyntaxError("found unexpected ':'", at: mark, while: "while scanning a plain scalar", at: start)
                }
                if (check(":") && isBlankOrEnd(1)) || (flowLevel > 0 && character().map(Self.flowIndicators.contains) == true) { break }
                if leadingBlanks || !whitespace.isEmpty {
                    string += Self.joined(leadingBlanks: leadingBlanks, whitespace, leadingBreak, trailingBreaks)
                    whitespace = ""
                    leadingBreak = ""
                    trailingBreaks = ""
                    leadingBlanks = false
                }
                read(into: &string)
                end = mark
            }
            guard isBlank() || isBreak() else { break }
            try readBlanksAndBreaks(
                &leadingBlanks, &whitespace, &leadingBreak, &trailingBreaks, tabsRefusedBelow: (minimumIndent, start))
            if flowLevel == 0, mark.column < minimumIndent { break }
        }
        tokens.append(YAMLToken(kind: .scalar(string, plain: true), start: start, end: end))
        if leadingBlanks { simpleKeyAllowed = true }
    }
}
