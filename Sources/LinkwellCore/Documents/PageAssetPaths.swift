/// Where the pages' shared files are on a host: the style sheet, the script and the host's rules
/// table (`PageAssets` renders them), each under a name that never changes.
package struct PageAssetPaths: Sendable, Hashable {
    /// `/_linkwell/style.css`.
    package var style: String
    /// `/_linkwell/page.js`.
    package var script: String
    /// The hosts that serve a rules table.
    package var rulesHosts: Set<String>

    package static let style = "/\(PagePaths.folder)/style.css"
    package static let script = "/\(PagePaths.folder)/page.js"
    /// The path of every host's rules table.
    package static let rules = "/\(PagePaths.folder)/rules.js"

    /// The URL paths `host` serves.
    package func paths(on host: String) -> [String] { [style, script] + (rulesHosts.contains(host) ? [Self.rules] : []) }

    /// How long a host lets browsers keep an asset: not without asking again (`PageAssets`).
    static let cacheControl = "no-cache"
}
