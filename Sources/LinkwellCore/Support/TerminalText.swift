/// Text from outside (a server's headers, a request's target) made safe to print on a terminal:
/// every character that is not printable ASCII or plain text (`HostingLineText`) is
/// shown as `\u{…}`, so an escape sequence cannot clear the screen, move the cursor or forge a line.
package enum TerminalText {
    package static func escaped(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy(isPrintable) else { return text }
        return text.unicodeScalars.map { isPrintable($0) ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
    }

    /// `U+001B`: a code point as people write it, four hex digits at least.
    package static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Printable ASCII, or beyond ASCII a letter, mark, number, punctuation or symbol.
    package static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        (0x20...0x7E).contains(scalar.value) || (!scalar.isASCII && HostingLineText.allows(scalar))
    }
}
