/// A 128-bit fingerprint of everything an item page is rendered from — the resolved site, the
/// templates, the row, the page type and host, and whatever the caller adds (the binary's own
/// identity) — so that a page already on disk can be proved current without rendering it (see
/// `PageProof`). Two independent 64-bit multiply–xorshift lanes over the bytes: not for
/// adversaries, for telling inputs apart (an accidental collision is about one in 2^128).
package struct PageFingerprint: Sendable, Hashable {
    package var high: UInt64
    package var low: UInt64

    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// What every item page of a build shares: the site as resolved, every template's source,
    /// and `identity` (bytes the caller chooses, e.g. the binary's).
    package static func build(site: Site, templates: PageTemplates, identity: [UInt8]) -> PageFingerprint {
        var hasher = Lanes(PageFingerprint(high: 0x9E37_79B9_7F4A_7C15, low: 0xC2B2_AE3D_27D4_EB4F))
        hasher.add("linkwell item pages 2".utf8)
        hasher.add(identity)
        let structure = StructureFingerprint.of(site)
        withUnsafeBytes(of: (structure.high.littleEndian, structure.low.littleEndian)) { hasher.add($0) }
        hasher.add(templates.sourceFingerprint)
        return hasher.value
    }

    /// One item row, before its host is added: the build's fingerprint, the page type and the
    /// row's path and every field, in key order.
    func row(_ pageType: String, _ row: ItemRow) -> PageFingerprint {
        var hasher = Lanes(self)
        hasher.add(pageType.utf8)
        hasher.add(row.path.utf8)
        // Read in place, in name order, with no array of the row's names and values made for
        // every row.
        let fields = row.fields
        fields.utf8.withUnsafeBufferPointer { values in
            for index in fields.names.byName {
                hasher.add(fields.names.list[index].utf8)
                hasher.add(UnsafeBufferPointer(rebasing: values[fields.range(at: index)]))
            }
        }
        return hasher.value
    }

    /// One page of a row's (`row(_:_:)`) on one host.
    func page(host: String) -> PageFingerprint {
        var hasher = Lanes(self)
        hasher.add(host.utf8)
        return hasher.value
    }

    /// Length-prefixed pieces, so `("ab", "c")` and `("a", "bc")` differ.
    struct Lanes {
        private var first: UInt64
        private var second: UInt64

        init(_ seed: PageFingerprint) {
            first = seed.high
            second = seed.low
        }

        mutating func add(_ text: String.UTF8View) { add(bytes: text) }

        mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) { add(bytes: bytes) }

        mutating func add(_ bytes: some Collection<UInt8>) { add(bytes: bytes) }

        /// The bytes eight to a word, little-endian; the last word marked past its bytes.
        private mutating func add(bytes: some Collection<UInt8>) {
            mix(UInt64(bytes.count))
            var word: UInt64 = 0
            var filled: UInt64 = 0
            for byte in bytes {
                word |= UInt64(byte) << (8 * filled)
                filled += 1
                if filled == 8 {
                    mix(word)
                    word = 0
                    filled = 0
                }
            }
            mix(word | 0x80 << (8 * filled))
        }

        private mutating func mix(_ word: UInt64) {
            first = Self.scramble((first ^ word) &* 0xFF51_AFD7_ED55_8CCD)
            second = Self.scramble((second &+ word &* 0x9E37_79B9_7F4A_7C15) &* 0xC4CE_B9FE_1A85_EC53)
        }

        private static func scramble(_ value: UInt64) -> UInt64 {
            var x = value
            x ^= x >> 33
            x = x &* 0xFF51_AFD7_ED55_8CCD
            x ^= x >> 29
            return x
        }

        var value: PageFingerprint { PageFingerprint(high: Self.scramble(first ^ second >> 7), low: Self.scramble(second ^ first << 3)) }
    }
}

/// Says whether the file at an output path is already the page with a given fingerprint, more
/// cheaply than rendering and reading it (the executable's build record: the fingerprint and the
/// file's identity when it was last written or compared). A file proved so is emitted without
/// bytes (`OutputFile.provedUnchanged`).
package protocol PageProof: Sendable {
    func isCurrent(_ path: String, fingerprint: PageFingerprint) -> Bool
}
