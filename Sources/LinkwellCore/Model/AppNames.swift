/// Readable names from bundle IDs and packages, for `init` and `import`: the last part that
/// names something (`com.loopbazaar.ios` → `loopbazaar`, `com.example.app` → `example`), since
/// `ios`, `android`, `app` and the like say nothing about the app ("Get Ios" on every button).
package enum AppNames {
    /// Parts of a bundle ID or package that say nothing about the app.
    package static let genericParts: Set<String> = [
        "app", "apps", "application", "android", "ios", "iphone", "mobile", "client", "main", "prod", "production", "release",
    ]

    /// The last part after the first that is not generic (else the last part).
    package static func telling(_ identifier: String) -> String {
        let parts = identifier.split(separator: ".").map(String.init)
        return parts.dropFirst().last { !genericParts.contains($0.lowercased()) } ?? parts.last ?? identifier
    }
}
