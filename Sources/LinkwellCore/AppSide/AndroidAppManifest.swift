/// An Android app as its `AndroidManifest.xml` declares it (the merged manifest the build
/// writes, or a source one): the package, the target SDK, and every activity's intent filters
/// with their `<data>` read as AOSP's `ParsedIntentInfoUtils.parseData` reads them.
package struct AndroidAppManifest: Sendable, Hashable {
    package var file: String
    /// `<manifest package>`; nil when the build names it only in `build.gradle` (AGP 8).
    package var package: Located<String>?
    /// `<uses-sdk android:targetSdkVersion>`; nil when only `build.gradle` names it.
    package var targetSdk: Located<Int>?
    package var filters: [IntentFilter]

    /// One `<intent-filter>` of an activity or activity-alias.
    package struct IntentFilter: Sendable, Hashable {
        package var activity: String
        package var autoVerify: Bool
        package var actions: [String]
        package var categories: [String]
        /// Every `<data android:scheme>`, as written (AOSP compares schemes exactly).
        package var schemes: [String]
        /// Every `<data android:host>` with the `android:port` of the same element (-1: none).
        package var authorities: [Authority]
        /// Every path attribute of every `<data>`, one filter set shared by all of them.
        package var paths: [AndroidPathMatcher]
        /// Android 15's `<uri-relative-filter-group>`s, in order.
        package var groups: [RelativeGroup]
        /// `android:mimeType`s: a filter with any takes no plain link (a link carries no type).
        package var mimeTypes: [String] = []
        package var location: SourceLocation

        package struct Authority: Sendable, Hashable {
            /// As written, a leading `*` included.
            package var host: String
            package var port: Int
            package var location: SourceLocation
        }

        package struct RelativeGroup: Sendable, Hashable {
            package var allow: Bool
            package var paths: [AndroidPathMatcher]
            package var queries: [AndroidPathMatcher]
            package var fragments: [AndroidPathMatcher]
        }

        static let view = "android.intent.action.VIEW"
        static let browsable = "android.intent.category.BROWSABLE"
        static let `default` = "android.intent.category.DEFAULT"

        /// `IntentFilter.handlesWebUris(onlyWebSchemes)`: VIEW, BROWSABLE, at least one scheme,
        /// and every scheme (or, without `onlyWebSchemes`, some scheme) `http` or `https`.
        package func handlesWebURIs(onlyWebSchemes: Bool) -> Bool {
            guard actions.contains(Self.view), categories.contains(Self.browsable), !schemes.isEmpty else { return false }
            let web = schemes.map { $0 == "http" || $0 == "https" }
            return onlyWebSchemes ? web.allSatisfy { $0 } : web.contains(true)
        }

        /// `IntentFilter.needsVerification()`: autoVerify on a filter that handles only web URIs.
        package var needsVerification: Bool { autoVerify && handlesWebURIs(onlyWebSchemes: true) }
    }
}

/// The Android namespace, found by its URI whatever prefix the file gives it.
let androidNamespace = "http://schemas.android.com/apk/res/android"

extension AndroidAppManifest {
    /// Reads a text `AndroidManifest.xml`; every problem is a located diagnostic (a compiled
    /// manifest, XML that is not well formed, a name with no value, an attribute AOSP refuses).
    package static func read(_ bytes: [UInt8], path: String, values: AppFileValues) -> (
        manifest: AndroidAppManifest?, diagnostics: [Diagnostic]
    ) {
        switch AppFileBytes.xml(bytes, path: path, expected: .androidManifest) {
        case .failure(let diagnostic): return (nil, [diagnostic])
        case .success(let root):
            var reader = ManifestWalk(file: path, values: values)
            let manifest = reader.manifest(root)
            return (manifest, reader.diagnostics)
        }
    }
}

/// One walk of a manifest's elements, collecting its problems.
private struct ManifestWalk {
    let file: String
    let values: AppFileValues
    var diagnostics: [Diagnostic] = []

    init(file: String, values: AppFileValues) {
        self.file = file
        self.values = values
    }

    func location(_ line: Int, _ column: Int) -> SourceLocation { SourceLocation(file: file, line: line, column: column) }

    mutating func manifest(_ root: XMLElement) -> AndroidAppManifest? {
        guard root.name.local == "manifest", root.name.namespace.isEmpty else {
            diagnostics.append(
                .error(AppFileProblem.wrongRoot(found: root.qualified, expected: "manifest"), at: location(root.line, root.column)))
            return nil
        }
        var result = AndroidAppManifest(file: file, package: nil, targetSdk: nil, filters: [])
        if let package = root.attribute("package") {
            result.package = resolved(package).map { Located($0, at: location(package.line, package.column)) }
        }
        for child in root.children where child.name.local == "uses-sdk" {
            guard let target = child.attribute("targetSdkVersion", namespace: androidNamespace) else { continue }
            guard let text = resolved(target) else { continue }
            guard let level = Int(text), level > 0 else {
                diagnostics.append(.error(AppFileProblem.notALevel(text), at: location(target.line, target.column)))
                continue
            }
            result.targetSdk = Located(level, at: location(target.line, target.column))
        }
        for application in root.children where application.name.local == "application" {
            // Activity-aliases are parsed as activities; services and receivers never take links.
            for activity in application.children where activity.name.local == "activity" || activity.name.local == "activity-alias" {
                let name = activity.attribute("name", namespace: androidNamespace)?.value ?? activity.name.local
                for filter in activity.children where filter.name.local == "intent-filter" {
                    result.filters.append(intentFilter(filter, activity: name))
                }
            }
        }
        return result
    }

    mutating func intentFilter(_ element: XMLElement, activity: String) -> AndroidAppManifest.IntentFilter {
        var filter = AndroidAppManifest.IntentFilter(
            activity: activity, autoVerify: false, actions: [], categories: [], schemes: [], authorities: [], paths: [], groups: [],
            location: location(element.line, element.column))
        if let autoVerify = element.attribute("autoVerify", namespace: androidNamespace) {
            filter.autoVerify = resolved(autoVerify) == "true"
        }
        for child in element.children {
            var name: String?
            if let attribute = child.attribute("name", namespace: androidNamespace) { name = resolved(attribute) }
            switch child.name.local {
            case "action": if let name { filter.actions.append(name) }
            case "category": if let name { filter.categories.append(name) }
            case "data": data(child, into: &filter)
            case "uri-relative-filter-group": filter.groups.append(group(child))
            default: continue
            }
        }
        return filter
    }

    /// `parseData`: each attribute goes to its own set; a port only with the host of its own
    /// element (`if (host != null) addDataAuthority(host, port)`).
    mutating func data(_ element: XMLElement, into filter: inout AndroidAppManifest.IntentFilter) {
        if let scheme = attribute(element, "scheme") { filter.schemes.append(scheme) }
        if let type = attribute(element, "mimeType") { filter.mimeTypes.append(type) }
        if let hostAttribute = element.attribute("host", namespace: androidNamespace), let host = resolved(hostAttribute) {
            var port = -1
            if let portAttribute = element.attribute("port", namespace: androidNamespace), let text = resolved(portAttribute) {
                if let number = Int(text), (0...65535).contains(number) {
                    port = number
                } else {
                    diagnostics.append(.error(AppFileProblem.notAPort(text), at: location(portAttribute.line, portAttribute.column)))
                }
            }
            filter.authorities.append(.init(host: host, port: port, location: location(hostAttribute.line, hostAttribute.column)))
        }
        filter.paths += pathMatchers(element, kinds: ["path", "pathPrefix", "pathPattern", "pathAdvancedPattern", "pathSuffix"])
    }

    mutating func group(_ element: XMLElement) -> AndroidAppManifest.IntentFilter.RelativeGroup {
        var group = AndroidAppManifest.IntentFilter.RelativeGroup(allow: true, paths: [], queries: [], fragments: [])
        if let allow = element.attribute("allow", namespace: androidNamespace) { group.allow = resolved(allow) != "false" }
        for data in element.children where data.name.local == "data" {
            group.paths += pathMatchers(data, kinds: ["path", "pathPrefix", "pathPattern", "pathAdvancedPattern", "pathSuffix"])
            group.queries += pathMatchers(data, kinds: ["query", "queryPrefix", "queryPattern", "queryAdvancedPattern", "querySuffix"])
            group.fragments += pathMatchers(
                data, kinds: ["fragment", "fragmentPrefix", "fragmentPattern", "fragmentAdvancedPattern", "fragmentSuffix"])
        }
        return group
    }

    /// The matchers of the five kinds (`…`, `…Prefix`, `…Pattern`, `…AdvancedPattern`, `…Suffix`).
    mutating func pathMatchers(_ element: XMLElement, kinds: [String]) -> [AndroidPathMatcher] {
        kinds.enumerated().compactMap { index, kind in
            attribute(element, kind).map { value in
                switch index {
                case 0: .path(value)
                case 1: .prefix(value)
                case 2: .pattern(value)
                case 3: .advancedPattern(value)
                default: .suffix(value)
                }
            }
        }
    }

    mutating func attribute(_ element: XMLElement, _ local: String) -> String? {
        guard let attribute = element.attribute(local, namespace: androidNamespace) else { return nil }
        return resolved(attribute)
    }

    /// The attribute's value with its references given values, or nil after a located error.
    mutating func resolved(_ attribute: XMLElement.Attribute) -> String? {
        switch values.android(attribute.value) {
        case .success(let value): return value
        case .failure(let unresolved):
            diagnostics.append(
                .error(
                    AppFileProblem.unresolved(unresolved, in: attribute.qualified, value: attribute.value),
                    at: location(attribute.line, attribute.column)))
            return nil
        }
    }
}
