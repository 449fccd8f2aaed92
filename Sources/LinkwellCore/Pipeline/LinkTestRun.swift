/// Runs the manifest's link tests against the rendered files. A failure is an error at the
/// expectation that failed, saying what happens instead and which rule decided.
package enum LinkTestRun {
    package static func failures(of tests: [LinkTest], matcher: SiteMatcher) -> [Diagnostic] {
        tests.flatMap { test -> [Diagnostic] in
            guard let url = URLParts(test.url) else { return [] }
            let decisions = matcher.decisions(for: test.url, url: url).filter { test.app == nil || $0.app == test.app }
            return test.expectations.flatMap { expected -> [Diagnostic] in
                let onPlatform = decisions.filter { $0.platform == expected.platform }
                // A host the manifest does not serve has no association files: the browser opens it.
                guard !onPlatform.isEmpty else {
                    return expected.expectation.accepts(.web)
                        ? []
                        : [
                            .error(
                                "link test '\(test.url)' expects \(expected.platform.displayName) to \(expected.expectation), but '\(url.host)' is not one of the manifest's hosts, so the browser opens it",
                                at: expected.location)
                        ]
                }
                return onPlatform.compactMap { decision in
                    guard !expected.expectation.accepts(LinkTest.Expectation(decision)) else { return nil }
                    return .error(
                        "link test '\(test.url)' expects \(expected.platform.displayName) (\(decision.app)) to \(expected.expectation), but it \(decision.summary)",
                        at: expected.location)
                }
            }
        }
    }
}
