/// One file of the build, by its path under the output folder (`/`-separated) and its bytes.
public struct OutputFile: Sendable, Hashable {
    public var path: String
    /// UTF-8 text: pages are rendered as bytes and written as they are.
    public var bytes: [UInt8]

    public init(path: String, contents: String) {
        self.path = path
        self.bytes = Array(contents.utf8)
    }

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public var contents: String { String(decoding: bytes, as: UTF8.self) }
}
