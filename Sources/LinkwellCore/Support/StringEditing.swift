/// The few text edits the core and the executable make, on the standard library alone (they were
/// Foundation's `NSString` methods, which pulled Foundation's Objective-C layer and ICU, 34 MB of
/// Unicode data, into the binary).
extension StringProtocol {
    /// Every occurrence of `target` replaced, compared byte for byte in UTF-8 — literally, as an
    /// escape needs: `\r` is found also inside `\r\n`, which is one `Character`.
    package func replacingEvery(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        guard let first = needle.first else { return String(self) }
        var result: [UInt8] = []
        var bytes = Substring(self).utf8[...]
        while let hit = bytes.firstIndex(of: first) {
            result += bytes[..<hit]
            let rest = bytes[hit...]
            if rest.starts(with: needle) {
                result += replacement.utf8
                bytes = rest.dropFirst(needle.count)
            } else {
                result.append(first)
                bytes = rest.dropFirst()
            }
        }
        result += bytes
        return String(decoding: result, as: UTF8.self)
    }

    /// Without leading and trailing spaces and tabs (Unicode's space separators and U+0009, what
    /// Foundation calls `.whitespaces`); line breaks are kept. Scalar by scalar, as Foundation
    /// trims: a combining mark on a leading space stays.
    package func trimmingSpaces() -> String {
        trimming { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// Without leading and trailing white space and line breaks (Foundation's
    /// `.whitespacesAndNewlines`: Unicode's separators, U+0009 to U+000D and U+0085).
    package func trimmingWhitespace() -> String {
        trimming { scalar in
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: true
            default: (0x09...0x0D).contains(scalar.value) || scalar.value == 0x85
            }
        }
    }

    private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !isTrimmed($0) }), let last = scalars.lastIndex(where: { !isTrimmed($0) }) else {
            return ""
        }
        return String(String.UnicodeScalarView(scalars[start...last]))
    }

    /// Spaces after the text up to `width` characters; longer text is left as it is.
    package func padded(to width: Int) -> String {
        String(self) + String(repeating: " ", count: Swift.max(0, width - count))
    }
}
