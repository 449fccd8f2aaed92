/// One file of the build, by its path under the output folder (`/`-separated) and its text.
public struct OutputFile: Sendable, Hashable {
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }

    public var bytes: [UInt8] { Array(contents.utf8) }
}
