/// Values the app's own files name but do not hold — a string resource (`@string/NAME`), a
/// Gradle placeholder (`${NAME}`), an Xcode build setting (`$(NAME)`) — given on the command
/// line or in the manifest. A name that is not given is never guessed: it is a located error.
package struct AppFileValues: Sendable, Hashable {
    package var strings: [String: String]
    package var placeholders: [String: String]
    package var buildSettings: [String: String]

    package init(strings: [String: String] = [:], placeholders: [String: String] = [:], buildSettings: [String: String] = [:]) {
        self.strings = strings
        self.placeholders = placeholders
        self.buildSettings = buildSettings
    }

    /// The settings Xcode derives from the app's team and bundle ID, which site.yaml already
    /// holds, under the given ones.
    package func withIOSApp(teamID: String, bundleID: String) -> Self {
        var values = self
        let derived = [
            "AppIdentifierPrefix": teamID + ".", "TeamIdentifierPrefix": teamID + ".", "DEVELOPMENT_TEAM": teamID,
            "CFBundleIdentifier": bundleID, "PRODUCT_BUNDLE_IDENTIFIER": bundleID,
        ]
        values.buildSettings.merge(derived) { given, _ in given }
        return values
    }

    /// `${applicationId}`, which Gradle writes from the package, under the given ones.
    /// `NAME=VALUE` pairs as the command line gives them (`--string`, `HOST=FILE`), the last of a
    /// repeated name winning; a pair without `=` has the empty value.
    package static func pairs(_ list: [String]) -> [String: String] {
        Dictionary(
            list.map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { _, last in last })
    }

    package func withAndroidPackage(_ package: String) -> Self {
        var values = self
        if values.placeholders["applicationId"] == nil { values.placeholders["applicationId"] = package }
        return values
    }

    /// An Android attribute's value with `@string/NAME` and every `${NAME}` replaced, or the first
    /// name that is not given.
    func android(_ value: String) -> Result<String, Unresolved> {
        if value.hasPrefix("@string/") {
            let name = String(value.dropFirst("@string/".count))
            guard let resolved = strings[name] else { return .failure(Unresolved(kind: .string, name: name)) }
            return .success(resolved)
        }
        return Self.substitute(value, open: "${", close: "}", values: placeholders, kind: .placeholder)
    }

    /// An entitlement's value with every `$(NAME)` (and `${NAME}`) replaced.
    func apple(_ value: String) -> Result<String, Unresolved> {
        Self.substitute(value, open: "$(", close: ")", values: buildSettings, kind: .buildSetting).flatMap {
            Self.substitute($0, open: "${", close: "}", values: buildSettings, kind: .buildSetting)
        }
    }

    /// A name an app file uses that has no value here.
    package struct Unresolved: Error, Hashable {
        package enum Kind: Hashable { case string, placeholder, buildSetting }
        package var kind: Kind
        package var name: String
    }

    private static func substitute(_ value: String, open: String, close: Character, values: [String: String], kind: Unresolved.Kind)
        -> Result<String, Unresolved>
    {
        var result = ""
        var rest = Substring(value)
        while let start = rest.firstRange(of: open) {
            result += rest[..<start.lowerBound]
            let afterOpen = rest[start.upperBound...]
            guard let end = afterOpen.firstIndex(of: close) else { return .failure(Unresolved(kind: kind, name: String(afterOpen))) }
            // `$(NAME:modifier)` (Xcode's `:rfc1034identifier`): the name is what comes before.
            let name = String(afterOpen[..<end].prefix { $0 != ":" })
            guard let replacement = values[name] else { return .failure(Unresolved(kind: kind, name: name)) }
            result += replacement
            rest = afterOpen[afterOpen.index(after: end)...]
        }
        return .success(result + rest)
    }
}
