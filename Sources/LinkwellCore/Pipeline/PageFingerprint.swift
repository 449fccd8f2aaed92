import Foundation

/// A 128-bit fingerprint of everything an item page is rendered from — the resolved site, the
/// templates, the row, the page type and host, and whatever the caller adds (the binary's own
/// identity) — so that a page already on disk can be proved current without rendering it (see
/// `PageProof`). Two independent 64-bit multiply–xorshift lanes over the bytes: not for
/// adversaries, for telling inputs apart (an accidental collision is about one in 2^128).
public struct PageFingerprint: Sendable, Hashable {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// What every item page of a build shares: the site as resolved, every template's source,
    /// and `identity` (bytes the caller chooses, e.g. the binary's).
    public static func build(site: Site, templates: PageTemplates, identity: [UInt8]) -> PageFingerprint {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var hasher = Lanes(PageFingerprint(high: 0x9E37_79B9_7F4A_7C15, low: 0xC2B2_AE3D_27D4_EB4F))
        hasher.add(Array("linkwell item pages 1".utf8))
        hasher.add(identity)
        hasher.add(Array((try? encoder.encode(site)) ?? Data()))
        hasher.add(templates.sourceFingerprint)
        return hasher.value
    }

    /// One item page: the build's fingerprint, the page type, host and the row's every field.
    func page(_ pageType: String, host: String, row: ItemRow) -> PageFingerprint {
        var hasher = Lanes(self)
        hasher.add(Array(pageType.utf8))
        hasher.add(Array(host.utf8))
        hasher.add(Array(row.path.utf8))
        for key in row.fields.keys.sorted() {
            hasher.add(Array(key.utf8))
            hasher.add(Array((row.fields[key] ?? "").utf8))
        }
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

        mutating func add(_ bytes: [UInt8]) {
            mix(UInt64(bytes.count))
            var index = 0
            while index + 8 <= bytes.count {
                var word: UInt64 = 0
                for offset in 0..<8 { word |= UInt64(bytes[index + offset]) << (8 * UInt64(offset)) }
                mix(word)
                index += 8
            }
            var tail: UInt64 = 0x80
            for offset in 0..<(bytes.count - index) { tail |= UInt64(bytes[index + offset]) << (8 * UInt64(offset + 1)) }
            mix(tail)
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
public protocol PageProof: Sendable {
    func isCurrent(_ path: String, fingerprint: PageFingerprint) -> Bool
}
