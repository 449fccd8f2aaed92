import Mustache

/// The compiled HTML templates: the built-in ones, each replaced by a user's file of the same
/// name (`page.mustache`, `head.mustache`, `short-link.mustache`); a user's other files are
/// extra partials (`{{> footer}}`).
public struct PageTemplates: Sendable {
    let library: MustacheLibrary
    /// Where each template came from, for messages.
    let origins: [String: String]

    public static let builtIn = PageTemplates(compiling: [])

    /// Nil beside diagnostics when a user's template does not parse.
    public static func compile(_ files: [SourceFile]) -> (templates: PageTemplates?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        for file in files {
            do {
                _ = try MustacheTemplate(string: file.text)
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.append(
                    .error(
                        "template \(describe(error.error))",
                        at: file.location(line: error.context.lineNumber, column: error.context.columnNumber)))
            } catch {
                diagnostics.append(.error("template cannot be read: \(error)", at: file.location(line: 1, column: 1)))
            }
        }
        guard diagnostics.isEmpty else { return (nil, diagnostics) }
        return (PageTemplates(compiling: files), [])
    }

    /// The built-in templates as files (`page.mustache`, …), for `init --templates` to copy.
    public static var builtInFiles: [(name: String, text: String)] {
        DefaultTemplates.all.sorted { $0.key < $1.key }.map { ("\($0.key).mustache", $0.value) }
    }

    /// The name a template file is registered under: its file name without `.mustache`.
    public static func name(of path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(".mustache") ? String(file.dropLast(".mustache".count)) : file
    }

    private init(compiling files: [SourceFile]) {
        var library = MustacheLibrary()
        var origins: [String: String] = [:]
        for (name, text) in DefaultTemplates.all.sorted(by: { $0.key < $1.key }) {
            try! library.register(text, named: name)  // Built-in templates are tested to parse.
            origins[name] = "built-in \(name).mustache"
        }
        for file in files {
            let name = Self.name(of: file.path)
            try? library.register(file.text, named: name)  // Parsed above.
            origins[name] = file.path
        }
        self.library = library
        self.origins = origins
    }

    func render(_ context: Any, template: String) -> String {
        library.render(context, withTemplate: template) ?? ""
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "error: \(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "closes a section that is not the one open here ({{/name}} must match {{#name}})"
        case .unfinishedName: return "has a tag that is not closed (expected '}}')"
        case .expectedSectionEnd: return "opens a section that is never closed (expected {{/name}})"
        case .invalidSetDelimiter: return "has an invalid set-delimiter tag"
        case .transformAppliedToInheritanceSection: return "applies a transform to an inheritance section"
        case .illegalTokenInsideInheritSection: return "has a tag inside an inheritance section that is not a block"
        case .textInsideInheritSection: return "has text inside an inheritance section"
        case .invalidConfigVariableSyntax: return "has an invalid pragma tag"
        case .unrecognisedConfigVariable: return "has an unknown pragma"
        }
    }
}
