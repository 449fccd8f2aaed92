import LinkwellCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Project files read from disk, relative to the manifest's folder; diagnostics name them as
/// the user would type them from the current folder.
package struct FileProjectFiles: ProjectFiles {
    package let base: URL
    package let displayBase: String

    package init(manifestPath: String) {
        let folder = PathText.folder(of: manifestPath)
        base = URL(fileURLWithPath: folder.isEmpty ? "." : folder)
        displayBase = folder.isEmpty ? "" : folder + "/"
    }

    package func textFiles(in folder: String, suffix: String) -> [SourceFile]? {
        let url = base.appendingPathComponent(folder)
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory,
            let names = try? FileManager.default.contentsOfDirectory(atPath: url.path)
        else { return nil }
        return names.filter { $0.hasSuffix(suffix) }.sorted().compactMap { name in
            // A name that is not a regular file (a FIFO, a folder) is not a template.
            guard case .success(let bytes) = RegularFile.bytes(url.appendingPathComponent(name).path) else { return nil }
            return SourceFile(path: displayBase + folder + "/" + name, text: String(decoding: bytes, as: UTF8.self))
        }
    }

    package func chunks(of path: String) -> sending Result<AnyIterator<[UInt8]>, UnreadableFile> {
        RegularFile.chunks(base.appendingPathComponent(path).path)
    }
}
