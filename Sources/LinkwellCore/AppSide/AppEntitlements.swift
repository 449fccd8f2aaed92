/// An iOS app's `.entitlements` file (an XML property list, as Xcode writes it): the
/// associated domains it claims, each as `service:host[?mode=…]`, and the app identifier where
/// the file states one. Debug and Release can name different files; each is read on its own.
package struct AppEntitlements: Sendable, Hashable {
    package var file: String
    /// `com.apple.developer.associated-domains`; nil when the file has no such key.
    package var domains: [AssociatedDomain]?
    /// `application-identifier` (`TEAM.bundle`), when the file states it (a source file rarely does).
    package var applicationIdentifier: Located<String>?

    package struct AssociatedDomain: Sendable, Hashable {
        package enum Service: String, Sendable, Hashable, CaseIterable {
            case applinks, webcredentials, appclips, activitycontinuation
        }

        package var service: Service
        /// Lower-cased, without `*.`.
        package var host: String
        /// `*.host`: every subdomain, never the host itself; its file is fetched from the host.
        package var wildcard: Bool
        /// `developer`, `managed` or both: fetched from the host itself rather than Apple's CDN.
        package var modes: [String]
        package var location: SourceLocation

        /// As written in the file.
        package var text: String {
            "\(service.rawValue):\(wildcard ? "*." : "")\(host)" + (modes.isEmpty ? "" : "?mode=" + modes.joined(separator: "+"))
        }

        /// Whether a URL host is covered: the host itself, or for a wildcard any subdomain.
        package func covers(_ urlHost: String) -> Bool {
            wildcard ? urlHost.hasSuffix("." + host) : urlHost == host
        }
    }

    static let domainsKey = "com.apple.developer.associated-domains"

    /// Reads an entitlements file; every problem is a located diagnostic.
    package static func read(_ bytes: [UInt8], path: String, values: AppFileValues) -> (
        entitlements: AppEntitlements?, diagnostics: [Diagnostic]
    ) {
        let root: XMLElement
        switch AppFileBytes.xml(bytes, path: path, expected: .entitlements) {
        case .failure(let diagnostic): return (nil, [diagnostic])
        case .success(let element): root = element
        }
        func at(_ element: XMLElement) -> SourceLocation { SourceLocation(file: path, line: element.line, column: element.column) }
        guard root.name.local == "plist", let dictionary = root.children.first, dictionary.name.local == "dict" else {
            return (nil, [.error(AppFileProblem.wrongRoot(found: root.qualified, expected: "plist with a dict"), at: at(root))])
        }
        var result = AppEntitlements(file: path, domains: nil, applicationIdentifier: nil)
        var diagnostics: [Diagnostic] = []
        func resolved(_ element: XMLElement) -> String? {
            switch values.apple(element.text) {
            case .success(let text): return text
            case .failure(let unresolved):
                diagnostics.append(.error(AppFileProblem.unresolved(unresolved, in: "<string>", value: element.text), at: at(element)))
                return nil
            }
        }
        let children = dictionary.children
        for (index, key) in children.enumerated() where key.name.local == "key" && index + 1 < children.count {
            let value = children[index + 1]
            switch key.text {
            case domainsKey:
                guard value.name.local == "array" else {
                    // A provisioning profile writes the grant, "*", not a list.
                    let problem: AppFileProblem =
                        value.name.local == "string" && value.text == "*"
                        ? .domainsGrant : .notAList(key: domainsKey, found: value.qualified)
                    diagnostics.append(.error(problem, at: at(value)))
                    continue
                }
                result.domains = value.children.compactMap { item -> AssociatedDomain? in
                    guard item.name.local == "string" else {
                        diagnostics.append(.error(AppFileProblem.notAList(key: domainsKey, found: item.qualified), at: at(item)))
                        return nil
                    }
                    guard let text = resolved(item) else { return nil }
                    switch AssociatedDomain.parse(text, at: at(item)) {
                    case .success(let domain): return domain
                    case .failure(let problem):
                        diagnostics.append(.error(problem, at: at(item)))
                        return nil
                    }
                }
            case "application-identifier":
                if value.name.local == "string", let text = resolved(value) { result.applicationIdentifier = Located(text, at: at(value)) }
            default:
                continue
            }
        }
        return (result, diagnostics)
    }
}

extension AppEntitlements.AssociatedDomain {
    /// `service:host[?mode=developer|managed|developer+managed]`, as App Store Connect accepts it.
    static func parse(_ text: String, at location: SourceLocation) -> Result<Self, AppFileProblem> {
        guard let colon = text.firstIndex(of: ":") else { return .failure(.domainShape(text)) }
        let serviceName = String(text[..<colon])
        guard let service = Service(rawValue: serviceName) else {
            return .failure(
                .unknownService(serviceName, suggestion: Suggestion.didYouMean(serviceName, in: Service.allCases.map(\.rawValue))))
        }
        var rest = String(text[text.index(after: colon)...])
        var modes: [String] = []
        if let question = rest.firstIndex(of: "?") {
            let query = rest[rest.index(after: question)...]
            guard query.hasPrefix("mode="), case let names = query.dropFirst(5).split(separator: "+").map(String.init),
                !names.isEmpty, names.allSatisfy({ $0 == "developer" || $0 == "managed" })
            else { return .failure(.badMode(text)) }
            modes = names
            rest = String(rest[..<question])
        }
        let wildcard = rest.hasPrefix("*.")
        let host = (wildcard ? String(rest.dropFirst(2)) : rest).lowercased()
        if host.contains(":") { return .failure(.domainPort(text)) }
        if rest.hasPrefix("*"), !wildcard { return .failure(.wildcardWithoutDot(text)) }
        if wildcard, service == .appclips { return .failure(.wildcardClip(text)) }
        if let problem = Identifiers.hostProblem(host) { return .failure(.badDomainHost(text, problem)) }
        return .success(Self(service: service, host: host, wildcard: wildcard, modes: modes, location: location))
    }
}
