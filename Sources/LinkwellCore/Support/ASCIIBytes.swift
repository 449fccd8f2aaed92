/// Byte classes for the scanners that work over UTF-8 (URL splitting, template scanning,
/// validation): ASCII only, so a byte of a multi-byte character is never any of them.
extension UInt8 {
    var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
    var isASCIIUpper: Bool { self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") }
    var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    var isASCIIAlphanumeric: Bool { isASCIILetter || isASCIIDigit }
    /// A printable ASCII character (space to `~`): one byte that is one `Character`.
    var isPrintableASCII: Bool { self >= 0x20 && self < 0x7F }
    var isHexDigit: Bool { isASCIIDigit || ((self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "f")) }
    /// What HTML calls ASCII whitespace (tab, line feed, form feed, carriage return, space).
    var isHTMLWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D }
}
