import Foundation
import LinkwellCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// How many files a build added, changed and removed: counts, not lists, so that a build of
    /// many item pages holds nothing per file.
    struct Summary {
        var added = 0
        var changed = 0
        var removed = 0
        var isEmpty: Bool { added + changed + removed == 0 }
    }

    /// Makes the folder equal what `produce` emits. Files whose bytes do not change are carried
    /// over as they are (hard links), so they keep their modification time; when nothing
    /// changes, the folder is not touched at all.
    func replace(produce: Producer) throws -> (summary: Summary, count: Int) {
        try checkIsFolder()
        let parent = url.deletingLastPathComponent()
        let staging = parent.appendingPathComponent("\(url.lastPathComponent).linkwell-new-\(getpid())")
        let retired = parent.appendingPathComponent("\(url.lastPathComponent).linkwell-old-\(getpid())")
        try? fileManager.removeItem(at: staging)
        var summary = Summary()
        var count = 0
        var folders: Set<String> = []
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            try produce { file in
                let target = staging.path + "/" + file.path
                let folder = (target as NSString).deletingLastPathComponent
                if folders.insert(folder).inserted {
                    try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
                }
                count += 1
                let bytes = file.bytes
                switch existingBytes(file.path) {
                case let existing? where existing == bytes:
                    if link(url.path + "/" + file.path, target) == 0 { return }
                case nil: summary.added += 1
                default: summary.changed += 1
                }
                try writeNew(bytes, to: target, path: file.path)
            }
            for path in try existingPaths() where access(staging.path + "/" + path, F_OK) != 0 { summary.removed += 1 }
            if summary.isEmpty, fileManager.fileExists(atPath: url.path) {
                try? fileManager.removeItem(at: staging)
                return (summary, count)
            }
            try swapIn(staging, retiring: retired)
        } catch {
            try? fileManager.removeItem(at: staging)
            throw error
        }
        try? fileManager.removeItem(at: retired)
        return (summary, count)
    }

    /// Creates the file, refusing one that exists: two files of one build with the same path.
    private func writeNew(_ bytes: [UInt8], to target: String, path: String) throws {
        let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST { throw OutputFolderError("two files of the build have the path '\(path)'") }
            throw OutputFolderError("cannot write '\(target)': \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard result > 0 else { throw OutputFolderError("cannot write '\(target)': \(String(cString: strerror(errno)))") }
            written += result
        }
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
        let descriptor = open(url.path + "/" + relativePath, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return count == 0 ? bytes : nil }
            bytes += buffer[..<count]
        }
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
