extension Validation {
    /// File systems hold names of at most this many bytes.
    static let fileNameLimit = 255

    /// A value that names an output file — an app's id (`<id>.intent-filters.android15.xml`, the
    /// longest of its files), a short code (`<code>.html`), a page type (`<type>.html`) — is short
    /// enough for the file's name, said at the value rather than as the file system's "file name
    /// too long" when the build writes it.
    static func checkFileNames(_ manifest: RawManifest) -> [Diagnostic] {
        var named: [(value: Located<String>, what: String, suffix: String)] = []
        named += manifest.iosApps.compactMap(\.id).map { ($0, "app id", ".intent-filters.android15.xml") }
        named += manifest.androidApps.compactMap(\.id).map { ($0, "app id", ".intent-filters.android15.xml") }
        named += manifest.shortLinks.compactMap(\.code).map { ($0, "short code", ".html") }
        named += manifest.pageTypes.map { ($0.name, "page type", ".html") }
        return named.compactMap { value, what, suffix in
            let limit = fileNameLimit - suffix.utf8.count
            guard value.value.utf8.count > limit else { return nil }
            return .error(FileNameProblem.tooLong(what: what, value: value.value, limit: limit), at: value.location)
        }
    }
}

/// A manifest value too long to name the file it names.
package enum FileNameProblem: DiagnosticMessage {
    case tooLong(what: String, value: String, limit: Int)

    package var text: String {
        switch self {
        case .tooLong(let what, let value, let limit):
            "\(what) '\(value.prefix(24))…' is \(value.utf8.count) bytes long; it names a file of the build, and file systems hold "
                + "names of at most 255 bytes: use at most \(limit)"
        }
    }
}
