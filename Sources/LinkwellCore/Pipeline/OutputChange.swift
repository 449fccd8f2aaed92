/// How one file of the output folder differs from a fresh build: the basis of `check` (the CI
/// gate) and of `build`, which rewrites only what changed.
package struct OutputChange: Sendable, Hashable, CustomStringConvertible {
    package enum Kind: String, Sendable, Hashable {
        case added, changed, removed
    }

    package var kind: Kind
    package var path: String

    /// A line of `check`'s list: the path is a file's name in the folder, which a pull request
    /// chooses, so it is printed escaped (`TerminalText`).
    package var description: String { "\(kind.rawValue): \(TerminalText.escaped(path))" }

    package init(kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }

    /// Changes in path order. `existing` maps each file's path in the folder to its bytes.
    package static func changes(from existing: [String: [UInt8]], to files: [OutputFile]) -> [OutputChange] {
        var changes: [OutputChange] = []
        let produced = Set(files.map(\.path))
        for file in files {
            switch existing[file.path] {
            case nil: changes.append(OutputChange(kind: .added, path: file.path))
            case let bytes? where bytes != file.bytes: changes.append(OutputChange(kind: .changed, path: file.path))
            default: break
            }
        }
        changes += existing.keys.filter { !produced.contains($0) }.map { OutputChange(kind: .removed, path: $0) }
        return changes.sorted { $0.path < $1.path }
    }
}

/// `check`'s annotation for one drifted file, at the file (for GitHub's and JSON's forms).
package struct OutputDrift: DiagnosticMessage {
    /// The file as the user names it: the output folder and the path in it.
    package var file: String
    package var kind: OutputChange.Kind

    package var text: String {
        let what =
            switch kind {
            case .added: "is missing: a build would add it"
            case .changed: "is stale: a build would change it"
            case .removed: "is no longer built: a build would remove it"
            }
        return "\(file) \(what); run 'linkwell build' and commit the result"
    }
}

/// The stale files past the ones annotated one by one: GitHub shows only a few annotations of a
/// step, so a change that touches thousands of files is one annotation with its count.
package struct OutputDriftRest: DiagnosticMessage {
    package var output: String
    package var count: Int
    package var summary: String

    package var text: String {
        "\(count) more files of \(output) are stale (in all: \(summary)); the log lists every one; run 'linkwell build' and commit the result"
    }
}

extension OutputChange {
    /// How many stale files `check` annotates one by one: GitHub shows only a few annotations of
    /// a step, so the rest are one annotation at the manifest, with their count.
    package static let annotatedOneByOne = 10

    /// `check`'s annotations for a stale folder (GitHub's and JSON's forms; the text form lists
    /// the changes instead): the first few at their files, the rest at the manifest.
    package static func annotations(_ changes: [OutputChange], output: String, manifest: String) -> [Diagnostic] {
        var annotations = changes.prefix(annotatedOneByOne).map { change in
            let file = TerminalText.escaped("\(output)/\(change.path)")
            return Diagnostic.error(OutputDrift(file: file, kind: change.kind), at: SourceLocation(file: file, line: 1, column: 1))
        }
        if changes.count > annotatedOneByOne {
            let rest = OutputDriftRest(
                output: TerminalText.escaped(output), count: changes.count - annotatedOneByOne, summary: summary(of: changes))
            annotations.append(.error(rest, at: SourceLocation(file: TerminalText.escaped(manifest), line: 1, column: 1)))
        }
        return annotations
    }

    /// "2 added, 1 changed", or "no changes".
    package static func summary(of changes: [OutputChange]) -> String {
        let counts = [Kind.added, .changed, .removed].compactMap { kind -> String? in
            let count = changes.filter { $0.kind == kind }.count
            return count == 0 ? nil : "\(count) \(kind.rawValue)"
        }
        return counts.isEmpty ? "no changes" : counts.joined(separator: ", ")
    }
}
