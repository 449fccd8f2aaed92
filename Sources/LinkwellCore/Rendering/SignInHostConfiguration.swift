/// A sign-in host's configuration (`domains.signIn`). The host runs the team's own site, so its
/// folder's files are copied into that site's root, and each configuration says only what those
/// files need — their JSON type and a 404 rather than a fallback page — and nothing that could
/// change the rest of the site (no clean URLs, no rewrites, no file server, no robots.txt rules).
extension HostingFiles {
    static func credentialsOnly(_ kind: File.Kind, _ contentFiles: [String]) -> String {
        let association = AssociationFiles.allPaths.filter { contentFiles.contains(String($0.dropFirst())) }
        let rules = headers(for: contentFiles)
        switch kind {
        case .headers:
            return "# Add to your site's _headers (copy this folder's association files into its root).\n" + headersFile(rules)
        case .redirects, .noJekyll:
            return ""
        case .vercel:
            return JSONText.document(.fields(["headers": headerRules(rules)]))
        case .firebase:
            // Without `appAssociation: NONE`, Firebase Hosting answers the association paths itself.
            return JSONText.document(.fields(["hosting": .fields(["appAssociation": .string("NONE"), "headers": headerRules(rules)])]))
        case .contentTypes:
            return contentTypes(contentFiles)
        case .nginx:
            var lines = [
                "# Copy this folder's association files into the root of the server block of this host, and include this",
                "# file in that block:  include <this folder>/nginx.conf;  Only these exact paths are affected.",
            ]
            for path in association {
                lines += [
                    "location = \(path) {", "    types { }", "    default_type \(ContentType.json);", "    try_files $uri =404;", "}",
                ]
            }
            return lines.joined(separator: "\n") + "\n"
        case .apache:
            var lines = [
                "# Apache 2.4 with mod_rewrite: add these lines to the .htaccess (or <Directory> block) of this host's",
                "# DocumentRoot, into which this folder's association files are copied. Only these paths are affected.",
            ]
            for name in Set(association.map { $0.split(separator: "/").last.map(String.init) ?? $0 }).sorted() {
                lines += ["<Files \"\(name)\">", "    ForceType \(ContentType.json)", "</Files>"]
            }
            let names = association.map { HostRoutes.regex(String($0.dropFirst())).dropFirst().dropLast() }
            lines += [
                "RewriteEngine On",
                "# A missing association file is a 404, before any FallbackResource can answer with a page.",
                "RewriteCond %{REQUEST_FILENAME} !-f", "RewriteRule \"^(\(names.joined(separator: "|")))$\" - [R=404]",
            ]
            return lines.joined(separator: "\n") + "\n"
        case .caddy:
            var lines = [
                "# Caddy 2: import into the site block of this host, whose root holds this folder's association files:",
                "#     import <this folder>/Caddyfile",
                "# Only these paths are affected: your site's own directives serve them and everything else.",
            ]
            if !association.isEmpty {
                // The path as requested, before the site's own rewrites (an app's `try_files … /index.html`)
                // could turn a missing association file into the app's page.
                let requested = association.map { "{http.request.orig_uri.path} == '\($0)'" }.joined(separator: " || ")
                lines += [
                    "@association path \(association.joined(separator: " "))", "header @association Content-Type \(ContentType.json)",
                    "# A missing association file is a 404, never the site's fallback page.",
                    "@missingAssociation {", "\texpression `\(requested)`", "\tnot file {http.request.orig_uri.path}", "}",
                    "error @missingAssociation 404",
                ]
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
