extension Validation {
    static func checkAppsDeclared(_ manifest: RawManifest) -> [Diagnostic] {
        guard manifest.iosApps.isEmpty, manifest.androidApps.isEmpty else { return [] }
        return [.error(AppProblem.noApps, at: manifest.location)]
    }

    static func checkIOSApps(_ manifest: RawManifest) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for app in manifest.iosApps {
            found += problem(app.id, Identifiers.nameProblem(_:what:), "app id")
            found += problem(app.teamID, Identifiers.teamIDProblem)
            found += problem(app.bundleID, Identifiers.bundleIDProblem)
            found += problem(app.appStoreID, Identifiers.appStoreIDProblem)
            for clip in app.appClips {
                if let issue = Identifiers.bundleIDProblem(clip.value) {
                    found.append(.error(issue, at: clip.location))
                } else if let bundleID = app.bundleID?.value, !clip.value.hasPrefix(bundleID + ".") {
                    found.append(.error(AppProblem.clipOutsideApp(clip.value, bundleID: bundleID), at: clip.location))
                }
            }
        }
        found += duplicates(manifest.iosApps.compactMap(\.bundleID), what: "bundle ID", key: { $0.lowercased() })
        for app in manifest.iosApps {
            found += app.entitlements.compactMap(appFilePathProblem)
        }
        return found
    }

    /// An app file is a project file: a relative path of plain names, no `..`.
    private static func appFilePathProblem(_ path: Located<String>) -> Diagnostic? {
        let parts = path.value.split(separator: "/", omittingEmptySubsequences: false)
        guard path.value.hasPrefix("/") || path.value.isEmpty || parts.contains("..") || parts.contains("") else { return nil }
        return .error(AppProblem.appFilePath(path.value), at: path.location)
    }

    static func checkAndroidApps(_ manifest: RawManifest) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for app in manifest.androidApps {
            let what = ManifestFields.androidApp.named?(app) ?? "an Android app"
            found += problem(app.id, Identifiers.nameProblem(_:what:), "app id")
            found += problem(app.package, Identifiers.androidPackageProblem)
            let fingerprints = app.fingerprints ?? []
            var canonical: [Located<String>] = []
            for fingerprint in fingerprints {
                switch Identifiers.canonicalFingerprint(fingerprint.value) {
                case .success(let value): canonical.append(Located(value, at: fingerprint.location))
                case .failure(let issue): found.append(.error(issue.description, at: fingerprint.location))
                }
            }
            var warnings = duplicates(
                canonical, what: "fingerprint", severity: .warning, code: .duplicateFingerprint, consequence: "; the copy is left out")
            let location = app.fingerprintsLocation ?? app.location
            if fingerprints.isEmpty {
                // Still buildable (a new team may not have its Play signing key yet), but an empty
                // list would make Google discard the whole file, so the app is left out of it.
                warnings.append(.warning(AppProblem.noFingerprint(app: what), at: location, code: .noFingerprint))
            } else if fingerprints.count == 1 {
                warnings.append(.warning(AppProblem.singleFingerprint(app: what), at: location, code: .singleFingerprint))
            }
            found += unaccepted(warnings, by: app.accept)
            found += app.manifest.flatMap(appFilePathProblem).map { [$0] } ?? []
            if let target = app.targetSdk, target.value < 1 {
                found.append(.error(AppProblem.targetSdk(target.value), at: target.location))
            }
            if let certificate = app.signingCertificate, case .failure(let issue) = Identifiers.canonicalFingerprint(certificate.value) {
                found.append(.error(issue.description, at: certificate.location))
            }
            let filesOnly = [("strings", app.strings), ("placeholders", app.placeholders)].filter { !$0.1.isEmpty }
            if app.manifest == nil, let (key, values) = filesOnly.first, let first = values.first {
                found.append(.error(AppProblem.valuesWithoutFile(key: key, file: "manifest"), at: first.name.location))
            }
        }
        found += duplicates(manifest.androidApps.compactMap(\.package), what: "Android package")
        return found
    }

    /// `homePages.app` names an app of the manifest; `notFound: web` needs a web home on every host.
    static func checkHomePages(_ manifest: RawManifest) -> [Diagnostic] {
        var found: [Diagnostic] = []
        if let app = manifest.homePages?.app {
            let ids = (manifest.iosApps.compactMap(\.id) + manifest.androidApps.compactMap(\.id)).map(\.value).uniqued()
            if !ids.contains(app.value) {
                let known = "; the apps are \(ids.map { "'\($0)'" }.joined(separator: ", "))"
                found.append(
                    .error(
                        AppProblem.unknownHomeApp(app.value, suggestion: Suggestion.didYouMean(app.value, in: ids, otherwise: known)),
                        at: app.location))
            }
        }
        if let notFound = manifest.homePages?.notFound {
            if !["page", "web"].contains(notFound.value) {
                found.append(.error(AppProblem.unknownNotFound(notFound.value), at: notFound.location))
            } else if notFound.value == "web", manifest.web == nil,
                let host = (manifest.domains?.pairs ?? []).first(where: { $0.web == nil })?.primary?.value ?? manifest.domains?.short?.value
            {
                found.append(.error(AppProblem.notFoundWithoutWeb(host: host), at: notFound.location))
            }
        }
        return found
    }

    /// An id may name one iOS and one Android app (the same product on both platforms), but
    /// not two apps of one platform.
    static func checkAppIDsUnique(_ manifest: RawManifest) -> [Diagnostic] {
        duplicates(manifest.iosApps.compactMap(\.id), what: "iOS app id")
            + duplicates(manifest.androidApps.compactMap(\.id), what: "Android app id")
    }

    static func problem(_ value: Located<String>?, _ rule: (String) -> String?) -> [Diagnostic] {
        guard let value, let issue = rule(value.value) else { return [] }
        return [.error(issue, at: value.location)]
    }

    static func problem(_ value: Located<String>?, _ rule: (String, String) -> String?, _ what: String) -> [Diagnostic] {
        problem(value) { rule($0, what) }
    }
}

/// What the app checks find beyond the identifiers' own grammars (`Identifiers`).
package enum AppProblem: DiagnosticMessage {
    case noApps
    case clipOutsideApp(String, bundleID: String)
    case noFingerprint(app: String)
    case singleFingerprint(app: String)
    case appFilePath(String)
    case targetSdk(Int)
    case valuesWithoutFile(key: String, file: String)
    case unknownHomeApp(String, suggestion: String)
    case unknownNotFound(String)
    case notFoundWithoutWeb(host: String)

    package var text: String {
        switch self {
        case .noApps:
            "the manifest declares no apps; add one under 'apps.ios' or 'apps.android'"
        case .clipOutsideApp(let clip, let bundleID):
            "App Clip bundle ID '\(clip)' must start with the app's bundle ID, e.g. '\(bundleID).Clip'"
        case .noFingerprint(let app):
            "\(app) lists no certificate fingerprint, so assetlinks.json leaves it out and Android will not verify its links; add the Play App Signing key's SHA-256 under 'sha256' (Play Console → App integrity → App signing)"
        case .singleFingerprint(let app):
            "\(app) lists a single certificate fingerprint; is the Play App Signing key listed? (Play Console → App integrity → App signing)"
        case .appFilePath(let path):
            "app file '\(path)' must be a path inside the project (relative, without '..'), e.g. 'app-files/android/AndroidManifest.xml'"
        case .targetSdk(let level): "targetSdk \(level) is not an API level"
        case .valuesWithoutFile(let key, let file): "'\(key)' gives values for the app's \(file), but the app names none; add '\(file):'"
        case .unknownHomeApp(let app, let suggestion): "homePages app '\(app)' is not an app of the manifest\(suggestion)"
        case .unknownNotFound(let value):
            "homePages notFound '\(value)' is not one of page (the not-found page) or web (the same path on the web home)"
                + Suggestion.didYouMean(value, in: ["page", "web"], otherwise: "")
        case .notFoundWithoutWeb(let host):
            "homePages notFound 'web' sends visitors to the same path on their host's web home, but \(host)'s pages have none: "
                + "add 'web' to the manifest or to that host's mirror pair"
        }
    }
}
