/// The files beside the manifest that a build reads: templates and item data files. The core
/// says what it needs; the executable (or a test) does the reading.
package protocol ProjectFiles {
    /// The files directly inside `folder` (relative to the manifest's folder) whose names end
    /// with `suffix`, sorted by name; or why the folder cannot be read.
    func textFiles(in folder: String, suffix: String) -> Result<[SourceFile], UnreadableFile>
    /// A file's bytes, a chunk at a time, so a large file is never held whole; or why the file
    /// cannot be read, in words.
    func chunks(of path: String) -> sending Result<AnyIterator<[UInt8]>, UnreadableFile>
}

/// Why a project file cannot be read ("no such file", "it is a FIFO (named pipe), not a file"),
/// for the error the core reports at the manifest value that names it.
package struct UnreadableFile: Error, Equatable {
    package var reason: String
    /// The path, or a link on it, leads outside the project: refused, never read.
    package var isLinkOutside: Bool
    package init(_ reason: String, isLinkOutside: Bool = false) {
        self.reason = reason
        self.isLinkOutside = isLinkOutside
    }
    package static let missing = UnreadableFile("no such file")
}

/// For a manifest on its own: no templates folder, no data files.
package struct NoProjectFiles: ProjectFiles {
    package init() {}
    package func textFiles(in folder: String, suffix: String) -> Result<[SourceFile], UnreadableFile> { .failure(.missing) }
    package func chunks(of path: String) -> sending Result<AnyIterator<[UInt8]>, UnreadableFile> { .failure(.missing) }
}

/// Project files held in memory, by path: for tests and tools that build from strings.
package struct InMemoryProjectFiles: ProjectFiles {
    package var files: [String: String]

    package init(_ files: [String: String]) { self.files = files }

    package func textFiles(in folder: String, suffix: String) -> Result<[SourceFile], UnreadableFile> {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let inside = files.filter { $0.key.hasPrefix(prefix) && !$0.key.dropFirst(prefix.count).contains("/") }
        guard !inside.isEmpty else { return .failure(.missing) }
        return .success(
            inside.filter { $0.key.hasSuffix(suffix) }.map { SourceFile(path: $0.key, text: $0.value) }.sorted { $0.path < $1.path })
    }

    package func chunks(of path: String) -> sending Result<AnyIterator<[UInt8]>, UnreadableFile> {
        guard let text = files[path] else { return .failure(.missing) }
        // Small chunks, so that tests cross chunk boundaries inside rows and quotes.
        let bytes = Array(text.utf8)
        var offset = 0
        return .success(
            AnyIterator {
                guard offset < bytes.count else { return nil }
                defer { offset += 7 }
                return Array(bytes[offset..<min(offset + 7, bytes.count)])
            })
    }
}
