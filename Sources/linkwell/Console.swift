import ArgumentParser
import LinkwellCore
import LinkwellSystem

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the executable talks to people: diagnostics and errors on stderr (coloured only on a
/// terminal, and never with NO_COLOR set), results on stdout.
enum Console {
    /// Reads and builds the manifest, prints its diagnostics and stops with exit code 1 when
    /// any is an error.
    /// `writes`: the command writes files, so a failure says that nothing was written.
    static func build(_ options: ManifestOptions, quiet: Bool = false, writes: Bool = false) throws -> Linkwell.BuildResult {
        let manifestPath = options.manifest
        guard let text = readManifest(manifestPath) else { throw ExitCode.failure }
        let result = Linkwell.build(
            SourceFile(path: manifestPath, text: text), project: options.project, templatesFolder: options.templates, strict: options.strict
        )
        try report(result.diagnostics, options, quiet: quiet, writes: writes)
        return result
    }

    /// Reads and builds the manifest without printing or stopping: for a command that reports
    /// the build's diagnostics its own way (`app`). Exit 2 when the manifest cannot be read.
    static func load(_ options: ManifestOptions) throws -> Linkwell.BuildResult {
        guard let text = readManifest(options.manifest) else { throw ExitCode(2) }
        return Linkwell.build(
            SourceFile(path: options.manifest, text: text), project: options.project, templatesFolder: options.templates,
            strict: options.strict)
    }

    /// Prints diagnostics; stops with exit code 1 when any is an error.
    static func report(_ diagnostics: [Diagnostic], _ options: ManifestOptions, quiet: Bool = false, writes: Bool = false) throws {
        for diagnostic in diagnostics where !quiet || diagnostic.severity == .error {
            printToStandardError(options.diagnosticsFormat == .text ? render(diagnostic) : options.diagnosticsFormat.render(diagnostic))
        }
        guard !diagnostics.hasErrors else {
            let errors = diagnostics.filter { $0.severity == .error }.count
            if options.diagnosticsFormat == .text {
                printToStandardError("\(errors) error\(errors == 1 ? "" : "s")" + (writes ? "; nothing was written" : ""))
            }
            throw ExitCode.failure
        }
    }

    /// Runs `body`, a `SiteFolder` call that streams the build's item pages, then prints the item
    /// rows' diagnostics. An error among them, or in the
    /// output folder, stops the command (exit 1) with the folder as it was; `writes` as `build`'s.
    static func streaming<Value>(
        _ options: ManifestOptions, itemPages: Bool = true, writes: Bool = false, items: (Value) -> SiteFolder.Items,
        _ body: (SiteFolder.Options) throws -> Value
    ) throws -> Value {
        let value: Value
        do {
            value = try body(SiteFolder.Options(strict: options.strict, itemPages: itemPages))
        } catch let failed as SiteFolder.ItemRowsFailed {
            try report(failed.diagnostics, options, writes: writes)
            throw ExitCode.failure
        } catch let error as OutputFolderError {
            Console.error(error.description)
            throw ExitCode.failure
        }
        try report(items(value).diagnostics, options, writes: writes)
        return value
    }

    /// Says how much of a "same" rests on the build record rather than on reading the bytes.
    static func provedNote(_ proved: Int) -> String {
        proved == 0
            ? ""
            : "; \(proved) item page\(proved == 1 ? "" : "s") not re-read: the build record shows them untouched since the last build "
                + "wrote or compared them"
    }

    /// What `build` and `check` say of item pages `itemPages: deploy` leaves out, after their count.
    static func itemPagesLeftOut(rows: Int) -> String {
        "; item pages left out (itemPages: deploy): \(rows) row\(rows == 1 ? "" : "s") read and checked, no page written or compared"
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
        return text.replacingEvery(" \(label) ", with: " \(colour)\(label)\u{1B}[0m ")
    }

    private static let useColour = StandardStreams.errorIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    static func printToStandardError(_ text: String) {
        StandardStreams.error(text + "\n")
    }

    /// A JSON file given on the command line, strictly parsed; exit 1 with its location if not.
    /// A repeated key is a warning at the repeat.
    static func readJSON(_ path: String) throws -> JSONValue {
        guard let text = readFile(path, what: "file") else { throw ExitCode.failure }
        do {
            var duplicateKeys: [JSONSyntaxError] = []
            let value = try JSONValue.parse(text, duplicateKeys: &duplicateKeys)
            for duplicate in duplicateKeys {
                let location = SourceLocation(file: path, line: duplicate.line, column: duplicate.column)
                printToStandardError(
                    render(.warning(RepeatedKey(parserMessage: duplicate.message), at: location)))
            }
            return value
        } catch {
            self.error("\(path):\(error.line):\(error.column): \(error.message)")
            throw ExitCode.failure
        }
    }

    /// A file a user named, whole, or exit 1 after saying plainly why it cannot be read.
    static func readBytes(_ path: String) throws -> [UInt8] {
        switch RegularFile.bytes(path) {
        case .success(let bytes): return bytes
        case .failure(let unreadable):
            error("cannot read '\(path)': \(unreadable.reason)")
            throw ExitCode.failure
        }
    }

    /// An assetlinks.json; a statement list Google's verifier rejects as a whole is said at once,
    /// at the statement's line and column, since then nothing on that host opens an app.
    static func readAssetLinks(_ path: String) throws -> JSONValue {
        let document = try readJSON(path)
        warnIfRejected(document, path: path)
        return document
    }

    /// Says at once, at the statement's line and column, when Google's verifier rejects the
    /// statement list as a whole (the text is read again only then, to place the warning).
    static func warnIfRejected(_ document: JSONValue, path: String) {
        guard let rejection = StatementListCheck.rejection(of: document) else { return }
        let text = readFile(path, what: "file") ?? ""
        let place = rejection.statement.flatMap { StatementListCheck.location(ofStatement: $0, in: text) } ?? (1, 1)
        StandardStreams.error(
            "\(path):\(place.0):\(place.1): warning: Android's verifier rejects this whole statement list (\(rejection)); "
                + "no app link on this host is verified, so Android opens nothing\n")
    }

    /// The manifest's text, or nil after saying plainly why it cannot be read. It is a project
    /// file: a link that leads outside the project is refused, as for templates and data files.
    private static func readManifest(_ path: String) -> String? {
        let read = FileProjectFiles(manifestPath: path).manifestBytes(named: PathText.lastComponent(of: path))
        return text(of: read, path: path, what: "manifest")
    }

    private static func readFile(_ path: String, what: String) -> String? {
        text(of: RegularFile.bytes(path), path: path, what: what)
    }

    private static func text(of read: Result<[UInt8], UnreadableFile>, path: String, what: String) -> String? {
        let data: [UInt8]
        switch read {
        case .success(let bytes): data = bytes
        case .failure(let unreadable):
            error(
                "cannot read \(what) '\(path)': \(unreadable.reason)"
                    + (unreadable == .missing && what == "manifest"
                        ? " (run Linkwell in the folder that holds site.yaml, or pass --manifest)" : ""))
            return nil
        }
        switch SourceFile.decode(data, path: path) {
        case .success(let file): return file.text
        case .failure(let diagnostic):
            printToStandardError(render(diagnostic))
            return nil
        }
    }
}

/// A key repeated in a JSON file given on the command line: Linkwell reads the last, as Apple's
/// parser does, but other parsers differ.
struct RepeatedKey: DiagnosticMessage {
    var parserMessage: String

    var text: String { "\(parserMessage); parsers differ on repeated keys, keep one" }
}
