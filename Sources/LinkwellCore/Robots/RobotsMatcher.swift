/// Reads a robots.txt the way crawlers do, so a build can prove that no crawler is ever told
/// to stay away from an association file (spec-reference §1.4).
///
/// Two readings are supported because both are in the wild: RFC 9309 (the longest matching
/// rule wins, `Allow` wins a tie, groups for one agent are merged) and the first-match reading
/// of older parsers (the first rule in the group that matches decides).
package struct RobotsMatcher: Sendable {
    package struct Rule: Sendable, Hashable {
        package var allow: Bool
        package var pattern: String
        /// 1-based line in the robots.txt text.
        package var line: Int
    }

    package struct Group: Sendable, Hashable {
        /// Lower-cased product tokens; `*` is the catch-all group.
        package var userAgents: [String]
        package var rules: [Rule]
    }

    package enum Reading: String, Sendable, CaseIterable {
        case longestMatch = "RFC 9309 longest match"
        case firstMatch = "first match (older parsers)"
    }

    package private(set) var groups: [Group] = []

    package init(parsing text: String) {
        var current: Group?
        var lastLineWasAgent = false
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.prefix { $0 != "#" }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingSpaces().lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces()
            switch key {
            case "user-agent":
                if !lastLineWasAgent, let finished = current { groups.append(finished) }
                if !lastLineWasAgent { current = Group(userAgents: [], rules: []) }
                current?.userAgents.append(value.lowercased())
                lastLineWasAgent = true
            case "allow", "disallow":
                lastLineWasAgent = false
                // An empty Disallow allows everything: it is no rule at all.
                guard !value.isEmpty else { continue }
                current?.rules.append(Rule(allow: key == "allow", pattern: value, line: index + 1))
            default:
                lastLineWasAgent = false
            }
        }
        if let current { groups.append(current) }
    }

    /// Every agent token named in the file, `*` included.
    package var userAgents: [String] {
        groups.flatMap(\.userAgents).uniqued()
    }

    /// The rule that decides `path` for `userAgent`, or nil when no rule matches (allowed).
    package func decidingRule(for path: String, userAgent: String, reading: Reading) -> Rule? {
        let agent = userAgent.lowercased()
        var rules = groups.filter { $0.userAgents.contains(agent) }.flatMap(\.rules)
        if rules.isEmpty, !groups.contains(where: { $0.userAgents.contains(agent) }) {
            rules = groups.filter { $0.userAgents.contains("*") }.flatMap(\.rules)
        }
        let matching = rules.filter { Self.matches(pattern: $0.pattern, path: path) }
        switch reading {
        case .firstMatch:
            return matching.first
        case .longestMatch:
            return matching.max { lhs, rhs in
                let (l, r) = (Self.length(of: lhs.pattern), Self.length(of: rhs.pattern))
                return l != r ? l < r : (lhs.allow == rhs.allow ? lhs.line > rhs.line : !lhs.allow)
            }
        }
    }

    package func isAllowed(_ path: String, userAgent: String, reading: Reading) -> Bool {
        decidingRule(for: path, userAgent: userAgent, reading: reading)?.allow ?? true
    }

    /// RFC 9309 §2.2.3: octets of the pattern, `$` and `*` included.
    static func length(of pattern: String) -> Int { pattern.utf8.count }

    /// RFC 9309 §2.2.3: `*` matches any run of characters, a final `$` anchors the end, and
    /// otherwise the pattern is a prefix of the path.
    package static func matches(pattern: String, path: String) -> Bool {
        var pattern = Substring(pattern)
        let anchored = pattern.hasSuffix("$")
        if anchored { pattern = pattern.dropLast() }
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false)
        var rest = Substring(path)
        for (index, piece) in pieces.enumerated() {
            if index == 0 {
                guard rest.hasPrefix(piece) else { return false }
                rest = rest.dropFirst(piece.count)
            } else if index == pieces.count - 1, anchored {
                return rest.hasSuffix(piece)
            } else if !piece.isEmpty {
                guard let range = rest.firstRange(of: piece) else { return false }
                rest = rest[range.upperBound...]
            } else if index == pieces.count - 1 {
                // A trailing `*` takes the rest of the path.
                rest = rest[rest.endIndex...]
            }
        }
        return !anchored || rest.isEmpty
    }
}
