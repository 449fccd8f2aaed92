/// The AASA pattern language's surface (spec-reference §2.2): `*`, `?` and `$(name)`
/// substitution variables. Only what validation and translation need to read a pattern.
package enum PatternSyntax {
    /// Variables every iOS 14+ device knows; the first six match exactly one character.
    package static let builtInVariables: Set<String> = ["alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang"]
    package static let singleCharacterVariables: Set<String> = ["alpha", "upper", "lower", "alnum", "digit", "xdigit"]

    package enum Piece: Sendable, Hashable {
        case literal(String)
        case variable(String)
    }

    package enum SyntaxError: Error, Equatable {
        /// `$(` without its `)`; the offset is where the `$` stands.
        case unclosedVariable(offset: Int)
    }

    /// A pattern split into literal text (wildcards included) and variable references.
    package static func pieces(of pattern: String) -> Result<[Piece], SyntaxError> {
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(pattern)
        // `$(` found over bytes: Foundation's `range(of:)` bridges to NSString for every call.
        func variableStart(in text: Substring) -> (dollar: String.Index, name: String.Index)? {
            let utf8 = text.utf8
            var index = utf8.startIndex
            while let dollar = utf8[index...].firstIndex(of: UInt8(ascii: "$")) {
                let after = utf8.index(after: dollar)
                if after < utf8.endIndex, utf8[after] == UInt8(ascii: "(") { return (dollar, utf8.index(after: after)) }
                index = after
            }
            return nil
        }
        while let start = variableStart(in: rest) {
            literal += rest[..<start.dollar]
            guard let end = rest[start.name...].firstIndex(of: ")") else {
                return .failure(.unclosedVariable(offset: pattern.distance(from: pattern.startIndex, to: start.dollar)))
            }
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
            pieces.append(.variable(String(rest[start.name..<end])))
            rest = rest[rest.index(after: end)...]
        }
        literal += rest
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return .success(pieces)
    }

    package static func variables(in pattern: String) -> [String] {
        guard case .success(let pieces) = pieces(of: pattern) else { return [] }
        return pieces.compactMap {
            if case .variable(let name) = $0 { return name }
            return nil
        }
    }

    package static func isCatchAll(_ pattern: String) -> Bool {
        !pattern.isEmpty && pattern.allSatisfy { $0 == "*" }
    }
}

extension PatternSyntax {
    /// Whether `pattern` holds a `%HH` escape.
    static func hasEscape(_ pattern: String) -> Bool {
        let bytes = Array(pattern.utf8)
        return bytes.indices.contains { index in
            bytes[index] == UInt8(ascii: "%") && index + 2 < bytes.count && bytes[index + 1].isHexDigit && bytes[index + 2].isHexDigit
        }
    }
}
