/// The path attributes of an AndroidManifest `<data>` element (spec-reference §2.5), matched
/// against the decoded path the way `android.os.PatternMatcher` does: greedily, never going back.
package enum AndroidPathMatcher: Sendable, Hashable {
    case path(String)
    case prefix(String)
    case suffix(String)
    /// `android:pathPattern`: `.` any character, `x*` any run of `x`, `\` escapes.
    case pattern(String)
    /// `android:pathAdvancedPattern`: `.`, `[set]`, `[^set]`, `*`, `+`, `{n}`, `{n,m}`, `{n,}`.
    case advancedPattern(String)

    package func matches(_ path: String) -> Bool {
        switch self {
        case .path(let exact): path == exact
        case .prefix(let prefix): path.hasPrefix(prefix)
        case .suffix(let suffix): path.hasSuffix(suffix)
        case .pattern(let pattern): Self.simpleGlob(Array(pattern), Array(path))
        case .advancedPattern(let pattern): Self.advancedGlob(pattern, Array(path))
        }
    }

    /// What every path the attribute matches starts with, as written (characters): the whole
    /// path, the prefix, or a pattern's characters before its first `.`, `\\` or `x*`; empty for
    /// a suffix and an advanced pattern (any start).
    package var literalStart: Substring {
        switch self {
        case .path(let exact): return Substring(exact)
        case .prefix(let prefix): return Substring(prefix)
        case .suffix, .advancedPattern: return ""
        case .pattern(let pattern):
            var end = pattern.startIndex
            while end < pattern.endIndex, pattern[end] != ".", pattern[end] != "\\" {
                let next = pattern.index(after: end)
                if next < pattern.endIndex, pattern[next] == "*" { break }
                end = next
            }
            return pattern[..<end]
        }
    }

    /// One character of a `pathPattern` as `PatternMatcher` reads it: `\` makes the next one
    /// literal, and a `*` after it repeats it (`.*`: any run).
    struct SimpleGlobToken: Equatable {
        var character: Character
        var escaped: Bool
        var repeated: Bool

        /// An unescaped `.`: any one character.
        var isAny: Bool { character == "." && !escaped }
    }

    /// A `pathPattern`'s tokens, the one reading of its escapes that the matcher and the exact
    /// engine (`RuleLanguage.intentFilterPath`) share.
    static func simpleGlobTokens(_ pattern: [Character]) -> [SimpleGlobToken] {
        var tokens: [SimpleGlobToken] = []
        var p = 0
        while p < pattern.count {
            var token = SimpleGlobToken(character: pattern[p], escaped: false, repeated: false)
            if token.character == "\\", p + 1 < pattern.count {
                token.escaped = true
                p += 1
                token.character = pattern[p]
            }
            token.repeated = p + 1 < pattern.count && pattern[p + 1] == "*"
            p += token.repeated ? 2 : 1
            tokens.append(token)
        }
        return tokens
    }

    /// PATTERN_SIMPLE_GLOB. After `.*` the match jumps to the first occurrence of the next
    /// pattern character and never reconsiders it, so `/.*/edit` cannot match `/items/42/edit`.
    static func simpleGlob(_ pattern: [Character], _ text: [Character]) -> Bool {
        let tokens = simpleGlobTokens(pattern)
        var s = 0
        for (index, token) in tokens.enumerated() {
            if token.repeated {
                if token.isAny {
                    guard index + 1 < tokens.count else { return true }
                    guard let found = text[s...].firstIndex(of: tokens[index + 1].character) else { return false }
                    s = found
                } else {
                    while s < text.count, text[s] == token.character { s += 1 }
                }
                continue
            }
            guard s < text.count, token.isAny || text[s] == token.character else { return false }
            s += 1
        }
        return s == text.count
    }

    /// PATTERN_ADVANCED_GLOB: each token takes as many characters as it can, then the next
    /// token goes on from there — so `/a.*b` never matches.
    static func advancedGlob(_ pattern: String, _ text: [Character]) -> Bool {
        guard let tokens = AdvancedToken.parse(Array(pattern)) else { return false }
        var s = 0
        for token in tokens {
            var count = 0
            while count < token.maximum, s < text.count, token.accepts(text[s]) {
                s += 1
                count += 1
            }
            if count < token.minimum { return false }
        }
        return s == text.count
    }
}

struct AdvancedToken {
    enum Kind {
        case any
        case character(Character)
        case set([ClosedRange<Character>], negated: Bool)
    }

    var kind: Kind
    var minimum = 1
    var maximum = 1

    func accepts(_ character: Character) -> Bool {
        switch kind {
        case .any: true
        case .character(let expected): character == expected
        case .set(let ranges, let negated): ranges.contains { $0.contains(character) } != negated
        }
    }

    static func parse(_ pattern: [Character]) -> [AdvancedToken]? {
        var tokens: [AdvancedToken] = []
        var index = 0
        while index < pattern.count {
            var token: AdvancedToken
            switch pattern[index] {
            case ".":
                token = AdvancedToken(kind: .any)
                index += 1
            case "\\":
                guard index + 1 < pattern.count else { return nil }
                token = AdvancedToken(kind: .character(pattern[index + 1]))
                index += 2
            case "[":
                guard let close = pattern[index...].firstIndex(of: "]") else { return nil }
                var body = Array(pattern[(index + 1)..<close])
                let negated = body.first == "^"
                if negated { body.removeFirst() }
                var ranges: [ClosedRange<Character>] = []
                var i = 0
                while i < body.count {
                    if i + 2 < body.count, body[i + 1] == "-" {
                        guard body[i] <= body[i + 2] else { return nil }
                        ranges.append(body[i]...body[i + 2])
                        i += 3
                    } else {
                        ranges.append(body[i]...body[i])
                        i += 1
                    }
                }
                token = AdvancedToken(kind: .set(ranges, negated: negated))
                index = close + 1
            default:
                token = AdvancedToken(kind: .character(pattern[index]))
                index += 1
            }
            if index < pattern.count {
                switch pattern[index] {
                case "*":
                    (token.minimum, token.maximum) = (0, .max)
                    index += 1
                case "+":
                    (token.minimum, token.maximum) = (1, .max)
                    index += 1
                case "{":
                    guard let close = pattern[index...].firstIndex(of: "}") else { return nil }
                    let bounds = String(pattern[(index + 1)..<close]).split(separator: ",", omittingEmptySubsequences: false)
                    guard let low = Int(bounds[0]) else { return nil }
                    token.minimum = low
                    token.maximum = bounds.count == 1 ? low : (bounds[1].isEmpty ? .max : Int(bounds[1]) ?? low)
                    index = close + 1
                default:
                    break
                }
            }
            tokens.append(token)
        }
        return tokens
    }
}
