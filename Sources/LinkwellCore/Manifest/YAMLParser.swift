/// Turns manifest text into a `YAMLNode` tree, or into located diagnostics for syntax errors
/// and duplicate keys (which YAML forbids and which would otherwise silently drop a rule).
package enum YAMLParser {
    /// A manifest is a few hundred kilobytes at most (1,000 routes are about 100 KB); anything far
    /// larger is a mistake, and reading it would cost minutes.
    static let maximumBytes = 4 << 20
    /// Values the manifest may expand to through aliases: far above any real manifest, far below
    /// what exhausts memory (a "billion laughs" document expands to 10⁹).
    static let maximumValues = 250_000

    struct TooManyValues: Error {
        var location: SourceLocation
    }

    /// A tag the manifest cannot mean (`!!binary`, `!!timestamp`, `!custom`): ignoring it would
    /// read the value as something its author did not write.
    struct UnreadableTag: Error {
        var tag: String
        var location: SourceLocation
    }

    /// The tags plain YAML values resolve to; a value tagged otherwise was tagged by hand.
    static let readableTags: Set<String> = [
        "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
        "tag:yaml.org,2002:null", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map", "tag:yaml.org,2002:merge", "!", "",
    ]

    package static func parse(_ source: SourceFile) -> Result<YAMLNode, Diagnostic> {
        guard source.text.utf8.count <= maximumBytes else {
            return .failure(
                .error(YAMLProblem.tooLarge(bytes: source.text.utf8.count, limit: maximumBytes), at: source.location(line: 1, column: 1)))
        }
        // YAML allows a leading byte-order mark (some Windows editors write one); it is not text.
        let text = source.text.hasPrefix("\u{FEFF}") ? String(source.text.dropFirst()) : source.text
        if let mark = firstControlCharacter(in: text) {
            return .failure(.error(YAMLProblem.unreadableFile("control characters are not allowed"), at: source.location(of: mark)))
        }
        do {
            guard let root = try YAMLComposer.compose(text, maximumValues: maximumValues) else {
                return .failure(.error(YAMLProblem.empty, at: source.location(line: 1, column: 1)))
            }
            var budget = maximumValues
            return .success(try convert(root, in: source, budget: &budget))
        } catch let error as UnreadableTag {
            return .failure(.error(YAMLProblem.unreadableTag(error.tag), at: error.location))
        } catch let error as MistypedTag {
            return .failure(.error(YAMLProblem.mistypedTag(error.tag, error.text), at: error.location))
        } catch let error as TooManyValues {
            return .failure(.error(YAMLProblem.tooManyValuesThroughAliases(limit: maximumValues), at: error.location))
        } catch let error as YAMLComposer.Failure {
            switch error {
            case .syntax(let syntax):
                if let explained = YAMLIndentation.explain(problem: syntax.problem, at: syntax.mark, context: syntax.context, in: text) {
                    return .failure(
                        .error(
                            YAMLProblem.invalid(explained.text + " (YAML: \(syntax.problem))"),
                            at: source.location(line: explained.line + 1, column: explained.column + 1)))
                }
                var during = syntax.context.map { " (\($0.text) at line \($0.mark.line + 1))" } ?? ""
                // libyaml reads YAML 1.x; say what to do about a `%YAML 2.0` line.
                if syntax.problem == "found incompatible YAML document" {
                    during += ": the %YAML directive names a version libyaml does not read (1.1 and 1.2 are read); remove it"
                }
                return .failure(.error(YAMLProblem.invalid(syntax.problem + during), at: source.location(of: syntax.mark)))
            case .tooManyValues(let mark):
                return .failure(.error(YAMLProblem.tooManyValues(limit: maximumValues), at: source.location(of: mark)))
            case .repeatedKey(let repeated):
                return .failure(
                    .error(
                        YAMLProblem.duplicateKey(repeated.key), at: source.location(of: repeated.repeated),
                        notes: [.firstDefined(at: source.location(of: repeated.first), what: "'\(repeated.key)'")]))
            }
        } catch {
            return .failure(.error(YAMLProblem.unreadable("\(error)"), at: source.location(line: 1, column: 1)))
        }
    }

    /// Whether a scalar is read as YAML reads an untagged plain scalar (a number, a boolean or
    /// null by its spelling), as its tag says: `!!str` and `!` make it text (`!!str true` is the
    /// text "true"); `!!bool`, `!!int`, `!!float` and `!!null` hold only values of their type.
    static func resolvesPlain(_ text: String, plain: Bool, tag: String, _ location: SourceLocation) throws -> Bool {
        let prefix = YAMLComposer.yamlTagPrefix
        switch tag {
        case prefix + "str", "!": return false
        case prefix + "null": if ["", "~", "null", "Null", "NULL"].contains(text) { return true }
        case prefix + "bool": if ["true", "True", "TRUE", "false", "False", "FALSE"].contains(text) { return true }
        case prefix + "int": if Int(text) != nil { return true }
        case prefix + "float": if Double(text) != nil { return true }
        default: return plain
        }
        throw MistypedTag(tag: tag.replacingEvery(prefix, with: "!!"), text: text, location: location)
    }

    /// A value whose tag names a type it is not (`!!null Amora`, `!!int abc`).
    struct MistypedTag: Error {
        var tag: String
        var text: String
        var location: SourceLocation
    }

    /// Where the first character YAML does not allow in a stream is (C0 and C1 controls but tab
    /// and line breaks, surrogates, U+FFFE and U+FFFF), as libyaml's reader refuses them.
    private static func firstControlCharacter(in text: String) -> YAMLMark? {
        var mark = YAMLMark()
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let allowed =
                value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0x7E).contains(value) || value == 0x85
                || (0xA0...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || value >= 0x10000
            guard allowed else { return mark }
            mark.index += 1
            if scalar == "\r" || scalar == "\n" || scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                // `\r\n` is one line break.
                if !(scalar == "\n" && previous == "\r") { mark.line += 1 }
                mark.column = 0
            } else {
                mark.column += 1
            }
            previous = scalar
        }
        return nil
    }

    /// The tree, counting every value against `budget`: an alias shares its anchor's node in the
    /// composed tree, but each use becomes its own copy here.
    private static func convert(_ node: YAMLComposedNode, in source: SourceFile, budget: inout Int) throws -> YAMLNode {
        budget -= 1
        let location = source.location(of: node.mark)
        guard budget >= 0 else { throw TooManyValues(location: location) }
        guard readableTags.contains(node.tag) else {
            throw UnreadableTag(tag: node.tag.replacingEvery(YAMLComposer.yamlTagPrefix, with: "!!"), location: location)
        }
        switch node {
        case .scalar(let text, let plain, let tag, _):
            return .scalar(
                YAMLNode.Scalar(text: text, isPlain: try resolvesPlain(text, plain: plain, tag: tag, location), location: location))
        case .mapping(let pairs, _, _):
            var entries: [YAMLNode.Entry] = []
            for (key, value) in pairs {
                let keyText: String
                if case .scalar(let text, _, _, _) = key { keyText = text } else { keyText = "" }
                let keyScalar = YAMLNode.Scalar(text: keyText, isPlain: true, location: source.location(of: key.mark))
                var converted = try convert(value, in: source, budget: &budget)
                // An empty value is placed at the next token, often on the next line; the
                // reader's eye looks just after the key's colon.
                if case .scalar(var scalar) = converted, scalar.isNull, scalar.text.isEmpty {
                    scalar.location = keyScalar.location
                    scalar.location.column += keyScalar.text.unicodeScalars.count + 1
                    converted = .scalar(scalar)
                }
                entries.append(YAMLNode.Entry(key: keyScalar, value: converted))
            }
            return .mapping(entries, location)
        case .sequence(let items, _, _):
            var converted: [YAMLNode] = []
            for item in items { converted.append(try convert(item, in: source, budget: &budget)) }
            return .sequence(converted, location)
        }
    }
}

/// What reading the manifest's YAML finds, before any key is looked at.
package enum YAMLProblem: DiagnosticMessage {
    case tooLarge(bytes: Int, limit: Int)
    case empty
    case unreadableTag(String)
    case mistypedTag(String, String)
    case tooManyValues(limit: Int)
    case tooManyValuesThroughAliases(limit: Int)
    /// libyaml's own words for the syntax error, with its context.
    case invalid(String)
    case unreadableFile(String)
    case unreadable(String)
    case duplicateKey(String)

    package var text: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            "the manifest is \(bytes / 1024) KB; Linkwell reads manifests up to \(limit >> 20) MB (put rows in an item data file)"
        case .empty:
            "the manifest is empty; expected a mapping with 'version: 1'"
        case .mistypedTag(let tag, let text):
            "value '\(text)' has the YAML tag '\(tag)' but is not of that type; remove the tag (or quote the value to write text)"
        case .unreadableTag(let tag):
            "YAML tag '\(tag)' is not something a manifest holds (Linkwell reads text, lists and mappings); remove the tag"
        case .tooManyValues(let limit):
            "the manifest holds more than \(limit) values; a manifest holds a few thousand (put rows in an item data file)"
        case .tooManyValuesThroughAliases(let limit):
            "the manifest expands to more than \(limit) values through YAML aliases (an alias bomb?); write the values out or use fewer aliases"
        case .invalid(let problem):
            "invalid YAML: \(problem)"
        case .unreadableFile(let problem):
            "cannot read the file: \(problem)"
        case .unreadable(let error):
            "cannot read YAML: \(error)"
        case .duplicateKey(let key):
            "duplicate key '\(key)'; each key may appear once in a mapping"
        }
    }
}
