/// Writes a page into memory set aside for it, escaping texts the way the template engine does
/// (`TemplateLibrary.entity(for:)`). Past the end it writes nothing more and says so.
struct PageWriter {
    private let base: UnsafeMutablePointer<UInt8>?
    private let capacity: Int
    private(set) var count = 0
    private(set) var overflowed = false
    /// Where the Content-Security-Policy goes (`TemplateLibrary.Rendered.slots`).
    var slots: [Int] = []

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        base = buffer.baseAddress
        capacity = buffer.count
    }

    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        guard let base, count + bytes.count <= capacity else {
            overflowed = true
            return
        }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Bytes this writer wrote before, written again (a text escaped once and repeated).
    mutating func writeAgain(_ written: Range<Int>) {
        guard let base, !overflowed else { return }
        write(UnsafeBufferPointer(start: base + written.lowerBound, count: written.count))
    }

    /// `bytes` with `&`, `<`, `>`, `"` and `'` as entities. Most texts have none: they are
    /// scanned eight bytes at a time (the last word overlapping the one before it) and copied
    /// whole; a text that has one is escaped byte by byte from the first word that holds it.
    /// (Swift's `SIMD16` comparisons are not vectorized for this.)
    mutating func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        let end = bytes.count
        func word(at index: Int) -> UInt64 { UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self) }
        var index = 0
        while index + 8 <= end, !Self.mayNeedEscaping(word(at: index)) { index += 8 }
        if index + 8 > end {
            let clean =
                end >= 8
                ? !Self.mayNeedEscaping(word(at: end - 8))
                : !bytes[index...].contains { TemplateLibrary.entity(for: $0) != nil }
            if clean {
                write(bytes)
                return
            }
        }
        var run = 0
        while index < end {
            if let entity = TemplateLibrary.entity(for: start[index]) {
                write(UnsafeBufferPointer(rebasing: bytes[run..<index]))
                entity.withUTF8Buffer { write($0) }
                run = index + 1
            }
            index += 1
        }
        write(UnsafeBufferPointer(rebasing: bytes[run...]))
    }

    /// Whether any of a word's eight bytes is one `entity(for:)` replaces. A byte equal to `c`
    /// is a zero byte of `word ^ c…c`, found by the classic has-a-zero-byte test (exact for
    /// "any", which is all this asks); `&` and `'` (0x26, 0x27) differ in one bit, and so do `<`
    /// and `>` (0x3C, 0x3E): with that bit masked off, one test finds either of a pair.
    private static func mayNeedEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let ampersandOrApostrophe = (word ^ (0x26 &* ones)) & (0xFE &* ones)
        let angleBracket = (word ^ (0x3C &* ones)) & (0xFD &* ones)
        let quote = word ^ (0x22 &* ones)
        return (hasZeroByte(ampersandOrApostrophe) | hasZeroByte(angleBracket) | hasZeroByte(quote)) != 0
    }
}
