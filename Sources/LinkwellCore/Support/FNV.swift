/// 64-bit FNV-1a: a quick, stable hash for telling byte strings apart where a collision costs
/// only a missed shortcut (file identities, which item pages changed), never a wrong output.
package enum FNV {
    package static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325

    /// The hash of `bytes`, continuing from `seed` (so several byte strings hash as one).
    package static func hash(_ bytes: some Sequence<UInt8>, seed: UInt64 = offsetBasis) -> UInt64 {
        var value = seed
        for byte in bytes { value = (value ^ UInt64(byte)) &* prime }
        return value
    }

    /// The hash of a string's UTF-8 bytes, read in place. (Callers in other modules would
    /// otherwise run the generic `hash(_:)` unspecialized, a witness call per byte: the build
    /// hashes every item page's path.)
    package static func hash(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { hash($0) }
    }

    /// The same mixing a word at a time, for lists of integers (subsets of automaton states).
    package static func hash(words: some Sequence<Int>, seed: UInt64 = offsetBasis) -> UInt64 {
        var value = seed
        for word in words { value = (value ^ UInt64(UInt(bitPattern: word))) &* prime }
        return value
    }

    /// The hash of a word's eight bytes, least significant first (what `hash(_:)` gives for them),
    /// continuing from `seed`: lets a caller hash a few integers without building a byte array.
    package static func hash(littleEndian word: UInt64, seed: UInt64 = offsetBasis) -> UInt64 {
        var value = seed
        for index in 0..<8 { value = (value ^ (word >> (8 * UInt64(index)) & 0xFF)) &* prime }
        return value
    }

    private static let prime: UInt64 = 0x0000_0100_0000_01B3
}
