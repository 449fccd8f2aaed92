extension AppProof {
    /// The proof for a built site: each host's association files as built, each app with the
    /// files site.yaml names for it (apps that name none are not judged).
    package init(site: Site, files: [OutputFile], appSide: AppSideFiles, budget: EngineBudget = .default) {
        let byPath = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        let served = site.hosts.map { host in
            Served(
                host: host, aasa: byPath["\(host)/\(AssociationFiles.aasa)"].flatMap { try? JSONValue.parse($0) },
                assetLinks: byPath["\(host)/\(AssociationFiles.assetLinks)"].flatMap { try? JSONValue.parse($0) })
        }
        let ios = site.iosApps.compactMap { app in
            appSide.ios[app.id].map { files in
                IOSApp(
                    id: app.id, appID: app.appID, clipIDs: app.appClipBundleIDs.map { "\(app.teamID).\($0)" }, entitlements: files,
                    location: app.location)
            }
        }
        let android = site.androidApps.compactMap { app in
            appSide.android[app.id].map { handling in
                AndroidApp(
                    id: app.id, package: app.package, handling: handling, certificates: app.appFiles.signingCertificate.map { [$0.value] },
                    listed: app.location.map { location in app.fingerprints.map { Located($0, at: location) } }, location: app.location)
            }
        }
        self.init(served: served, ios: ios, android: android, site: site, budget: budget)
    }

    /// The findings as a build reports them: errors and warnings, those an app's `accept` lists
    /// left out; the notes are `linkwell app`'s to print (`notes`).
    package func diagnostics(site: Site) -> [Diagnostic] {
        var accepted: [String: [String]] = [:]
        for app in site.iosApps { accepted[app.id, default: []] += app.appFiles.accepted }
        for app in site.androidApps { accepted[app.id, default: []] += app.appFiles.accepted }
        return findings.compactMap { finding in
            if finding.diagnostic.severity == .note { return nil }
            if finding.diagnostic.severity == .warning, let code = finding.diagnostic.code,
                accepted[finding.app]?.contains(code.rawValue) == true
            {
                return nil
            }
            return finding.diagnostic
        }
    }

    /// What the proof says besides its findings: facts that decide what holds.
    package var notes: [Diagnostic] { findings.map(\.diagnostic).filter { $0.severity == .note } }
}
