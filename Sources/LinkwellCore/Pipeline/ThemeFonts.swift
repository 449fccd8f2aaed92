/// The theme's font files read from the project: each checked to be the font type its name says
/// and copied beside the style sheet under a name that follows its content
/// (`/_linkwell/fonts/<name>.<hash>.<type>`), so a new file never meets an old one in a cache.
enum ThemeFonts {
    /// A font file larger than this is refused: every first visit downloads it.
    static let sizeLimit = 2 << 20

    static func load(_ faces: [RawFontFace], project: some ProjectFiles) -> (fonts: [PageAssets.Font], diagnostics: [Diagnostic]) {
        var fonts: [PageAssets.Font] = []
        var diagnostics: [Diagnostic] = []
        for face in faces {
            guard let source = face.src, !source.value.hasPrefix("https://"), !fonts.contains(where: { $0.source == source.value }),
                let format = FontFace(family: "", source: source.value).format
            else { continue }
            var bytes: [UInt8] = []
            switch project.chunks(of: source.value) {
            case .failure(let unreadable):
                diagnostics.append(.error(FontFileProblem.unreadable(source.value, unreadable.reason), at: source.location))
                continue
            case .success(let chunks):
                for chunk in chunks {
                    bytes += chunk
                    if bytes.count > sizeLimit { break }
                }
            }
            if bytes.count > sizeLimit {
                diagnostics.append(.error(FontFileProblem.tooLarge(source.value), at: source.location))
            } else if !format.magic.contains(where: { bytes.starts(with: $0) }) {
                diagnostics.append(.error(FontFileProblem.notThatType(source.value, format.extension), at: source.location))
            } else {
                let name = source.value.split(separator: "/").last.map(String.init) ?? source.value
                let stem = name.dropLast(format.extension.count + 1)
                let hash = SHA256.digest(bytes).prefix(5).map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
                fonts.append(
                    PageAssets.Font(source: source.value, path: "\(PageAssetPaths.fonts)\(stem).\(hash).\(format.extension)", bytes: bytes))
            }
        }
        return (fonts, diagnostics)
    }
}

/// A theme font file that cannot be copied.
package enum FontFileProblem: DiagnosticMessage {
    case unreadable(String, String)
    case tooLarge(String)
    case notThatType(String, String)

    package var text: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read font file '\(path)': \(reason)"
        case .tooLarge(let path):
            "font file '\(path)' is over \(ThemeFonts.sizeLimit >> 20) MB, which every first visit would download; "
                + "subset it or use .woff2"
        case .notThatType(let path, let type):
            "font file '\(path)' is not a .\(type) file (its first bytes are not a \(type) signature); give the file its own extension"
        }
    }
}
