import Yams

/// Turns manifest text into a `YAMLNode` tree, or into located diagnostics for syntax errors
/// and duplicate keys (which YAML forbids and which would otherwise silently drop a rule).
enum YAMLParser {
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

    static func parse(_ source: SourceFile) -> Result<YAMLNode, Diagnostic> {
        guard source.text.utf8.count <= maximumBytes else {
            return .failure(
                .error(YAMLProblem.tooLarge(bytes: source.text.utf8.count, limit: maximumBytes), at: source.location(line: 1, column: 1)))
        }
        // YAML allows a leading byte-order mark (some Windows editors write one); it is not text.
        let text = source.text.hasPrefix("\u{FEFF}") ? String(source.text.dropFirst()) : source.text
        do {
            guard let root = try Yams.compose(yaml: text, .basic) else {
                return .failure(.error(YAMLProblem.empty, at: source.location(line: 1, column: 1)))
            }
            var budget = maximumValues
            return .success(try convert(root, in: source, budget: &budget))
        } catch let error as UnreadableTag {
            return .failure(.error(YAMLProblem.unreadableTag(error.tag), at: error.location))
        } catch let error as TooManyValues {
            return .failure(.error(YAMLProblem.tooManyValues(limit: maximumValues), at: error.location))
        } catch let error as YamlError {
            return .failure(diagnostic(for: error, in: source))
        } catch {
            return .failure(.error(YAMLProblem.unreadable("\(error)"), at: source.location(line: 1, column: 1)))
        }
    }

    /// The tree, counting every value against `budget`: aliases share nodes in Yams' tree, but
    /// each use becomes its own copy here.
    private static func convert(_ node: Node, in source: SourceFile, budget: inout Int) throws -> YAMLNode {
        budget -= 1
        guard budget >= 0 else { throw TooManyValues(location: source.location(of: node.mark)) }
        let location = source.location(of: node.mark)
        let tag = node.tag.description
        guard readableTags.contains(tag) else {
            throw UnreadableTag(tag: tag.replacingEvery("tag:yaml.org,2002:", with: "!!"), location: location)
        }
        switch node {
        case .scalar(let scalar):
            return .scalar(
                YAMLNode.Scalar(text: scalar.string, isPlain: scalar.style == .plain || scalar.style == .any, location: location))
        case .mapping(let mapping):
            var entries: [YAMLNode.Entry] = []
            for (key, value) in mapping {
                let keyScalar = YAMLNode.Scalar(text: key.string ?? "", isPlain: true, location: source.location(of: key.mark))
                var converted = try convert(value, in: source, budget: &budget)
                // libyaml places an empty value at the next token, often on the next line; the
                // reader's eye looks just after the key's colon.
                if case .scalar(var scalar) = converted, scalar.isNull, scalar.text.isEmpty {
                    scalar.location = keyScalar.location
                    scalar.location.column += keyScalar.text.unicodeScalars.count + 1
                    converted = .scalar(scalar)
                }
                entries.append(YAMLNode.Entry(key: keyScalar, value: converted))
            }
            return .mapping(entries, location)
        case .sequence(let sequence):
            var items: [YAMLNode] = []
            for item in sequence { items.append(try convert(item, in: source, budget: &budget)) }
            return .sequence(items, location)
        case .alias:
            // compose() resolves aliases; an unresolved one has nothing we could read.
            return .scalar(YAMLNode.Scalar(text: "", isPlain: true, location: location))
        }
    }

    private static func diagnostic(for error: YamlError, in source: SourceFile) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let during = context.map { " (\($0.text) at line \($0.mark.line))" } ?? ""
            return .error(YAMLProblem.invalid(problem + during), at: source.location(line: mark.line, column: mark.column))
        case .duplicatedKeysInMapping(let duplicates, let context):
            return duplicateKey(duplicates.first ?? "", firstAt: context.mark, in: source)
        case .reader(let problem, let offset, _, _):
            let location = offset.map { source.location(ofCharacterOffset: $0) } ?? source.location(line: 1, column: 1)
            return .error(YAMLProblem.unreadableFile(problem), at: location)
        default:
            return .error(YAMLProblem.invalid("\(error)"), at: source.location(line: 1, column: 1))
        }
    }

    /// libyaml names the first occurrence of a duplicated key; the mistake a reader must fix is
    /// the later one, so point there (same column, same key, further down) and note the first.
    private static func duplicateKey(_ key: String, firstAt mark: Mark, in source: SourceFile) -> Diagnostic {
        let first = source.location(line: mark.line, column: mark.column)
        let lines = source.lines
        for lineIndex in mark.line..<lines.count {
            let line = lines[lineIndex]
            let scalars = Array(line.unicodeScalars)
            guard scalars.count >= mark.column else { continue }
            let rest = String(String.UnicodeScalarView(scalars[(mark.column - 1)...]))
            let prefix = String(String.UnicodeScalarView(scalars[..<(mark.column - 1)]))
            let indentOnly = prefix.allSatisfy { $0 == " " || $0 == "-" }
            if indentOnly, rest.hasPrefix(key + ":") || rest.hasPrefix("\"\(key)\":") || rest.hasPrefix("'\(key)':") {
                return .error(
                    YAMLProblem.duplicateKey(key), at: source.location(line: lineIndex + 1, column: mark.column),
                    notes: [.firstDefined(at: first, what: "'\(key)'")])
            }
        }
        return .error(YAMLProblem.duplicateKey(key), at: first)
    }
}

/// What reading the manifest's YAML finds, before any key is looked at.
package enum YAMLProblem: DiagnosticMessage {
    case tooLarge(bytes: Int, limit: Int)
    case empty
    case unreadableTag(String)
    case tooManyValues(limit: Int)
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
        case .unreadableTag(let tag):
            "YAML tag '\(tag)' is not something a manifest holds (Linkwell reads text, lists and mappings); remove the tag"
        case .tooManyValues(let limit):
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
