/// The static hosts Linkwell writes configuration for. Each needs telling, in its own format,
/// that the extensionless AASA is JSON and that nothing may redirect or rewrite the files.
package enum HostingProvider: String, Sendable, Hashable, Codable, CaseIterable {
    /// Netlify: `_headers` (and later `_redirects`) in the publish folder.
    case netlify
    /// Cloudflare Pages: the same `_headers` format as Netlify.
    case cloudflare
    case vercel
    case firebase
    case nginx
    case githubPages = "github-pages"
    case s3
    /// Apache httpd 2.4: an `.htaccess` (mod_rewrite, mod_headers) in the host folder.
    case apache
    /// Caddy 2: a `Caddyfile` snippet imported into the host's site block.
    case caddy
}

/// What a host must send with a file, as the providers' header rules need it.
package enum ContentType {
    package static let json = "application/json"

    package static func of(_ path: String) -> String {
        if path.hasSuffix(AssociationFiles.aasaRoot) || path.hasSuffix(".json") { return json }
        if path.hasSuffix(".txt") { return "text/plain; charset=utf-8" }
        if path.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if path.hasSuffix(".xml") { return "application/xml" }
        if path.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if path.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        for font in ["woff2", "woff", "ttf", "otf"] where path.hasSuffix("." + font) { return "font/" + font }
        return "application/octet-stream"
    }
}
