import Foundation
import LinkwellCore

/// The output folder on disk. It belongs to Linkwell: a build makes it equal to the rendered
/// files, atomically — everything is written into a temporary folder beside it, which then
/// takes its place — so a failed or interrupted build never leaves it half-written or empty.
struct OutputFolder {
    let path: String
    private let fileManager = FileManager.default

    private var url: URL { URL(fileURLWithPath: path).standardizedFileURL }

    func changes(to files: [OutputFile]) throws -> [OutputChange] {
        OutputChange.changes(from: try existingFiles(), to: files)
    }

    /// Makes the folder equal `files`. Files whose bytes do not change are carried over as they
    /// are (hard links), so they keep their modification time.
    @discardableResult
    func replace(with files: [OutputFile]) throws -> [OutputChange] {
        let existing = try existingFiles()
        let changes = OutputChange.changes(from: existing, to: files)
        guard !changes.isEmpty || !fileManager.fileExists(atPath: url.path) else { return [] }

        let parent = url.deletingLastPathComponent()
        let staging = parent.appendingPathComponent("\(url.lastPathComponent).linkwell-new-\(getpid())")
        let retired = parent.appendingPathComponent("\(url.lastPathComponent).linkwell-old-\(getpid())")
        try? fileManager.removeItem(at: staging)
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            for file in files {
                let target = staging.appendingPathComponent(file.path)
                try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                if existing[file.path] == file.bytes, link(url.appendingPathComponent(file.path).path, target.path) == 0 {
                    continue
                }
                try Data(file.bytes).write(to: target)
            }
            try swapIn(staging, retiring: retired)
        } catch {
            try? fileManager.removeItem(at: staging)
            throw error
        }
        try? fileManager.removeItem(at: retired)
        return changes
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

    /// Every regular file below the folder, by `/`-separated relative path.
    private func existingFiles() throws -> [String: [UInt8]] {
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [:] }
        guard isDirectory.boolValue else {
            throw OutputFolderError("'\(path)' exists and is not a folder")
        }
        var files: [String: [UInt8]] = [:]
        guard let enumerator = fileManager.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
        let base = url.resolvingSymlinksInPath().path + "/"
        for case let fileURL as URL in enumerator {
            guard try fileURL.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let relative = String(fileURL.resolvingSymlinksInPath().path.dropFirst(base.count))
            files[relative] = Array(try Data(contentsOf: fileURL))
        }
        return files
    }
}

struct OutputFolderError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
