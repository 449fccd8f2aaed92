/// `linkwell app` as one value: an app's own files held against the association files — the
/// files a manifest builds (its apps naming their files in site.yaml), or files served today
/// given one by one — so the command only reads, prints and exits.
package struct AppCheckRun: Sendable {
    /// The files given on the command line, read.
    package struct Given: Sendable {
        package var androidManifest: (path: String, bytes: [UInt8])?
        package var package: String?
        package var targetSdk: Int?
        package var certificate: (source: String, text: String)?
        package var entitlements: [(path: String, bytes: [UInt8])] = []
        package var appID: String?
        package var values = AppFileValues()
        package var served: [AppProof.Served] = []

        package init() {}
    }

    /// Input problems: the run stops (exit 2) with these.
    package private(set) var diagnostics: [Diagnostic] = []
    package private(set) var proof: AppProof?
    /// Warnings the manifest's `accept` lists are left out of `findings`.
    package private(set) var findings: [Diagnostic] = []
    /// What the proof covered, for its last line.
    private var androidApps: [(id: String, handling: AndroidLinkHandling)] = []
    private var iosApps: [(id: String, files: Int)] = []

    /// Files given on the command line.
    package init(given: Given) {
        var android: [AppProof.AndroidApp] = []
        var ios: [AppProof.IOSApp] = []
        if let file = given.androidManifest {
            let read = AndroidLinkHandling.read(
                file.bytes, path: file.path, values: given.values, package: given.package, targetSdk: given.targetSdk)
            diagnostics += read.diagnostics
            var certificates: [String]?
            if let certificate = given.certificate {
                switch SigningCertificate.fingerprints(in: certificate.text) {
                case .success(let found): certificates = found
                case .failure(let problem):
                    diagnostics.append(.error(CertificateProblem(source: certificate.source, problem: problem), at: nil))
                }
            }
            if let app = read.app {
                android.append(.init(id: app.package, package: app.package, handling: app.handling, certificates: certificates))
                androidApps.append((app.package, app.handling))
            }
        }
        if !given.entitlements.isEmpty {
            if let appID = given.appID {
                let parts = appID.split(separator: ".", maxSplits: 1).map(String.init)
                let values = parts.count == 2 ? given.values.withIOSApp(teamID: parts[0], bundleID: parts[1]) : given.values
                var files: [AppEntitlements] = []
                for file in given.entitlements {
                    let read = AppEntitlements.read(file.bytes, path: file.path, values: values)
                    diagnostics += read.diagnostics
                    if let entitlements = read.entitlements { files.append(entitlements) }
                }
                ios.append(.init(id: appID, appID: appID, entitlements: files))
                iosApps.append((appID, files.count))
            }
        }
        guard !diagnostics.hasErrors else { return }
        let proof = AppProof(served: given.served, ios: ios, android: android)
        self.proof = proof
        findings = proof.findings.map(\.diagnostic)
    }

    /// A built manifest whose apps name their files (read by the build): the build's own
    /// diagnostics are the findings, since its link tests decide by the app's files too.
    package init(build: Linkwell.BuildResult) {
        guard let site = build.site else {
            diagnostics = build.diagnostics
            return
        }
        findings = build.diagnostics
        guard let proof = build.appProof else { return }
        self.proof = proof
        findings = (findings + proof.notes).sortedByLocation()
        androidApps = site.androidApps.compactMap { app in build.appSide.android[app.id].map { (app.id, $0) } }
        iosApps = site.iosApps.compactMap { app in build.appSide.ios[app.id].map { (app.id, $0.count) } }
    }

    /// 0: every claim holds; 1: a claim fails; 2: the input could not be read.
    package var exitCode: Int32 {
        if diagnostics.hasErrors { return 2 }
        return findings.hasErrors ? 1 : 0
    }

    /// What the proof covered and whether it holds, as its last line.
    package var verdict: String {
        guard let proof else { return "nothing was proved: the input could not be read" }
        var covered: [String] = []
        for app in androidApps {
            let verified = proof.verifiedHosts[app.id] ?? []
            covered.append(
                "Android app \(app.id) (target SDK \(app.handling.targetSdk)) verified on "
                    + (verified.isEmpty ? "no host of the site" : verified.joined(separator: ", ")))
        }
        for app in iosApps { covered.append("iOS app \(app.id) (\(app.files) entitlements file\(app.files == 1 ? "" : "s"))") }
        if covered.isEmpty { return "nothing to prove: no app names its files (apps.ios[].entitlements, apps.android[].manifest)" }
        let failures = findings.filter { $0.severity == .error }.count
        let platforms =
            proof.platformComparisons == 0
            ? "" : "; iOS and Android decide alike on \(proof.platformProofs) of \(proof.platformComparisons) hosts both claim (exactly)"
        guard failures == 0 else {
            return "\(failures) error\(failures == 1 ? "" : "s"): not proved (\(covered.joined(separator: "; ")))\(platforms)"
        }
        return
            "proved: every host the apps' files claim is served a file that names the app (\(covered.joined(separator: "; ")))\(platforms)"
    }
}

/// A certificate given that holds no fingerprint.
package struct CertificateProblem: DiagnosticMessage {
    package var source: String
    package var problem: SigningCertificateProblem

    package var text: String { "cannot read a signing certificate from \(source): \(problem)" }
}
