/// A file the user wrote, by the name diagnostics print (as the user gave it) and its text.
package struct SourceFile: Sendable, Hashable {
    package var path: String
    package var text: String

    package init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// The file's bytes as text, or where the first byte that is not UTF-8 is (line, column).
    package static func decode(_ bytes: [UInt8], path: String) -> Result<SourceFile, Diagnostic> {
        // The standard library's check is fast; the scalar walk runs only to say where it failed,
        // never on every file read.
        if let text = String(validating: bytes, as: UTF8.self) { return .success(SourceFile(path: path, text: text)) }
        if let (line, column, byte) = firstInvalidUTF8(bytes) {
            return .failure(.error(NotUTF8(byte: byte), at: SourceLocation(file: path, line: line, column: column)))
        }
        return .success(SourceFile(path: path, text: String(decoding: bytes, as: UTF8.self)))
    }

    /// Line and column (in characters) of the first byte that is not valid UTF-8, and the byte.
    package static func firstInvalidUTF8(_ bytes: some Collection<UInt8>) -> (line: Int, column: Int, byte: UInt8)? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var column = 1
        let array = Array(bytes)
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                if scalar.count == 1, scalar.first == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                offset += scalar.count
            case .error:
                return (line, column, array[offset])
            case .emptyInput:
                return nil
            }
        }
    }

    func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: path, line: line, column: column)
    }

    func location(of mark: YAMLMark) -> SourceLocation {
        location(line: mark.line + 1, column: mark.column + 1)
    }
}

/// A file that is not UTF-8, at the first byte that starts no character.
package struct NotUTF8: DiagnosticMessage {
    package var byte: UInt8

    package var text: String {
        let hex = String(byte, radix: 16, uppercase: true)
        return
            "the file is not UTF-8 text: byte 0x\(hex.count == 1 ? "0" : "")\(hex) here starts no UTF-8 character (save the file as UTF-8)"
    }
}
