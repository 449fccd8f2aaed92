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

    package init(file: String, kind: OutputChange.Kind) {
        self.file = file
        self.kind = kind
    }

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

    package init(output: String, count: Int, summary: String) {
        self.output = output
        self.count = count
        self.summary = summary
    }

    package var text: String {
        "\(count) more files of \(output) are stale (in all: \(summary)); the log lists every one; run 'linkwell build' and commit the result"
    }
}
