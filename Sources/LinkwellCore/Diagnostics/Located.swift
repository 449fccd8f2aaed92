/// A value from the manifest together with where the user wrote it.
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension Located: Codable where Value: Codable {}
