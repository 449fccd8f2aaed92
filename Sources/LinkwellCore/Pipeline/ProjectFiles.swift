/// The files beside the manifest that a build reads: templates and item data files. The core
/// says what it needs; the executable (or a test) does the reading.
public protocol ProjectFiles {
    /// The files directly inside `folder` (relative to the manifest's folder) whose names end
    /// with `suffix`, sorted by name; nil when there is no such folder.
    func textFiles(in folder: String, suffix: String) -> [SourceFile]?
    /// A file's bytes, a chunk at a time, so a large file is never held whole; nil when the
    /// file cannot be read.
    func chunks(of path: String) -> AnyIterator<[UInt8]>?
}

/// For a manifest on its own: no templates folder, no data files.
public struct NoProjectFiles: ProjectFiles {
    public init() {}
    public func textFiles(in folder: String, suffix: String) -> [SourceFile]? { nil }
    public func chunks(of path: String) -> AnyIterator<[UInt8]>? { nil }
}

/// Project files held in memory, by path: for tests and tools that build from strings.
public struct InMemoryProjectFiles: ProjectFiles {
    public var files: [String: String]

    public init(_ files: [String: String]) { self.files = files }

    public func textFiles(in folder: String, suffix: String) -> [SourceFile]? {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let inside = files.filter { $0.key.hasPrefix(prefix) && !$0.key.dropFirst(prefix.count).contains("/") }
        guard !inside.isEmpty else { return nil }
        return inside.filter { $0.key.hasSuffix(suffix) }.map { SourceFile(path: $0.key, text: $0.value) }.sorted { $0.path < $1.path }
    }

    public func chunks(of path: String) -> AnyIterator<[UInt8]>? {
        guard let text = files[path] else { return nil }
        // Small chunks, so that tests cross chunk boundaries inside rows and quotes.
        let bytes = Array(text.utf8)
        var offset = 0
        return AnyIterator {
            guard offset < bytes.count else { return nil }
            defer { offset += 7 }
            return Array(bytes[offset..<min(offset + 7, bytes.count)])
        }
    }
}
