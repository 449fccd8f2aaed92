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

    /// The file's bytes at the revision, or git's own explanation of why not.
    package func contents(of path: String) -> Result<Data, GitError> {
        run(["show", "\(revision):./\(path)"])
    }

    /// Whether the revision names a commit (so a file missing there is missing, not a typo).
    package var revisionExists: Bool {
        if case .success = run(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"]) { return true }
        return false
    }

    package func textFiles(in folder: String, suffix: String) -> [SourceFile]? {
        guard case .success(let listing) = run(["ls-tree", "--name-only", "\(revision):./\(folder)"]) else { return nil }
        let names = String(decoding: listing, as: UTF8.self).split(separator: "\n").map(String.init).filter { $0.hasSuffix(suffix) }
            .sorted()
        return names.compactMap { name in
            guard case .success(let data) = contents(of: "\(folder)/\(name)") else { return nil }
            return SourceFile(path: "\(revision):\(folder)/\(name)", text: String(decoding: data, as: UTF8.self))
        }
    }

    package func chunks(of path: String) -> sending Result<AnyIterator<[UInt8]>, UnreadableFile> {
        guard case .success(let data) = contents(of: path) else { return .failure(UnreadableFile("no such file at \(revision)")) }
        var chunks = stride(from: 0, to: data.count, by: 1 << 16).map { Array(data[$0..<min($0 + (1 << 16), data.count)]) }.makeIterator()
        return .success(AnyIterator { chunks.next() })
    }

    package struct GitError: Error {
        package var message: String
    }

    private func run(_ arguments: [String]) -> Result<Data, GitError> {
        let finished: ChildProcess.Finished
        do {
            finished = try ChildProcess.run(["git", "-C", folder] + arguments)
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
