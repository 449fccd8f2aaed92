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
                                LinkTestFailure.foreignHost(test.url, expected.platform, expected.expectation, host: url.host),
                                at: expected.location)
                        ]
                }
                return onPlatform.compactMap { decision in
                    guard !expected.expectation.accepts(LinkTest.Expectation(decision)) else { return nil }
                    return .error(
                        LinkTestFailure.decidedOtherwise(test.url, expected.platform, expected.expectation, decision), at: expected.location
                    )
                }
            }
        }
    }
}

/// How a link test fails.
package enum LinkTestFailure: DiagnosticMessage {
    case foreignHost(String, Platform, LinkTest.Expectation, host: String)
    case decidedOtherwise(String, Platform, LinkTest.Expectation, LinkDecision)

    package var text: String {
        switch self {
        case .foreignHost(let url, let platform, let expectation, let host):
            "link test '\(url)' expects \(platform.displayName) to \(expectation), but '\(host)' is not one of the manifest's hosts, so the browser opens it"
        case .decidedOtherwise(let url, let platform, let expectation, let decision):
            "link test '\(url)' expects \(platform.displayName) (\(decision.app)) to \(expectation), but it \(decision.summary)"
        }
    }
}
