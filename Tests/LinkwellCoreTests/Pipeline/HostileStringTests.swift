import Foundation
import Synchronization
import Testing

@testable import LinkwellCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Hostile strings in every field that reaches a configuration file or a page — names, paths,
/// variable values, short links, robots rules, page texts and labels, and an item row's columns:
/// each build either refuses the manifest with located errors, or writes files that parse back to
/// exactly what the manifest asked for — one `_redirects` rule per route and short link, one
/// robots.txt group per manifest group, JSON that parses, intent filters that are XML, and pages
/// whose configuration block is JSON (Tests/Serving also gives every page to an HTML parser and
/// finds the same elements in each).
@Suite struct HostileStringTests {
    static let pieces = [
        "a", "/", "*", "?", " ", "\t", "\n", "\r", "\u{0}", "\u{7F}", "\u{2028}", "\"", "'", "\\", "$", "{", "}", ";", "#", "%0A", "<",
        ">", "&", "]]>", "User-agent: *", "Disallow: /", "301!", "https://evil.example", "é", "東", "\u{85}", "<b>",
        "</title><script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "' onload='alert(1)", "<!--", "</script>",
        // What JavaScript's \s holds besides ASCII white space (Netlify splits `_redirects` fields on
        // it), the non-characters that make XML ill-formed, and what hosts read as syntax in a path
        // (`:name` is a Netlify placeholder, nginx decodes `%2F` and merges `//`).
        "\u{FEFF}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{200A}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{FFFE}",
        "\u{FFFF}", "\u{1FFFE}", ":name", "%2F", "//", "\u{200B}", "\u{E000}",
    ]

    /// JavaScript's `\s`: how Netlify splits a `_redirects` line into fields.
    static func isJavaScriptSpace(_ character: Character) -> Bool {
        character.unicodeScalars.contains { scalar in
            [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF].contains(scalar.value)
                || (0x2000...0x200A).contains(scalar.value)
        }
    }

    /// Mostly ordinary text with a hostile piece or two, so that both refused and built
    /// manifests occur (each field is hostile in about one case in three).
    static func hostile(_ random: inout PropertyTests.Random) -> String {
        guard random.below(3) == 0 else { return random.pick(["a", "b1", "x-y", "é", "東京"]) }
        return (0..<(1 + random.below(3))).map { _ in random.pick(pieces) }.joined()
    }

    /// A YAML double-quoted scalar holding exactly `text`.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0x2028:
                result += String(format: "\\u%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// One case's outcome; problems are collected as text so that cases can run on every core
    /// (expectations are recorded on the test's own thread).
    struct Outcome: Sendable {
        var built = false
        var withSyntax = false
        var problems: [String] = []
        /// The built nginx snippets by host, for the nginx check in Tests/Serving.
        var nginx: [String: String] = [:]
        /// The route page and the item page, for the HTML check in Tests/Serving.
        var pages: [String: String] = [:]
    }

    /// 1,000 cases by default; `LINKWELL_HOSTILE_CASES` asks for more (Tests/Serving runs 10,000
    /// and gives every built nginx snippet to `nginx -t` through `LINKWELL_HOSTILE_NGINX_DIR`, and
    /// every page to an HTML parser through `LINKWELL_HOSTILE_PAGES_DIR`).
    /// The arithmetic definition of non-characters is the standard library's, on every scalar.
    @Test func noncharactersAreUnicodes() {
        let differing = (UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
            Validation.isNoncharacter($0) != $0.properties.isNoncharacterCodePoint
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    @Test func hostileStringsAreRefusedOrWrittenSafely() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["LINKWELL_HOSTILE_CASES"].flatMap(Int.init) ?? 1_000
        let outcomes = Mutex([Outcome?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let outcome = Self.check(case: index)
            outcomes.withLock { $0[index] = outcome }
        }
        let all = outcomes.withLock { $0 }.compactMap { $0 }
        #expect(all.count == count)
        for outcome in all { for problem in outcome.problems { Issue.record(Comment(rawValue: problem)) } }
        let built = all.filter(\.built).count
        #expect(built > 0 && built < count, "both kinds occur: \(count - built) refused, \(built) built")
        #expect(all.filter(\.withSyntax).count > built / 3, "quotes, backslashes, $ and the like reach the files")
        // The figures the closing notes quote: every case either refused with a location or built
        // into files whose structure is what was asked (an "injected" case is one with a problem).
        let injected = all.filter { !$0.problems.isEmpty }.count
        print(
            "hostile corpus: \(count) manifests tried (11 values each, about one in three hostile), \(count - built) refused with a location, "
                + "\(built) built and parsed back, \(injected) injected, 0 crashed")
        if let folder = environment["LINKWELL_HOSTILE_NGINX_DIR"] {
            for (index, outcome) in all.enumerated() where outcome.built {
                for (host, snippet) in outcome.nginx {
                    try Data(snippet.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(index)-\(host).conf"))
                }
            }
        }
        if let folder = environment["LINKWELL_HOSTILE_PAGES_DIR"] {
            for (index, outcome) in all.enumerated() where outcome.built {
                for (kind, page) in outcome.pages {
                    try Data(page.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(index)-\(kind).html"))
                }
            }
        }
    }

    /// Case `index`, from its own seed: refused with located errors and no files, or built into
    /// files that parse back to exactly the rules asked for.
    static func check(case index: Int) -> Outcome {
        var random = PropertyTests.Random(state: 0x4C69_6E6B &+ UInt64(index) &* 0x9E37_79B9)
        var outcome = Outcome()
        func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { outcome.problems.append("case \(index): \(message())") }
        }
        let path = "/" + Self.hostile(&random) + "/*"
        let value = Self.hostile(&random)
        let rule = "/" + Self.hostile(&random)
        let agent = "bot" + Self.hostile(&random)
        let title = Self.hostile(&random)
        let target = "/i/" + Self.hostile(&random)
        let description = Self.hostile(&random)
        let label = Self.hostile(&random)
        let columns = (0..<3).map { _ in Self.hostile(&random) }
        let yaml = """
            version: 1
            name: \(Self.quoted(title))
            apps:
              ios:
                - id: app
                  name: \(Self.quoted(title))
                  teamID: ABCDE12345
                  bundleID: com.example.app
              android:
                - id: app
                  name: App
                  package: com.example.app
                  sha256: [14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5, B1:35:8E:4C:9F:0A:61:D2:77:C3:28:5E:4A:0B:9D:13:6F:E2:81:C7:3A:55:D4:0E:92:B8:1F:6C:07:E9:A3:44]
            domains:
              pairs:
                - primary: m.example.com
                  mirror: mlink.example.com
              short: go.example.com
            substitutionVariables:
              v: [\(Self.quoted(value))]
            routes:
              - name: hostile
                path: \(Self.quoted(path))
                page: p
              - name: variable
                path: /v/$(v)/*
                page: p
              - name: code
                path: /?*
                hosts: [go.example.com]
                page: p
              - name: items
                path: /i/*
                page: p
            pages:
              p:
                title: \(Self.quoted(title))
                description: \(Self.quoted(description))
                items: data/p.csv
                labels:
                  open: \(Self.quoted(label))
            shortLinks:
              - code: ab
                target: \(Self.quoted(target))
            robots:
              groups:
                - userAgents: [\(Self.quoted(agent))]
                  disallow: [\(Self.quoted(rule))]

            """
        // An item row: title, description and a column of the template's own, CSV-quoted.
        let csv =
            "path,title,description,name\n/i/one,"
            + columns.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            .joined(separator: ",") + "\n"
        let project = InMemoryProjectFiles(["data/p.csv": csv])
        let result = Linkwell.build(SourceFile(path: "site.yaml", text: yaml), project: project)
        var built: [OutputFile] = []
        let items = BuildOutput.files(of: result, project: project) { built.append($0) }
        let errors = (result.diagnostics + items.diagnostics).filter { $0.severity == .error }
        if !errors.isEmpty {
            expect(errors.allSatisfy { $0.location != nil }, "an error without a location: \(errors)")
            // A row's error comes after the manifest built; the executable then writes nothing.
            expect(result.succeeded || result.files.isEmpty, "a refused manifest wrote files")
            return outcome
        }
        outcome.built = true
        outcome.withSyntax = ([path, value, rule, target, title, description, label] + columns).joined().contains(where: {
            "\"\\$;{<&".contains($0)
        })
        let files = Dictionary(built.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        // Pages: the configuration block parses as JSON; Tests/Serving parses the whole page.
        for (kind, path) in [("route", "m.example.com/_linkwell/p.html"), ("item", "m.example.com/i/one.html")] {
            guard let page = files[path] else {
                expect(false, "no \(path)")
                continue
            }
            outcome.pages[kind] = page
            let block = page.components(separatedBy: "<script type=\"application/json\" id=\"linkwell-config\">").dropFirst().first?
                .components(separatedBy: "</script>").first
            expect(
                block.map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil } == true,
                "\(path): the configuration block is not JSON")
        }
        // _redirects, read by Netlify's documented grammar: one rule per line, fields split on whitespace.
        for (host, expected) in [("m.example.com", 3), ("go.example.com", 2)] {
            let rules = (files["\(host)/_redirects"] ?? "").split(separator: "\n").filter { !$0.isEmpty && !$0.hasPrefix("#") }
            // m.example.com: the three page routes; go.example.com: the short link and the catch-all.
            expect(rules.count == expected, "\(host)/_redirects has \(rules.count) rules for \(yaml)")
            expect(rules.allSatisfy { $0.split(whereSeparator: Self.isJavaScriptSpace).count == 3 }, "\(rules)")
            // A field that starts with `#` ends the rule (Netlify reads the rest as a comment).
            expect(rules.allSatisfy { !$0.split(whereSeparator: Self.isJavaScriptSpace).contains { $0.hasPrefix("#") } }, "\(rules)")
            outcome.nginx[host] = files["\(host)/nginx.conf"]
        }
        // robots.txt: the manifest's group and nothing else, read back by the robots matcher.
        let robots = RobotsMatcher(parsing: files["m.example.com/robots.txt"] ?? "")
        expect(robots.userAgents.filter { $0 != "*" }.count <= 1, "robots groups: \(robots.userAgents)")
        // JSON and XML parse.
        for name in ["vercel.json", "firebase.json", "apple-app-site-association", ".well-known/assetlinks.json"] {
            let text = files["m.example.com/\(name)"] ?? ""
            expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "\(name) is not JSON")
        }
        for file in result.files where file.path.hasSuffix(".xml") {
            let parser = XMLParser(data: Data(file.contents.utf8))
            expect(parser.parse(), "\(file.path): \(parser.parserError.map { "\($0)" } ?? "")")
        }
        return outcome
    }
}
