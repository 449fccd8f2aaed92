/// One section of the manifest — a mapping and the keys it accepts — as a table: each key's
/// schema (type, pattern or values, description, example), whether it is required, and how the
/// decoder stores it in the raw model. The decoder reads through these tables, and
/// `site.schema.json` and docs/manifest.md are generated from them: adding a key is one entry
/// here plus its use (CONTRIBUTING.md shows one).
struct ManifestSection<Owner>: Sendable {
    /// How messages name a value of this section: `an iOS app`, `'domains'`.
    let what: String
    let fields: [ManifestField<Owner>]
    /// How messages name one value of it in particular (`iOS app 'amora'`), where it has a name.
    var named: (@Sendable (Owner) -> String)? = nil
    /// Keys of which a value must have at least one (a route: `path`, `query` or `fragment`),
    /// which the schema says with `anyOf` (validation says it in its own words).
    var needsOneOf: [String] = []

    /// The same section, each value named in messages by `name`.
    func naming(_ name: @escaping @Sendable (Owner) -> String) -> Self {
        var section = self
        section.named = name
        return section
    }

    /// Every required key `owner` and the entries below it lack, each at the mapping that lacks it.
    func missingKeys(of owner: Owner, at location: SourceLocation) -> [MissingKey] {
        let what = named?(owner) ?? self.what
        return fields.flatMap { field in
            (field.required && !field.isPresent(owner) ? [MissingKey(key: field.key, what: what, location: location)] : [])
                + field.missingBelow(owner)
        }
    }

    var keys: [String] { fields.map(\.key) }

    /// Every value `owner` holds, through the table: nested sections' keys are prefixed with
    /// their own (`labels.open`).
    func values(of owner: Owner, prefix: String = "") -> [FieldValue] {
        fields.flatMap { field in
            field.values(owner).map { FieldValue(key: prefix + $0.key, value: $0.value, kind: $0.kind) }
        }
    }

    /// The keys with their schemas, for the reference (docs/manifest.md).
    var rows: [(key: String, schema: ManifestSchema.Node, required: Bool)] { fields.map { ($0.key, $0.schema, $0.required) } }

    /// The section as a JSON Schema object: its keys and nothing else.
    var schema: ManifestSchema.Node {
        var properties: [String: ManifestSchema.Node] = [:]
        for field in fields { properties[field.key] = field.schema }
        let required = fields.filter(\.required).map(\.key)
        var node = ManifestSchema.Node(
            type: ["object"], properties: properties, additionalProperties: .forbidden, required: required.isEmpty ? nil : required)
        if !needsOneOf.isEmpty { node.anyOf = needsOneOf.map { ManifestSchema.Node(required: [$0]) } }
        return node
    }
}

/// What kind of value a key holds: what the checks that read every value of a kind need to know
/// (`Validation.checkCharacters`), what `diff` reports, and what a page template may name.
enum FieldKind: Sendable, Hashable {
    /// Text shown on a page or written into JSON, XML or a comment: it may hold no control
    /// character.
    case text
    /// A URL, path, pattern or code written into a line of a host configuration (or robots.txt):
    /// no control character, no whitespace, and bounded in length.
    case line
    /// A value held to a whole-value grammar or a list of values (an id, a host, a colour): the
    /// grammar's own check refuses every character it does not allow.
    case identifier
    /// `true` or `false`.
    case flag
}

/// A required key a mapping lacks.
struct MissingKey {
    var key: String
    /// The mapping, as messages name it.
    var what: String
    var location: SourceLocation
}

/// One value of the manifest as a field table finds it.
struct FieldValue {
    /// The key within the section walked (`title`; `labels.open` in a nested section).
    var key: String
    var value: Located<String>
    var kind: FieldKind
}

extension ManifestField {
    /// The same field, its values' kind decided by the entry that holds them (a route's path is
    /// written into host configuration lines only when the route has a page).
    func kind(_ decide: @escaping @Sendable (Owner) -> FieldKind) -> Self {
        let values = self.values
        return Self(
            key, schema, required: required,
            values: { owner in values(owner).map { FieldValue(key: $0.key, value: $0.value, kind: decide(owner)) } },
            isPresent: isPresent, missingBelow: missingBelow, read: read)
    }
}

/// One key of a section: its schema, how its value is read into the section's raw value, and
/// how its values are found there again (`values`, with their kind).
struct ManifestField<Owner>: Sendable {
    typealias Reader = @Sendable (inout ManifestDecoder, YAMLNode.Entry, inout Owner) -> Void
    typealias Values = @Sendable (Owner) -> [FieldValue]

    let key: String
    let schema: ManifestSchema.Node
    let required: Bool
    let read: Reader
    let values: Values
    /// Whether `owner` has the key (by default: whether it holds a value).
    let isPresent: @Sendable (Owner) -> Bool
    /// The required keys the entries below this one lack (a nested section's).
    let missingBelow: @Sendable (Owner) -> [MissingKey]

    /// `values`: a key of a shape of its own says what it holds, and of which kind (none is a
    /// value no check reads as text: a number, a mapping validated on its own).
    init(
        _ key: String, _ schema: ManifestSchema.Node, required: Bool = false, values: @escaping Values = { _ in [] },
        isPresent: (@Sendable (Owner) -> Bool)? = nil, missingBelow: @escaping @Sendable (Owner) -> [MissingKey] = { _ in [] },
        read: @escaping Reader
    ) {
        self.key = key
        self.schema = schema
        self.required = required
        self.values = values
        self.isPresent = isPresent ?? { !values($0).isEmpty }
        self.missingBelow = missingBelow
        self.read = read
    }

    /// The kind a schema implies: a list of values or a whole-value grammar (`^…$`) is an
    /// identifier, anything else text.
    static func kind(of schema: ManifestSchema.Node) -> FieldKind {
        if schema.enumeration != nil { return .identifier }
        if let pattern = schema.pattern, pattern.hasPrefix("^"), pattern.hasSuffix("$") { return .identifier }
        return .text
    }

    /// `schema` with the description and example every key carries.
    private static func described(_ schema: ManifestSchema.Node, _ description: String, _ example: ManifestSchema.Example?)
        -> ManifestSchema.Node
    {
        ManifestSchema.field(schema, description, example: example)
    }

    /// A text value: any scalar, read as written.
    static func text(
        _ key: String, _ path: WritableKeyPath<Owner, Located<String>?> & Sendable, _ description: String,
        example: ManifestSchema.Example? = nil,
        required: Bool = false, kind: FieldKind = .text
    ) -> Self {
        text(key, path, ManifestSchema.scalar, description, example: example, required: required, kind: kind)
    }

    /// A text value held to `schema` (a pattern or a list of values); its kind is the one the
    /// schema implies unless said.
    static func text(
        _ key: String, _ path: WritableKeyPath<Owner, Located<String>?> & Sendable, _ schema: ManifestSchema.Node, _ description: String,
        example: ManifestSchema.Example? = nil, required: Bool = false, kind: FieldKind? = nil
    ) -> Self {
        let kind = kind ?? Self.kind(of: schema)
        return Self(
            key, described(schema, description, example), required: required,
            values: { owner in owner[keyPath: path].map { [FieldValue(key: key, value: $0, kind: kind)] } ?? [] },
            read: { decoder, entry, owner in
                owner[keyPath: path] = decoder.string(entry.value, key: key)
            })
    }

    /// `true` or `false`, nothing else.
    static func flag(
        _ key: String, _ path: WritableKeyPath<Owner, Located<Bool>?> & Sendable, _ description: String,
        example: ManifestSchema.Example? = nil
    ) -> Self {
        Self(
            key, described(ManifestSchema.boolean, description, example),
            values: { owner in
                owner[keyPath: path].map { [FieldValue(key: key, value: Located("\($0.value)", at: $0.location), kind: .flag)] } ?? []
            },
            read: { decoder, entry, owner in
                owner[keyPath: path] = decoder.boolean(entry.value, key: key)
            })
    }

    /// A list of text values, absent when the key is.
    static func texts(
        _ key: String, _ path: WritableKeyPath<Owner, [Located<String>]?> & Sendable, _ description: String,
        example: ManifestSchema.Example? = nil,
        kind: FieldKind = .text
    ) -> Self {
        texts(key, path, ManifestSchema.scalar, description, example: example, kind: kind)
    }

    static func texts(
        _ key: String, _ path: WritableKeyPath<Owner, [Located<String>]?> & Sendable, _ item: ManifestSchema.Node, _ description: String,
        example: ManifestSchema.Example? = nil, kind: FieldKind? = nil
    ) -> Self {
        let kind = kind ?? Self.kind(of: item)
        return Self(
            key, described(ManifestSchema.list(item), description, example),
            values: { owner in (owner[keyPath: path] ?? []).map { FieldValue(key: key, value: $0, kind: kind) } },
            read: { decoder, entry, owner in
                owner[keyPath: path] = decoder.stringList(entry.value, key: key)
            })
    }

    /// A list of text values, empty when the key is absent.
    static func texts(
        _ key: String, _ path: WritableKeyPath<Owner, [Located<String>]> & Sendable, _ description: String,
        example: ManifestSchema.Example? = nil,
        kind: FieldKind = .text
    ) -> Self {
        texts(key, path, ManifestSchema.scalar, description, example: example, kind: kind)
    }

    static func texts(
        _ key: String, _ path: WritableKeyPath<Owner, [Located<String>]> & Sendable, _ item: ManifestSchema.Node, _ description: String,
        example: ManifestSchema.Example? = nil, required: Bool = false, kind: FieldKind? = nil
    ) -> Self {
        let kind = kind ?? Self.kind(of: item)
        return Self(
            key, described(ManifestSchema.list(item), description, example), required: required,
            values: { owner in owner[keyPath: path].map { FieldValue(key: key, value: $0, kind: kind) } },
            read: { decoder, entry, owner in
                owner[keyPath: path] = decoder.stringList(entry.value, key: key) ?? []
            })
    }

    /// A mapping of names to text values (`buildSettings: {HOST: www.example.com}`).
    static func namedValues(
        _ key: String, _ path: WritableKeyPath<Owner, [RawNamedValue]> & Sendable, _ description: String, example: [String: String]
    ) -> Self {
        Self(
            key,
            ManifestSchema.Node(
                type: ["object"], description: description, additionalProperties: .schema(ManifestSchema.scalar),
                examples: example.sorted { $0.key < $1.key }.map { .string("\($0.key): \($0.value)") }),
            values: { owner in
                owner[keyPath: path].flatMap {
                    [
                        FieldValue(key: key, value: $0.name, kind: .text),
                        FieldValue(key: "\(key).\($0.name.value)", value: $0.value, kind: .text),
                    ]
                }
            },
            read: { decoder, entry, owner in owner[keyPath: path] = decoder.namedValues(entry.value, key: key) })
    }

    /// `accept`: warnings about this entry that its author means (not shown; `--strict` passes).
    static func accept(_ path: WritableKeyPath<Owner, [Located<String>]> & Sendable, about subject: LintCode.Subject) -> Self {
        let codes = LintCode.codes(about: subject).map(\.rawValue)
        return texts(
            "accept", path, ManifestSchema.oneOf(codes, "A warning about \(subject.withArticle)."),
            "Warning codes about this \(subject == .defaults ? "section" : subject.rawValue) that are meant: not shown, and --strict passes.",
            example: .strings([codes[0]]))
    }

    /// A nested section stored in its own raw value.
    static func section<Child: RawEntry>(
        _ key: String, _ path: WritableKeyPath<Owner, Child?> & Sendable, _ section: ManifestSection<Child>, _ description: String,
        required: Bool = false, make: @escaping @Sendable (SourceLocation) -> Child
    ) -> Self {
        Self(
            key, described(section.schema, description, nil), required: required,
            values: { owner in owner[keyPath: path].map { section.values(of: $0, prefix: key + ".") } ?? [] },
            isPresent: { $0[keyPath: path] != nil },
            missingBelow: { owner in owner[keyPath: path].map { section.missingKeys(of: $0, at: $0.location) } ?? [] },
            read: { decoder, entry, owner in
                owner[keyPath: path] = decoder.read(entry.value, as: section, into: make(entry.value.location))
            })
    }

    /// A list of nested sections.
    static func sections<Child: RawEntry>(
        _ key: String, _ path: WritableKeyPath<Owner, [Child]> & Sendable, _ section: ManifestSection<Child>, _ description: String,
        make: @escaping @Sendable (SourceLocation) -> Child
    ) -> Self {
        Self(
            key, described(ManifestSchema.list(section.schema), description, nil),
            values: { owner in owner[keyPath: path].flatMap { section.values(of: $0, prefix: key + ".") } },
            missingBelow: { owner in owner[keyPath: path].flatMap { section.missingKeys(of: $0, at: $0.location) } },
            read: { decoder, entry, owner in
                owner[keyPath: path] =
                    decoder.list(entry.value, key: key)?.compactMap { decoder.read($0, as: section, into: make($0.location)) } ?? []
            })
    }

    /// A nested mapping whose keys belong to this section's own raw value (`apps:`).
    static func inline(_ key: String, _ section: ManifestSection<Owner>, _ description: String) -> Self {
        Self(
            key, described(section.schema, description, nil), values: { section.values(of: $0, prefix: key + ".") },
            // Its keys' entries are checked as the owner's own (the owner holds them).
            missingBelow: { owner in section.fields.flatMap { $0.missingBelow(owner) } },
            read: { decoder, entry, owner in
                if let read = decoder.read(entry.value, as: section, into: owner) { owner = read }
            })
    }
}

/// Every section of the manifest, from the root down.
enum ManifestFields {
    typealias Schema = ManifestSchema
    typealias Pattern = ManifestSchema.Pattern

    static let root: ManifestSection<RawManifest> = {
        ManifestSection(
            what: "the manifest",
            fields: [
                ManifestField(
                    "version", Schema.field(Schema.Node(type: ["integer"], const: 1), "The manifest format; 1.", example: .int(1)),
                    required: true, isPresent: { $0.version != nil }
                ) { decoder, entry, manifest in manifest.version = decoder.integer(entry.value, key: "version") },
                .text("name", \.name, "The site's name, for pages (og:site_name) and messages.", example: .string("Amora"), required: true),
                .text(
                    "scheme", \.scheme, Schema.text(Pattern.scheme),
                    "The app's URL scheme without '://', for Facebook App Links tags and native attempts.", example: .string("amora"),
                    kind: .line),
                .flag(
                    "legacyPaths", \.legacyPaths, "Also write the iOS 9–12 'paths' form in each AASA detail (default true).",
                    example: .bool(true)),
                .inline("apps", apps, "The apps the links open: an 'ios' list and/or an 'android' list."),
                .section(
                    "domains", \.domains, domains, "The hosts that serve association files and pages.", required: true,
                    make: { RawDomains(location: $0) }),
                .section(
                    "defaults", \.defaults, defaults, "Matching defaults for every route (applinks.defaults, iOS 14+).",
                    make: { RawRuleDefaults(location: $0) }),
                ManifestField(
                    "substitutionVariables",
                    Schema.Node(
                        type: ["object"], description: "Variables for patterns: name → list of values, used as $(name).",
                        additionalProperties: .schema(Schema.scalars), examples: [.strings(["dating", "friends"])]),
                    values: substitutionVariableValues
                ) { decoder, entry, manifest in manifest.substitutionVariables = decoder.substitutionVariables(entry.value) },
                .sections(
                    "routes", \.routes, route, "In order: the first route that matches a URL decides.", make: { RawRoute(location: $0) }),
                ManifestField(
                    "pages",
                    Schema.Node(
                        type: ["object"], description: "Page types by name: what people without the app see.",
                        additionalProperties: .schema(pageType.schema), propertyNames: Schema.Node(type: ["string"], pattern: Pattern.name)),
                    values: { manifest in manifest.pageTypes.flatMap { pageType.values(of: $0, prefix: "pages.\($0.name.value).") } },
                    missingBelow: { manifest in manifest.pageTypes.flatMap { pageType.missingKeys(of: $0, at: $0.location) } }
                ) { decoder, entry, manifest in manifest.pageTypes = decoder.pageTypes(entry.value) },
                .section("robots", \.robots, robots, "robots.txt rules beside what every host needs.", make: { RawRobots(location: $0) }),
                .sections(
                    "tests", \.tests, linkTest, "What each URL must do; build, validate and check fail when one no longer holds.",
                    make: { RawLinkTest(location: $0) }),
                .texts(
                    "hosting", \.hosting,
                    Schema.oneOf(HostingProvider.allCases.map(\.rawValue), "A static host to write configuration for."),
                    "The static hosts to write configuration for (default: all).", example: .strings(["netlify", "nginx"])),
                .text(
                    "templates", \.templates, "A folder of .mustache templates that replace the built-in ones.",
                    example: .string("Templates")),
                .sections(
                    "shortLinks", \.shortLinks, shortLink, "Codes on the short host, each redirected to its target.",
                    make: { RawShortLink(location: $0) }),
                .text(
                    "web", \.web, Schema.https,
                    "The site's web home: 'Continue on the web' for page types without a 'web' URL, and the home pages' web link.",
                    example: .string("https://www.example.com/"), kind: .line),
                .text(
                    "lang", \.lang, Schema.text(Pattern.language),
                    "The pages' language, a BCP 47 tag for <html lang> (default 'en'; a mirror pair may give its own).",
                    example: .string("en")),
                .section("theme", \.theme, theme, "The preview pages' look.", make: { RawTheme(location: $0) }),
                .section(
                    "contentSecurityPolicy", \.contentSecurityPolicy, contentSecurityPolicy,
                    "What the pages' policy allows beyond the templates' own inline scripts.", make: { RawAllowedOrigins(location: $0) }),
                .text(
                    "itemPages", \.itemPages, Schema.oneOf(["output", "deploy"], ""),
                    "Where item pages are written: 'output' (default: in the output folder, committed), or 'deploy': build and check "
                        + "leave them out (every row is still read and checked), and the deploy job writes them with 'linkwell build --item-pages'.",
                    example: .string("deploy")),
                .section(
                    "homePages", \.homePages, homePages,
                    "What each host's home and not-found pages promote (they belong to no route, so to no app of their own).",
                    make: { RawHomePages(location: $0) }),
            ])
    }()

    static let homePages: ManifestSection<RawHomePages> = {
        ManifestSection(
            what: "'homePages'",
            fields: [
                .text(
                    "app", \.app, Schema.text(Pattern.name),
                    "The app id the home and not-found pages promote (its iOS and Android apps); default: the first app of each platform.",
                    example: .string("amora")),
                .flag(
                    "appClip", \.appClip, "Show the App Clip card on them (default true, where the app has an App Clip).",
                    example: .bool(false)),
                .text(
                    "notFound", \.notFound, Schema.oneOf(["page", "web"], ""),
                    "What a URL no route names gets: 'page' (default: the not-found page, with the store and the web), or 'web': every "
                        + "visitor goes on to the same path and query on the host's web home (no association file changes).",
                    example: .string("web")),
            ])
    }()

    /// A variable's name, and its values, which are written into host configuration lines when
    /// a route with a page uses the variable.
    static func substitutionVariableValues(_ manifest: RawManifest) -> [FieldValue] {
        let pagedPaths = manifest.routes.filter { $0.page != nil && $0.exclude?.value != true }.compactMap(\.path?.value)
        return manifest.substitutionVariables.flatMap { variable in
            let paged = pagedPaths.contains { $0.contains("$(\(variable.name.value))") }
            return [FieldValue(key: "substitutionVariables", value: variable.name, kind: .line)]
                + variable.values.map {
                    FieldValue(key: "substitutionVariables.\(variable.name.value)", value: $0, kind: paged ? .line : .text)
                }
        }
    }

    static let apps: ManifestSection<RawManifest> = {
        ManifestSection(
            what: "'apps'",
            fields: [
                .sections(
                    "ios", \.iosApps, iosApp, "The iOS apps: Team ID and bundle ID, in the AASA as appIDs.",
                    make: { RawIOSApp(location: $0) }),
                .sections(
                    "android", \.androidApps, androidApp, "The Android apps: package and signing keys, in assetlinks.json.",
                    make: { RawAndroidApp(location: $0) }),
            ])
    }()

    static let iosApp: ManifestSection<RawIOSApp> = {
        ManifestSection(
            what: "an iOS app",
            fields: [
                .text("id", \.id, Schema.text(Pattern.name), "How routes refer to the app.", example: .string("amora"), required: true),
                .text("name", \.name, "The app's display name.", example: .string("Amora"), required: true),
                .text(
                    "teamID", \.teamID, Schema.text(Pattern.teamID), "The App ID prefix: 10 upper-case letters or digits.",
                    example: .string("ABCDE12345"), required: true),
                .text(
                    "bundleID", \.bundleID, Schema.text(Pattern.bundleID), "The reverse-DNS bundle ID.",
                    example: .string("com.example.amora"), required: true),
                .text(
                    "appStoreID", \.appStoreID, Schema.text(Pattern.digits),
                    "The number in the App Store URL, for store links and smart banners.", example: .string("1234567890")),
                .flag("webcredentials", \.webcredentials, "Share passwords and passkeys with the site.", example: .bool(true)),
                .texts(
                    "appClips", \.appClips, Schema.text(Pattern.bundleID), "App Clip bundle IDs, each starting with the app's bundle ID.",
                    example: .strings(["com.example.amora.Clip"])),
                .texts(
                    "entitlements", \.entitlements,
                    "The app's .entitlements files (project paths; Debug and Release may differ): `linkwell app` and validate hold their "
                        + "associated domains against the site's files.",
                    example: .strings(["app-files/ios/Amora.entitlements"]), kind: .line),
                .namedValues(
                    "buildSettings", \.buildSettings,
                    "Values for the $(NAME) build settings the entitlements use (the team and bundle ID ones are known).",
                    example: ["LINK_HOST": "m.example.com"]),
                .accept(\.accept, about: .iosApp),
            ]
        ).naming { app in "iOS app" + (app.id.map { " '\($0.value)'" } ?? "") }
    }()

    static let androidApp: ManifestSection<RawAndroidApp> = {
        ManifestSection(
            what: "an Android app",
            fields: [
                .text(
                    "id", \.id, Schema.text(Pattern.name), "How routes refer to the app (may equal its iOS twin's).",
                    example: .string("amora"), required: true),
                .text("name", \.name, "The app's display name.", example: .string("Amora"), required: true),
                .text(
                    "package", \.package, Schema.text(Pattern.package), "The application ID.", example: .string("com.example.amora"),
                    required: true),
                ManifestField(
                    "sha256",
                    Schema.field(
                        Schema.list(Schema.text(Pattern.fingerprint)),
                        "Signing certificate SHA-256 fingerprints (the Play App Signing key first), in any common spelling.",
                        example: .strings([
                            "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
                        ])),
                    values: { app in (app.fingerprints ?? []).map { FieldValue(key: "sha256", value: $0, kind: .identifier) } }
                ) { decoder, entry, app in
                    app.fingerprints = decoder.stringList(entry.value, key: "sha256")
                    app.fingerprintsLocation = entry.value.location
                },
                .flag("webcredentials", \.webcredentials, "Share sign-in credentials with the site.", example: .bool(true)),
                .flag(
                    "dynamicRules", \.dynamicRules,
                    "Write Android 15+ dynamic rules from the routes (default true). false: assetlinks.json carries none, and Android "
                        + "15+ decides by the app's own intent filters, as a statement without dynamic rules does.",
                    example: .bool(false)),
                .text(
                    "manifest", \.manifest,
                    "The app's merged AndroidManifest.xml (a project path; build/intermediates/merged_manifest/…): `linkwell app` and "
                        + "validate decide Android 14 and earlier from its intent filters.",
                    example: .string("app-files/android/AndroidManifest.xml"), kind: .line),
                .namedValues(
                    "strings", \.strings, "Values for the @string/NAME resources the manifest's hosts name.",
                    example: ["deeplink_host": "m.example.com"]),
                .namedValues(
                    "placeholders", \.placeholders, "Values for the ${NAME} placeholders of a source manifest (applicationId is known).",
                    example: ["hostName": "m.example.com"]),
                ManifestField(
                    "targetSdk",
                    Schema.field(
                        Schema.Node(type: ["integer"]), "The app's targetSdkVersion, where the manifest does not say it.", example: .int(35)
                    )
                ) { decoder, entry, app in app.targetSdk = decoder.integer(entry.value, key: "targetSdk") },
                .text(
                    "signingCertificate", \.signingCertificate, Schema.text(Pattern.fingerprint),
                    "The SHA-256 fingerprint of the certificate the installed app is signed with (Play App Signing's app signing key).",
                    example: .string("14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5")),
                .accept(\.accept, about: .androidApp),
            ]
        ).naming { app in "Android app" + (app.id.map { " '\($0.value)'" } ?? "") }
    }()

    static let domains: ManifestSection<RawDomains> = {
        ManifestSection(
            what: "'domains'",
            fields: [
                .sections(
                    "pairs", \.pairs, mirrorPair,
                    "Mirror pairs: each preview page's button points at the same path on the other host of its pair.",
                    make: { RawMirrorPair(location: $0) }),
                .text(
                    "short", \.short, Schema.text(Pattern.host), "The short-link host: codes the app resolves itself.",
                    example: .string("go.example.com")),
                .texts(
                    "signIn", \.signIn, Schema.text(Pattern.host),
                    "Hosts where people sign in that carry no links: each gets association files with only shared credentials "
                        + "(webcredentials, get_login_creds) for the apps with 'webcredentials: true', which name it.",
                    example: .strings(["www.example.com"]), kind: .identifier),
            ])
    }()

    static let mirrorPair: ManifestSection<RawMirrorPair> = {
        ManifestSection(
            what: "a mirror pair",
            fields: [
                .text(
                    "primary", \.primary, Schema.text(Pattern.host), "The host people share links to.", example: .string("m.example.com"),
                    required: true),
                .text(
                    "mirror", \.mirror, Schema.text(Pattern.host), "The host the primary's 'Open in app' buttons point at.",
                    example: .string("mlink.example.com"), required: true),
                .text(
                    "web", \.web, Schema.scalar,
                    "This pair's web home (a market's own site): its pages' {origin} and 'Continue on the web' (default: the top-level web).",
                    example: .string("https://www.example.ca/")),
                .text(
                    "lang", \.lang, Schema.text(Pattern.language),
                    "The language of this pair's pages (a market's), a BCP 47 tag (default: the top-level lang).",
                    example: .string("fr-CA")),
            ])
    }()

    static let defaults: ManifestSection<RawRuleDefaults> = {
        ManifestSection(
            what: "'defaults'",
            fields: [
                .flag(
                    "caseSensitive", \.caseSensitive, "Match every route case-sensitively (AASA defaults, iOS 14+).", example: .bool(false)),
                .flag(
                    "percentEncoded", \.percentEncoded, "Compare the URL percent-encoded (AASA defaults, iOS 14+).", example: .bool(false)),
                .accept(\.accept, about: .defaults),
            ])
    }()

    static let route: ManifestSection<RawRoute> = {
        ManifestSection(
            what: "a route",
            fields: [
                .text(
                    "name", \.name, Schema.text(Pattern.name), "The route's name, in warnings and AASA comments.",
                    example: .string("profile"), required: true),
                // A route with a page is written into the hosts' rewrite lines; one without reaches only
                // the JSON and XML association files (`percentEncoded: false` may read a literal space).
                // Starting with '/', '*' or a variable, as validation requires.
                .text(
                    "path", \.path, Schema.text("^(/|\\*|\\$\\()"), "Path pattern: '*' any characters, '?' one, $(name) a variable.",
                    example: .string("/u/*"), kind: .text
                )
                .kind { route in route.page != nil && route.exclude?.value != true ? .line : .text },
                ManifestField(
                    "query",
                    Schema.Node(
                        description: "The whole query pattern, or item name → pattern.",
                        anyOf: [Schema.scalar, Schema.Node(type: ["object"], additionalProperties: .schema(Schema.scalar))],
                        examples: [.string("page=?*")]),
                    values: { route in
                        switch route.query {
                        case .whole(let pattern): [FieldValue(key: "query", value: pattern, kind: .text)]
                        case .items(let items, _):
                            items.flatMap {
                                [
                                    FieldValue(key: "query", value: $0.name, kind: .text),
                                    FieldValue(key: "query.\($0.name.value)", value: $0.pattern, kind: .text),
                                ]
                            }
                        case nil: []
                        }
                    }
                ) { decoder, entry, route in route.query = decoder.query(entry.value) },
                .text("fragment", \.fragment, "Fragment pattern.", example: .string("no_universal_links")),
                .flag("exclude", \.exclude, "A match keeps the URL in the browser.", example: .bool(true)),
                .text("comment", \.comment, "Why the rule exists; copied into the AASA.", example: .string("profiles open the app")),
                .flag("caseSensitive", \.caseSensitive, "Match case-sensitively (default true).", example: .bool(false)),
                .flag("percentEncoded", \.percentEncoded, "Compare the URL percent-encoded (default true).", example: .bool(false)),
                .texts("apps", \.apps, "The app ids the route applies to (default: all).", example: .strings(["amora"]), kind: .identifier),
                .texts(
                    "hosts", \.hosts, Schema.text(Pattern.host), "The hosts that carry the route (default: every mirror-pair host).",
                    example: .strings(["go.example.com"])),
                .text(
                    "page", \.page, Schema.text(Pattern.name), "The page type that previews the route's URLs.", example: .string("profile")),
                .accept(\.accept, about: .route),
            ], needsOneOf: ["path", "query", "fragment"])
    }()

    static let pageType: ManifestSection<RawPageType> = {
        ManifestSection(
            what: "a page type",
            fields: [
                .text(
                    "fallback", \.fallback, Schema.oneOf(PageType.Fallback.allCases.map(\.rawValue), "Where phones without the app go."),
                    "Where phones without the app go: the store, or the web page.", example: .string("store")),
                .text(
                    "web", \.web, "The mobile web page: a URL template with {path}, {query}, {link}.",
                    example: .string("https://www.example.com{path}{query}"), kind: .line),
                .text(
                    "desktop", \.desktop, "The desktop web page (URL template).", example: .string("https://www.example.com{path}{query}"),
                    kind: .line),
                .text("title", \.title, "The preview's title.", example: .string("A profile on Amora"), required: true),
                .text("description", \.description, "The preview's description.", example: .string("See who is nearby.")),
                .text("badge", \.badge, "A short word shown above the title (New, Beta).", example: .string("New")),
                .text(
                    "image", \.image, Schema.https, "An absolute https:// image for the preview.",
                    example: .string("https://www.example.com/og.jpg"), kind: .line),
                ManifestField(
                    "since",
                    Schema.field(since.schema, "First app versions that can open this page type: older ones go to the web."),
                    values: { page in since.values(of: page.since, prefix: "since.") }
                ) { decoder, entry, page in page.since = decoder.read(entry.value, as: since, into: []) ?? [] },
                .text(
                    "android", \.android,
                    Schema.oneOf(PageType.AndroidStoreLink.allCases.map(\.rawValue), "How the mirror sends Android phones to Google Play."),
                    "How the mirror sends Android phones to Google Play.", example: .string("intent")),
                .text(
                    "iosInstall", \.iosInstall, "Where iPhones without the app go instead of the App Store (URL template).",
                    example: .string("https://install.example.com/amora?link={link}"), kind: .line),
                ManifestField(
                    "clipboard",
                    Schema.Node(
                        description:
                            "What a tap on 'Open in app' or the store button copies: true or link (the whole link), code (the last path segment).",
                        anyOf: [
                            Schema.boolean, Schema.Node(type: ["string"], enumeration: PageType.ClipboardHandoff.allCases.map(\.rawValue)),
                        ],
                        examples: [.string("code")]),
                    values: { page in page.clipboard.map { [FieldValue(key: "clipboard", value: $0, kind: .identifier)] } ?? [] }
                ) { decoder, entry, page in page.clipboard = decoder.string(entry.value, key: "clipboard") },
                .flag("nativeAttempt", \.nativeAttempt, "On Android, try scheme://path before the store.", example: .bool(true)),
                .flag(
                    "appClip", \.appClip, "Show the App Clip card on these pages, when the iOS app has an App Clip (default true).",
                    example: .bool(false)),
                .text("items", \.items, "An item data file: one page per row.", example: .string("data/profiles.csv"), kind: .line),
                .sections(
                    "details", \.details, detail,
                    "Item columns the built-in template shows under the description, each with its label (a row without "
                        + "the column shows nothing for it).",
                    make: { RawDetail(location: $0) }),
                .section("labels", \.labels, labels, "The buttons' words.", make: { RawButtonLabels(location: $0) }),
                .accept(\.accept, about: .pageType),
            ]
        ).naming { page in "page type '\(page.name.value)'" }
    }()

    static let detail: ManifestSection<RawDetail> = {
        ManifestSection(
            what: "a detail",
            fields: [
                .text(
                    "column", \.column, Schema.Node(type: ["string"], pattern: PageType.Detail.columnPattern),
                    "The item column (a CSV header name or a JSON Lines key).", example: .string("price"), required: true,
                    kind: .identifier),
                .text("label", \.label, "Its label, 1–40 characters (default: the column's name).", example: .string("Price")),
            ])
    }()

    /// `since: {ios: "6.4"}`: each platform key becomes a `RawSince` at the key's place.
    static let since: ManifestSection<[RawSince]> = {
        let examples = ["ios": "6.4", "android": "6.4.0"]
        return ManifestSection(
            what: "'since'",
            fields: ["ios", "android"].map { platform in
                ManifestField(
                    platform,
                    Schema.field(
                        Schema.text(Pattern.version),
                        "First \(platform == "ios" ? "iOS" : "Android") app version that opens this page type.",
                        example: .string(examples[platform] ?? "")),
                    values: { since in
                        since.filter { $0.platform.value == platform }.map {
                            FieldValue(key: platform, value: $0.version, kind: .identifier)
                        }
                    }
                ) { decoder, entry, since in
                    if let version = decoder.string(entry.value, key: platform) {
                        since.append(RawSince(platform: Located(platform, at: entry.key.location), version: version))
                    }
                }
            })
    }()

    static let labels: ManifestSection<RawButtonLabels> = {
        ManifestSection(
            what: "'labels'",
            fields: [
                .text("open", \.open, "The 'Open in app' button.", example: .string("Accept in Amora")),
                .text("store", \.store, "The store button.", example: .string("Get Amora")),
                .text("web", \.web, "The web link.", example: .string("Read it on the web")),
            ])
    }()

    static let theme: ManifestSection<RawTheme> = {
        ManifestSection(
            what: "'theme'",
            fields: [
                .text("accent", \.accent, Schema.colour, "Buttons and links (default #2b59c3).", example: .string("#d6336c")),
                .text(
                    "accentText", \.accentText, Schema.colour, "Text on the accent colour (default #ffffff).", example: .string("#ffffff")),
                .text("text", \.text, Schema.colour, "Page text in light mode.", example: .string("#161a23")),
                .text("background", \.background, Schema.colour, "Page background in light mode.", example: .string("#f3f4f7")),
                .text("darkText", \.darkText, Schema.colour, "Page text in dark mode.", example: .string("#eceef3")),
                .text("darkBackground", \.darkBackground, Schema.colour, "Page background in dark mode.", example: .string("#0e1014")),
                .text(
                    "darkAccent", \.darkAccent, Schema.colour,
                    "Buttons and links in dark mode (default: the accent, lightened until it reads on the dark page).",
                    example: .string("#ff7aa8")),
                .text(
                    "darkAccentText", \.darkAccentText, Schema.colour,
                    "Text on the dark accent (default: the accent text, else the dark background if that reads better).",
                    example: .string("#0e1014")),
                .text(
                    "logo", \.logo, Schema.https, "An https:// image shown at the top of every page.",
                    example: .string("https://www.example.com/logo.svg")),
                .text(
                    "darkLogo", \.darkLogo, Schema.https, "The logo in dark mode (a light wordmark), if it differs.",
                    example: .string("https://www.example.com/logo-dark.svg")),
                .text(
                    "icon", \.icon, Schema.https, "An https:// image of the app icon, shown beside the app's name.",
                    example: .string("https://www.example.com/icon.png")),
                .text(
                    "font", \.font, Schema.Node(type: ["string"], pattern: Theme.fontPattern), "A CSS font stack.",
                    example: .string("Inter, system-ui, sans-serif")),
                .sections(
                    "fonts", \.fonts, fontFace,
                    "Web fonts the style sheet declares (@font-face, font-display: swap), each a family 'font' names; the pages' "
                        + "policy allows exactly their origins (font-src).",
                    make: { RawFontFace(location: $0) }),
            ])
    }()

    static let fontFace: ManifestSection<RawFontFace> = {
        ManifestSection(
            what: "a font",
            fields: [
                .text(
                    "family", \.family, Schema.Node(type: ["string"], pattern: FontFace.familyPattern),
                    "The family name 'font' uses (letters, digits, spaces, '-' and '_').", example: .string("Inter"), required: true,
                    kind: .identifier),
                .text(
                    "src", \.src, Schema.Node(type: ["string"], pattern: FontFace.sourcePattern),
                    "A .woff2, .woff, .ttf or .otf file in the project (copied beside the style sheet under a name that follows "
                        + "its content), or an https:// URL (its host must allow this site: CORS).",
                    example: .string("fonts/Inter-Regular.woff2"), required: true, kind: .identifier),
                .text(
                    "weight", \.weight, Schema.Node(type: ["string"], pattern: FontFace.weightPattern),
                    "The weights the file holds: normal, bold, 1–1000, or a range such as '100 900' (default normal).",
                    example: .string("400"), kind: .identifier),
                .text(
                    "style", \.style, Schema.Node(type: ["string"], pattern: FontFace.stylePattern),
                    "normal, italic or oblique (default normal).", example: .string("normal"), kind: .identifier),
            ])
    }()

    static let contentSecurityPolicy: ManifestSection<RawAllowedOrigins> = {
        ManifestSection(
            what: "'contentSecurityPolicy'",
            fields: [
                .texts(
                    "scripts", \.scripts, Schema.origin, "Origins the pages may load scripts from (script-src).",
                    example: .strings(["https://plausible.io"])),
                .texts(
                    "connect", \.connect, Schema.origin, "Origins the pages' scripts may send requests to (connect-src).",
                    example: .strings(["https://plausible.io"])),
            ])
    }()

    static let shortLink: ManifestSection<RawShortLink> = {
        ManifestSection(
            what: "a short link",
            fields: [
                .text(
                    "code", \.code, Schema.text(Pattern.shortCode), "The code after the short host's '/'.", example: .string("Ab3dE"),
                    required: true, kind: .line),
                .text(
                    "target", \.target,
                    "Path and query on the first pair's primary host, or an https:// URL on a mirror-pair host or the web origin.",
                    example: .string("/i/Ab3dE?ref=share"),
                    required: true, kind: .line),
                .text("comment", \.comment, "Why the code exists.", example: .string("spring campaign posters")),
                .accept(\.accept, about: .shortLink),
            ])
    }()

    static let robots: ManifestSection<RawRobots> = {
        ManifestSection(
            what: "'robots'",
            fields: [
                .sections(
                    "groups", \.groups, robotsGroup, "Extra robots.txt groups; none may block an association file.",
                    make: { RawRobotsGroup(location: $0) }),
                .texts("sitemaps", \.sitemaps, "Sitemap: lines.", example: .strings(["https://www.example.com/sitemap.xml"]), kind: .line),
            ])
    }()

    static let robotsGroup: ManifestSection<RawRobotsGroup> = {
        ManifestSection(
            what: "a robots group",
            fields: [
                ManifestField(
                    "userAgents", Schema.field(Schema.scalars, "The crawlers the group is for.", example: .strings(["GPTBot"])),
                    required: true,
                    values: { group in (group.userAgents ?? []).map { FieldValue(key: "userAgents", value: $0, kind: .text) } },
                    isPresent: { $0.userAgents != nil }
                ) { decoder, entry, group in group.userAgents = decoder.stringList(entry.value, key: "userAgents") },
                .texts("allow", \.allow, "Paths the group allows.", example: .strings(["/p/"]), kind: .line),
                .texts("disallow", \.disallow, "Paths the group disallows.", example: .strings(["/account/"]), kind: .line),
            ])
    }()

    static let linkTest: ManifestSection<RawLinkTest> = {
        let expectation = "a route's name, opens, blocked, web or browser (no app opens it, for whatever reason)"
        let platforms = Platform.allCases.map { platform in
            let key = ManifestKeys.platformKey(platform)
            return ManifestField<RawLinkTest>(
                key,
                Schema.field(
                    Schema.scalar, "What \(platform.displayName) does, overriding expect: \(expectation).", example: .string("web"))
            ) { decoder, entry, test in
                if let value = decoder.string(entry.value, key: key) { test.platforms[platform.rawValue] = value }
            }
        }
        return ManifestSection(
            what: "a link test",
            fields: [
                .text(
                    "url", \.url, "An absolute https:// URL.", example: .string("https://m.example.com/u/42"), required: true, kind: .line),
                .text("app", \.app, Schema.text(Pattern.name), "Test only this app.", example: .string("amora")),
                .text("expect", \.expect, "What every platform does: \(expectation).", example: .string("profile")),
                .text("comment", \.comment, "Why the case matters.", example: .string("paths are case-sensitive")),
            ] + platforms)
    }()
}
