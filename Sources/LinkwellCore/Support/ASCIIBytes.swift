#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Byte classes for the scanners that work over UTF-8 (URL splitting, template scanning,
/// validation): ASCII only, so a byte of a multi-byte character is never any of them.
extension UInt8 {
    var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
    var isASCIIUpper: Bool { self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") }
    /// The byte with an ASCII capital lower-cased; any other byte as it is.
    var asciiLowercased: UInt8 { isASCIIUpper ? self + 0x20 : self }
    var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    var isASCIIAlphanumeric: Bool { isASCIILetter || isASCIIDigit }
    /// A printable ASCII character (space to `~`): one byte that is one `Character`.
    var isPrintableASCII: Bool { self >= 0x20 && self < 0x7F }
    var isHexDigit: Bool { isASCIIDigit || ((self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "f")) }
    /// What HTML calls ASCII whitespace (tab, line feed, form feed, carriage return, space).
    var isHTMLWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D }
}

/// A set of ASCII bytes as two 64-bit masks: a membership test is a shift and an `and`, for
/// checks that run on every byte of every item row (a `Set<Character>` hashed each character).
struct ASCIISet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// `members` must be ASCII; a byte of a multi-byte character is never a member.
    init(_ members: StaticString) {
        members.withUTF8Buffer { bytes in
            for byte in bytes {
                precondition(byte < 0x80, "ASCIISet holds ASCII only")
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the two hold the same bytes, compared by `memcmp` (`elementsEqual` walked both a
    /// byte at a time; folder names are compared for every page a build writes or reads).
    package func sameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        guard let base = baseAddress, let otherBase = other.baseAddress else { return true }
        return memcmp(base, otherBase, count) == 0
    }

    /// Whether every byte is ASCII (below 0x80): the test that lets a row's field or a page's
    /// text skip a UTF-8 decoder.
    var isASCII: Bool { allSatisfy { $0 < 0x80 } }

    /// Whether every byte is printable ASCII (space to `~`), a tab or a line break: a text no
    /// page carries a control character in.
    var isPrintableASCIIText: Bool { allSatisfy { $0.isPrintableASCII || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } }
}
