/// Rewrites AASA patterns for forms that have no substitution variables (iOS 9–12 `paths`,
/// Android dynamic rules). A manifest variable has a short list of values, so it is expanded
/// exactly into one pattern per value; the built-ins (hundreds of language and region codes)
/// become the nearest wildcard instead, which is wider, never narrower.
struct VariableExpander: Sendable {
    /// Beyond this many patterns from one rule, expansion costs more file size than it is worth.
    static let maximumExpansion = 32

    struct Expansion: Sendable, Hashable {
        var patterns: [String]
        /// Variables that became wildcards rather than values.
        var widenedNames: [String]
        var widened: Bool { !widenedNames.isEmpty }
    }

    let values: [String: [String]]

    init(variables: [SubstitutionVariable]) {
        values = Dictionary(variables.map { ($0.name, $0.values) }, uniquingKeysWith: { first, _ in first })
    }

    func expand(_ pattern: String) -> Expansion {
        guard case .success(let pieces) = PatternSyntax.pieces(of: pattern) else { return Expansion(patterns: [pattern], widenedNames: []) }
        let count = pieces.reduce(1) { product, piece in
            guard case .variable(let name) = piece, let values = values[name] else { return product }
            return product * values.count
        }
        var patterns = [""]
        var widenedNames: [String] = []
        for piece in pieces {
            switch piece {
            case .literal(let text):
                patterns = patterns.map { $0 + text }
            case .variable(let name):
                if let values = values[name], count <= Self.maximumExpansion {
                    patterns = patterns.flatMap { prefix in values.map { prefix + $0 } }
                } else {
                    widenedNames.append(name)
                    patterns = patterns.map { $0 + Self.wildcard(for: name) }
                }
            }
        }
        return Expansion(patterns: patterns, widenedNames: widenedNames)
    }

    /// The pattern with every variable as its wildcard, for places that must stay one pattern.
    func widen(_ pattern: String) -> String {
        guard case .success(let pieces) = PatternSyntax.pieces(of: pattern) else { return pattern }
        return pieces.map { piece in
            switch piece {
            case .literal(let text): text
            case .variable(let name): Self.wildcard(for: name)
            }
        }.joined()
    }

    static func wildcard(for name: String) -> String {
        PatternSyntax.singleCharacterVariables.contains(name) ? "?" : "*"
    }
}
