/// Runs the manifest's link tests against the rendered files. A failure is an error at the
/// expectation that failed, saying what happens instead and which rule decided.
package enum LinkTestRun {
    package static func failures(of tests: [LinkTest], matcher: SiteMatcher) -> [Diagnostic] {
        tests.flatMap { test -> [Diagnostic] in
            guard let url = URLParts(test.url) else { return [] }
            let decisions = matcher.decisions(for: test.url, url: url).filter { test.app == nil || $0.app == test.app }
            var foreign: [Diagnostic] = []
            // One error per cause: the platforms and apps an expectation fails on the same way
            // (the same written key, the same outcome) are named together.
            var groups: [(key: FailureKey, decisions: [LinkDecision])] = []
            for expected in test.expectations {
                let onPlatform = decisions.filter { $0.platform == expected.platform }
                // A host the manifest does not serve has no association files: the browser opens it.
                guard !onPlatform.isEmpty else {
                    if !expected.expectation.accepts(.web) {
                        foreign.append(
                            .error(
                                LinkTestFailure.foreignHost(test.url, expected.platform, expected.expectation, host: url.host),
                                at: expected.location))
                    }
                    continue
                }
                for decision in onPlatform {
                    let actual = LinkTest.Expectation(decision)
                    guard !expected.expectation.accepts(actual) else { continue }
                    let key = FailureKey(location: expected.location, expected: expected.expectation, actual: actual)
                    if let index = groups.firstIndex(where: { $0.key == key }) {
                        groups[index].decisions.append(decision)
                    } else {
                        groups.append((key, [decision]))
                    }
                }
            }
            return foreign
                + groups.map { group in
                    .error(LinkTestFailure.decidedOtherwise(test.url, group.key.expected, group.decisions), at: group.key.location)
                }
        }
    }

    private struct FailureKey: Equatable {
        var location: SourceLocation
        var expected: LinkTest.Expectation
        var actual: LinkTest.Expectation
    }
}

/// How a link test fails.
package enum LinkTestFailure: DiagnosticMessage {
    case foreignHost(String, Platform, LinkTest.Expectation, host: String)
    /// The decisions (one per platform and app) that an expectation failed on, the same way.
    case decidedOtherwise(String, LinkTest.Expectation, [LinkDecision])

    package var text: String {
        switch self {
        case .foreignHost(let url, let platform, let expectation, let host):
            return
                "link test '\(url)' expects \(platform.displayName) to \(expectation), but '\(host)' is not one of the manifest's hosts, so the browser opens it"
        case .decidedOtherwise(let url, let expectation, let decisions):
            let who = Self.platforms(decisions)
            // Each way it is decided, with the platforms and apps decided that way.
            let summaries = decisions.map(\.summary).uniqued()
            let what =
                summaries.count == 1
                ? "it \(summaries[0])"
                : summaries.map { summary in "\(Self.platforms(decisions.filter { $0.summary == summary })) \(summary)" }
                    .joined(separator: "; ")
            guard let first = decisions.first else { return "link test '\(url)' expects it to \(expectation)" }
            // Both keep the URL in the browser: say what differs, never "… but it stays in the browser".
            if case .blocked = expectation, LinkTest.Expectation(first) == .web {
                return
                    "link test '\(url)' expects \(who) to keep it in the browser through an exclusion, but no route excludes it: \(what); write 'browser' to expect only that no app opens it"
            }
            if expectation == .web, case .blocked = LinkTest.Expectation(first) {
                return
                    "link test '\(url)' expects no route to decide for \(who), but an exclusion does: \(what); write 'browser' to expect only that no app opens it"
            }
            return "link test '\(url)' expects \(who) to \(expectation), but \(what)"
        }
    }

    /// "iOS 13+ (amora, amora-beta) and Android 15+ (amora)": the platforms in order, each with its apps.
    private static func platforms(_ decisions: [LinkDecision]) -> String {
        let platforms = decisions.map(\.platform).uniqued()
        return list(
            platforms.map { platform in
                "\(platform.displayName) (\(decisions.filter { $0.platform == platform }.map(\.app).uniqued().joined(separator: ", ")))"
            })
    }

    private static func list(_ items: [String]) -> String {
        items.count <= 2 ? items.joined(separator: " and ") : items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
    }
}
