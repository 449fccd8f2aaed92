/// Reads a `YAMLNode` tree into a `RawManifest`, reporting shape problems (wrong types, unknown
/// keys) as it goes and carrying on, so that one run lists every problem in the file.
struct ManifestDecoder {
    private(set) var diagnostics: [Diagnostic] = []

    mutating func decode(_ root: YAMLNode) -> RawManifest? {
        read(root, as: ManifestFields.root, into: RawManifest(location: root.location))
    }

    /// A mapping read through its section's table: each known key's value stored by its field,
    /// each unknown key reported with the nearest known one. Nil when the node is no mapping.
    mutating func read<Owner>(_ node: YAMLNode, as section: ManifestSection<Owner>, into owner: Owner) -> Owner? {
        guard case .mapping(let entries, _) = node else {
            diagnostics.append(.error(ShapeProblem.notAMapping(section.what, found: node.kindDescription), at: node.location))
            return nil
        }
        var owner = owner
        let known = section.keys
        for entry in entries {
            if let field = section.fields.first(where: { $0.key == entry.key.text }) {
                field.read(&self, entry, &owner)
            } else {
                diagnostics.append(.error(ShapeProblem.unknownKey(entry.key.text, in: section.what, known: known), at: entry.key.location))
            }
        }
        return owner
    }

    // MARK: - Keys with a shape of their own

    mutating func substitutionVariables(_ node: YAMLNode) -> [RawSubstitutionVariable] {
        guard case .mapping(let entries, _) = node else {
            report(expected: "a mapping of variable names to lists of values", for: "substitutionVariables", found: node)
            return []
        }
        return entries.compactMap { entry in
            guard let values = stringList(entry.value, key: entry.key.text) else { return nil }
            return RawSubstitutionVariable(name: Located(entry.key.text, at: entry.key.location), values: values)
        }
    }

    mutating func query(_ node: YAMLNode) -> RawQuery? {
        switch node {
        case .scalar:
            return string(node, key: "query").map(RawQuery.whole)
        case .mapping(let entries, let location):
            let items = entries.compactMap { entry in
                string(entry.value, key: entry.key.text).map {
                    RawQueryItem(name: Located(entry.key.text, at: entry.key.location), pattern: $0)
                }
            }
            return .items(items, location)
        case .sequence:
            report(expected: "a string (the whole query) or a mapping of item names to patterns", for: "query", found: node)
            return nil
        }
    }

    /// `pages:` is a mapping of page type names, each read through the page type table.
    mutating func pageTypes(_ node: YAMLNode) -> [RawPageType] {
        guard case .mapping(let entries, _) = node else {
            report(expected: "a mapping of page type names to their settings", for: "pages", found: node)
            return []
        }
        return entries.compactMap { entry in
            let name = entry.key.text
            let section = ManifestSection(what: "page type '\(name)'", fields: ManifestFields.pageType.fields)
            return read(
                entry.value, as: section, into: RawPageType(name: Located(name, at: entry.key.location), location: entry.value.location))
        }
    }

    // MARK: - Typed readers

    mutating func list(_ node: YAMLNode, key: String) -> [YAMLNode]? {
        guard case .sequence(let items, _) = node else {
            report(expected: "a list", for: key, found: node)
            return nil
        }
        return items
    }

    mutating func stringList(_ node: YAMLNode, key: String) -> [Located<String>]? {
        list(node, key: key)?.compactMap { string($0, key: key) }
    }

    mutating func string(_ node: YAMLNode, key: String) -> Located<String>? {
        guard case .scalar(let scalar) = node, !scalar.isNull else {
            report(expected: "a string", for: key, found: node)
            return nil
        }
        return Located(scalar.text, at: scalar.location)
    }

    /// Only `true` and `false`: YAML 1.1's `yes`, `on` and friends are refused rather than
    /// guessed, because a quoted `'no'` and a plain `no` should never mean different things.
    mutating func boolean(_ node: YAMLNode, key: String) -> Located<Bool>? {
        guard case .scalar(let scalar) = node, scalar.isPlain, ["true", "false"].contains(scalar.text) else {
            diagnostics.append(.error(ShapeProblem.notABoolean(key, found: node.kindDescription, text: node.scalarText), at: node.location))
            return nil
        }
        return Located(scalar.text == "true", at: scalar.location)
    }

    /// A mapping of names to text values.
    mutating func namedValues(_ node: YAMLNode, key: String) -> [RawNamedValue] {
        guard case .mapping(let entries, _) = node else {
            report(expected: "a mapping of names to values", for: key, found: node)
            return []
        }
        return entries.compactMap { entry in
            string(entry.value, key: "\(key).\(entry.key.text)").map {
                RawNamedValue(name: Located(entry.key.text, at: entry.key.location), value: $0)
            }
        }
    }

    mutating func integer(_ node: YAMLNode, key: String) -> Located<Int>? {
        guard case .scalar(let scalar) = node, scalar.isPlain, let value = Int(scalar.text) else {
            report(expected: "a whole number", for: key, found: node)
            return nil
        }
        return Located(value, at: scalar.location)
    }

    private mutating func report(expected: String, for key: String, found node: YAMLNode) {
        diagnostics.append(.error(ShapeProblem.wrongType(key, expected: expected, found: node.kindDescription), at: node.location))
    }
}

/// The keys each manifest section accepts, as the field tables list them.
package enum ManifestKeys {
    package static var root: [String] { ManifestFields.root.keys }
    package static var apps: [String] { ManifestFields.apps.keys }
    package static var iosApp: [String] { ManifestFields.iosApp.keys }
    package static var androidApp: [String] { ManifestFields.androidApp.keys }
    package static var domains: [String] { ManifestFields.domains.keys }
    package static var mirrorPair: [String] { ManifestFields.mirrorPair.keys }
    package static var defaults: [String] { ManifestFields.defaults.keys }
    package static var route: [String] { ManifestFields.route.keys }
    package static var pageType: [String] { ManifestFields.pageType.keys }
    package static var labels: [String] { ManifestFields.labels.keys }
    package static var theme: [String] { ManifestFields.theme.keys }
    package static var contentSecurityPolicy: [String] { ManifestFields.contentSecurityPolicy.keys }
    package static var shortLink: [String] { ManifestFields.shortLink.keys }
    package static var since: [String] { ManifestFields.since.keys }
    package static var robots: [String] { ManifestFields.robots.keys }
    package static var robotsGroup: [String] { ManifestFields.robotsGroup.keys }
    package static var linkTest: [String] { ManifestFields.linkTest.keys }

    /// How a link test names a platform: `ios`, `iosLegacy`, `android`.
    package static func platformKey(_ platform: Platform) -> String {
        switch platform {
        case .ios: "ios"
        case .iosLegacy: "iosLegacy"
        case .android: "android"
        case .androidLegacy: "androidLegacy"
        }
    }

    package static var all: [[String]] {
        [
            root, apps, iosApp, androidApp, domains, mirrorPair, defaults, route, pageType, since, robots, robotsGroup, linkTest,
            shortLink, labels, theme, contentSecurityPolicy,
        ]
    }
}

/// What reading the manifest's shape finds: a value of the wrong kind, a key no table knows.
package enum ShapeProblem: DiagnosticMessage {
    case notAMapping(String, found: String)
    case unknownKey(String, in: String, known: [String])
    /// `text`: the scalar as written, for YAML 1.1's `yes`/`no` words.
    case notABoolean(String, found: String, text: String?)
    case wrongType(String, expected: String, found: String)

    package var text: String {
        switch self {
        case .notAMapping(let what, let found):
            return "expected a mapping for \(what), found \(found)"
        case .unknownKey(let key, let what, let known):
            return "unknown key '\(key)' in \(what)"
                + Suggestion.didYouMean(key, in: known, otherwise: "; expected one of \(known.map { "'\($0)'" }.joined(separator: ", "))")
        case .notABoolean(let key, let found, let text):
            let sentence = "expected true or false for '\(key)', found \(found)"
            guard let word = text?.lowercased(), ["yes", "no", "on", "off", "y", "n"].contains(word) else { return sentence }
            return sentence + "; write \(["yes", "on", "y"].contains(word) ? "true" : "false") instead"
        case .wrongType(let key, let expected, let found):
            return "expected \(expected) for '\(key)', found \(found)"
        }
    }
}
