/// Proves an import: every rule of the original files gets a sample URL (and the same URL with
/// a fragment, and the site root), and the original files and the new manifest's build must
/// decide each the same way on each platform, for each app.
public enum ImportCheck {
    public struct Mismatch: Sendable, Hashable, CustomStringConvertible {
        public var url: String
        public var platform: Platform
        public var app: String
        public var before: Bool
        public var after: Bool

        public var description: String {
            "\(url): \(platform.displayName) (\(app)) \(before ? "opened the app" : "stayed in the browser") with the original files, "
                + (after ? "opens it" : "stays in the browser") + " with the manifest"
        }
    }

    /// The sample URLs on `host` and how many (URL, platform, app) decisions were compared.
    public static func mismatches(aasa: [JSONValue], assetLinks: [JSONValue], host: String, matcher: SiteMatcher) -> (
        mismatches: [Mismatch], decisions: Int
    ) {
        let urls = sampleURLs(aasa: aasa, assetLinks: assetLinks, host: host)
        // The original files' matchers, compiled once for every URL.
        let ios = aasa.map { document in
            let forms = [
                (Platform.ios, AASAMatcher(document: document, form: .components)),
                (.iosLegacy, AASAMatcher(document: document, form: .legacyPaths)),
            ]
            // Every app of the file on both forms: an app the original gave no iOS 9–12 rules
            // opened nothing there, and must not start to.
            return (forms: forms, appIDs: forms.flatMap { $0.1.appIDs }.uniqued())
        }
        let android = assetLinks.map(AndroidDynamicMatcher.init(document:))
        var mismatches: [Mismatch] = []
        var count = 0
        for text in urls {
            guard let url = URLParts(text) else { continue }
            let built = matcher.decisions(for: text, url: url)
            for file in ios {
                for (platform, original) in file.forms {
                    for appID in file.appIDs {
                        count += 1
                        let before = original.decide(url, appID: appID, host: host).opensApp
                        let after = built.first { $0.platform == platform && $0.appIdentifier == appID }?.decision.opensApp ?? false
                        if before != after {
                            mismatches.append(Mismatch(url: text, platform: platform, app: appID, before: before, after: after))
                        }
                    }
                }
            }
            for original in android {
                for package in original.packageNames {
                    // Without dynamic rules the app's own intent filters decided: nothing to compare.
                    guard let decision = original.decide(url, package: package),
                        let now = built.first(where: { $0.platform == .android && $0.appIdentifier == package })
                    else { continue }
                    count += 1
                    if decision.opensApp != now.decision.opensApp {
                        mismatches.append(
                            Mismatch(url: text, platform: .android, app: package, before: decision.opensApp, after: now.decision.opensApp))
                    }
                }
            }
        }
        return (mismatches, count)
    }

    /// Each rule's sample, each sample with a fragment and without its query, and `/`.
    static func sampleURLs(aasa: [JSONValue], assetLinks: [JSONValue], host: String) -> [String] {
        var rules: [JSONValue] = []
        for document in aasa {
            for detail in document["applinks"]?["details"]?.array ?? [] {
                rules += detail["components"]?.array ?? detail["paths"]?.array.map(ManifestImport.components(fromLegacy:)) ?? []
            }
        }
        for document in assetLinks {
            for statement in document.array ?? [] {
                rules += statement["relation_extensions"]?[AssetLinksStatement.handleAllURLs]?["dynamic_app_link_components"]?.array ?? []
            }
        }
        let variables = Dictionary(
            aasa.flatMap {
                ($0["applinks"]?["substitutionVariables"]?.object ?? [:]).map { ($0.key, ($0.value.array ?? []).compactMap(\.string)) }
            },
            uniquingKeysWith: { first, _ in first })
        var urls = ["https://\(host)/"]
        for rule in rules {
            let path = rule["/"]?.string.map { RouteSamples.fill($0, values: variables) } ?? "/sample"
            let normalised = path.hasPrefix("/") ? path : "/" + path
            var query = ""
            switch rule["?"] {
            case .string(let whole): query = "?" + RouteSamples.fill(whole, values: variables)
            case .object(let items):
                query =
                    "?"
                    + items.sorted { $0.key < $1.key }.map { "\($0.key)=\(RouteSamples.fill($0.value.string ?? "", values: variables))" }
                    .joined(separator: "&")
            default: break
            }
            let fragment = rule["#"]?.string.map { "#" + RouteSamples.fill($0, values: variables) } ?? ""
            urls += [
                "https://\(host)\(normalised)\(query)\(fragment)", "https://\(host)\(normalised)", "https://\(host)\(normalised)\(query)#x",
            ]
        }
        return urls.uniqued()
    }
}
