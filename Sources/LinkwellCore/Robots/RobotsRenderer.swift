/// robots.txt per spec-reference §1.4: the association files are allowed in every group, before
/// any Disallow, so RFC 9309 parsers and older first-match parsers agree they are reachable.
package enum RobotsRenderer {
    package static func render(_ policy: RobotsPolicy) -> String {
        var groups = policy.groups
        // Crawlers without a group of their own read the catch-all one; make sure it exists and
        // allows the files too.
        if !groups.contains(where: { $0.userAgents.contains("*") }) {
            groups.insert(RobotsGroup(userAgents: ["*"], allow: [], disallow: []), at: 0)
        }
        var sections = groups.map { group(userAgents: $0.userAgents, allow: $0.allow, disallow: $0.disallow) }
        if !policy.sitemaps.isEmpty {
            sections.append(policy.sitemaps.map { "Sitemap: \($0)\n" }.joined())
        }
        return sections.joined(separator: "\n")
    }

    static func group(userAgents: [String], allow: [String], disallow: [String]) -> String {
        var lines = userAgents.map { "User-agent: \($0)" }
        let allows = AssociationFiles.robotsAllows + allow.filter { !AssociationFiles.robotsAllows.contains($0) }
        lines += allows.map { "Allow: \($0)" }
        lines += disallow.map { "Disallow: \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }
}
