import Foundation
import Yams

@testable import LinkwellCore

/// How Linkwell read manifests through Yams (libyaml) until it had its own YAML reader: the
/// reference `YAMLReaderTests` holds the reader to, node for node and location for location.
/// Yams is a dependency of this test target only; the binary no longer links it (nor, with it,
/// Foundation's ICU data).
enum YamsReference {
    static func parse(_ source: SourceFile) -> Result<YAMLNode, Diagnostic> {
        guard source.text.utf8.count <= YAMLParser.maximumBytes else {
            return .failure(
                .error(
                    YAMLProblem.tooLarge(bytes: source.text.utf8.count, limit: YAMLParser.maximumBytes),
                    at: SourceLocation(file: source.path, line: 1, column: 1)))
        }
        // YAML allows a leading byte-order mark (some Windows editors write one); it is not text.
        let text = source.text.hasPrefix("\u{FEFF}") ? String(source.text.dropFirst()) : source.text
        do {
            guard let root = try Yams.compose(yaml: text, .basic) else {
                return .failure(.error(YAMLProblem.empty, at: SourceLocation(file: source.path, line: 1, column: 1)))
            }
            var budget = YAMLParser.maximumValues
            return .success(try convert(root, in: source, budget: &budget))
        } catch let error as YAMLParser.UnreadableTag {
            return .failure(.error(YAMLProblem.unreadableTag(error.tag), at: error.location))
        } catch let error as YAMLParser.MistypedTag {
            return .failure(.error(YAMLProblem.mistypedTag(error.tag, error.text), at: error.location))
        } catch let error as YAMLParser.TooManyValues {
            return .failure(.error(YAMLProblem.tooManyValues(limit: YAMLParser.maximumValues), at: error.location))
        } catch let error as YamlError {
            return .failure(diagnostic(for: error, in: source))
        } catch {
            return .failure(.error(YAMLProblem.unreadable("\(error)"), at: SourceLocation(file: source.path, line: 1, column: 1)))
        }
    }

    /// The tree, counting every value against `budget`: aliases share nodes in Yams' tree, but
    /// each use becomes its own copy here.
    private static func convert(_ node: Node, in source: SourceFile, budget: inout Int) throws -> YAMLNode {
        budget -= 1
        guard budget >= 0 else { throw YAMLParser.TooManyValues(location: sourceLocation(of: node.mark, in: source)) }
        let location = sourceLocation(of: node.mark, in: source)
        let tag = node.tag.description
        guard YAMLParser.readableTags.contains(tag) else {
            throw YAMLParser.UnreadableTag(tag: tag.replacingEvery("tag:yaml.org,2002:", with: "!!"), location: location)
        }
        switch node {
        case .scalar(let scalar):
            return .scalar(
                YAMLNode.Scalar(
                    text: scalar.string,
                    isPlain: try YAMLParser.resolvesPlain(
                        scalar.string, plain: scalar.style == .plain || scalar.style == .any,
                        tag: startsWithTag(node.mark, in: source) ? tag : "", location),
                    location: location))
        case .mapping(let mapping):
            var entries: [YAMLNode.Entry] = []
            for (key, value) in mapping {
                let keyScalar = YAMLNode.Scalar(text: key.string ?? "", isPlain: true, location: sourceLocation(of: key.mark, in: source))
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

    /// Whether the node's text starts with a tag (`!`): Yams resolves an untagged scalar to
    /// `!!str` as it does a tagged one, and only the text tells the two apart.
    private static func startsWithTag(_ mark: Mark?, in source: SourceFile) -> Bool {
        guard let mark else { return false }
        let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
        guard mark.line >= 1, mark.line <= lines.count else { return false }
        return lines[mark.line - 1].unicodeScalars.dropFirst(mark.column - 1).first == "!"
    }

    private static func diagnostic(for error: YamlError, in source: SourceFile) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let during = context.map { " (\($0.text) at line \($0.mark.line))" } ?? ""
            return .error(
                YAMLProblem.invalid(problem + during), at: SourceLocation(file: source.path, line: mark.line, column: mark.column))
        case .duplicatedKeysInMapping(let duplicates, let context):
            return duplicateKey(duplicates.first ?? "", firstAt: context.mark, in: source)
        case .reader(let problem, let offset, _, _):
            let location =
                offset.map { sourceLocation(ofCharacterOffset: $0, in: source) } ?? SourceLocation(file: source.path, line: 1, column: 1)
            return .error(YAMLProblem.unreadableFile(problem), at: location)
        default:
            return .error(YAMLProblem.invalid("\(error)"), at: SourceLocation(file: source.path, line: 1, column: 1))
        }
    }

    /// libyaml names the first occurrence of a duplicated key; the mistake a reader must fix is
    /// the later one, so point there (same column, same key, further down) and note the first.
    private static func duplicateKey(_ key: String, firstAt mark: Mark, in source: SourceFile) -> Diagnostic {
        let first = SourceLocation(file: source.path, line: mark.line, column: mark.column)
        let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
        for lineIndex in mark.line..<lines.count {
            let line = lines[lineIndex]
            let scalars = Array(line.unicodeScalars)
            guard scalars.count >= mark.column else { continue }
            let rest = String(String.UnicodeScalarView(scalars[(mark.column - 1)...]))
            let prefix = String(String.UnicodeScalarView(scalars[..<(mark.column - 1)]))
            let indentOnly = prefix.allSatisfy { $0 == " " || $0 == "-" }
            if indentOnly, rest.hasPrefix(key + ":") || rest.hasPrefix("\"\(key)\":") || rest.hasPrefix("'\(key)':") {
                return .error(
                    YAMLProblem.duplicateKey(key), at: SourceLocation(file: source.path, line: lineIndex + 1, column: mark.column),
                    notes: [.firstDefined(at: first, what: "'\(key)'")])
            }
        }
        return .error(YAMLProblem.duplicateKey(key), at: first)
    }

    private static func sourceLocation(of mark: Mark?, in source: SourceFile) -> SourceLocation {
        SourceLocation(file: source.path, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    private static func sourceLocation(ofCharacterOffset offset: Int, in source: SourceFile) -> SourceLocation {
        var line = 1
        var column = 1
        for character in source.text.prefix(offset) {
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return SourceLocation(file: source.path, line: line, column: column)
    }
}
