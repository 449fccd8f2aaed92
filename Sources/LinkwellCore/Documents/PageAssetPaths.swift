/// Where the pages' shared files are on a host: the style sheet and script, named by their content
/// (`PageAssets` renders them and gives the plan their names), and the host's rules table, under a
/// name that never changes.
package struct PageAssetPaths: Sendable, Hashable {
    /// `/_linkwell/style.<hash>.css`.
    package var style: String
    /// `/_linkwell/page.<hash>.js`.
    package var script: String
    /// The hosts that serve a rules table.
    package var rulesHosts: Set<String>

    /// The path of every host's rules table.
    package static let rules = "/\(PagePaths.folder)/rules.js"

    /// The URL paths `host` serves.
    package func paths(on host: String) -> [String] { [style, script] + (rulesHosts.contains(host) ? [Self.rules] : []) }

    /// How long a host lets browsers keep an asset: a year for the ones named by their content,
    /// none without asking again for the rules table.
    static func cacheControl(for path: String) -> String {
        (path.hasPrefix("/") ? path : "/" + path) == rules ? "no-cache" : "public, max-age=31536000, immutable"
    }
}
