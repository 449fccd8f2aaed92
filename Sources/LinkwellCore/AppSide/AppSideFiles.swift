/// The apps' own files a manifest names (`apps.ios[].entitlements`, `apps.android[].manifest`),
/// read from the project and parsed once per build, for the proof (`AppProof`) and for the
/// decisions that follow the app's real intent filters (`SiteMatcher`).
package struct AppSideFiles: Sendable {
    /// By Android app id.
    package var android: [String: AndroidLinkHandling] = [:]
    /// By iOS app id, in the order site.yaml lists the files.
    package var ios: [String: [AppEntitlements]] = [:]
    /// Each file's text by its path, so `diff` can say which changed.
    package var sources: [String: String] = [:]
    package var diagnostics: [Diagnostic] = []

    package var isEmpty: Bool { android.isEmpty && ios.isEmpty }

    package init() {}

    package static func load(site: Site, project: some ProjectFiles) -> AppSideFiles {
        var result = AppSideFiles()
        for app in site.androidApps {
            guard let path = app.appFiles.files.first else { continue }
            guard let bytes = read(path, project: project, into: &result.diagnostics) else { continue }
            result.sources[path.value] = String(decoding: bytes, as: UTF8.self)
            let values = AppFileValues(strings: app.appFiles.strings, placeholders: app.appFiles.placeholders).withAndroidPackage(
                app.package)
            let read = AndroidAppManifest.read(bytes, path: path.value, values: values)
            result.diagnostics += read.diagnostics
            guard let manifest = read.manifest else { continue }
            guard let targetSdk = manifest.targetSdk?.value ?? app.appFiles.targetSdk?.value else {
                result.diagnostics.append(.error(AppFileProblem.noTargetSdk(app: app.id), at: path.location))
                continue
            }
            result.android[app.id] = AndroidLinkHandling(manifest: manifest, targetSdk: targetSdk)
        }
        for app in site.iosApps where !app.appFiles.files.isEmpty {
            let values = AppFileValues(buildSettings: app.appFiles.buildSettings).withIOSApp(teamID: app.teamID, bundleID: app.bundleID)
            var files: [AppEntitlements] = []
            for path in app.appFiles.files {
                guard let bytes = read(path, project: project, into: &result.diagnostics) else { continue }
                result.sources[path.value] = String(decoding: bytes, as: UTF8.self)
                let read = AppEntitlements.read(bytes, path: path.value, values: values)
                result.diagnostics += read.diagnostics
                if let entitlements = read.entitlements { files.append(entitlements) }
            }
            if files.count == app.appFiles.files.count { result.ios[app.id] = files }
        }
        return result
    }

    /// A project file's bytes, bounded; nil after a located error at the manifest value.
    private static func read(_ path: Located<String>, project: some ProjectFiles, into diagnostics: inout [Diagnostic]) -> [UInt8]? {
        switch project.chunks(of: path.value) {
        case .failure(let unreadable):
            diagnostics.append(.error(AppFileReadProblem.unreadable(path.value, unreadable.reason), at: path.location))
            return nil
        case .success(let chunks):
            var bytes: [UInt8] = []
            for chunk in chunks {
                bytes += chunk
                if bytes.count > XMLReader.maximumBytes {
                    diagnostics.append(.error(AppFileProblem.tooLarge(limit: XMLReader.maximumBytes >> 20), at: path.location))
                    return nil
                }
            }
            return bytes
        }
    }
}

/// An app file site.yaml names that cannot be read.
package enum AppFileReadProblem: DiagnosticMessage {
    case unreadable(String, String)

    package var text: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read app file '\(path)': \(reason)"
        }
    }
}
