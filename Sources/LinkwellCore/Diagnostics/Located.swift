/// A value from the manifest together with where the user wrote it.
package struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    package var value: Value
    package var location: SourceLocation

    package init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension Located: Codable where Value: Codable {}
