import Foundation
import Testing

@testable import LinkwellCore

/// The URLs an app's filters take (`AndroidLinkHandling.take`) held to a direct transcription of
/// AOSP's `IntentFilter.match` (action, data, categories; `matchData`, `matchDataAuthority`,
/// `AuthorityEntry.match`, `hasDataPath`; Android 14, no relative groups) on generated filters
/// and URLs; and the exact engine's list for a host (`decisionList`) held to `take` by brute force.
@Suite struct IntentFilterMatchTests {
    typealias Random = PropertyTests.Random
    typealias Filter = AndroidAppManifest.IntentFilter

    static let view = "android.intent.action.VIEW"
    static let browsable = "android.intent.category.BROWSABLE"
    static let defaultCategory = "android.intent.category.DEFAULT"

    /// `IntentFilter.match(action, type, scheme, data, categories)` for a link: VIEW, no type, the
    /// URL's scheme, categories BROWSABLE and DEFAULT (a browser's intent, started implicitly).
    static func aospMatches(_ filter: Filter, _ url: URLParts, rawScheme: String) -> Bool {
        // matchAction
        guard filter.actions.contains(view) else { return false }
        // matchData(type: null, scheme, data)
        let types = filter.mimeTypes.isEmpty ? nil : filter.mimeTypes
        let schemes = filter.schemes.isEmpty ? nil : filter.schemes
        if types == nil && schemes == nil { return false }  // data != null
        if let schemes {
            guard schemes.contains(rawScheme) else { return false }
            if let authorities = filter.authorities.isEmpty ? nil : filter.authorities {
                // matchDataAuthority: the first entry that matches
                let authority = authorities.contains { entry in
                    // AuthorityEntry: mWild = host starts with '*', mHost = the rest
                    let wild = entry.host.first == "*"
                    let mHost = wild ? String(entry.host.dropFirst()) : entry.host
                    var host = url.host
                    if wild {
                        guard host.count >= mHost.count else { return false }
                        host = String(host.suffix(mHost.count))
                    }
                    guard host.caseInsensitiveCompare(mHost) == .orderedSame else { return false }
                    return entry.port < 0 || entry.port == url.port
                }
                guard authority else { return false }
                if let paths = filter.paths.isEmpty ? nil : filter.paths {
                    // hasDataPath(data.getPath())
                    let path = url.androidPath
                    guard paths.contains(where: { $0.matches(path) }) else { return false }
                }
            }
        }
        if types != nil { return false }  // findMimeType(null) is false
        // matchCategories: every category of the intent in the filter
        return [browsable, defaultCategory].allSatisfy(filter.categories.contains)
    }

    static func filter(_ random: inout Random) -> Filter {
        var filter = Filter(
            activity: "A", autoVerify: random.below(2) == 0, actions: [], categories: [], schemes: [], authorities: [], paths: [],
            groups: [],
            location: SourceLocation(file: "m.xml", line: 1, column: 1))
        if random.below(8) != 0 { filter.actions.append(view) }
        if random.below(8) != 0 { filter.categories.append(browsable) }
        if random.below(6) != 0 { filter.categories.append(defaultCategory) }
        for _ in 0..<random.below(3) { filter.schemes.append(random.pick(["https", "http", "myapp"])) }
        for _ in 0..<random.below(3) {
            filter.authorities.append(
                .init(
                    host: random.pick(["h.example.com", "*.example.com", "*example.com", "H.Example.com", "other.example.com"]),
                    port: random.pick([-1, -1, -1, 8443]), location: filter.location))
        }
        for _ in 0..<random.below(3) {
            let text = "/" + (0..<random.below(3)).map { _ in random.pick(["a", "b", "/"]) }.joined()
            switch random.below(5) {
            case 0: filter.paths.append(.path(text))
            case 1: filter.paths.append(.prefix(text))
            case 2: filter.paths.append(.suffix(String(text.dropFirst())))
            case 3: filter.paths.append(.pattern(random.pick([text + ".*", "/.*" + text.dropFirst(), text, "/a.*b"])))
            default: filter.paths.append(.advancedPattern(random.pick(["/[ab]+", "/a.*", "/[^/]*/b"])))
            }
        }
        if random.below(10) == 0 { filter.mimeTypes.append("text/plain") }
        return filter
    }

    static let urls: [(String, URLParts, String)] = {
        var texts: [String] = []
        for scheme in ["https", "http", "HTTPS"] {
            for host in ["h.example.com", "a.h.example.com", "example.com", "badexample.com", "other.example.com"] {
                for port in ["", ":8443"] {
                    for path in ["", "/", "/a", "/ab", "/a/b", "/b/a", "/a%2Fb", "/ba/"] {
                        texts.append("\(scheme)://\(host)\(port)\(path)")
                    }
                }
            }
        }
        return texts.compactMap { text in URLParts(text).map { (text, $0, String(text.prefix { $0 != ":" })) } }
    }()

    @Test(arguments: 0..<300)
    func takeIsAOSPsIntentFilterMatch(_ seed: Int) throws {
        var random = Random(state: UInt64(seed) &* 2_654_435_761 &+ 5)
        let filters = (0..<(1 + random.below(3))).map { _ in Self.filter(&random) }
        let manifest = AndroidAppManifest(file: "m.xml", package: nil, targetSdk: nil, filters: filters)
        let handling = AndroidLinkHandling(manifest: manifest, targetSdk: 35)
        for (text, url, scheme) in Self.urls {
            let aosp = filters.contains { Self.aospMatches($0, url, rawScheme: scheme) }
            #expect((handling.take(url, android15: false) != nil) == aosp, "\(text) against \(filters)")
        }
    }

    /// The engine's list of what a host's filters take is exact wherever it is modelled.
    @Test(arguments: 0..<120)
    func theEnginesListIsWhatTheFiltersTake(_ seed: Int) throws {
        var random = Random(state: UInt64(seed) &* 40_503 &+ 11)
        let filters = (0..<(1 + random.below(3))).map { _ in Self.filter(&random) }
        let handling = AndroidLinkHandling(
            manifest: AndroidAppManifest(file: "m.xml", package: nil, targetSdk: nil, filters: filters), targetSdk: 35)
        let list = handling.decisionList(host: SemanticsTests.host)
        guard list.unmodelled.isEmpty else { return }
        // Compared with the empty list, every URL the list opens is a difference with its witness.
        let comparison = LinkEquivalence.compare(.empty, list, platform: .androidLegacy, app: "a", host: SemanticsTests.host)
        #expect(comparison.complete)
        for difference in comparison.differences {
            let url = try #require(URLParts(difference.witness))
            #expect(handling.take(url, android15: false) != nil, "engine opens \(difference.witness), the filters do not")
        }
        // And brute force: each URL of the set is decided by the list's automata as the filters take it.
        for (text, url) in SemanticsTests.parsedURLs.prefix(3_000) {
            let decided = RuleCoverageProbe.opens(list, url: text)
            #expect(decided == nil || decided == (handling.take(url, android15: false) != nil), "\(text): \(list.rules.map(\.text))")
        }
    }
}

/// Whether a list opens a URL, asked of the engine's own automata: the first rule that accepts
/// the URL's string decides (nil for a URL written without a path, which the universe leaves out).
enum RuleCoverageProbe {
    static func opens(_ list: DecisionList, url text: String) -> Bool? {
        guard let url = URLParts(text), url.writtenWithPath, text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var symbols = url.path.utf8.map { Symbol($0) }
        symbols.append(url.queryWritten ? Symbols.querySeparator : Symbols.noQuery)
        if url.queryWritten { symbols += url.query.utf8.map { Symbol($0) } }
        symbols.append(url.fragmentWritten ? Symbols.fragmentSeparator : Symbols.noFragment)
        if url.fragmentWritten { symbols += url.fragment.utf8.map { Symbol($0) } }
        for rule in list.rules where rule.automaton.accepts(symbols) { return !rule.exclude }
        return false
    }
}
