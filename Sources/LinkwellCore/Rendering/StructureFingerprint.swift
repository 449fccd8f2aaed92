/// A fingerprint of an `Encodable` value's whole structure — every key, index and value —
/// without writing the value out: encoding the resolved site as sorted JSON only to hash it
/// would be work every build does for nothing.
///
/// Each value the encoder reaches (a number, a string, a nil, the start of a container) is hashed
/// together with its place (the keys and indices that lead to it), and the fingerprint is the
/// wrapping sum of those hashes. So the order in which a keyed container hands over its entries
/// does not matter (a dictionary's order changes from run to run; the JSON writer sorted keys for
/// the same reason), while an array's order does (the index is part of each place).
///
/// Source locations are left out: where the manifest is and on which line a value stands is for
/// messages, and no output shows it. With them, a comment line added at the top of the manifest,
/// or a base manifest read from another folder (`diff --base-manifest`), changed every item
/// page's fingerprint, and a build or `diff` rendered the whole catalogue again.
enum StructureFingerprint {
    static func of(_ value: some Encodable) -> PageFingerprint {
        let sum = Sum()
        // No encoder refuses a value here; a type that throws on its own still counts what it wrote,
        // and the thrown error's type, so the fingerprint stays a function of the value.
        do {
            try value.encode(to: FingerprintEncoder(sum: sum, place: Place()))
        } catch {
            sum.add(Place().child("error", String(describing: type(of: error))), "!", [])
        }
        return PageFingerprint(high: sum.high, low: sum.low)
    }

    /// The sum of every value's hash; shared by every container of one encoding.
    private final class Sum {
        var high: UInt64 = 0
        var low: UInt64 = 0

        /// One value: its place, a tag for its kind, its bytes.
        func add(_ place: Place, _ kind: StaticString, _ bytes: some Collection<UInt8>) {
            var lanes = place.lanes
            kind.withUTF8Buffer { lanes.add($0) }
            lanes.add(bytes)
            let value = lanes.value
            high &+= value.high
            low &+= value.low
        }
    }

    /// The keys and indices from the root to a value, hashed as they are appended.
    private struct Place {
        var lanes = PageFingerprint.Lanes(PageFingerprint(high: 0x5354_5255_4354_5552, low: 0x4649_4E47_4552_5052))

        func child(_ kind: String, _ name: String) -> Place {
            var place = self
            place.lanes.add(kind.utf8)
            place.lanes.add(name.utf8)
            return place
        }

        func key(_ key: some CodingKey) -> Place {
            child("key", key.stringValue)
        }

        func index(_ index: Int) -> Place {
            child("index", String(index))
        }
    }

    private struct FingerprintEncoder: Encoder {
        let sum: Sum
        let place: Place
        // Nothing here reads the path or user info; the place stands in for the path.
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            sum.add(place, "{", [])
            return KeyedEncodingContainer(Keyed(sum: sum, place: place))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            sum.add(place, "[", [])
            return Unkeyed(sum: sum, place: place)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(sum: sum, place: place)
        }
    }

    /// Every primitive as a kind and its bytes, wherever it sits.
    private struct Single: SingleValueEncodingContainer {
        let sum: Sum
        let place: Place
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() { sum.add(place, "nil", []) }
        mutating func encode(_ value: Bool) { sum.add(place, "bool", [value ? 1 : 0]) }
        mutating func encode(_ value: String) { sum.add(place, "string", value.utf8) }
        mutating func encode(_ value: Double) { integer("double", value.bitPattern) }
        mutating func encode(_ value: Float) { integer("float", value.bitPattern) }
        mutating func encode(_ value: Int) { integer("int", value) }
        mutating func encode(_ value: Int8) { integer("int", value) }
        mutating func encode(_ value: Int16) { integer("int", value) }
        mutating func encode(_ value: Int32) { integer("int", value) }
        mutating func encode(_ value: Int64) { integer("int", value) }
        mutating func encode(_ value: UInt) { integer("uint", value) }
        mutating func encode(_ value: UInt8) { integer("uint", value) }
        mutating func encode(_ value: UInt16) { integer("uint", value) }
        mutating func encode(_ value: UInt32) { integer("uint", value) }
        mutating func encode(_ value: UInt64) { integer("uint", value) }

        mutating func encode(_ value: some Encodable) throws {
            guard !(value is SourceLocation) else { return }
            try value.encode(to: FingerprintEncoder(sum: sum, place: place))
        }

        /// Any width as its 64-bit two's complement, so `Int8(-1)` and `Int(-1)` agree as
        /// numbers do in JSON.
        private func integer(_ kind: StaticString, _ value: some BinaryInteger) {
            withUnsafeBytes(of: UInt64(truncatingIfNeeded: value).littleEndian) { sum.add(place, kind, $0) }
        }
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sum: Sum
        let place: Place
        var codingPath: [any CodingKey] { [] }

        private func value(_ key: Key) -> Single { Single(sum: sum, place: place.key(key)) }

        mutating func encodeNil(forKey key: Key) {
            var single = value(key)
            single.encodeNil()
        }
        mutating func encode(_ value: Bool, forKey key: Key) {
            var single = self.value(key)
            single.encode(value)
        }
        mutating func encode(_ value: String, forKey key: Key) {
            var single = self.value(key)
            single.encode(value)
        }
        mutating func encode(_ value: Double, forKey key: Key) {
            var single = self.value(key)
            single.encode(value)
        }
        mutating func encode(_ value: Float, forKey key: Key) {
            var single = self.value(key)
            single.encode(value)
        }
        mutating func encode(_ value: Int, forKey key: Key) {
            var single = self.value(key)
            single.encode(value)
        }
        mutating func encode(_ value: Int8, forKey key: Key) {
            var single = self.value(key)
            single.encode(value)
        }
        mutating func encode(_ value: Int16, forKey key: Key) {
            var single = self.value(key)
            single.encode(value)
        }
        mutating func encode(_ value: Int32, forKey key: Key) {
            var single = self.value(key)
            single.encode(value)
        }
        mutating func encode(_ value: Int64, forKey key: Key) {
            var single = self.value(key)
            single.encode(value)
        }
        mutating func encode(_ value: UInt, forKey key: Key) {
            var single = self.value(key)
            single.encode(value)
        }
        mutating func encode(_ value: UInt8, forKey key: Key) {
            var single = self.value(key)
            single.encode(value)
        }
        mutating func encode(_ value: UInt16, forKey key: Key) {
            var single = self.value(key)
            single.encode(value)
        }
        mutating func encode(_ value: UInt32, forKey key: Key) {
            var single = self.value(key)
            single.encode(value)
        }
        mutating func encode(_ value: UInt64, forKey key: Key) {
            var single = self.value(key)
            single.encode(value)
        }

        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            guard !(value is SourceLocation) else { return }
            try value.encode(to: FingerprintEncoder(sum: sum, place: place.key(key)))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            FingerprintEncoder(sum: sum, place: place.key(key)).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            FingerprintEncoder(sum: sum, place: place.key(key)).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            FingerprintEncoder(sum: sum, place: place.child("super", ""))
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            FingerprintEncoder(sum: sum, place: place.key(key))
        }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let sum: Sum
        let place: Place
        private(set) var count = 0
        var codingPath: [any CodingKey] { [] }

        init(sum: Sum, place: Place) {
            self.sum = sum
            self.place = place
        }

        /// The next element's place.
        private mutating func next() -> Place {
            defer { count += 1 }
            return place.index(count)
        }

        mutating func encodeNil() {
            var single = Single(sum: sum, place: next())
            single.encodeNil()
        }
        mutating func encode(_ value: Bool) {
            var single = Single(sum: sum, place: next())
            single.encode(value)
        }
        mutating func encode(_ value: String) {
            var single = Single(sum: sum, place: next())
            single.encode(value)
        }
        mutating func encode(_ value: Double) {
            var single = Single(sum: sum, place: next())
            single.encode(value)
        }
        mutating func encode(_ value: Float) {
            var single = Single(sum: sum, place: next())
            single.encode(value)
        }
        mutating func encode(_ value: Int) {
            var single = Single(sum: sum, place: next())
            single.encode(value)
        }
        mutating func encode(_ value: Int8) {
            var single = Single(sum: sum, place: next())
            single.encode(value)
        }
        mutating func encode(_ value: Int16) {
            var single = Single(sum: sum, place: next())
            single.encode(value)
        }
        mutating func encode(_ value: Int32) {
            var single = Single(sum: sum, place: next())
            single.encode(value)
        }
        mutating func encode(_ value: Int64) {
            var single = Single(sum: sum, place: next())
            single.encode(value)
        }
        mutating func encode(_ value: UInt) {
            var single = Single(sum: sum, place: next())
            single.encode(value)
        }
        mutating func encode(_ value: UInt8) {
            var single = Single(sum: sum, place: next())
            single.encode(value)
        }
        mutating func encode(_ value: UInt16) {
            var single = Single(sum: sum, place: next())
            single.encode(value)
        }
        mutating func encode(_ value: UInt32) {
            var single = Single(sum: sum, place: next())
            single.encode(value)
        }
        mutating func encode(_ value: UInt64) {
            var single = Single(sum: sum, place: next())
            single.encode(value)
        }

        mutating func encode(_ value: some Encodable) throws {
            guard !(value is SourceLocation) else { return }
            try value.encode(to: FingerprintEncoder(sum: sum, place: next()))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            FingerprintEncoder(sum: sum, place: next()).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            FingerprintEncoder(sum: sum, place: next()).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            FingerprintEncoder(sum: sum, place: next())
        }
    }
}
