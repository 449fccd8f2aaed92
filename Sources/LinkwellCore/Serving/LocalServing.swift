/// What `linkwell serve` answers for a request, decided exactly as the generated host
/// configuration decides it (the nginx snippet is the reference): association files as JSON
/// or 404, never a fallback; configuration files 404; short links 302; each page route's URLs
/// the item's own page, else the route page; any other file as itself; anything else the
/// host's not-found page.
package struct LocalServing: Sendable {
    package enum Answer: Sendable, Hashable {
        /// A file below the output folder, and the Content-Type to send it with.
        case file(path: String, contentType: String)
        case redirect(location: String)
        /// Not found, answered with the host's not-found page (status 404).
        case notFoundPage(path: String)
        case notFound
    }

    let site: Site
    let routing: PageRouting
    let redirects: [String: [String: String]]

    package init(site: Site) {
        self.site = site
        routing = PageRouting(site: site)
        var redirects: [String: [String: String]] = [:]
        for host in site.hosts {
            let routes = HostRoutes(site: site, routing: routing, host: host)
            redirects[host] = Dictionary(routes.redirects.map { ($0.path, $0.target) }, uniquingKeysWith: { first, _ in first })
        }
        self.redirects = redirects
    }

    /// `path` is the request's path without its query, as sent (percent-encoded); `exists`
    /// says whether a file is in the output folder.
    package func answer(host: String, path: String, exists: (String) -> Bool) -> Answer {
        let decoded = PercentDecoding.decode(path)
        // Nothing outside the host's folder, however the dots are written.
        guard site.hosts.contains(host), !decoded.contains("/../"), !decoded.hasSuffix("/.."), !decoded.contains("\0") else {
            return .notFound
        }
        let file = host + decoded
        if AssociationFiles.allPaths.contains(decoded) {
            return exists(file) ? .file(path: file, contentType: "application/json") : .notFound
        }
        if decoded == "/robots.txt" { return exists(file) ? .file(path: file, contentType: "text/plain; charset=utf-8") : .notFound }
        if HostingFiles.configurationFiles.contains(String(decoded.dropFirst())) { return .notFound }
        if let target = redirects[host]?[decoded] { return .redirect(location: target) }
        if decoded.hasPrefix("/\(PagePaths.folder)/") {
            return exists(file) ? .file(path: file, contentType: Self.contentType(of: file)) : .notFound
        }
        if let rule = routing.rule(for: decoded, on: host) {
            if exists(file + ".html") { return .file(path: file + ".html", contentType: "text/html; charset=utf-8") }
            if !decoded.hasSuffix("/"), exists(file) { return .file(path: file, contentType: Self.contentType(of: file)) }
            return .file(path: PagePaths.routePage(host: host, pageType: rule.pageType), contentType: "text/html; charset=utf-8")
        }
        if !decoded.hasSuffix("/"), exists(file) { return .file(path: file, contentType: Self.contentType(of: file)) }
        if exists(file + ".html") { return .file(path: file + ".html", contentType: "text/html; charset=utf-8") }
        let index = (decoded.hasSuffix("/") ? file : file + "/") + "index.html"
        if exists(index) { return .file(path: index, contentType: "text/html; charset=utf-8") }
        let notFound = "\(host)/\(PageKind.notFound.fileName)"
        return exists(notFound) ? .notFoundPage(path: notFound) : .notFound
    }

    static func contentType(of path: String) -> String {
        let types = [
            "html": "text/html; charset=utf-8", "json": "application/json", "txt": "text/plain; charset=utf-8",
            "css": "text/css; charset=utf-8",
            "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
            "webp": "image/webp", "ico": "image/x-icon", "xml": "application/xml", "woff2": "font/woff2", "woff": "font/woff",
            "ttf": "font/ttf", "otf": "font/otf",
        ]
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        return types[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}
