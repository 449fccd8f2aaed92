/// Where the pages' shared files are on a host: the style sheet, the script and the host's rules
/// table (`PageAssets` renders them), each under a name that never changes.
package struct PageAssetPaths: Sendable, Hashable {
    /// `/_linkwell/style.css`.
    package var style: String
    /// `/_linkwell/page.js`.
    package var script: String
    /// The hosts that serve a rules table.
    package var rulesHosts: Set<String>
    /// The theme's font files, every host's (`/_linkwell/fonts/<name>.<content hash>.<type>`).
    package var fonts: [String] = []

    package static let style = "/\(PagePaths.folder)/style.css"
    package static let script = "/\(PagePaths.folder)/page.js"
    /// The path of every host's rules table.
    package static let rules = "/\(PagePaths.folder)/rules.js"

    /// The URL paths `host` serves.
    package func paths(on host: String) -> [String] { [style, script] + (rulesHosts.contains(host) ? [Self.rules] : []) + fonts }

    /// The folder of the theme's font files.
    package static let fonts = "/\(PagePaths.folder)/fonts/"

    /// How long a host lets browsers keep an asset: the style sheet, script and rules table not
    /// without asking again (`PageAssets`); a font, whose name follows its content, for a year.
    static func cacheControl(of path: String) -> String {
        path.hasPrefix(String(fonts.dropFirst())) || path.hasPrefix(fonts) ? "public, max-age=31536000, immutable" : "no-cache"
    }
}
