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

    /// `bytes` with `&`, `<`, `>`, `"` and `'` as entities. Text is scanned eight bytes at a
    /// time for any of the five (most texts have none), and copied in runs between them. (Swift's
    /// `SIMD16` comparisons were not vectorized here: eight times the instructions.)
    mutating func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        var run = 0
        var index = 0
        while index < bytes.count {
            // The last few bytes of a text of eight or more: the word that ends it (its first
            // bytes were scanned already and had none), not a byte at a time.
            if index + 8 > bytes.count, bytes.count >= 8,
                !Self.mayNeedEscaping(UnsafeRawPointer(start + bytes.count - 8).loadUnaligned(as: UInt64.self))
            {
                index = bytes.count
                continue
            }
            if index + 8 <= bytes.count, !Self.mayNeedEscaping(UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            guard let entity = TemplateLibrary.entity(for: start[index]) else {
                index += 1
                continue
            }
            write(UnsafeBufferPointer(rebasing: bytes[run..<index]))
            entity.withUTF8Buffer { write($0) }
            index += 1
            run = index
        }
        write(UnsafeBufferPointer(rebasing: bytes[run...]))
    }

    /// Whether any of a word's eight bytes is one `entity(for:)` replaces: a byte equal to `c`
    /// is a zero byte of `word ^ c…c`, found by the classic has-a-zero-byte test (exact for
    /// "any", which is all this asks).
    private static func mayNeedEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func has(_ byte: UInt8) -> UInt64 {
            let value = word ^ (UInt64(byte) &* ones)
            return (value &- ones) & ~value & highs
        }
        return (has(UInt8(ascii: "&")) | has(UInt8(ascii: "<")) | has(UInt8(ascii: ">")) | has(UInt8(ascii: "\"")) | has(UInt8(ascii: "'")))
            != 0
    }
}
