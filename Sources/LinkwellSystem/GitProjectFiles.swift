import LinkwellCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The manifest's folder as it was at a git revision, read with `git show REV:./path` (paths
/// relative to the manifest's folder), for `diff --base`.
package struct GitProjectFiles: ProjectFiles {
    package let revision: String
    package let folder: String

    package init(revision: String, manifestPath: String) {
        self.revision = revision
        let folder = PathText.folder(of: manifestPath)
        self.folder = folder.isEmpty ? "." : folder
    }

    /// The file's bytes at the revision, or why not. A link is followed inside the repository
    /// by git itself (`cat-file --follow-symlinks`); one that leads out of it is refused, never
    /// read, as on disk (`ProjectFolder`).
    package func contents(of path: String) -> Result<Data, GitError> {
        object(path, batch: "--batch").flatMap { header, body in
            header.type == "blob"
                ? .success(Data(body)) : .failure(GitError(message: "'\(path)' is a \(header.type), not a file at \(revision)"))
        }
    }

    /// Whether the revision names a commit (so a file missing there is missing, not a typo).
    package var revisionExists: Bool {
        if case .success = run(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"]) { return true }
        return false
    }

    package func textFiles(in folder: String, suffix: String) -> Result<[SourceFile], UnreadableFile> {
        let tree: String
        switch object(folder, batch: "--batch-check") {
        case .success(let (header, _)) where header.type == "tree": tree = header.name
        case .success: return .failure(UnreadableFile("it is not a folder at \(revision)"))
        case .failure(let error): return .failure(UnreadableFile(error.message, isLinkOutside: error.isLinkOutside))
        }
        guard case .success(let listing) = run(["ls-tree", "--name-only", tree]) else { return .failure(.missing) }
        let names = String(decoding: listing, as: UTF8.self).split(separator: "\n").map(String.init).filter { $0.hasSuffix(suffix) }
            .sorted()
        var files: [SourceFile] = []
        for name in names {
            switch contents(of: "\(folder)/\(name)") {
            case .success(let data):
                files.append(SourceFile(path: "\(revision):\(folder)/\(name)", text: String(decoding: data, as: UTF8.self)))
            case .failure(let error) where error.isLinkOutside: return .failure(UnreadableFile(error.message, isLinkOutside: true))
            case .failure: continue
            }
        }
        return .success(files)
    }

    package func chunks(of path: String) -> sending Result<AnyIterator<[UInt8]>, UnreadableFile> {
        let data: Data
        switch contents(of: path) {
        case .success(let found): data = found
        case .failure(let error):
            return .failure(
                UnreadableFile(error.isLinkOutside ? error.message : "no such file at \(revision)", isLinkOutside: error.isLinkOutside))
        }
        var chunks = stride(from: 0, to: data.count, by: 1 << 16).map { Array(data[$0..<min($0 + (1 << 16), data.count)]) }.makeIterator()
        return .success(AnyIterator { chunks.next() })
    }

    /// What `git cat-file --follow-symlinks` answers for the path at the revision: the object's
    /// header (name, type) and, for `--batch`, its bytes.
    private func object(_ path: String, batch: String) -> Result<((name: String, type: String), [UInt8]), GitError> {
        run(["cat-file", batch, "--follow-symlinks"], input: Array("\(revision):./\(path)\n".utf8)).flatMap { data in
            let output = [UInt8](data)
            let newline = output.firstIndex(of: UInt8(ascii: "\n")) ?? output.endIndex
            let header = String(decoding: output[..<newline], as: UTF8.self).split(separator: " ").map(String.init)
            let rest = Array(output[min(newline + 1, output.endIndex)...])
            switch header.first {
            case "symlink":
                // A link that leads out of the repository: git prints where it points.
                let target = String(decoding: rest.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
                return .failure(
                    GitError(
                        message:
                            "'\(TerminalText.escaped(path))' at \(revision) leads through a link to '\(TerminalText.escaped(target))', outside the repository; "
                            + "Linkwell reads project files only from inside the project", isLinkOutside: true))
            case "dangling", "loop", "notdir":
                return .failure(GitError(message: "no such file at \(revision) (a link on its path leads nowhere)"))
            default:
                guard header.count == 3, let size = Int(header[2]) else {
                    return .failure(GitError(message: "no such file at \(revision)"))
                }
                return .success(((header[0], header[1]), Array(rest.prefix(size))))
            }
        }
    }

    package struct GitError: Error {
        package var message: String
        package var isLinkOutside = false
    }

    private func run(_ arguments: [String], input: [UInt8] = []) -> Result<Data, GitError> {
        let finished: ChildProcess.Finished
        do {
            finished = try ChildProcess.run(["git", "-C", folder] + arguments, input: input)
        } catch {
            return .failure(GitError(message: "cannot run git: \(error.reason)"))
        }
        guard finished.status == 0 else {
            let text = String(decoding: finished.errors, as: UTF8.self).trimmingWhitespace()
            return .failure(GitError(message: text.isEmpty ? "git \(arguments.joined(separator: " ")) failed" : text))
        }
        return .success(Data(finished.output))
    }
}
