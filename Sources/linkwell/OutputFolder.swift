import Foundation
import LinkwellCore

/// The output folder on disk. It belongs to Linkwell: a build makes it equal to the rendered
/// files, atomically — everything is written into a temporary folder beside it, which then
/// takes its place — so a failed or interrupted build never leaves it half-written or empty.
/// Files arrive one at a time (item pages are streamed), and none is held after it is written.
struct OutputFolder {
    /// Hands each produced file to the folder; throwing stops the build.
    typealias Producer = (_ emit: (OutputFile) throws -> Void) throws -> Void

    let path: String
    private let fileManager = FileManager.default

    private var url: URL { URL(fileURLWithPath: path).standardizedFileURL }

    /// What a build would add, change or remove, in path order. Only the set of produced paths
    /// is kept, to find the removed files.
    func changes(produce: Producer) throws -> (changes: [OutputChange], count: Int) {
        try checkIsFolder()
        var changes: [OutputChange] = []
        var produced: Set<String> = []
        try produce { file in
            produced.insert(file.path)
            switch existingBytes(file.path) {
            case nil: changes.append(OutputChange(kind: .added, path: file.path))
            case let bytes? where bytes != file.bytes: changes.append(OutputChange(kind: .changed, path: file.path))
            default: break
            }
        }
        changes += try existingPaths().filter { !produced.contains($0) }.map { OutputChange(kind: .removed, path: $0) }
        return (changes.sorted { $0.path < $1.path }, produced.count)
    }

    /// Makes the folder equal what `produce` emits. Files whose bytes do not change are carried
    /// over as they are (hard links), so they keep their modification time; when nothing
    /// changes, the folder is not touched at all.
    func replace(produce: Producer) throws -> (changes: [OutputChange], count: Int) {
        try checkIsFolder()
        let parent = url.deletingLastPathComponent()
        let staging = parent.appendingPathComponent("\(url.lastPathComponent).linkwell-new-\(getpid())")
        let retired = parent.appendingPathComponent("\(url.lastPathComponent).linkwell-old-\(getpid())")
        try? fileManager.removeItem(at: staging)
        var changes: [OutputChange] = []
        var count = 0
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            try produce { file in
                let target = staging.appendingPathComponent(file.path)
                guard !fileManager.fileExists(atPath: target.path) else {
                    throw OutputFolderError("two files of the build have the path '\(file.path)'")
                }
                try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                count += 1
                switch existingBytes(file.path) {
                case let bytes? where bytes == file.bytes:
                    if link(url.appendingPathComponent(file.path).path, target.path) == 0 { return }
                case nil: changes.append(OutputChange(kind: .added, path: file.path))
                default: changes.append(OutputChange(kind: .changed, path: file.path))
                }
                try Data(file.bytes).write(to: target)
            }
            changes += try existingPaths().filter { !fileManager.fileExists(atPath: staging.appendingPathComponent($0).path) }.map {
                OutputChange(kind: .removed, path: $0)
            }
            if changes.isEmpty, fileManager.fileExists(atPath: url.path) {
                try? fileManager.removeItem(at: staging)
                return ([], count)
            }
            try swapIn(staging, retiring: retired)
        } catch {
            try? fileManager.removeItem(at: staging)
            throw error
        }
        try? fileManager.removeItem(at: retired)
        return (changes.sorted { $0.path < $1.path }, count)
    }

    /// Two renames; if the second fails the first is undone, so the old folder stays in place.
    private func swapIn(_ staging: URL, retiring retired: URL) throws {
        guard fileManager.fileExists(atPath: url.path) else {
            try fileManager.moveItem(at: staging, to: url)
            return
        }
        try fileManager.moveItem(at: url, to: retired)
        do {
            try fileManager.moveItem(at: staging, to: url)
        } catch {
            try? fileManager.moveItem(at: retired, to: url)
            throw error
        }
    }

    private func checkIsFolder() throws {
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw OutputFolderError("'\(path)' exists and is not a folder")
        }
    }

    private func existingBytes(_ relativePath: String) -> [UInt8]? {
        fileManager.contents(atPath: url.appendingPathComponent(relativePath).path).map(Array.init)
    }

    /// Every regular file below the folder, by `/`-separated relative path.
    private func existingPaths() throws -> [String] {
        guard fileManager.fileExists(atPath: url.path),
            let enumerator = fileManager.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        let base = url.resolvingSymlinksInPath().path + "/"
        var paths: [String] = []
        for case let fileURL as URL in enumerator {
            guard try fileURL.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            paths.append(String(fileURL.resolvingSymlinksInPath().path.dropFirst(base.count)))
        }
        return paths
    }
}

struct OutputFolderError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
