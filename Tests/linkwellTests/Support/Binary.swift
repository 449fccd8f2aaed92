import Foundation
import LinkwellTestSupport

/// Runs the built `linkwell` executable in a folder, as a user would.
struct Binary {
    struct Run {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// `swift test` builds every product next to the test bundle.
    static let url: URL = {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [bundleFolder, bundleFolder.deletingLastPathComponent(), Bundle.main.bundleURL.deletingLastPathComponent()]
        return candidates.map { $0.appendingPathComponent("linkwell") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
            ?? bundleFolder.appendingPathComponent("linkwell")
    }()

    static func run(_ arguments: [String], in folder: URL, input: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        // Build records go to the test's own folder, not the developer's cache.
        environment["XDG_CACHE_HOME"] = folder.appendingPathComponent(".test-cache").path
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let inputPipe = Pipe()
        process.standardInput = inputPipe
        try process.run()
        inputPipe.fileHandleForWriting.write(Data((input ?? "").utf8))
        try inputPipe.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}

/// A throw-away folder holding a copy of a manifest, removed when the test ends.
struct Workspace: ~Copyable {
    let url: URL

    init(manifest: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("linkwell-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try write(manifest, to: "site.yaml")
    }

    /// A copy of the bundled example: its manifest (or `manifest` in its place), templates and data.
    static func bundled(manifest: String? = nil) throws -> Workspace {
        let workspace = try Workspace(
            manifest: try manifest ?? String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8))
        for folder in ["Templates", "data", "app-files"] {
            try FileManager.default.copyItem(
                at: Fixtures.repositoryRoot.appendingPathComponent(folder), to: workspace.url.appendingPathComponent(folder))
        }
        return workspace
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ text: String, to path: String) throws {
        let target = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
    }

    func run(_ arguments: String...) throws -> Binary.Run {
        try Binary.run(arguments, in: url)
    }

    /// Every file below `folder` with its bytes and modification time, to prove what changed.
    func snapshot(_ folder: String = "Output") -> [String: (contents: Data, modified: Date)] {
        let root = url.appendingPathComponent(folder)
        var result: [String: (Data, Date)] = [:]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
        let base = root.resolvingSymlinksInPath().path + "/"
        for case let file as URL in enumerator where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
            result[String(file.resolvingSymlinksInPath().path.dropFirst(base.count))] =
                ((try? Data(contentsOf: file)) ?? Data(), (attributes?[.modificationDate] as? Date) ?? .distantPast)
        }
        return result
    }

    func leftovers() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0.contains(".linkwell-") }
    }
}
