extension Validation {
    static func checkRobots(_ manifest: RawManifest) -> [Diagnostic] {
        guard let robots = manifest.robots else { return [] }
        var found: [Diagnostic] = []
        for group in robots.groups {
            guard let agents = group.userAgents else { continue }
            if agents.isEmpty { found.append(.error(RobotsProblem.noUserAgent, at: group.location)) }
            for rule in group.allow + group.disallow where !rule.value.hasPrefix("/") && !rule.value.hasPrefix("*") {
                found.append(.error(RobotsProblem.ruleNotAPath(rule.value), at: rule.location))
            }
            found += blockingDisallows(in: group)
        }
        for sitemap in robots.sitemaps where !isAbsoluteHTTPS(sitemap.value) && !sitemap.value.hasPrefix("http://") {
            found.append(.error(RobotsProblem.relativeSitemap(sitemap.value), at: sitemap.location))
        }
        return found
    }

    /// A Disallow that outweighs the Allow lines Linkwell writes for the association files
    /// (e.g. `/.well-known/*`) would block them for RFC 9309 crawlers; say so at its line.
    static func blockingDisallows(in group: RawRobotsGroup) -> [Diagnostic] {
        let text = RobotsRenderer.group(
            userAgents: ["linkwell-check"], allow: group.allow.map(\.value), disallow: group.disallow.map(\.value))
        let matcher = RobotsMatcher(parsing: text)
        var blocked: [(rule: Located<String>, path: String)] = []
        for path in AssociationFiles.allPaths {
            for reading in RobotsMatcher.Reading.allCases {
                guard let rule = matcher.decidingRule(for: path, userAgent: "linkwell-check", reading: reading), !rule.allow,
                    let written = group.disallow.first(where: { $0.value == rule.pattern }),
                    !blocked.contains(where: { $0.rule == written && $0.path == path })
                else { continue }
                blocked.append((written, path))
            }
        }
        let rules = blocked.map(\.rule).uniqued()
        return rules.map { rule in
            .error(
                RobotsProblem.blocksAssociationFiles(rule.value, paths: blocked.filter { $0.rule == rule }.map(\.path)), at: rule.location)
        }
    }
}

/// What the robots checks find.
package enum RobotsProblem: DiagnosticMessage {
    case noUserAgent
    case ruleNotAPath(String)
    case relativeSitemap(String)
    case blocksAssociationFiles(String, paths: [String])

    package var text: String {
        switch self {
        case .noUserAgent:
            "a robots group must name at least one user agent"
        case .ruleNotAPath(let rule):
            "robots rule '\(rule)' must start with '/' or '*'"
        case .relativeSitemap(let sitemap):
            "sitemap '\(sitemap)' must be an absolute URL"
        case .blocksAssociationFiles(let rule, let paths):
            "robots rule 'Disallow: \(rule)' blocks \(paths.map { "'\($0)'" }.joined(separator: ", ")); association files must never be blocked, so narrow the rule or drop it"
        }
    }
}
