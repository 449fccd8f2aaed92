import Yams

/// A file the user wrote, by the name diagnostics print (as the user gave it) and its text.
public struct SourceFile: Sendable, Hashable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: path, line: line, column: column)
    }

    func location(of mark: Mark?) -> SourceLocation {
        location(line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    func location(ofCharacterOffset offset: Int) -> SourceLocation {
        var line = 1
        var column = 1
        for character in text.prefix(offset) {
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return location(line: line, column: column)
    }
}
