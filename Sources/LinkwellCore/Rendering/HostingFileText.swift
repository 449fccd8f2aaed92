/// Each hosting provider's configuration file as text (`HostingFiles.File` names which).
extension HostingFiles {
    /// A header rule: a URL path and the headers it gets.
    struct HeaderRule: Sendable, Hashable {
        var path: String
        var headers: [(name: String, value: String)]

        static func == (lhs: HeaderRule, rhs: HeaderRule) -> Bool {
            lhs.path == rhs.path && lhs.headers.map(\.name) == rhs.headers.map(\.name)
                && lhs.headers.map(\.value) == rhs.headers.map(\.value)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(path) }
    }

    static func render(_ file: File) -> String {
        let (contentFiles, routes) = (file.contentFiles, file.routes)
        // A folder without pages is a sign-in host's: its files go into another site's root.
        if !contentFiles.contains(where: { $0.hasSuffix(".html") }) { return credentialsOnly(file.kind, contentFiles) }
        switch file.kind {
        case .headers: return headersFile(headers(for: contentFiles))
        case .redirects: return redirectsFile(routes)
        case .vercel: return vercel(headers(for: contentFiles), routes: routes)
        case .firebase: return firebase(headers(for: contentFiles), routes: routes)
        case .nginx: return nginx(contentFiles, routes: routes)
        case .noJekyll: return ""
        case .contentTypes: return contentTypes(contentFiles)
        case .apache: return apache(contentFiles, routes: routes)
        case .caddy: return caddy(contentFiles, routes: routes)
        }
    }

    /// The headers every provider that reads header rules gets: JSON for the association files,
    /// type and cache for the pages' shared files.
    static func headers(for contentFiles: [String]) -> [HeaderRule] {
        AssociationFiles.allPaths.filter { path in contentFiles.contains(String(path.dropFirst())) }.map {
            HeaderRule(path: $0, headers: [("Content-Type", ContentType.json)])
        }
            + assets(contentFiles).map {
                HeaderRule(
                    path: "/" + $0,
                    headers: [("Content-Type", ContentType.of($0)), ("Cache-Control", PageAssetPaths.cacheControl(of: $0))])
            }
    }

    /// The pages' shared style sheet, script and rules table, and the theme's font files (`PageAssets`).
    static func assets(_ contentFiles: [String]) -> [String] {
        contentFiles.filter { file in
            file.hasPrefix(PagePaths.folder + "/")
                && (file.hasSuffix(".css") || file.hasSuffix(".js") || FontFace.formats.contains { file.hasSuffix("." + $0.extension) })
        }.sorted()
    }

    /// What the configurations say above the shared files' rules.
    static func assetsComment(_ assets: [String]) -> String {
        let fonts = assets.contains { PageAssetPaths.cacheControl(of: $0) != "no-cache" }
        return "The pages' style sheet, script and rules table (names that never change, revalidated on every use)"
            + (fonts ? " and the theme's fonts (named by their content, kept a year)." : ".")
    }

    /// Netlify and Cloudflare Pages: a path line, then indented `Name: value` lines. The header
    /// name is written `Content-Type` (a lower-case name duplicates the header on Netlify).
    static func headersFile(_ rules: [HeaderRule]) -> String {
        rules.map { rule in ([rule.path] + rule.headers.map { "  \($0.name): \($0.value)" }).joined(separator: "\n") + "\n" }.joined()
    }

    /// Netlify and Cloudflare Pages: short links first, forced (`302!`) so a code's fallback page
    /// does not shadow its redirect; then each route's page as a status-200 rewrite, in route
    /// order. Rewrites are not forced: an item page's own file wins over its route's page.
    static func redirectsFile(_ routes: HostRoutes) -> String {
        var lines = routes.redirects.map { "\($0.path)  \($0.target)  302!" }
        lines += routes.rewrites.map { "\(HostRoutes.splat($0.pattern))  \($0.page)  200" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Vercel: `cleanUrls` (`/u/alex` serves `u/alex.html`, as item pages need), the headers,
    /// each redirect with status 302, each route's page as a rewrite.
    static func vercel(_ rules: [HeaderRule], routes: HostRoutes) -> String {
        JSONText.document(
            .fields([
                "cleanUrls": .bool(true), "headers": headerRules(rules),
                "redirects": .array(
                    routes.redirects.map {
                        .fields(["source": .string($0.path), "destination": .string($0.target), "statusCode": .number(302)])
                    }),
                "rewrites": .array(
                    routes.rewrites.map {
                        .fields(["source": .string(HostRoutes.pathToRegexp($0.pattern)), "destination": .string($0.page)])
                    }),
            ]))
    }

    /// Vercel's and Firebase's `headers`: a `source` pattern and its `key`/`value` pairs.
    static func headerRules(_ rules: [HeaderRule]) -> JSONValue {
        .array(
            rules.map { rule in
                .fields([
                    "source": .string(rule.path),
                    "headers": .array(rule.headers.map { .fields(["key": .string($0.name), "value": .string($0.value)]) }),
                ])
            })
    }

    /// Firebase: `appAssociation: NONE` (else Hosting serves its own association files) and an
    /// `ignore` list without the default `**/.*`, which would drop `.well-known/`.
    static func firebase(_ rules: [HeaderRule], routes: HostRoutes) -> String {
        JSONText.document(
            .fields([
                "hosting": .fields([
                    "public": .string("."), "appAssociation": .string("NONE"),
                    "ignore": .strings(HostingFiles.configurationFiles + ["**/node_modules/**"]), "cleanUrls": .bool(true),
                    "headers": headerRules(rules),
                    "redirects": .array(
                        routes.redirects.map {
                            .fields(["source": .string($0.path), "destination": .string($0.target), "type": .number(302)])
                        }),
                    // Firebase rewrites take an RE2 `regex`, which writes route patterns exactly.
                    "rewrites": .array(
                        routes.rewrites.map {
                            .fields([
                                "regex": .string(($0.caseSensitive ? "" : "(?i)") + HostRoutes.regex($0.pattern)),
                                "destination": .string($0.page),
                            ])
                        }),
                ])
            ]))
    }

    /// An nginx snippet for the `server` block whose `root` is this folder: exact-match
    /// locations (which win over every prefix and regex location) serve each association file
    /// as JSON or answer 404 — never a page, never a redirect.
    static func nginx(_ contentFiles: [String], routes: HostRoutes) -> String {
        var lines = [
            "# Include in the server block whose root is this folder:  include <this folder>/nginx.conf;",
            "# Association files: exact locations, JSON, and a 404 rather than any fallback page.",
        ]
        for path in AssociationFiles.allPaths where contentFiles.contains(String(path.dropFirst())) {
            lines += [
                "location = \(path) {", "    types { }", "    default_type \(ContentType.json);", "    try_files $uri =404;", "}",
            ]
        }
        // A sign-in host's folder holds no robots.txt: the site there serves its own.
        if contentFiles.contains("robots.txt") {
            lines += [
                "location = /robots.txt {", "    types { }", "    default_type text/plain;", "    charset utf-8;",
                "    try_files $uri =404;", "}",
            ]
        }
        let shared = assets(contentFiles)
        if !shared.isEmpty {
            lines.append("# " + assetsComment(shared))
        }
        for asset in shared {
            lines += [
                "location = /\(asset) {", "    types { }", "    default_type \"\(ContentType.of(asset))\";",
                "    add_header Cache-Control \"\(PageAssetPaths.cacheControl(of: asset))\";", "    try_files $uri =404;", "}",
            ]
        }
        lines += [
            "# Configuration files for other hosts are not content (this regex comes before the page routes).",
            "location ~ ^/(\(configurationFiles.map { $0.replacingEvery(".", with: "\\.") }.joined(separator: "|")))$ {",
            "    return 404;", "}",
        ]
        if contentFiles.contains(PageKind.notFound.fileName) {
            lines += [
                "# Every other URL: the host's not-found page, which still offers the app and the web.",
                "error_page 404 /\(PageKind.notFound.fileName);",
            ]
        }
        if !routes.redirects.isEmpty {
            lines.append("# Short links: the app opens them itself; without it, the host sends them on to their page.")
            for redirect in routes.redirects {
                lines += ["location = \(redirect.path) {", "    return 302 \"\(redirect.target)\";", "}"]
            }
        }
        if !routes.rewrites.isEmpty {
            lines += [
                "# Preview pages, in route order (the first matching regex location wins): an item's own page, else a file at",
                "# that path (a short code's fallback page), else the route's page.",
                "location ^~ /\(PagePaths.folder)/ {", "    types { text/html html; }", "    charset utf-8;", "}",
            ]
            for rewrite in routes.rewrites {
                lines += [
                    "location \(rewrite.caseSensitive ? "~" : "~*") \(nginxQuoted(HostRoutes.regex(rewrite.pattern))) {  # route '\(rewrite.route)'",
                    "    types { text/html html; }", "    default_type text/html;", "    charset utf-8;",
                    "    try_files $uri.html $uri \(rewrite.page);", "}",
                ]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A double-quoted nginx string: nginx reads `\\` and `\"` as escapes inside quotes, so both are
    /// escaped and the regex reaches PCRE exactly as written.
    static func nginxQuoted(_ text: String) -> String {
        "\"" + text.replacingEvery("\\", with: "\\\\").replacingEvery("\"", with: "\\\"") + "\""
    }

    /// For S3 + CloudFront and other object stores: every content file with the Content-Type
    /// to upload it with (`aws s3 cp FILE s3://bucket/FILE --content-type TYPE`).
    static func contentTypes(_ contentFiles: [String]) -> String {
        JSONText.document(
            .array(contentFiles.sorted().map { .fields(["path": .string($0), "contentType": .string(ContentType.of($0))]) }))
    }
}
