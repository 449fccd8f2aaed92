/// What an exclusion in one app's rules does when another installed app's later detail matches
/// the URL. Apple documents `exclude` as "the system stops pattern matching and doesn't open the
/// app"; whether that search is the app's own or the device's is not pinned by any recorded
/// outcome, so every comparison is made under both readings and says which one a difference needs.
package enum ExclusionReading: String, Sendable, Hashable, CaseIterable, Codable {
    /// The exclusion keeps its own app closed; iOS goes on to the other apps' details.
    case ownAppOnly = "exclusion-stops-its-own-app"
    /// The exclusion ends the search: no app opens the URL.
    case everyApp = "exclusion-stops-every-app"

    package var words: String {
        switch self {
        case .ownAppOnly: "if an exclusion keeps only its own app closed"
        case .everyApp: "if an exclusion ends the search for every app"
        }
    }
}
