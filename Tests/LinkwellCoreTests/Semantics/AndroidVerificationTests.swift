import Foundation
import Testing

@testable import LinkwellCore

/// Which packages a file verifies is part of what it decides: Android 14 and earlier, and any
/// Android without Google services, ignore dynamic rules, so a package a valid statement names is
/// left to its own intent filters there. `compare` holds each Android reading to that, and no
/// verdict rests on a reading nothing pins (`**`, `*?`, one package in several statements).
@Suite struct AndroidVerificationTests {
    typealias Random = PropertyTests.Random

    static let fingerprints = [
        Array(repeating: "AB", count: 32).joined(separator: ":"), Array(repeating: "CD", count: 32).joined(separator: ":"),
    ]

    static func statement(_ package: String, fingerprint: String = fingerprints[0], rules: String? = nil) -> String {
        let extensions = rules.map {
            #", "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": \#($0)}}"#
        }
        return
            #"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "\#(package)", "sha256_cert_fingerprints": ["\#(fingerprint)"]}\#(extensions ?? "")}"#
    }

    static func compare(_ before: [String], _ after: [String]) throws -> AssociationComparison {
        let a = try JSONValue.parse("[" + before.joined(separator: ", ") + "]")
        let b = try JSONValue.parse("[" + after.joined(separator: ", ") + "]")
        return AssociationComparison(before: .init(aasa: nil, assetLinks: a), after: .init(aasa: nil, assetLinks: b), host: "m.example.com")
    }

    /// The issue's case: a second package, verified on one side only, whose single dynamic rule
    /// excludes everything. Android 15+ with Google services opens nothing for it on either side;
    /// Android ≤14 verifies it on one side, where its intent filters decide.
    @Test func aPackageVerifiedOnOneSideOnlyIsADifference() throws {
        let comparison = try Self.compare(
            [Self.statement("com.ex.one")],
            [Self.statement("com.ex.one"), Self.statement("com.ex.two", rules: #"[{"/": "*", "exclude": true}]"#)])
        #expect(comparison.differs && !comparison.isProvedSame)
        #expect(comparison.verificationChanges == [.init(package: "com.ex.two", onlyAfter: true)])
        #expect(
            comparison.comparisons.first { $0.app == "com.ex.two" }?.verdict == .same, "Android 15+ opens nothing for it on either side")
        #expect(
            comparison.reportLines.contains(
                "Android ≤14 and Android without Google services · com.ex.two: verified only after (a valid handle_all_urls statement with "
                    + "its certificates): there, on Android ≤14 and on any Android without Google services, which ignore dynamic rules, the "
                    + "app's own intent filters open this host's links, whatever its dynamic rules say"))
        // A list the verifier rejects verifies nothing: every package of the other side differs.
        let rejected = try Self.compare(
            [Self.statement("com.ex.one", fingerprint: Self.fingerprints[0].lowercased())], [Self.statement("com.ex.one")])
        #expect(rejected.verificationChanges == [.init(package: "com.ex.one", onlyAfter: true)])
    }

    /// A `*` followed by another wildcard has no reading AOSP or Google pins: a list that uses one
    /// is never proved the same as anything, and the text says why.
    @Test(arguments: [("/**", "/ab"), ("/a*?", "/ab"), ("/a*?b", "/ab")])
    func anUnpinnedWildcardRunIsNotProven(_ pattern: String, _ extra: String) throws {
        let before = Self.statement("com.ex.app", rules: #"[{"/": "\#(pattern)"}]"#)
        let after = Self.statement("com.ex.app", rules: #"[{"/": "\#(extra)"}, {"/": "\#(pattern)"}]"#)
        let comparison = try Self.compare([before], [after])
        #expect(!comparison.isProvedSame)
        let result = try #require(comparison.comparisons.first)
        #expect(result.verdict == .notProven)
        #expect(
            result.summary.contains("a wildcard followed by another, which neither Google's documentation nor AOSP pins"),
            "\(result.summary)")
        #expect(comparison.reportLines.joined(separator: "\n").contains("not proven"))
    }

    /// AOSP's `PatternMatcher.matchGlobPattern` (a transcription, for the reading the unpinned
    /// runs would have if a rule's `*` became `.*` and its `?` became `.`): after `.*` it searches
    /// for the next pattern character literally, so `/.*.*` does not match `/ab` — where
    /// Linkwell's matcher reads `/**` as `/*`. This is why those runs are not proven.
    @Test func patternMatcherReadsTheRunsOtherwise() {
        #expect(!Self.matchGlobPattern("/.*.*", "/ab"))
        #expect(AndroidGlob("/**").matches("/ab"))
        #expect(!Self.matchGlobPattern("/a.*.", "/ab"))
        #expect(AndroidGlob("/a*?").matches("/ab"))
        // Where the runs are pinned, the two agree: a trailing `*`, `?*`, a literal after `*`.
        var random = Random(state: 0x5EED_61)
        for _ in 0..<4_000 {
            let pattern = (0..<random.below(6)).map { _ in random.pick(["a", "b", "/", "*", "?", "?*"]) }.joined()
            guard AndroidWildcards.unpinned(in: pattern) == nil else { continue }
            let glob = pattern.replacingOccurrences(of: "*", with: ".*").replacingOccurrences(of: "?", with: ".")
            let subject = (0..<random.below(5)).map { _ in random.pick(["a", "b", "/"]) }.joined()
            #expect(AndroidGlob(pattern).matches(subject) == Self.matchGlobPattern(glob, subject), "\(pattern) on \(subject)")
        }
    }

    /// `android.os.PatternMatcher.matchGlobPattern`, transcribed line by line.
    static func matchGlobPattern(_ patternText: String, _ matchText: String) -> Bool {
        let pattern = Array(patternText.utf16)
        let match = Array(matchText.utf16)
        let np = pattern.count
        if np <= 0 { return match.count <= 0 }
        let nm = match.count
        var ip = 0
        var im = 0
        let dot = UInt16(UInt8(ascii: "."))
        let star = UInt16(UInt8(ascii: "*"))
        let backslash = UInt16(UInt8(ascii: "\\"))
        var nextChar = pattern[0]
        while ip < np && im < nm {
            var c = nextChar
            ip += 1
            nextChar = ip < np ? pattern[ip] : 0
            let escaped = c == backslash
            if escaped {
                c = nextChar
                ip += 1
                nextChar = ip < np ? pattern[ip] : 0
            }
            if nextChar == star {
                if !escaped && c == dot {
                    if ip >= np - 1 { return true }
                    ip += 1
                    nextChar = pattern[ip]
                    if nextChar == backslash {
                        ip += 1
                        nextChar = ip < np ? pattern[ip] : 0
                    }
                    repeat {
                        if match[im] == nextChar { break }
                        im += 1
                    } while im < nm
                    if im == nm { return false }
                    ip += 1
                    nextChar = ip < np ? pattern[ip] : 0
                    im += 1
                } else {
                    repeat {
                        if match[im] != c { break }
                        im += 1
                    } while im < nm
                    ip += 1
                    nextChar = ip < np ? pattern[ip] : 0
                }
            } else {
                if c != dot && match[im] != c { return false }
                im += 1
            }
        }
        if ip >= np && im >= nm { return true }
        if ip == np - 2 && pattern[ip] == dot && pattern[ip + 1] == star { return true }
        return false
    }

    /// One package in two statements that both carry rules: which list Android reads is pinned
    /// nowhere, so the comparison with the merged list is "not proven", in text as in JSON.
    @Test func onePackageInTwoStatementsIsNotProvenWhateverTheOtherSideHolds() throws {
        let split = [Self.statement("com.ex.app", rules: #"[{"/": "/a/*"}]"#), Self.statement("com.ex.app", rules: #"[{"/": "/b/*"}]"#)]
        let merged = [Self.statement("com.ex.app", rules: #"[{"/": "/a/*"}, {"/": "/b/*"}]"#)]
        for (before, after) in [(split, merged), (merged, split), (split, split)] {
            let comparison = try Self.compare(before, after)
            #expect(!comparison.isProvedSame && !comparison.differs)
            let text = comparison.reportLines.joined(separator: "\n")
            #expect(text.contains("not proven"), "\(text)")
            #expect(text.contains("2 statements for com.ex.app carry dynamic rules"), "\(text)")
            #expect(comparison.jsonLines.contains { $0.contains(#""verdict":"not proven""#) })
        }
    }

    /// Linkwell writes runs of wildcards only in shapes Android's documentation pins.
    @Test func translationWritesOnlyPinnedRuns() {
        #expect(AndroidWildcards.pinned("/a*?b") == "/a?*b")
        #expect(AndroidWildcards.pinned("/**") == "/*")
        #expect(AndroidWildcards.pinned("/?*?x*") == "/??*x*")
        #expect(AndroidWildcards.pinned("/a??b") == "/a??b")
        #expect(AndroidWildcards.unpinned(in: "/a?*b*") == nil)
        #expect(AndroidWildcards.unpinned(in: "/a*?") == "*?")
    }

    // MARK: - Every Android reading against brute force

    /// A random statement list over three packages: each named or not, by one statement or two,
    /// with or without dynamic rules, one of two certificates, and now and then a statement the
    /// verifier rejects (a lower-case certificate).
    static func statementList(_ random: inout Random) -> [String] {
        var statements: [String] = []
        for package in ["com.ex.one", "com.ex.two", "com.ex.three"] {
            for _ in 0..<(random.below(5) == 0 ? 2 : random.below(3) == 0 ? 0 : 1) {
                var fingerprint = random.pick(fingerprints)
                if random.below(15) == 0 { fingerprint = fingerprint.lowercased() }
                let rules: String? =
                    random.below(3) == 0
                    ? nil
                    : SemanticsTests.assetLinks(&random, most: 3).array?.first?["relation_extensions"]?[AssetLinksStatement.handleAllURLs]?[
                        "dynamic_app_link_components"]?.compactText
                statements.append(statement(package, fingerprint: fingerprint, rules: rules))
            }
        }
        return statements.isEmpty ? [statement("com.ex.one")] : statements
    }

    enum Modern: Equatable {
        case opens, stays
        /// Verified without dynamic rules: the app's intent filters decide, which no file shows.
        case intentFilters
    }

    /// What a side does for a package on Android 15+ with Google services (its matcher and the
    /// packages it verifies made once).
    static func modern(_ document: JSONValue) -> (String, URLParts) -> Modern {
        let verified = StatementListCheck.verifiedPackages(document)
        let matcher = AndroidDynamicMatcher(document: document)
        return { package, url in
            guard verified[package] != nil else { return .stays }
            guard let decision = matcher.decide(url, package: package) else { return .intentFilters }
            return decision.opensApp ? .opens : .stays
        }
    }

    @Test(arguments: 0..<100)
    func everyAndroidReadingAgreesWithBruteForce(_ seed: Int) throws {
        var random = Random(state: UInt64(seed) &* 104_729 &+ 17)
        let beforeText = Self.statementList(&random)
        let afterText =
            random.below(3) == 0
            ? beforeText : random.below(2) == 0 ? Self.statementList(&random) : Array(beforeText.shuffled(using: &random))
        let before = try JSONValue.parse("[" + beforeText.joined(separator: ", ") + "]")
        let after = try JSONValue.parse("[" + afterText.joined(separator: ", ") + "]")
        let comparison = AssociationComparison(
            before: .init(aasa: nil, assetLinks: before), after: .init(aasa: nil, assetLinks: after), host: SemanticsTests.host)
        #expect(comparison.inconsistencies == [])
        let (old, new) = (StatementListCheck.verifiedPackages(before), StatementListCheck.verifiedPackages(after))
        let packages = Set(old.keys).union(new.keys)
        // Android ≤14 and without Google services: which packages are verified, with which certificates.
        let legacyDiffers = packages.contains { (old[$0] == nil) != (new[$0] == nil) }
        let certificatesDiffer = packages.contains { old[$0] != nil && new[$0] != nil && old[$0] != new[$0] }
        #expect(!comparison.verificationChanges.isEmpty == legacyDiffers, "\(beforeText) → \(afterText)")
        // Android 15+ with Google services, URL by URL: a definite difference, or one no file shows.
        var modernDiffers = false
        var modernUnknown = false
        let (first, second) = (Self.modern(before), Self.modern(after))
        for package in packages {
            for (_, url) in SemanticsTests.parsedURLs {
                let (a, b) = (first(package, url), second(package, url))
                if a == b { continue }
                if a == .intentFilters || b == .intentFilters { modernUnknown = true } else { modernDiffers = true }
                if modernDiffers { break }
            }
        }
        let bruteDiffers = legacyDiffers || certificatesDiffer || modernDiffers
        let unpinned = (beforeText + afterText).contains { $0.contains("**") || $0.contains("*?") }
        let multiple = [beforeText, afterText].contains { list in
            ["com.ex.one", "com.ex.two", "com.ex.three"].contains { package in
                list.filter { $0.contains("\"\(package)\"") && $0.contains("dynamic_app_link_components") }.count > 1
            }
        }
        if comparison.isProvedSame { #expect(!bruteDiffers && !modernUnknown, "\(beforeText) → \(afterText)") }
        if bruteDiffers && !legacyDiffers && !certificatesDiffer && (unpinned || multiple) {
            // Found under Linkwell's reading only: never a proof, never "same".
            #expect(!comparison.isProvedSame)
        } else if bruteDiffers {
            #expect(comparison.differs, "brute force differs: \(beforeText) → \(afterText)")
        } else if !modernUnknown && !unpinned && !multiple {
            #expect(comparison.isProvedSame, "\(comparison.reportLines)")
        }
        // Every witness is decided differently by the concrete matchers.
        for result in comparison.comparisons where result.verdict == .different {
            for difference in result.differences {
                let url = try #require(URLParts(difference.witness))
                #expect(first(result.app, url) != second(result.app, url), "\(difference.witness)")
            }
        }
    }
}

extension Array {
    fileprivate func shuffled(using random: inout PropertyTests.Random) -> [Element] {
        var copy = self
        for index in copy.indices.reversed() where index > 0 { copy.swapAt(index, random.below(index + 1)) }
        return copy
    }
}
