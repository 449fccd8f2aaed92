/// The preview pages' style sheet and script as files of their own, which every host serves: a
/// page carries only what is its own (its texts, links and settings), and a browser fetches the
/// shared bytes once. They were 8 KB of every page, repeated in each of a catalogue's item
/// pages (1.2 GB at 50,000 rows, 800 MB of it the same bytes).
///
/// The style sheet (the `style` template rendered with the theme, `/_linkwell/style.css`), the
/// script (`PageScript.source`, `/_linkwell/page.js`) and the host's table of its apps' rules by
/// which the script decides whether the app opens the page's URL (`PageDecisions`,
/// `/_linkwell/rules.js`) have names that never change, and hosts tell browsers to revalidate
/// them on every use (`no-cache`: a 304 without the body while they are unchanged). A name that
/// followed their content would be in every page, so a theme edit, a script fix or a route change
/// would rewrite every item page of every host — a pull request of thousands of files for one
/// line of the manifest; and a preview page is mostly visited once, so a year's cache saved
/// little. Templates refer to them as `{{assets.style}}`, `{{assets.rules}}` and
/// `{{assets.script}}`; the pages' Content-Security-Policy then allows `'self'`.
package struct PageAssets: Sendable, Hashable {
    package struct File: Sendable, Hashable {
        /// The URL path, `/_linkwell/…`.
        package var path: String
        package var text: String
    }

    /// A font file of the theme, copied from the project (`ThemeFonts`).
    package struct Font: Sendable, Hashable {
        /// `src` as the manifest writes it.
        package var source: String
        /// The URL path, `/_linkwell/fonts/…`.
        package var path: String
        package var bytes: [UInt8]

        package init(source: String, path: String, bytes: [UInt8]) {
            self.source = source
            self.path = path
            self.bytes = bytes
        }
    }

    package var style: File
    package var script: File
    /// Per host: its apps' rules.
    package var rules: [String: File]
    package var fonts: [Font]

    /// The files `host` serves.
    package func files(on host: String) -> [File] { [style, script] + (rules[host].map { [$0] } ?? []) }

    /// Where they are, for the plan.
    package var paths: PageAssetPaths {
        PageAssetPaths(style: style.path, script: script.path, rulesHosts: Set(rules.keys), fonts: fonts.map(\.path))
    }

    /// Where each font's file is served: its own URL, or the path a project file was copied to.
    var fontURLs: [String: String] { Dictionary(fonts.map { ($0.source, $0.path) }, uniquingKeysWith: { first, _ in first }) }

    package init(site: Site, templates: PageTemplates, fonts: [Font] = []) {
        self.fonts = fonts
        let urls = Dictionary(fonts.map { ($0.source, $0.path) }, uniquingKeysWith: { first, _ in first })
        // What the `style` template can use: the theme.
        let context = TemplateRecord(["theme": .object(PageContext.theme(site.theme, fontURLs: urls))])
        let css = templates.render(context, template: "style").bytes
        style = File(path: PageAssetPaths.style, text: String(decoding: css, as: UTF8.self))
        script = File(path: PageAssetPaths.script, text: PageScript.source + "\n")
        var rules: [String: File] = [:]
        // A host's table depends only on the routes it serves: mirrors share one.
        var byRoutes: [[String]: File] = [:]
        for host in site.hosts {
            let routes = site.routes(on: host).map(\.name)
            let file = byRoutes[routes] ?? File(path: PageAssetPaths.rules, text: PageDecisions(site: site, host: host).script)
            byRoutes[routes] = file
            rules[host] = file
        }
        self.rules = rules
    }
}

extension BuildPlan {
    /// The plan of a build with the built-in templates: what `diff`, `verify` and the checks of a
    /// manifest alone plan (the shared files' names follow the templates' content).
    package init(site: Site) {
        self.init(site: site, assets: PageAssets(site: site, templates: .builtIn).paths)
    }
}

extension PageAssets {
    /// Each host's rules file with the filters of the Android apps whose own manifest is read
    /// (`PageDecisions.withAppFilters`). Where each app is verified is known only from the built
    /// assetlinks.json files, so the build writes these once its matcher has read them.
    package static func rulesFiles(
        site: Site, realFilters: [String: (handling: AndroidLinkHandling, verified: Set<String>)]
    ) -> [OutputFile] {
        var byTable: [PageDecisions: String] = [:]
        return site.hosts.map { host in
            let table = PageDecisions(site: site, host: host).withAppFilters(realFilters, site: site, host: host)
            let script = byTable[table] ?? table.script
            byTable[table] = script
            return OutputFile(path: host + PageAssetPaths.rules, contents: script)
        }
    }
}
