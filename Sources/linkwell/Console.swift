import ArgumentParser
import Foundation
import LinkwellCore

/// Where the executable talks to people: diagnostics and errors on stderr (coloured only on a
/// terminal, and never with NO_COLOR set), results on stdout.
enum Console {
    /// Reads and builds the manifest, prints its diagnostics and stops with exit code 1 when
    /// any is an error.
    static func build(_ options: ManifestOptions, quiet: Bool = false) throws -> Linkwell.BuildResult {
        let manifestPath = options.manifest
        guard let text = readManifest(manifestPath) else { throw ExitCode.failure }
        let result = Linkwell.build(SourceFile(path: manifestPath, text: text), strict: options.strict)
        for diagnostic in result.diagnostics where !quiet || diagnostic.severity == .error {
            printToStandardError(options.diagnosticsFormat == .text ? render(diagnostic) : options.diagnosticsFormat.render(diagnostic))
        }
        guard result.succeeded else {
            let errors = result.diagnostics.filter { $0.severity == .error }.count
            if options.diagnosticsFormat == .text { printToStandardError("\(errors) error\(errors == 1 ? "" : "s"); nothing was written") }
            throw ExitCode.failure
        }
        return result
    }

    static func status(_ message: String) {
        print(message)
    }

    static func error(_ message: String) {
        printToStandardError(render(.error(message, at: nil)))
    }

    static func render(_ diagnostic: Diagnostic) -> String {
        let text = diagnostic.description
        guard useColour else { return text }
        let colour =
            switch diagnostic.severity {
            case .error: "\u{1B}[1;31m"
            case .warning: "\u{1B}[1;33m"
            case .note: "\u{1B}[1;36m"
            }
        let label = "\(diagnostic.severity.rawValue):"
        return text.replacingOccurrences(of: " \(label) ", with: " \(colour)\(label)\u{1B}[0m ")
    }

    private static let useColour = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    private static func printToStandardError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// A JSON file given on the command line, strictly parsed; exit 1 with its location if not.
    static func readJSON(_ path: String) throws -> JSONValue {
        guard let text = readFile(path, what: "file") else { throw ExitCode.failure }
        do {
            return try JSONValue.parse(text)
        } catch {
            self.error("\(path):\(error.line):\(error.column): \(error.message)")
            throw ExitCode.failure
        }
    }

    /// The manifest's text, or nil after saying plainly why it cannot be read.
    private static func readManifest(_ path: String) -> String? {
        readFile(path, what: "manifest")
    }

    private static func readFile(_ path: String, what: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            error(
                "cannot read \(what) '\(path)': no such file"
                    + (what == "manifest" ? " (run Linkwell in the folder that holds site.yaml, or pass --manifest)" : ""))
            return nil
        }
        guard !isDirectory.boolValue else {
            error("cannot read \(what) '\(path)': it is a folder")
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            error("cannot read \(what) '\(path)': permission denied or unreadable")
            return nil
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            error("cannot read \(what) '\(path)': it is not UTF-8 text")
            return nil
        }
        return text
    }
}
