/// The hosting configuration in every host folder (spec-reference §5.3), for the providers the
/// manifest selects. Each says that both AASA paths and assetlinks.json are
/// `application/json`, and none ever redirects or rewrites an association file.
package enum HostingFiles {
    /// Files written into every host folder that are configuration, never content: hosts that
    /// serve the folder as it is (nginx, Apache, Caddy, `serve`) are told not to serve them.
    /// Derived from the kinds, so a new kind's file is never served by mistake.
    static let configurationFiles = File.Kind.allCases.filter(\.isConfiguration).map(\.fileName)

    /// One configuration file of a host folder, as the plan names it: which provider's file, and
    /// what it is written from (the folder's content files, by path relative to it, and its page
    /// rewrites and short-link redirects). `render` writes it.
    package struct File: Sendable, Hashable {
        package enum Kind: Sendable, Hashable, CaseIterable {
            case headers, redirects, vercel, firebase, nginx, noJekyll, contentTypes, apache, caddy

            /// The file's name in the host folder.
            package var fileName: String {
                switch self {
                case .headers: "_headers"
                case .redirects: "_redirects"
                case .vercel: "vercel.json"
                case .firebase: "firebase.json"
                case .nginx: "nginx.conf"
                case .noJekyll: ".nojekyll"
                case .contentTypes: "content-types.json"
                case .apache: ".htaccess"
                case .caddy: "Caddyfile"
                }
            }

            /// Whether the file configures a host (never to be served): all but GitHub Pages'
            /// empty `.nojekyll` marker, which says nothing.
            package var isConfiguration: Bool { self != .noJekyll }
        }

        package var kind: Kind
        var contentFiles: [String]
        var routes: HostRoutes
    }

    /// The configuration files `providers` need in a host folder, by name.
    static func plan(
        for providers: [HostingProvider], contentFiles: [String], routes: HostRoutes
    ) -> [(path: String, file: File)] {
        var kinds: [File.Kind] = []
        if providers.contains(.netlify) || providers.contains(.cloudflare) {
            kinds.append(.headers)
            if !routes.isEmpty { kinds.append(.redirects) }
        }
        if providers.contains(.vercel) { kinds.append(.vercel) }
        if providers.contains(.firebase) { kinds.append(.firebase) }
        if providers.contains(.nginx) { kinds.append(.nginx) }
        if providers.contains(.githubPages) { kinds.append(.noJekyll) }
        if providers.contains(.s3) { kinds.append(.contentTypes) }
        if providers.contains(.apache) { kinds.append(.apache) }
        if providers.contains(.caddy) { kinds.append(.caddy) }
        return kinds.map { ($0.fileName, File(kind: $0, contentFiles: contentFiles, routes: routes)) }
    }
}
