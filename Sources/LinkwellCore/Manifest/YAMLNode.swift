/// A YAML document as plain values with the location of every node, so that later stages can
/// point at the user's text without holding on to the parser's (non-Sendable) tree.
public indirect enum YAMLNode: Sendable, Hashable {
    case scalar(Scalar)
    case mapping([Entry], SourceLocation)
    case sequence([YAMLNode], SourceLocation)

    /// A scalar as written. Its type is decided by the schema that reads it, not by YAML 1.1's
    /// guessing, so `no` stays the text "no" wherever text is expected.
    public struct Scalar: Sendable, Hashable {
        public var text: String
        /// Quoted and block scalars are always text; only plain ones can spell a number,
        /// a boolean or null.
        public var isPlain: Bool
        public var location: SourceLocation

        public init(text: String, isPlain: Bool, location: SourceLocation) {
            self.text = text
            self.isPlain = isPlain
            self.location = location
        }

        /// A plain `~`, `null` or nothing at all: YAML's empty value.
        public var isNull: Bool {
            isPlain && ["", "~", "null", "Null", "NULL"].contains(text)
        }
    }

    public struct Entry: Sendable, Hashable {
        public var key: Scalar
        public var value: YAMLNode
    }

    public var location: SourceLocation {
        switch self {
        case .scalar(let scalar): scalar.location
        case .mapping(_, let location), .sequence(_, let location): location
        }
    }

    /// What the node is, in the words an error message uses ("a list", "a mapping", …).
    public var kindDescription: String {
        switch self {
        case .scalar(let scalar) where scalar.isNull: "an empty value"
        case .scalar: "a scalar '\(scalarText ?? "")'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }

    public var scalarText: String? {
        if case .scalar(let scalar) = self { return scalar.text }
        return nil
    }
}
