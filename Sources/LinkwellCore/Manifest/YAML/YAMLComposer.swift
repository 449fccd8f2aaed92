/// One YAML node as the document spells it, aliases resolved (an alias shares its anchor's
/// node) and every node's tag resolved: what libyaml's parser and Yams' composer made of a
/// manifest before, and what `YAMLParser` turns into `YAMLNode`s.
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

/// Tokens to one document's node tree, by libyaml's grammar (block and flow collections,
/// indentless sequences, empty values, properties, directives), checking what Yams checked
/// while composing: aliases name an earlier anchor, a mapping repeats no key, one document.
struct YAMLComposer {
    static let yamlTagPrefix = "tag:yaml.org,2002:"
    /// A scalar written without a tag: its type is its spelling's (a plain `true` is a boolean),
    /// where an explicit `!!str` makes it text — so the two are told apart.
    static let untagged = ""
    /// libyaml's limit; deeper nesting is an error, never a stack overflow.
    static let maximumDepth = 1000

    /// A key that a mapping holds twice: where the repeat is and where the first one was.
    struct RepeatedKey: Error {
        var key: String
        var first: YAMLMark
        var repeated: YAMLMark
    }

    enum Failure: Error {
        case syntax(YAMLSyntaxError)
        case repeatedKey(RepeatedKey)
    }

    private var scanner: YAMLScanner
    private var anchors: [String: YAMLComposedNode] = [:]
    private var tagHandles: [String: String] = ["!": "!", "!!": yamlTagPrefix]
    private var depth = 0

    /// The document's root node, or nil when the text holds no document (only comments).
    static func compose(_ text: String) throws(Failure) -> YAMLComposedNode? {
        var composer = YAMLComposer(scanner: YAMLScanner(text))
        do {
            return try composer.stream()
        } catch let error as YAMLSyntaxError {
            throw .syntax(error)
        } catch let error as RepeatedKey {
            throw .repeatedKey(error)
        } catch {
            throw .syntax(YAMLSyntaxError("\(error)", at: YAMLMark()))
        }
    }

    private init(scanner: YAMLScanner) {
        self.scanner = scanner
    }

    private mutating func peek() throws -> YAMLToken { try scanner.peek() }
    private mutating func skip() throws { _ = try scanner.next() }

    private mutating func stream() throws -> YAMLComposedNode? {
        try skip()  // stream start
        var token = try peek()
        let root: YAMLComposedNode
        switch token.kind {
        case .streamEnd:
            return nil
        case .versionDirective, .tagDirective, .documentStart:
            try directives()
            token = try peek()
            guard token.kind == .documentStart else { throw YAMLSyntaxError("did not find expected <document start>", at: token.start) }
            try skip()
            token = try peek()
            switch token.kind {
            case .versionDirective, .tagDirective, .documentStart, .documentEnd, .streamEnd:
                root = .scalar("", plain: true, tag: Self.untagged, mark: token.start)
            default:
                root = try node(block: true, indentless: false)
            }
        default:
            root = try node(block: true, indentless: false)
        }
        while try peek().kind == .documentEnd { try skip() }
        token = try peek()
        switch token.kind {
        case .streamEnd:
            return root
        case .versionDirective, .tagDirective, .documentStart:
            // A second document may only start explicitly; the manifest is one document.
            throw YAMLSyntaxError(
                "but found another document", at: token.start, while: "expected a single document in the stream", at: YAMLMark())
        default:
            throw YAMLSyntaxError("did not find expected <document start>", at: token.start)
        }
    }

    private mutating func directives() throws {
        var sawVersion = false
        while true {
            let token = try peek()
            switch token.kind {
            case .versionDirective:
                guard !sawVersion else { throw YAMLSyntaxError("found duplicate %YAML directive", at: token.start) }
                sawVersion = true
            case .tagDirective(let handle, let prefix):
                guard handle == "!" || handle == "!!" || tagHandles[handle] == nil else {
                    throw YAMLSyntaxError("found duplicate %TAG directive", at: token.start)
                }
                tagHandles[handle] = prefix
            default:
                return
            }
            try skip()
        }
    }

    // MARK: - Nodes

    private mutating func node(block: Bool, indentless: Bool) throws -> YAMLComposedNode {
        var token = try peek()
        if case .alias(let name) = token.kind {
            try skip()
            guard let node = anchors[name] else { throw YAMLSyntaxError("found undefined alias", at: token.start) }
            return node
        }
        let start = token.start
        var anchor: String?
        var tag: (handle: String, suffix: String, mark: YAMLMark)?
        for _ in 0..<2 {
            if case .anchor(let name) = token.kind, anchor == nil {
                anchor = name
            } else if case .tag(let handle, let suffix) = token.kind, tag == nil {
                tag = (handle, suffix, token.start)
            } else {
                break
            }
            try skip()
            token = try peek()
        }
        var resolvedTag: String?
        if let tag {
            if tag.handle.isEmpty {
                resolvedTag = tag.suffix
            } else if let prefix = tagHandles[tag.handle] {
                resolvedTag = prefix + tag.suffix
            } else {
                throw YAMLSyntaxError("found undefined tag handle", at: tag.mark, while: "while parsing a node", at: start)
            }
        }
        let composed: YAMLComposedNode
        switch token.kind {
        case .scalar(let text, let plain):
            try skip()
            composed = .scalar(text, plain: plain, tag: resolvedTag ?? Self.untagged, mark: start)
        case .blockEntry where indentless:
            try enterCollection(start)
            composed = try indentlessSequence(tag: resolvedTag, mark: start)
        case .flowSequenceStart:
            try enterCollection(start)
            composed = try flowSequence(tag: resolvedTag, mark: start)
        case .flowMappingStart:
            try enterCollection(start)
            composed = try flowMapping(tag: resolvedTag, mark: start)
        case .blockSequenceStart where block:
            try enterCollection(start)
            composed = try blockSequence(tag: resolvedTag, mark: start)
        case .blockMappingStart where block:
            try enterCollection(start)
            composed = try blockMapping(tag: resolvedTag, mark: start)
        default:
            guard anchor != nil || resolvedTag != nil else {
                throw YAMLSyntaxError(
                    "did not find expected node content", at: token.start,
                    while: block ? "while parsing a block node" : "while parsing a flow node", at: start)
            }
            composed = .scalar("", plain: true, tag: resolvedTag ?? Self.untagged, mark: start)
        }
        if case .scalar = composed {} else { depth -= 1 }
        // Registered once complete, as Yams did: an alias inside its own anchor is undefined.
        if let anchor { anchors[anchor] = composed }
        return composed
    }

    /// One level deeper; libyaml's limit stops a document nested a million levels deep before
    /// it could exhaust the stack.
    private mutating func enterCollection(_ start: YAMLMark) throws {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw YAMLSyntaxError(
                "Maximum nesting level reached, set with yaml_set_max_nest_level())", at: try peek().start, while: "while parsing",
                at: start)
        }
    }

    private func empty(at mark: YAMLMark) -> YAMLComposedNode {
        .scalar("", plain: true, tag: Self.untagged, mark: mark)
    }

    // MARK: Block collections

    private mutating func blockSequence(tag: String?, mark: YAMLMark) throws -> YAMLComposedNode {
        let collectionStart = try peek().start
        try skip()
        var items: [YAMLComposedNode] = []
        while true {
            let token = try peek()
            switch token.kind {
            case .blockEntry:
                try skip()
                let next = try peek()
                if next.kind == .blockEntry || next.kind == .blockEnd {
                    items.append(empty(at: token.end))
                } else {
                    items.append(try node(block: true, indentless: false))
                }
            case .blockEnd:
                try skip()
                return .sequence(items, tag: tag ?? Self.yamlTagPrefix + "seq", mark: mark)
            default:
                throw YAMLSyntaxError(
                    "did not find expected '-' indicator", at: token.start, while: "while parsing a block collection", at: collectionStart)
            }
        }
    }

    private mutating func indentlessSequence(tag: String?, mark: YAMLMark) throws -> YAMLComposedNode {
        var items: [YAMLComposedNode] = []
        while true {
            let token = try peek()
            guard token.kind == .blockEntry else { break }
            try skip()
            switch try peek().kind {
            case .blockEntry, .key, .value, .blockEnd: items.append(empty(at: token.end))
            default: items.append(try node(block: true, indentless: false))
            }
        }
        return .sequence(items, tag: tag ?? Self.yamlTagPrefix + "seq", mark: mark)
    }

    private mutating func blockMapping(tag: String?, mark: YAMLMark) throws -> YAMLComposedNode {
        let collectionStart = try peek().start
        try skip()
        var entries: [(key: YAMLComposedNode, value: YAMLComposedNode)] = []
        while true {
            var token = try peek()
            let key: YAMLComposedNode
            switch token.kind {
            case .key:
                try skip()
                switch try peek().kind {
                case .key, .value, .blockEnd: key = empty(at: token.end)
                default: key = try node(block: true, indentless: true)
                }
            case .blockEnd:
                try skip()
                try Self.checkRepeatedKeys(entries)
                return .mapping(entries, tag: tag ?? Self.yamlTagPrefix + "map", mark: mark)
            default:
                throw YAMLSyntaxError(
                    "did not find expected key", at: token.start, while: "while parsing a block mapping", at: collectionStart)
            }
            token = try peek()
            let value: YAMLComposedNode
            if token.kind == .value {
                try skip()
                switch try peek().kind {
                case .key, .value, .blockEnd: value = empty(at: token.end)
                default: value = try node(block: true, indentless: true)
                }
            } else {
                value = empty(at: token.start)
            }
            entries.append((key, value))
        }
    }

    // MARK: Flow collections

    private mutating func flowSequence(tag: String?, mark: YAMLMark) throws -> YAMLComposedNode {
        let collectionStart = try peek().start
        try skip()
        var items: [YAMLComposedNode] = []
        var first = true
        while true {
            var token = try peek()
            if token.kind == .flowSequenceEnd { break }
            if !first {
                guard token.kind == .flowEntry else {
                    throw YAMLSyntaxError(
                        "did not find expected ',' or ']'", at: token.start, while: "while parsing a flow sequence", at: collectionStart)
                }
                try skip()
                token = try peek()
                if token.kind == .flowSequenceEnd { break }
            }
            first = false
            if token.kind == .key {
                items.append(try flowSequencePair(keyToken: token))
            } else {
                items.append(try node(block: false, indentless: false))
            }
        }
        try skip()
        return .sequence(items, tag: tag ?? Self.yamlTagPrefix + "seq", mark: mark)
    }

    /// `[? key : value]` or `[key: value]`: a mapping of one entry inside a flow sequence.
    private mutating func flowSequencePair(keyToken: YAMLToken) throws -> YAMLComposedNode {
        try skip()
        var token = try peek()
        let key: YAMLComposedNode
        switch token.kind {
        case .value, .flowEntry:
            try skip()
            key = empty(at: token.end)
        case .flowSequenceEnd:
            key = empty(at: token.start)
        default:
            key = try node(block: false, indentless: false)
        }
        token = try peek()
        var value = empty(at: token.start)
        if token.kind == .value {
            try skip()
            token = try peek()
            value = empty(at: token.start)
            if token.kind != .flowEntry && token.kind != .flowSequenceEnd { value = try node(block: false, indentless: false) }
        }
        return .mapping([(key, value)], tag: Self.yamlTagPrefix + "map", mark: keyToken.start)
    }

    private mutating func flowMapping(tag: String?, mark: YAMLMark) throws -> YAMLComposedNode {
        let collectionStart = try peek().start
        try skip()
        var entries: [(key: YAMLComposedNode, value: YAMLComposedNode)] = []
        var first = true
        while true {
            var token = try peek()
            if token.kind == .flowMappingEnd { break }
            if !first {
                guard token.kind == .flowEntry else {
                    throw YAMLSyntaxError(
                        "did not find expected ',' or '}'", at: token.start, while: "while parsing a flow mapping", at: collectionStart)
                }
                try skip()
                token = try peek()
                if token.kind == .flowMappingEnd { break }
            }
            first = false
            let key: YAMLComposedNode
            var hasValue = true
            if token.kind == .key {
                try skip()
                token = try peek()
                switch token.kind {
                case .value, .flowEntry, .flowMappingEnd: key = empty(at: token.start)
                default: key = try node(block: false, indentless: false)
                }
            } else {
                // `{a, b: c}`: a key without `?` or `:` has an empty value.
                key = try node(block: false, indentless: false)
                hasValue = false
            }
            token = try peek()
            var value = empty(at: token.start)
            if hasValue, token.kind == .value {
                try skip()
                token = try peek()
                value = empty(at: token.start)
                if token.kind != .flowEntry && token.kind != .flowMappingEnd { value = try node(block: false, indentless: false) }
            }
            entries.append((key, value))
        }
        try skip()
        try Self.checkRepeatedKeys(entries)
        return .mapping(entries, tag: tag ?? Self.yamlTagPrefix + "map", mark: mark)
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
