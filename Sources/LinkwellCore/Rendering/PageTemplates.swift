/// The compiled HTML templates: the built-in ones, each replaced by a user's file of the same
/// name (`page.mustache`, `head.mustache`, `short-link.mustache`); a user's other files are
/// extra partials (`{{> footer}}`).
package struct PageTemplates: Sendable {
    let library: TemplateLibrary
    /// Every template's name and source, in name order, as bytes: part of an item page's
    /// fingerprint.
    let sourceFingerprint: [UInt8]
    /// The inline scripts the pages may run, and the scripts the pages' policy would block.
    let scripts: TemplateScripts
    /// Every template's source by file name (`page.mustache`): the user's, else the built-in one.
    package var sources: [String: String] = [:]

    /// The built-in templates, which a test compiles (an empty library would render empty pages).
    package static let builtIn =
        compile([]).templates ?? PageTemplates(library: TemplateLibrary.empty, sourceFingerprint: [], scripts: TemplateScripts([]))

    /// Nil beside diagnostics when a user's template does not compile.
    package static func compile(_ files: [SourceFile]) -> (templates: PageTemplates?, diagnostics: [Diagnostic]) {
        let builtIn = DefaultTemplates.all.sorted { $0.key < $1.key }.map { (name: $0.key, text: $0.value) }
        let users = files.map { (name: name(of: $0.path), text: $0.text) }
        do {
            var sources: [String: String] = [:]
            var fileNames: [String: String] = [:]
            for source in builtIn { fileNames[source.name] = "built-in \(source.name).mustache" }
            for file in files { fileNames[name(of: file.path)] = file.path }
            for source in builtIn + users { sources[source.name] = source.text }
            let fingerprint = sources.sorted { $0.key < $1.key }.flatMap { Array("\($0.key)\u{0}\($0.value)\u{0}".utf8) }
            let scripts = TemplateScripts(sources.sorted { $0.key < $1.key }.map { (file: fileNames[$0.key] ?? $0.key, text: $0.value) })
            var templates = PageTemplates(library: try TemplateLibrary(builtIn + users), sourceFingerprint: fingerprint, scripts: scripts)
            templates.sources = Dictionary(uniqueKeysWithValues: sources.map { ("\($0.key).mustache", $0.value) })
            return (templates, [])
        } catch {
            let file = files.last { name(of: $0.path) == error.template }?.path ?? "built-in \(error.template).mustache"
            let location = SourceLocation(file: file, line: error.line, column: error.column)
            return (nil, [.error(TemplateSyntaxProblem(engineMessage: error.message), at: location)])
        }
    }

    /// The built-in templates as files (`page.mustache`, …), for `init --templates` to copy.
    package static var builtInFiles: [(name: String, text: String)] {
        DefaultTemplates.all.sorted { $0.key < $1.key }.map { ("\($0.key).mustache", $0.value) }
    }

    /// The name a template file is registered under: its file name without `.mustache`.
    package static func name(of path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(".mustache") ? String(file.dropLast(".mustache".count)) : file
    }

    /// A build error for every template script the pages' Content-Security-Policy would block.
    package func scriptProblems(site: Site) -> [Diagnostic] {
        scripts.problems(allowing: site.allowedOrigins)
    }

    /// The template `name` rendered with `context`, which knows every value.
    func render(_ context: some TemplateObject, template name: String) -> TemplateLibrary.Rendered {
        library.compile(name, against: .object(context))?.render(TemplateValues()) ?? TemplateLibrary.Rendered()
    }
}

/// A template the Mustache engine cannot read, in the engine's words.
package struct TemplateSyntaxProblem: DiagnosticMessage {
    package var engineMessage: String

    package var text: String { "template \(engineMessage)" }
}
