// libFuzzer entry points for the parts of Linkwell that read untrusted bytes. Built only by
// `.ci/fuzz` (LINKWELL_FUZZ=1 and -sanitize=fuzzer,address); LINKWELL_FUZZ_TARGET chooses what
// each input is given to. Whatever an input is, the code under test must return (an error is a
// fine answer): a crash, a hang, a sanitizer report or unbounded memory is the finding.
import Foundation
import LinkwellCore

private enum Target: String {
    case manifest, yaml, json, url, match, items
}

private let target: Target = {
    let name = ProcessInfo.processInfo.environment["LINKWELL_FUZZ_TARGET"] ?? "manifest"
    guard let target = Target(rawValue: name) else { fatalError("LINKWELL_FUZZ_TARGET: manifest, yaml, json, url, match or items") }
    return target
}()

/// The bundled site's rules, for the matcher target: URLs are fuzzed against real rules.
private let siteMatcher: MatchEvaluator? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    guard let text = try? String(contentsOf: root.appendingPathComponent("site.yaml"), encoding: .utf8) else { return nil }
    let result = Linkwell.build(SourceFile(path: "site.yaml", text: text))
    guard let site = result.site, let plan = result.plan else { return nil }
    return .site(SiteMatcher(site: site, plan: plan, files: result.files))
}()

private let aasaMatcher: MatchEvaluator = {
    let aasa = try? JSONValue.parse(
        ##"{"applinks": {"details": [{"appIDs": ["T.A"], "components": [{"/": "/u/*", "?": {"ref": "?*"}}, {"/": "/x/$(lang)/*", "exclude": true}, {"/": "/a/*/b", "caseSensitive": false, "percentEncoded": false}, {"#": "no"}], "paths": ["/u/*", "NOT /v/*", "*"]}]}}"##
    )
    return .files(FileMatcher(aasa: aasa, appIDs: [], assetLinks: nil, packages: [], host: nil))
}()

/// What the json target asks of each AASA it reads: a path most rules can reach, one with a
/// query, fragment and escape, and one with a trailing slash.
private let probeURLs = ["https://h/", "https://h/a/B%20c/d?e=f#g", "https://h/u/1/"].compactMap(URLParts.init)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    switch target {
    case .manifest:
        // As a file from disk: not UTF-8 is a located error too.
        switch SourceFile.decode(bytes, path: "site.yaml") {
        case .success(let file): _ = Linkwell.build(file)
        case .failure: break
        }
    case .yaml:
        // The YAML reader alone: many more inputs a second than whole builds.
        switch SourceFile.decode(bytes, path: "site.yaml") {
        case .success(let file): _ = YAMLParser.parse(file)
        case .failure: break
        }
    case .json:
        var duplicates: [JSONSyntaxError] = []
        if let value = try? JSONValue.parse(String(decoding: bytes, as: UTF8.self), duplicateKeys: &duplicates) {
            // Rules compile when a lookup first reaches them, so each form is asked the probe
            // URLs in turn for the file's first app until its index is built: the first lookups
            // reach the rules whose literal start they share, the last builds the index,
            // compiling every rule.
            for form in AASAMatcher.Form.allCases {
                let matcher = AASAMatcher(document: value, form: form)
                guard let app = matcher.appIDs.first else { continue }
                for lookup in 0...AASAMatcher.lookupsBeforeIndexing { _ = matcher.decide(probeURLs[lookup % probeURLs.count], appID: app) }
            }
            _ = StatementListCheck.rejection(of: value)
        }
    case .url, .match:
        let text = String(decoding: bytes, as: UTF8.self)
        guard let url = URLParts(text) else { return 0 }
        if target == .match {
            var output = MatchOutputLines()
            aasaMatcher.appendJSONLines(text, url, to: &output)
            siteMatcher?.appendJSONLines(text, url, to: &output)
        }
    case .items:
        // Two formats, in chunks of 7 bytes so rows cross chunk boundaries.
        for format in [ItemRows.Format.csv, .jsonLines] {
            var offset = 0
            let chunks = AnyIterator<[UInt8]> {
                guard offset < bytes.count else { return nil }
                defer { offset += 7 }
                return Array(bytes[offset..<min(offset + 7, bytes.count)])
            }
            var rows = ItemRows(file: "data/p.csv", format: format, chunks: chunks)
            var count = 0
            while rows.next() != nil, count < 100_000 { count += 1 }
        }
    }
    return 0
}
