/// The AASA pattern language's surface (spec-reference §2.2): `*`, `?` and `$(name)`
/// substitution variables. Only what validation and translation need to read a pattern.
public enum PatternSyntax {
    /// Variables every iOS 14+ device knows; the first six match exactly one character.
    public static let builtInVariables: Set<String> = ["alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang"]
    public static let singleCharacterVariables: Set<String> = ["alpha", "upper", "lower", "alnum", "digit", "xdigit"]

    public enum Piece: Sendable, Hashable {
        case literal(String)
        case variable(String)
    }

    public enum SyntaxError: Error, Equatable {
        /// `$(` without its `)`; the offset is where the `$` stands.
        case unclosedVariable(offset: Int)
    }

    /// A pattern split into literal text (wildcards included) and variable references.
    public static func pieces(of pattern: String) -> Result<[Piece], SyntaxError> {
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(pattern)
        while let start = rest.range(of: "$(") {
            literal += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: ")") else {
                return .failure(.unclosedVariable(offset: pattern.distance(from: pattern.startIndex, to: start.lowerBound)))
            }
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
            pieces.append(.variable(String(rest[start.upperBound..<end])))
            rest = rest[rest.index(after: end)...]
        }
        literal += rest
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return .success(pieces)
    }

    public static func variables(in pattern: String) -> [String] {
        guard case .success(let pieces) = pieces(of: pattern) else { return [] }
        return pieces.compactMap {
            if case .variable(let name) = $0 { return name }
            return nil
        }
    }

    public static func isCatchAll(_ pattern: String) -> Bool {
        !pattern.isEmpty && pattern.allSatisfy { $0 == "*" }
    }
}
