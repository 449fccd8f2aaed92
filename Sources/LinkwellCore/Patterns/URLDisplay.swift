/// A URL as a browser's address bar shows it: escapes of letters, marks and digits outside ASCII
/// decoded (`tourti%C3%A8re` → `tourtière`), everything else as it is written — ASCII escapes
/// (`%2F`, `%20`, `%3F` would read as other URLs), escapes that are not UTF-8, and characters a
/// lookalike could hide in (spaces, symbols, controls). For what a page shows only: links keep
/// their escapes. The page script decides route pages' URL line by the same rule
/// (`PageScript`'s `shownText`), held to this one by `PreviewPageTests`.
enum URLDisplay {
    static func decoded(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard let lead = byte(at: index, in: bytes), lead >= 0xC2, lead <= 0xF4 else {
                output.append(bytes[index])
                index += 1
                continue
            }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            let escapes = (0..<length).map { byte(at: index + 3 * $0, in: bytes) }
            if escapes.allSatisfy({ $0 != nil }), let character = String(validating: escapes.compactMap { $0 }, as: UTF8.self),
                let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, shownDecoded(scalar)
            {
                output += Array(character.utf8)
                index += 3 * length
            } else {
                output += bytes[index..<index + 3]
                index += 3
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The byte a `%HH` escape at `index` stands for; nil where there is none.
    private static func byte(at index: Int, in bytes: [UInt8]) -> UInt8? {
        guard index + 2 < bytes.count, bytes[index] == UInt8(ascii: "%"), let high = PercentDecoding.hex(bytes[index + 1]),
            let low = PercentDecoding.hex(bytes[index + 2])
        else { return nil }
        return high << 4 | low
    }

    /// Letters, marks and numbers (Unicode general categories L, M, N): what the script's
    /// `/[\p{L}\p{M}\p{N}]/u` matches.
    private static func shownDecoded(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark,
            .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            true
        default: false
        }
    }
}
