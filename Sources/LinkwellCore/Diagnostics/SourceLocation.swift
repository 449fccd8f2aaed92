/// A place in a source file that a diagnostic points at; line and column are 1-based and the
/// column counts Unicode scalars, as libyaml does.
package struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    package var description: String { "\(file):\(line):\(column)" }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    /// An encoder whose user info holds `true` here writes every location as null: a value's
    /// fingerprint (`StructureFingerprint`) is of what it says, not of where it was written.
    static let omittedInFingerprints = CodingUserInfoKey(rawValue: "linkwell.location.omitted")

    private enum CodingKeys: String, CodingKey { case file, line, column }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try container.decode(String.self, forKey: .file), line: try container.decode(Int.self, forKey: .line),
            column: try container.decode(Int.self, forKey: .column))
    }

    package func encode(to encoder: any Encoder) throws {
        if let key = Self.omittedInFingerprints, encoder.userInfo[key] as? Bool == true {
            var nothing = encoder.singleValueContainer()
            try nothing.encodeNil()
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}
