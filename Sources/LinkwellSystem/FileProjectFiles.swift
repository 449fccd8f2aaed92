import LinkwellCore

/// Project files read from disk, relative to the manifest's folder and only from inside the
/// project (`ProjectFolder`); diagnostics name them as the user would type them from the
/// current folder.
package struct FileProjectFiles: ProjectFiles {
    package let project: ProjectFolder?
    package let displayBase: String

    package init(manifestPath: String) {
        let folder = PathText.folder(of: manifestPath)
        project = ProjectFolder(manifestPath: manifestPath)
        displayBase = folder.isEmpty ? "" : folder + "/"
    }

    package func textFiles(in folder: String, suffix: String) -> Result<[SourceFile], UnreadableFile> {
        guard let project else { return .failure(.missing) }
        return project.openFolder(folder).flatMap { descriptor in
            var names: [String] = []
            Folder.adopting(descriptor).forEachEntry { name, kind in
                // A folder is not a template; a link is followed below only if it stays inside.
                if name.hasSuffix(suffix), kind != .folder { names.append(name) }
            }
            var files: [SourceFile] = []
            for name in names.sorted() {
                let path = folder + "/" + name
                switch project.openFile(path).flatMap(RegularFile.bytes(reading:)) {
                case .success(let bytes): files.append(SourceFile(path: displayBase + path, text: String(decoding: bytes, as: UTF8.self)))
                // A FIFO or a device named like a template is not one; a link out of the project is refused.
                case .failure(let unreadable) where unreadable.isLinkOutside: return .failure(unreadable)
                case .failure: continue
                }
            }
            return .success(files)
        }
    }

    package func chunks(of path: String) -> sending Result<AnyIterator<[UInt8]>, UnreadableFile> {
        guard let project else { return .failure(.missing) }
        return project.openFile(path).map(RegularFile.chunks(reading:))
    }

    /// The manifest itself, read as every project file is.
    package func manifestBytes(named name: String) -> Result<[UInt8], UnreadableFile> {
        guard let project else { return .failure(.missing) }
        return project.openFile(name).flatMap(RegularFile.bytes(reading:))
    }
}
