import Foundation
import LinkwellCore

/// The shared fixtures in Tests/Fixtures and the repository root, found from this file's path
/// so tests run the same from `swift test` and an IDE; one type for both test targets (the
/// core's tests and the binary's).
package enum Fixtures {
    package static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    package static let root = repositoryRoot.appendingPathComponent("Tests/Fixtures")

    /// Set LINKWELL_RECORD=1 to rewrite golden files from the current output instead of comparing.
    package static let isRecording = ProcessInfo.processInfo.environment["LINKWELL_RECORD"] == "1"

    package static func names(in folder: String, suffix: String = "") -> [String] {
        let url = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.map { String($0.dropLast(suffix.count)) }.sorted()
    }

    package static func text(_ relativePath: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)) ?? ""
    }

    /// Builds a manifest as the user's `site.yaml`, so diagnostics print that name.
    package static func build(_ yaml: String, strict: Bool = false) -> Linkwell.BuildResult {
        Linkwell.build(SourceFile(path: "site.yaml", text: yaml), strict: strict)
    }

    /// The bundled example's templates and data, as the build reads them beside site.yaml.
    package static var bundledProject: InMemoryProjectFiles {
        var files: [String: String] = [:]
        for folder in ["Templates", "data", "app-files"] {
            for (path, text) in Self.files(below: repositoryRoot.appendingPathComponent(folder)) { files["\(folder)/\(path)"] = text }
        }
        return InMemoryProjectFiles(files)
    }

    /// The bundled example's files, item pages included.
    package static func buildBundled(_ yaml: String) -> (result: Linkwell.BuildResult, files: [OutputFile], diagnostics: [Diagnostic]) {
        let project = bundledProject
        let result = Linkwell.build(SourceFile(path: "site.yaml", text: yaml), project: project)
        guard result.succeeded else { return (result, [], result.diagnostics) }
        var files: [OutputFile] = []
        let items = BuildOutput.files(of: result, project: project) { files.append($0) }
        return (result, files, result.diagnostics + items.diagnostics)
    }

    /// Every regular file below `folder`, by relative path.
    package static func files(below folder: URL) -> [String: String] {
        var files: [String: String] = [:]
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return [:]
        }
        let base = folder.resolvingSymlinksInPath().path + "/"
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files[String(url.resolvingSymlinksInPath().path.dropFirst(base.count))] = try? String(contentsOf: url, encoding: .utf8)
        }
        return files
    }

    /// The files a build of a golden case writes, by path: its `expected/` folder. Tests count
    /// from here rather than writing numbers down, so a new output file changes no test.
    package static func goldenFiles(_ name: String) -> [String] {
        files(below: root.appendingPathComponent("golden/\(name)/expected")).keys.sorted()
    }

    /// The committed `Output/` of the bundled site (equal to a fresh build of it, `check` in CI).
    package static var bundledOutputFiles: [String] {
        files(below: repositoryRoot.appendingPathComponent("Output")).keys.sorted()
    }

    /// The invalid-manifest fixtures, by name without `.yaml`.
    package static var invalidCases: [String] { names(in: "invalid", suffix: ".yaml") }

    /// The lines that differ between two texts, as a unified diff reads them (`-` expected,
    /// `+` actual, with line numbers), for a golden file's failure message.
    package static func lineDifference(expected: String, actual: String, limit: Int = 40) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var lines: [String] = []
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, let line, _): lines.append("-\(offset + 1): \(line)")
            case .insert(let offset, let line, _): lines.append("+\(offset + 1): \(line)")
            }
        }
        let shown = lines.prefix(limit).joined(separator: "\n")
        return lines.count > limit ? shown + "\n… \(lines.count - limit) more lines" : shown
    }

    /// A manifest that passes every check, for tests that change one thing in it.
    package static let validManifest = """
        version: 1
        name: Example
        scheme: example
        apps:
          ios:
            - id: example
              name: Example
              teamID: ABCDE12345
              bundleID: com.example.app
              appStoreID: "1234567890"
          android:
            - id: example
              name: Example
              package: com.example.app
              sha256:
                - 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5
                - B1:35:8E:4C:9F:0A:61:D2:77:C3:28:5E:4A:0B:9D:13:6F:E2:81:C7:3A:55:D4:0E:92:B8:1F:6C:07:E9:A3:44
        domains:
          pairs:
            - primary: m.example.com
              mirror: mlink.example.com
        routes:
          - name: account
            path: /account/*
            exclude: true
          - name: product
            path: /p/*
            page: product
        pages:
          product:
            title: A product
            web: https://www.example.com{path}{query}

        """
}
