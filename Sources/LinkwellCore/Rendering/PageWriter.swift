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

    /// `bytes` with `&`, `<`, `>`, `"` and `'` as entities (`TemplateLibrary.entity(for:)`): the
    /// runs between specials are written whole.
    mutating func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        var run = 0
        for index in bytes.indices {
            guard let entity = TemplateLibrary.entity(for: bytes[index]) else { continue }
            write(UnsafeBufferPointer(rebasing: bytes[run..<index]))
            entity.withUTF8Buffer { write($0) }
            run = index + 1
        }
        write(UnsafeBufferPointer(rebasing: bytes[run...]))
    }
}
