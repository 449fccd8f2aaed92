/// One file of the build, by its path under the output folder (`/`-separated) and its bytes.
package struct OutputFile: Sendable, Hashable {
    package var path: String
    /// UTF-8 text: pages are rendered as bytes and written as they are.
    package var bytes: [UInt8]
    /// Item pages: the fingerprint of what the page is rendered from.
    package var fingerprint: PageFingerprint?
    /// Set when a `PageProof` showed the file on disk is already this page, so it was not
    /// rendered: `bytes` is empty and the file must be kept as it is.
    package var provedUnchanged = false
    /// Set when the page was compared with the output folder's copy where it was rendered
    /// (`check`: on the core that rendered it, see `ItemBuild.run`'s `inspect`), so the caller
    /// need not read that file again.
    package var onDisk: OnDisk?

    /// How a file compares with the output folder's copy of it.
    package enum OnDisk: Sendable, Hashable {
        case same, different, missing
    }

    package init(path: String, contents: String) {
        self.path = path
        self.bytes = Array(contents.utf8)
    }

    package init(path: String, bytes: [UInt8], fingerprint: PageFingerprint? = nil) {
        self.path = path
        self.bytes = bytes
        self.fingerprint = fingerprint
    }

    /// A page a `PageProof` showed to be on disk already.
    package static func unchanged(_ path: String, fingerprint: PageFingerprint) -> OutputFile {
        var file = OutputFile(path: path, bytes: [], fingerprint: fingerprint)
        file.provedUnchanged = true
        return file
    }

    package var contents: String { String(decoding: bytes, as: UTF8.self) }
}
