/// Where bytes are appended: an array, or a buffer that keeps its memory and its length apart
/// (`TextBuffer`). Code that writes bytes (a link template's expansion, percent-encoding) is
/// generic over it, and specialized for each.
package protocol ByteSink {
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>)
    mutating func write(_ byte: UInt8)
}

extension Array: ByteSink where Element == UInt8 {
    package mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
    package mutating func write(_ byte: UInt8) { append(byte) }
}

/// Bytes appended one piece after another into memory kept from one use to the next, their
/// length counted apart: the array is always as long as its memory, so a piece is copied into
/// it in place, not through an array's generic `append(contentsOf:)`: an item page gathers a
/// dozen texts and expands five links.
struct TextBuffer: ByteSink {
    /// The memory; the bytes written are its first `count`.
    private var storage: [UInt8] = []
    private(set) var count = 0

    /// Empties the buffer, keeping its memory.
    mutating func removeAll() { count = 0 }

    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > storage.count { grow(to: count + bytes.count) }
        let start = count
        storage.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { ($0 + start).update(from: source, count: bytes.count) }
        }
        count += bytes.count
    }

    mutating func write(_ byte: UInt8) {
        if count == storage.count { grow(to: count + 1) }
        storage[count] = byte
        count += 1
    }

    /// The bytes written, read in place.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    subscript(range: Range<Int>) -> ArraySlice<UInt8> {
        precondition(range.upperBound <= count, "bytes written")
        return storage[range]
    }

    private mutating func grow(to needed: Int) {
        storage.append(contentsOf: repeatElement(0, count: max(needed, 2 * storage.count, 1_024) - storage.count))
    }
}
