/// A YAML document as plain values with the location of every node, so that later stages can
/// point at the user's text without holding on to the parser's (non-Sendable) tree.
package indirect enum YAMLNode: Sendable, Hashable {
    case scalar(Scalar)
    case mapping([Entry], SourceLocation)
    case sequence([YAMLNode], SourceLocation)

    /// A scalar as written. Its type is decided by the schema that reads it, not by YAML 1.1's
    /// guessing, so `no` stays the text "no" wherever text is expected.
    package struct Scalar: Sendable, Hashable {
        package var text: String
        /// Quoted and block scalars are always text; only plain ones can spell a number,
        /// a boolean or null.
        package var isPlain: Bool
        package var location: SourceLocation

        package init(text: String, isPlain: Bool, location: SourceLocation) {
            self.text = text
            self.isPlain = isPlain
            self.location = location
        }

        /// A plain `~`, `null` or nothing at all: YAML's empty value.
        package var isNull: Bool {
            isPlain && ["", "~", "null", "Null", "NULL"].contains(text)
        }
    }

    package struct Entry: Sendable, Hashable {
        package var key: Scalar
        package var value: YAMLNode
    }

    package var location: SourceLocation {
        switch self {
        case .scalar(let scalar): scalar.location
        case .mapping(_, let location), .sequence(_, let location): location
        }
    }

    /// What the node is, in the words an error message uses ("a list", "a mapping", …).
    package var kindDescription: String {
        switch self {
        case .scalar(let scalar) where scalar.isNull: "an empty value"
        case .scalar: "a scalar '\(scalarText ?? "")'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }

    package var scalarText: String? {
        if case .scalar(let scalar) = self { return scalar.text }
        return nil
    }
}
