/// The `site.yaml` that `linkwell init` writes: the apps and the mirror pair it is given, one
/// route that opens every URL with a preview page for people without the app, and link tests
/// that stay true when the Android signing key is added — a site that builds as it is, where no
/// URL is a 404, and that shows where each next step goes.
package struct StarterManifest: Sendable {
    package var teamID: String?
    package var bundleID: String?
    package var package: String?
    package var fingerprints: [String]
    package var domain: String
    package var mirror: String
    package var name: String?
    /// The templates folder to name in the manifest (init copies the built-in ones there).
    package var templates: String?

    package init(
        teamID: String?, bundleID: String?, package: String?, fingerprints: [String], domain: String, mirror: String, name: String?,
        templates: String? = nil
    ) {
        self.templates = templates
        self.teamID = teamID
        self.bundleID = bundleID
        self.package = package
        self.fingerprints = fingerprints
        self.domain = domain
        self.mirror = mirror
        self.name = name
    }

    /// Why the options cannot make a manifest, or nil; checked before anything is written.
    package var problem: String? {
        if teamID == nil && bundleID == nil && package == nil {
            return "give an iOS app (--team-id and --bundle-id) and/or an Android app (--package)"
        }
        if (teamID == nil) != (bundleID == nil) { return "--team-id and --bundle-id go together" }
        if let teamID, let issue = Identifiers.teamIDProblem(teamID) { return issue }
        if let bundleID, let issue = Identifiers.bundleIDProblem(bundleID) { return issue }
        if let package, let issue = Identifiers.androidPackageProblem(package) { return issue }
        if !fingerprints.isEmpty, package == nil { return "--sha256 needs --package" }
        for fingerprint in fingerprints {
            if case .failure(let issue) = Identifiers.canonicalFingerprint(fingerprint) { return issue.description }
        }
        for host in [domain, mirror] {
            if let issue = Identifiers.hostProblem(host) { return issue }
        }
        if domain == mirror {
            return "--mirror must be another host than --domain: a tap on a link to the page's own host never opens the app"
        }
        return nil
    }

    /// The app's name: given, or the identifier's last telling part, capitalised
    /// (`com.loopbazaar.ios` → "Loopbazaar", not "Ios").
    var appName: String {
        if let name { return name }
        let last = AppNames.telling(bundleID ?? package ?? "app")
        return last.prefix(1).uppercased() + last.dropFirst()
    }

    var appID: String {
        let lowered = appName.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let id = String(lowered).split(separator: "-").joined(separator: "-")
        return id.first?.isLetter == true ? id : "app"
    }

    package var yaml: String {
        var lines = [
            "# yaml-language-server: $schema=\(ManifestSchema.fileName)",
            "# Linkwell manifest: `linkwell build` writes Output/ from it. Reference: Linkwell's README.md.",
            "version: 1",
            "name: \(quoted(appName))",
        ]
        if let templates { lines.append("templates: \(quoted(templates))   # the preview page templates, copied here to edit") }
        lines += ["", "apps:"]
        if let teamID, let bundleID {
            lines += [
                "  ios:", "    - id: \(appID)", "      name: \(quoted(appName))", "      teamID: \(teamID)", "      bundleID: \(bundleID)",
                "      # appStoreID: \"1234567890\"   # the number in the App Store URL, for preview pages",
            ]
        }
        if let package {
            lines += ["  android:", "    - id: \(appID)", "      name: \(quoted(appName))", "      package: \(package)"]
            // Each accepted warning keeps `validate --strict` (the CI gate) passing on the starter,
            // with the comment saying when to drop it.
            if fingerprints.isEmpty {
                lines += [
                    "      # The Play App Signing key's SHA-256 (Play Console → App integrity → App signing).",
                    "      # Until one is listed, assetlinks.json leaves the app out and Android does not verify its links.",
                    "      sha256: []",
                    "      accept: [no-fingerprint]   # remove once sha256 lists the key, so the gate catches a lost one",
                ]
            } else {
                lines += ["      sha256:"] + fingerprints.map { "        - \((try? Identifiers.canonicalFingerprint($0).get()) ?? $0)" }
                if fingerprints.count == 1 {
                    lines.append(
                        "      accept: [single-fingerprint]   # the key above signs what Play ships; add the upload key for builds you sign yourself"
                    )
                }
            }
        }
        lines += [
            "",
            "domains:",
            "  # Preview pages link to the same path on the other host: a tap on a link to a page's own host never opens the app.",
            "  pairs:",
            "    - primary: \(domain)",
            "      mirror: \(mirror)",
            "",
            "# In order: the first route that matches a URL decides. Put exclusions (exclude: true) first.",
            "routes:",
            "  - name: everything",
            "    path: \"*\"",
            "    page: app",
            "    comment: every URL opens the app; narrow this as the site grows",
            "",
            "# What people without the app see: a preview page for every URL of a route with this page type,",
            "# with the store and the web (docs/pages.md in Linkwell's repository).",
            "pages:",
            "  app:",
            "    title: \(quoted(appName))",
            "    description: \(quoted("Open this page in \(appName)."))",
            "    # web: https://www.example.com{path}{query}   # the same page on your web site, for \"Continue on the web\"",
            "",
            "# What URLs must do; build, validate and check fail when one no longer holds.",
        ]
        guard teamID != nil || !fingerprints.isEmpty else {
            // An Android app without its key opens nothing yet, and will open everything: no
            // expectation holds both before and after, so the tests wait for the key.
            lines.append("tests: []   # once sha256 lists the signing key, uncomment:")
            for host in [domain, mirror] { lines += ["#  - url: https://\(host)/any/page", "#    expect: everything"] }
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append("tests:")
        for host in [domain, mirror] {
            lines.append("  - url: https://\(host)/any/page")
            lines += expectations
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every platform opens the app. While no fingerprint is listed Android verifies nothing, so
    /// its expectations wait, commented, for the key: adding it then breaks no test.
    private var expectations: [String] {
        guard package != nil, fingerprints.isEmpty else { return ["    expect: everything"] }
        return [
            "    ios: everything", "    iosLegacy: everything",
            "    # android: everything         # uncomment once sha256 lists the signing key",
            "    # androidLegacy: everything",
        ]
    }

    /// What to do after `init`, in order.
    package var nextSteps: [String] {
        var steps: [String] = []
        if package != nil, fingerprints.isEmpty {
            steps.append(
                "add the Play App Signing key's SHA-256 under sha256 (Play Console → App integrity → App signing), then uncomment the Android test lines"
            )
        }
        steps.append("`linkwell build`, then deploy each Output/<host>/ folder as that host's root (Output/\(domain)/, Output/\(mirror)/)")
        steps.append("`linkwell verify` to check what the hosts really serve (`linkwell serve` tries it locally first)")
        return steps
    }

    /// Through the one YAML writer: a name holding quotes, a line break or a control character is
    /// read back as exactly that name.
    private func quoted(_ text: String) -> String {
        YAMLText.scalar(text)
    }
}
