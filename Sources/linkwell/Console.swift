import ArgumentParser
import Foundation
import LinkwellCore

/// Where the executable talks to people: diagnostics and errors on stderr (coloured only on a
/// terminal, and never with NO_COLOR set), results on stdout.
enum Console {
    /// Reads and builds the manifest, prints its diagnostics and stops with exit code 1 when
    /// any is an error.
    static func build(_ manifestPath: String) throws -> Linkwell.BuildResult {
        let text: String
        do {
            text = try String(contentsOfFile: manifestPath, encoding: .utf8)
        } catch {
            self.error("cannot read manifest '\(manifestPath)': \(readableReason(error))")
            throw ExitCode.failure
        }
        let result = Linkwell.build(SourceFile(path: manifestPath, text: text))
        for diagnostic in result.diagnostics { printToStandardError(render(diagnostic)) }
        guard result.succeeded else {
            let errors = result.diagnostics.filter { $0.severity == .error }.count
            printToStandardError("\(errors) error\(errors == 1 ? "" : "s"); nothing was written")
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

    static func readableReason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            let reason = String(validatingCString: strerror(Int32(underlying.code)))
        {
            return reason.lowercased()
        }
        return nsError.localizedDescription
    }
}
