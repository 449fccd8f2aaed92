/// Turns planned documents into bytes and checks what only bytes can show: the AASA size limit
/// and, by reading the rendered robots.txt back, that no crawler is kept from a file.
package enum Render {
    package static func files(of plan: BuildPlan, pages: PreviewPages) -> (files: [OutputFile], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        // A host serves its association file at two paths, and mirrors serve the same one:
        // each distinct file is written out once.
        var aasaTexts: [(file: AASAFile, text: String)] = []
        var costliestRoutes: [(route: Route, cost: LintFinding.RouteCost)]?
        var robotsTexts: [RobotsPolicy: String] = [:]
        // The apps' files, the host configurations and the preview pages depend on nothing else
        // rendered here: they are written on every core first (the largest parts of a manifest's
        // build before a `check`'s first item page), in plan order.
        let site = pages.site
        let independent = plan.files.indices.filter { index in
            switch plan.files[index].document {
            case .appFile, .hostingFile, .routePage, .shortLinkPage, .page: true
            default: false
            }
        }
        let independentTexts = independent.concurrentMap { index -> String in
            let planned = plan.files[index]
            return switch planned.document {
            case .appFile(let file): AppFiles.render(file, site: site)
            case .hostingFile(let file): HostingFiles.render(file)
            case .routePage(let pageType): pages.routePage(pageType, host: planned.host)
            case .shortLinkPage(let code): pages.shortLinkPage(code)
            case .page(let kind): pages.page(kind, host: planned.host)
            default: ""
            }
        }
        let rendered = Dictionary(uniqueKeysWithValues: zip(independent, independentTexts))
        let files = plan.files.indices.map { index -> OutputFile in
            let planned = plan.files[index]
            let contents: String
            switch planned.document {
            case .aasa(let file):
                if let known = aasaTexts.first(where: { $0.file == file }) {
                    contents = known.text
                } else {
                    contents = JSONText.document(file.jsonValue)
                    aasaTexts.append((file, contents))
                }
                if contents.utf8.count > AssociationFiles.aasaSizeLimit, planned.path.hasSuffix(AssociationFiles.aasa) {
                    // The routes that cost most, to name and point at (worked out once, and only here).
                    let costliest = costliestRoutes ?? Lints.costliestRoutes(pages.site)
                    costliestRoutes = costliest
                    diagnostics.append(
                        .error(
                            RenderProblem.aasaTooLarge(
                                host: planned.host, bytes: contents.utf8.count, routes: pages.site.routes.count,
                                costliest: costliest.map(\.cost)),
                            at: costliest.first?.route.location))
                }
            case .assetLinks(let statements):
                contents = JSONText.document(.array(statements.map(\.jsonValue)))
            case .robots(let policy):
                let text = robotsTexts[policy] ?? RobotsRenderer.render(policy)
                robotsTexts[policy] = text
                contents = text
                diagnostics += robotsProof(text, path: planned.path)
            case .appFile, .hostingFile, .routePage, .shortLinkPage, .page:
                contents = rendered[index] ?? ""
            case .pageAsset(let path):
                if let font = pages.assets.fonts.first(where: { $0.path == path }) {
                    return OutputFile(path: planned.path, bytes: font.bytes)
                }
                contents = pages.assets.files(on: planned.host).first { $0.path == path }?.text ?? ""
            }
            return OutputFile(path: planned.path, contents: contents)
        }
        return (files, diagnostics)
    }

    /// Every agent the file names, under both readings, must be allowed every association file.
    static func robotsProof(_ text: String, path: String) -> [Diagnostic] {
        let matcher = RobotsMatcher(parsing: text)
        var found: [Diagnostic] = []
        for agent in matcher.userAgents {
            for file in AssociationFiles.allPaths {
                for reading in RobotsMatcher.Reading.allCases {
                    guard let rule = matcher.decidingRule(for: file, userAgent: agent, reading: reading), !rule.allow else { continue }
                    found.append(
                        .error(
                            RenderProblem.robotsBlock(path, line: rule.line, rule: rule.pattern, file: file, agent: agent, reading), at: nil
                        ))
                }
            }
        }
        return found
    }
}

/// What only the rendered bytes can show.
package enum RenderProblem: DiagnosticMessage {
    case aasaTooLarge(host: String, bytes: Int, routes: Int, costliest: [LintFinding.RouteCost])
    case robotsBlock(String, line: Int, rule: String, file: String, agent: String, RobotsMatcher.Reading)

    package var text: String {
        switch self {
        case .aasaTooLarge(let host, let bytes, let routes, let costliest):
            "the apple-app-site-association for '\(host)' is \(bytes) bytes; iOS refuses files over \(AssociationFiles.aasaSizeLimit) bytes, so merge or shorten routes (or turn off legacyPaths); it holds the rules of \(routes) route\(routes == 1 ? "" : "s"), the costliest \(costliest.map { "'\($0.route)' (\($0.bytes) bytes)" }.joined(separator: ", "))"
        case .robotsBlock(let path, let line, let rule, let file, let agent, let reading):
            "\(path) line \(line) 'Disallow: \(rule)' blocks '\(file)' for user agent '\(agent)' (\(reading.rawValue))"
        }
    }
}
