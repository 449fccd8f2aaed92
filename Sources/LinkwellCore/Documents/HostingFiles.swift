/// The hosting configuration in every host folder (spec-reference §5.3), for the providers the
/// manifest selects. Each says that both AASA paths and assetlinks.json are
/// `application/json`, and none ever redirects or rewrites an association file.
package enum HostingFiles {
    /// Files written into every host folder that are configuration, never content: hosts that
    /// serve the folder as it is (nginx) are told not to serve them.
    static let configurationFiles = [
        "_headers", "_redirects", "vercel.json", "firebase.json", "nginx.conf", "content-types.json", ".htaccess", "Caddyfile",
    ]

    /// One configuration file of a host folder, as the plan names it: which provider's file, and
    /// what it is written from (the folder's content files, by path relative to it, and its page
    /// rewrites and short-link redirects). `render` writes it.
    package struct File: Sendable, Hashable {
        package enum Kind: Sendable, Hashable {
            case headers, redirects, vercel, firebase, nginx, noJekyll, contentTypes, apache, caddy
        }

        package var kind: Kind
        var contentFiles: [String]
        var routes: HostRoutes
    }

    /// The configuration files `providers` need in a host folder, by name.
    static func plan(
        for providers: [HostingProvider], contentFiles: [String], routes: HostRoutes
    ) -> [(path: String, file: File)] {
        var kinds: [(String, File.Kind)] = []
        if providers.contains(.netlify) || providers.contains(.cloudflare) {
            kinds.append(("_headers", .headers))
            if !routes.isEmpty { kinds.append(("_redirects", .redirects)) }
        }
        if providers.contains(.vercel) { kinds.append(("vercel.json", .vercel)) }
        if providers.contains(.firebase) { kinds.append(("firebase.json", .firebase)) }
        if providers.contains(.nginx) { kinds.append(("nginx.conf", .nginx)) }
        if providers.contains(.githubPages) { kinds.append((".nojekyll", .noJekyll)) }
        if providers.contains(.s3) { kinds.append(("content-types.json", .contentTypes)) }
        if providers.contains(.apache) { kinds.append((".htaccess", .apache)) }
        if providers.contains(.caddy) { kinds.append(("Caddyfile", .caddy)) }
        return kinds.map { ($0.0, File(kind: $0.1, contentFiles: contentFiles, routes: routes)) }
    }
}
