/// What reading an app's own files finds wrong, each at its line and column.
package enum AppFileProblem: DiagnosticMessage, Error {
    case compiled(String, hint: String)
    case tooLarge(limit: Int)
    case notXML(String)
    case wrongRoot(found: String, expected: String)
    case unresolved(AppFileValues.Unresolved, in: String, value: String)
    case notALevel(String)
    case notAPort(String)
    case domainsGrant
    case notAList(key: String, found: String)
    case domainShape(String)
    case unknownService(String, suggestion: String)
    case badMode(String)
    case domainPort(String)
    case wildcardWithoutDot(String)
    case wildcardClip(String)
    case badDomainHost(String, String)
    case noTargetSdk(app: String)
    case noPackage(app: String)

    package var text: String {
        switch self {
        case .compiled(let what, let hint): "this is \(what); \(hint)"
        case .tooLarge(let limit): "the file is over \(limit) MB, which no app's manifest or entitlements are"
        case .notXML(let problem): "not well-formed XML: \(problem)"
        case .wrongRoot(let found, let expected): "the root element is <\(found)>, expected <\(expected)>"
        case .unresolved(let name, let attribute, let value):
            switch name.kind {
            case .string:
                "\(attribute) '\(value)' names the string resource '\(name.name)', which Linkwell does not read from the app's resources; "
                    + "give its value (--string \(name.name)=VALUE, or strings: {\(name.name): …} in site.yaml), or give the merged manifest"
            case .placeholder:
                "\(attribute) '\(value)' holds the placeholder ${\(name.name)}, which Gradle fills in; give its value (--placeholder "
                    + "\(name.name)=VALUE, or placeholders: {\(name.name): …} in site.yaml), or give the merged manifest the build writes"
            case .buildSetting:
                "\(attribute) '\(value)' holds the build setting $(\(name.name)), which Xcode fills in; give its value (--setting "
                    + "\(name.name)=VALUE, or buildSettings: {\(name.name): …} in site.yaml)"
            }
        case .notALevel(let value): "targetSdkVersion '\(value)' is not an API level"
        case .notAPort(let value): "port '\(value)' is not a port number"
        case .domainsGrant:
            "com.apple.developer.associated-domains is \"*\", a provisioning profile's grant, not the app's list of domains; give the "
                + "app's .entitlements file"
        case .notAList(let key, let found): "\(key) holds <\(found)>; expected an <array> of <string>"
        case .domainShape(let text): "associated domain '\(text)' is not service:host (e.g. 'applinks:www.example.com')"
        case .unknownService(let service, let suggestion):
            "associated-domain service '\(service)' is not applinks, webcredentials, appclips or activitycontinuation\(suggestion)"
        case .badMode(let text): "associated domain '\(text)': the mode must be ?mode=developer, ?mode=managed or ?mode=developer+managed"
        case .domainPort(let text): "associated domain '\(text)' has a port; associated domains take none"
        case .wildcardWithoutDot(let text):
            "associated domain '\(text)': a wildcard is '*.' before a domain ('*example.com' is refused at upload, ITMS-90046)"
        case .wildcardClip(let text): "associated domain '\(text)': appclips takes no wildcard"
        case .badDomainHost(let text, let problem): "associated domain '\(text)': \(problem)"
        case .noTargetSdk(let app):
            "the manifest of Android app '\(app)' names no targetSdkVersion (recent Gradle keeps it in build.gradle); it decides which "
                + "intent filters Android verifies: give it (--target-sdk N, or targetSdk: N in site.yaml)"
        case .noPackage(let app):
            "the manifest of Android app '\(app)' names no package (recent Gradle keeps it in build.gradle); give it (--package NAME)"
        }
    }
}
