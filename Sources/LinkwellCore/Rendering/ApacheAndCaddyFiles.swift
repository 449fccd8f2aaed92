/// The two self-hosted servers besides nginx: Apache httpd and Caddy. Both read a route's
/// pattern as the same anchored regular expression nginx does, against the decoded path with
/// slashes merged (which is why `Validation.checkPagePathsForHosts` refuses escapes and `//` for
/// all three), and both are tested against the real server (Tests/Serving).
extension HostingFiles {
    /// Apache 2.4's `.htaccess` for a host folder that is the `DocumentRoot` (mod_rewrite and
    /// mod_headers on, `AllowOverride All` or the same lines in its `<Directory>` block): the
    /// association files as JSON or a 404, configuration files 404, short links 302, then per
    /// route, in order, an item's own page, else a file at that path, else the route's page.
    static func apache(_ contentFiles: [String], routes: HostRoutes) -> String {
        // A sign-in host's folder has no pages and no robots.txt: the site there keeps its own settings.
        let pages = contentFiles.contains { $0.hasSuffix(".html") }
        var lines = [
            "# Apache 2.4 with mod_rewrite and mod_headers, for the host whose DocumentRoot is this folder: read as its",
            "# .htaccess (AllowOverride All), or copy these lines into the <Directory> block of this folder.",
        ]
        if pages { lines.append("Options -MultiViews") }
        lines.append("# Association files: JSON, and a 404 rather than any fallback page.")
        for name in Set(
            AssociationFiles.allPaths.filter { contentFiles.contains(String($0.dropFirst())) }.map {
                $0.split(separator: "/").last.map(String.init) ?? $0
            }
        ).sorted() {
            lines += ["<Files \"\(name)\">", "    ForceType \(ContentType.json)", "</Files>"]
        }
        if contentFiles.contains("robots.txt") {
            lines += ["<Files \"robots.txt\">", "    ForceType \"text/plain; charset=utf-8\"", "</Files>"]
        }
        if pages { lines += ["<FilesMatch \"\\.html$\">", "    ForceType \"text/html; charset=utf-8\"", "</FilesMatch>"] }
        let shared = assets(contentFiles)
        if !shared.isEmpty {
            lines.append("# " + HostingFiles.assetsComment(shared))
        }
        for asset in shared {
            lines += [
                "<Files \"\(asset.split(separator: "/").last.map(String.init) ?? asset)\">", "    ForceType \"\(ContentType.of(asset))\"",
                "    Header set Cache-Control \"\(PageAssetPaths.cacheControl(of: asset))\"", "</Files>",
            ]
        }
        if contentFiles.contains(PageKind.notFound.fileName) {
            lines += [
                "# Every other URL: the host's not-found page, which still offers the app and the web.",
                "ErrorDocument 404 /\(PageKind.notFound.fileName)",
            ]
        }
        lines += [
            "RewriteEngine On",
            "# Configuration files for other hosts are not content.",
            "RewriteRule \"^(\(configurationFiles.map { $0.replacingEvery(".", with: "\\.") }.joined(separator: "|")))$\" - [R=404]",
            // mod_rewrite runs before mod_dir: a site's FallbackResource (an SPA's index.html) never
            // answers for a missing association file.
            "# A missing association file is a 404, before any FallbackResource can answer with a page.",
            "RewriteCond %{REQUEST_FILENAME} !-f",
            "RewriteRule \"^(\(AssociationFiles.allPaths.map { $0.dropFirst().replacingEvery(".", with: "\\.") }.joined(separator: "|")))$\" - [R=404]",
        ]
        if !routes.redirects.isEmpty {
            lines.append("# Short links: the app opens them itself; without it, the host sends them on to their page.")
            for redirect in routes.redirects {
                // A code is base62, '-' and '_': no regex syntax. In the target, '%' would start a
                // back-reference; NE keeps its escapes as written.
                lines.append(
                    "RewriteRule \"^\(redirect.path.dropFirst())$\" \(rewriteArgument(redirect.target.replacingEvery("%", with: "\\%"))) [R=302,NE,END]"
                )
            }
        }
        if !routes.rewrites.isEmpty {
            lines += [
                "# Preview pages, in route order (the first route that matches wins): an item's own page, else a file at that",
                "# path (a short code's fallback page), else the route's page.",
            ]
            for rewrite in routes.rewrites {
                let condition =
                    "RewriteCond %{REQUEST_URI} \(rewriteArgument(HostRoutes.regex(rewrite.pattern)))\(rewrite.caseSensitive ? "" : " [NC]")"
                lines += [
                    "# route '\(rewrite.route)'",
                    condition, "RewriteCond %{DOCUMENT_ROOT}%{REQUEST_URI}.html -f", "RewriteRule ^ %{REQUEST_URI}.html [END]",
                    condition, "RewriteCond %{DOCUMENT_ROOT}%{REQUEST_URI} -f", "RewriteRule ^ - [END]",
                    condition, "RewriteRule ^ \(rewrite.page) [END]",
                ]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Caddy 2 snippet for the site block whose `root` is this folder (`import <folder>/Caddyfile`):
    /// one `route` runs in the order written: configuration files 404, the association files'
    /// JSON type, short links, then per route an item's own page, else a file at that path, else
    /// the route's page, and the file server; errors answer with the not-found page.
    static func caddy(_ contentFiles: [String], routes: HostRoutes) -> String {
        var lines = [
            "# Caddy 2: import into the site block whose root is this folder, before your own directives:",
            "#     root * <this folder>",
            "#     import <this folder>/Caddyfile",
            "# It serves the folder (file_server) and answers errors with the not-found page.",
            "route {",
            "\t# Configuration files for other hosts are not content.",
            "\t@configuration path \(configurationFiles.map { "/" + $0 }.joined(separator: " "))",
            "\terror @configuration 404",
        ]
        let association = AssociationFiles.allPaths.filter { contentFiles.contains(String($0.dropFirst())) }
        if !association.isEmpty {
            lines += [
                "\t# Association files: JSON, and a 404 rather than any fallback page.",
                "\t@association path \(association.joined(separator: " "))",
                "\theader @association Content-Type \(ContentType.json)",
            ]
        }
        // Pages, style sheets and scripts get their type with UTF-8 from Caddy's own table.
        if contentFiles.contains("robots.txt") { lines.append("\theader /robots.txt Content-Type \"text/plain; charset=utf-8\"") }
        let shared = assets(contentFiles)
        if !shared.isEmpty {
            lines.append("\t# " + HostingFiles.assetsComment(shared))
        }
        for asset in shared {
            lines += [
                "\theader /\(asset) {", "\t\tContent-Type \"\(ContentType.of(asset))\"",
                "\t\tCache-Control \"\(PageAssetPaths.cacheControl(of: asset))\"", "\t}",
            ]
        }
        if !routes.redirects.isEmpty {
            lines.append("\t# Short links: the app opens them itself; without it, the host sends them on to their page.")
            for redirect in routes.redirects { lines.append("\tredir \(redirect.path) \(quoted(redirect.target)) 302") }
        }
        if !routes.rewrites.isEmpty {
            lines += [
                "\t# Preview pages, in route order: an item's own page, else a file at that path (a short code's fallback page),",
                "\t# else the route's page. A URL a route has sent to a page is under /\(PagePaths.folder)/, which no later route takes.",
            ]
            for (index, rewrite) in routes.rewrites.enumerated() {
                let regex = quoted((rewrite.caseSensitive ? "" : "(?i)") + HostRoutes.regex(rewrite.pattern, bracesAsCodes: true))
                lines += [
                    "\t# route '\(rewrite.route)'",
                    "\t@route\(index + 1) {", "\t\tpath_regexp \(regex)", "\t\tnot path /\(PagePaths.folder)/*",
                    "\t\tfile {path}.html {path} \(rewrite.page)", "\t}",
                    "\trewrite @route\(index + 1) {file_match.relative}",
                ]
            }
        }
        lines += ["\tfile_server", "}"]
        if contentFiles.contains(PageKind.notFound.fileName) {
            lines += [
                "# Every other URL: the host's not-found page, which still offers the app and the web.",
                "handle_errors {", "\trewrite * /\(PageKind.notFound.fileName)", "\tfile_server", "}",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A double-quoted argument for Caddy's configuration reader, which takes `\"` inside quotes
    /// as a quote and keeps every other backslash as written.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingEvery("\"", with: "\\\"") + "\""
    }

    /// An argument of a mod_rewrite directive. mod_rewrite reads a quoted argument up to the next
    /// quote whatever precedes it (a backslash escapes only white space), so a value holding a
    /// quote is written unquoted, which mod_rewrite reads up to the next white space: a route's
    /// pattern never holds white space (refused in anything written into a host configuration
    /// line) and starts with `^`. (A short link's target holds no quote: refused at its line.)
    static func rewriteArgument(_ text: String) -> String {
        text.contains("\"") && !text.contains(where: \.isWhitespace) ? text : "\"" + text + "\""
    }
}
