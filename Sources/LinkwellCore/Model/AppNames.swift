/// Readable names from bundle IDs and packages, for `init` and `import`: the last part that
/// names something (`com.loopbazaar.ios` → `loopbazaar`, `com.example.app` → `example`), since
/// `ios`, `android`, `app` and the like say nothing about the app ("Get Ios" on every button).
package enum AppNames {
    /// Parts of a bundle ID or package that say nothing about the app.
    package static let genericParts: Set<String> = [
        "app", "apps", "application", "android", "ios", "iphone", "mobile", "client", "main", "prod", "production", "release",
    ]

    /// Parts that name a build of an app rather than the app: its display name keeps the app's.
    package static let variantParts: [String: String] = [
        "qa": "QA", "uat": "UAT", "beta": "Beta", "alpha": "Alpha", "debug": "Debug", "dev": "Dev", "staging": "Staging",
        "internal": "Internal", "test": "Test", "nightly": "Nightly", "enterprise": "Enterprise", "canary": "Canary",
    ]

    /// The name a person would give the app from its identifier: the telling part, capitalised
    /// (`com.example.my_app` → `My App`); a build's part after its app's (`com.wayfarer.app.qa` →
    /// `Wayfarer QA`).
    package static func displayName(_ identifier: String) -> String {
        func words(_ part: String) -> String {
            part.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { word in
                variantParts[word.lowercased()] ?? (word.prefix(1).uppercased() + word.dropFirst())
            }.joined(separator: " ")
        }
        let parts = identifier.split(separator: ".").map(String.init).dropFirst().filter { !genericParts.contains($0.lowercased()) }
        guard let last = parts.last else { return words(telling(identifier)) }
        if variantParts[last.lowercased()] != nil, parts.count >= 2 { return words(parts[parts.count - 2]) + " " + words(last) }
        return words(last)
    }

    /// The last part after the first that is not generic (else the last part); a build's part
    /// with its app's before it (`com.wayfarer.app.qa` → `wayfarer-qa`).
    package static func telling(_ identifier: String) -> String {
        let parts = identifier.split(separator: ".").map(String.init)
        let telling = parts.dropFirst().filter { !genericParts.contains($0.lowercased()) }
        if let last = telling.last, variantParts[last.lowercased()] != nil, telling.count >= 2 {
            return telling[telling.count - 2] + "-" + last
        }
        return telling.last ?? parts.last ?? identifier
    }
}
