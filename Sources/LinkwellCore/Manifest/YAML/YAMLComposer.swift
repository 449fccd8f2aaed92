import CYAML

/// A place in the YAML text, as libyaml counts it: 0-based line and column (in characters).
struct YAMLMark: Sendable, Hashable {
    var index = 0
    var line = 0
    var column = 0

    init(index: Int = 0, line: Int = 0, column: Int = 0) {
        self.index = index
        self.line = line
        self.column = column
    }

    init(_ mark: yaml_mark_t) {
        self.init(index: Int(mark.index), line: Int(mark.line), column: Int(mark.column))
    }
}

/// A syntax error in libyaml's words: what was found where, and the construct being read.
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

/// One YAML node as the document spells it, aliases resolved (an alias shares its anchor's
/// node) and every node's tag as libyaml reports it: what `YAMLParser` turns into `YAMLNode`s.
indirect enum YAMLComposedNode: Sendable {
    case scalar(String, plain: Bool, tag: String, mark: YAMLMark)
    case mapping([(key: YAMLComposedNode, value: YAMLComposedNode)], tag: String, mark: YAMLMark)
    case sequence([YAMLComposedNode], tag: String, mark: YAMLMark)

    var mark: YAMLMark {
        switch self {
        case .scalar(_, _, _, let mark), .mapping(_, _, let mark), .sequence(_, _, let mark): mark
        }
    }

    var tag: String {
        switch self {
        case .scalar(_, _, let tag, _), .mapping(_, let tag, _), .sequence(_, let tag, _): tag
        }
    }
}

/// libyaml's events to one document's node tree: libyaml scans and parses (every syntax error is
/// its own, with its words and marks); this composes, checking what a YAML loader checks and
/// libyaml's parser leaves to it — aliases name an earlier anchor, a mapping repeats no key,
/// one document — and bounding the nesting depth.
struct YAMLComposer {
    static let yamlTagPrefix = "tag:yaml.org,2002:"
    /// A scalar written without a tag: its type is its spelling's (a plain `true` is a boolean),
    /// where an explicit `!!str` makes it text — so the two are told apart.
    static let untagged = ""
    /// Deeper nesting is an error, never an unbounded tree. A manifest nests about eight deep
    /// (routes → route → platform → components → component → query); libyaml's scanner checks
    /// every open flow level at each token, so a bound in the hundreds let 4 MB of nested
    /// brackets cost forty times a flat document of the same size.
    static let maximumDepth = 64

    /// A key that a mapping holds twice: where the repeat is and where the first one was.
    struct RepeatedKey: Error {
        var key: String
        var first: YAMLMark
        var repeated: YAMLMark
    }

    enum Failure: Error {
        case syntax(YAMLSyntaxError)
        case repeatedKey(RepeatedKey)
        /// The document itself (aliases not expanded) holds more values than the bound.
        case tooManyValues(YAMLMark)
    }

    /// A collection being read: its start, tag and what it holds so far. A struct whose arrays
    /// grow in place (`open[last].items.append`): an enum's payload taken out, appended to and
    /// put back was a copy of the whole collection for every node added, so a long sequence took
    /// time in the square of its length.
    private struct Open {
        var isMapping: Bool
        var items: [YAMLComposedNode] = []
        var entries: [(key: YAMLComposedNode, value: YAMLComposedNode)] = []
        var pendingKey: YAMLComposedNode?
        var tag: String
        var mark: YAMLMark
        var anchor: String?
    }

    /// The document's root node, or nil when the text holds no document (only comments). More
    /// than `maximumValues` nodes stop it where the one too many is, before the rest is read.
    static func compose(_ text: String, maximumValues: Int = .max) throws(Failure) -> YAMLComposedNode? {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { bytes = [] }
        return try bytes.withUnsafeMutableBufferPointer { buffer throws(Failure) -> YAMLComposedNode? in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                throw .syntax(YAMLSyntaxError("cannot start the YAML parser (out of memory)", at: YAMLMark()))
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var composer = YAMLComposer(valuesLeft: maximumValues)
            return try composer.stream(&parser)
        }
    }

    private var valuesLeft: Int
    private var anchors: [String: YAMLComposedNode] = [:]
    private var open: [Open] = []
    private var root: YAMLComposedNode?
    private var documents = 0

    private mutating func stream(_ parser: inout yaml_parser_t) throws(Failure) -> YAMLComposedNode? {
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { throw .syntax(Self.error(of: parser)) }
            defer { yaml_event_delete(&event) }
            let start = YAMLMark(event.start_mark)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return root
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                // The manifest is one document.
                guard documents == 1 else {
                    throw .syntax(
                        YAMLSyntaxError(
                            "but found another document", at: start, while: "expected a single document in the stream", at: YAMLMark()))
                }
            case YAML_ALIAS_EVENT:
                let name = Self.string(event.data.alias.anchor)
                guard let node = anchors[name] else { throw .syntax(YAMLSyntaxError("found undefined alias", at: start)) }
                try add(node)
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) } ?? ""
                let node = YAMLComposedNode.scalar(
                    text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, tag: scalar.tag.map { Self.string($0) } ?? Self.untagged,
                    mark: start)
                if let anchor = scalar.anchor { anchors[Self.string(anchor)] = node }
                try add(node)
            case YAML_SEQUENCE_START_EVENT:
                let sequence = event.data.sequence_start
                try enter(
                    Open(
                        isMapping: false, tag: sequence.tag.map { Self.string($0) } ?? Self.yamlTagPrefix + "seq", mark: start,
                        anchor: sequence.anchor.map { Self.string($0) }), at: start)
            case YAML_MAPPING_START_EVENT:
                let mapping = event.data.mapping_start
                try enter(
                    Open(
                        isMapping: true, tag: mapping.tag.map { Self.string($0) } ?? Self.yamlTagPrefix + "map", mark: start,
                        anchor: mapping.anchor.map { Self.string($0) }), at: start)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let collection = open.popLast() else { continue }
                let node: YAMLComposedNode
                if collection.isMapping {
                    do throws(RepeatedKey) { try Self.checkRepeatedKeys(collection.entries) } catch { throw .repeatedKey(error) }
                    node = .mapping(collection.entries, tag: collection.tag, mark: collection.mark)
                } else {
                    node = .sequence(collection.items, tag: collection.tag, mark: collection.mark)
                }
                let anchor = collection.anchor
                // Registered once complete: an alias inside its own anchor is undefined.
                if let anchor { anchors[anchor] = node }
                try add(node)
            default:
                continue
            }
        }
    }

    private mutating func enter(_ collection: Open, at mark: YAMLMark) throws(Failure) {
        guard open.count < Self.maximumDepth else {
            throw .syntax(
                YAMLSyntaxError(
                    "lists and mappings nest more than \(Self.maximumDepth) deep here (a manifest needs about eight levels)", at: mark))
        }
        open.append(collection)
    }

    private init(valuesLeft: Int) { self.valuesLeft = valuesLeft }

    /// A finished node goes into the collection being read, or is the document's root.
    private mutating func add(_ node: YAMLComposedNode) throws(Failure) {
        valuesLeft -= 1
        guard valuesLeft >= 0 else { throw .tooManyValues(node.mark) }
        guard !open.isEmpty else {
            root = node
            return
        }
        let last = open.count - 1
        if !open[last].isMapping {
            open[last].items.append(node)
        } else if let key = open[last].pendingKey {
            open[last].entries.append((key, node))
            open[last].pendingKey = nil
        } else {
            open[last].pendingKey = node
        }
    }

    /// libyaml's problem and context, at its marks.
    private static func error(of parser: yaml_parser_t) -> YAMLSyntaxError {
        let problem = parser.problem.map { String(cString: $0) } ?? "cannot read the YAML"
        // A reader error (a byte that is not UTF-8, a control character) has its place in
        // `problem_offset`, not in `problem_mark`.
        let mark =
            parser.error == YAML_READER_ERROR
            ? YAMLMark(index: parser.problem_offset, line: Int(parser.problem_mark.line), column: Int(parser.problem_mark.column))
            : YAMLMark(parser.problem_mark)
        return YAMLSyntaxError(problem, at: mark, while: parser.context.map { String(cString: $0) }, at: YAMLMark(parser.context_mark))
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>) -> String {
        String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
    }

    /// The first key (in document order) that a mapping holds twice; keys are the same when
    /// their text and tag are.
    private static func checkRepeatedKeys(_ entries: [(key: YAMLComposedNode, value: YAMLComposedNode)]) throws(RepeatedKey) {
        var seen: [String: YAMLMark] = [:]
        for entry in entries {
            guard case .scalar(let text, _, let tag, let mark) = entry.key else { continue }
            if let first = seen[tag + "\u{0}" + text] { throw RepeatedKey(key: text, first: first, repeated: mark) }
            seen[tag + "\u{0}" + text] = mark
        }
    }
}
