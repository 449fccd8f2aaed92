/// docs/manifest.md's key tables, generated from the field tables (through the schema they
/// make), so the reference cannot fall behind the decoder. The prose around the tables is
/// written by hand; each table sits between `<!-- fields: PATH -->` and `<!-- end fields -->`
/// and `updating(_:)` rewrites only those blocks (ManifestReferenceTests keeps the file current).
package enum ManifestReference {
    typealias Row = (key: String, schema: ManifestSchema.Node, required: Bool)

    /// Every documented section: its path in the manifest and its keys, in table order.
    static var sections: [(path: String, rows: [Row])] {
        [
            ("top level", ManifestFields.root.rows),
            ("apps", ManifestFields.apps.rows),
            ("apps.ios[]", ManifestFields.iosApp.rows),
            ("apps.android[]", ManifestFields.androidApp.rows),
            ("domains", ManifestFields.domains.rows),
            ("domains.pairs[]", ManifestFields.mirrorPair.rows),
            ("defaults", ManifestFields.defaults.rows),
            ("routes[]", ManifestFields.route.rows),
            ("pages.<name>", ManifestFields.pageType.rows),
            ("pages.<name>.since", ManifestFields.since.rows),
            ("pages.<name>.labels", ManifestFields.labels.rows),
            ("pages.<name>.details[]", ManifestFields.detail.rows),
            ("theme", ManifestFields.theme.rows),
            ("theme.fonts[]", ManifestFields.fontFace.rows),
            ("homePages", ManifestFields.homePages.rows),
            ("contentSecurityPolicy", ManifestFields.contentSecurityPolicy.rows),
            ("shortLinks[]", ManifestFields.shortLink.rows),
            ("robots", ManifestFields.robots.rows),
            ("robots.groups[]", ManifestFields.robotsGroup.rows),
            ("tests[]", ManifestFields.linkTest.rows),
        ]
    }

    /// Every path in the manifest's schema that holds keys of its own (a mapping, a list of
    /// mappings, a mapping of named mappings), for the test that each has its table.
    package static var pathsWithKeys: [String] {
        var found: [String] = []
        func walk(_ rows: [(key: String, node: ManifestSchema.Node)], at prefix: String?) {
            for (key, node) in rows {
                let path = prefix.map { "\($0).\(key)" } ?? key
                visit(node, path: path)
            }
        }
        func visit(_ node: ManifestSchema.Node, path: String) {
            if let properties = node.properties, !properties.isEmpty {
                found.append(path)
                walk(properties.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, at: path)
            }
            if let item = node.items?.first { visit(item, path: path + "[]") }
            if case .schema(let named)? = node.additionalProperties, named.properties != nil { visit(named, path: path + ".<name>") }
            for alternative in node.anyOf ?? [] { visit(alternative, path: path) }
        }
        walk(ManifestFields.root.rows.map { ($0.key, $0.schema) }, at: nil)
        return found.uniqued()
    }

    /// The section paths, for the markers docs/manifest.md must hold.
    package static var paths: [String] { sections.map(\.path) }

    /// `text` with every marked block replaced by the current table; nil names a marker whose
    /// section does not exist.
    package static func updating(_ text: String) -> Result<String, UnknownSection> {
        let tables = Dictionary(sections.map { ($0.path, table($0.rows)) }, uniquingKeysWith: { first, _ in first })
        var output: [Substring] = []
        var skipping = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if skipping {
                guard line == "<!-- end fields -->" else { continue }
                skipping = false
            }
            output.append(line)
            guard line.hasPrefix("<!-- fields: "), line.hasSuffix(" -->") else { continue }
            let path = String(line.dropFirst("<!-- fields: ".count).dropLast(" -->".count))
            guard let table = tables[path] else { return .failure(UnknownSection(path: path)) }
            output.append(Substring(table))
            skipping = true
        }
        return .success(output.joined(separator: "\n"))
    }

    package struct UnknownSection: Error, Equatable {
        package var path: String

        package init(path: String) {
            self.path = path
        }
    }

    /// One section's keys: `| Key | Type | Required | Description | Example |`.
    static func table(_ rows: [Row]) -> String {
        var lines = ["| Key | Type | Required | Description | Example |", "| --- | --- | --- | --- | --- |"]
        for row in rows {
            let example = row.schema.examples?.first.map { "`\(exampleText($0))`" } ?? ""
            lines.append(
                "| `\(row.key)` | \(typeName(row.schema)) | \(row.required ? "yes" : "") | \(cell(row.schema.description ?? "")) | \(cell(example)) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// What a value of `node` is, in words: `text`, `list of hosts`, `` `store` or `web` ``.
    static func typeName(_ node: ManifestSchema.Node) -> String {
        if let values = node.enumeration { return values.map { "`\($0)`" }.joined(separator: ", ") }
        if let anyOf = node.anyOf { return anyOf.map(typeName).joined(separator: " or ") }
        if node.const != nil, let type = node.type?.first { return "\(type) (`\(node.const.map(String.init) ?? "")`)" }
        switch node.type?.first {
        case "boolean": return "boolean"
        case "array": return "list of " + plural(node.items?.first.map(typeName) ?? "values")
        case "object":
            if node.properties != nil { return "mapping" }
            if case .schema(let value) = node.additionalProperties {
                return "mapping of names to " + (value.type?.first == "object" ? "settings" : plural(typeName(value)))
            }
            return "mapping"
        default:
            guard let pattern = node.pattern else { return "text" }
            return patternNames[pattern] ?? "text"
        }
    }

    private static func plural(_ name: String) -> String {
        if name.hasPrefix("`") || name.hasPrefix("list") { return name }
        if name.hasSuffix("ID") || name.hasSuffix("URL") { return name + "s" }
        return name.hasSuffix("s") ? name : name + "s"
    }

    private static let patternNames: [String: String] = [
        ManifestSchema.Pattern.name: "name (a–z, 0–9, `_`, `-`)",
        ManifestSchema.Pattern.teamID: "Team ID",
        ManifestSchema.Pattern.bundleID: "bundle ID",
        ManifestSchema.Pattern.package: "package name",
        ManifestSchema.Pattern.fingerprint: "SHA-256 fingerprint",
        ManifestSchema.Pattern.host: "host name",
        ManifestSchema.Pattern.digits: "digits",
        ManifestSchema.Pattern.scheme: "URL scheme",
        ManifestSchema.Pattern.version: "version",
        ManifestSchema.Pattern.shortCode: "short code",
        Theme.colourPattern: "hex colour",
        Theme.fontPattern: "font stack",
        AllowedOrigins.originPattern: "https origin",
        ManifestSchema.https.pattern ?? "": "https URL",
    ]

    private static func exampleText(_ example: ManifestSchema.Example) -> String {
        switch example {
        case .string(let value): value
        case .int(let value): String(value)
        case .bool(let value): String(value)
        case .strings(let values): "[" + values.joined(separator: ", ") + "]"
        }
    }

    /// Text inside a Markdown table cell: a `|` would end the cell.
    private static func cell(_ text: String) -> String {
        text.replacingEvery("|", with: "\\|")
    }
}
