/// A link test from the manifest: a URL and what it must do on each platform. `build`,
/// `validate` and `check` run them against the files they render, so a pull request that
/// changes what a URL does without changing its test fails.
package struct LinkTest: Sendable, Hashable, Codable {
    package var url: String
    /// Only this app (by manifest id); nil: every app on each platform.
    package var app: String?
    package var expectations: [PlatformExpectation]
    package var location: SourceLocation

    package struct PlatformExpectation: Sendable, Hashable, Codable {
        package var platform: Platform
        package var expectation: Expectation
        package var location: SourceLocation
    }

    package enum Expectation: Sendable, Hashable, Codable, CustomStringConvertible {
        /// Opens the app, through this route when named.
        case opens(route: String?)
        /// A rule excludes the URL, this route when named.
        case blocked(route: String?)
        /// No route decides: the browser opens the URL.
        case web
        /// No app opens the URL, whatever keeps it in the browser (an exclusion, no rule, a
        /// condition the URL does not meet): what a payment or account path needs.
        case browser

        package static let keywords = ["opens", "blocked", "web", "browser"]

        package var description: String {
            switch self {
            case .opens(let route?): "open the app through route '\(route)'"
            case .opens(nil): "open the app"
            case .blocked(let route?): "stay in the browser, excluded by route '\(route)'"
            case .blocked(nil): "stay in the browser, excluded by a route"
            case .web: "stay in the browser, with no route deciding"
            case .browser: "stay in the browser (no app opens it)"
            }
        }

        package func accepts(_ actual: Expectation) -> Bool {
            switch (self, actual) {
            case (.opens(nil), .opens), (.blocked(nil), .blocked), (.web, .web), (.browser, .blocked), (.browser, .web): true
            default: self == actual
            }
        }
    }
}
