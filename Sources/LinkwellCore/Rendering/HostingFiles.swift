/// The hosting configuration in every host folder (spec-reference §5.3), for the providers the
/// manifest selects. Each says that both AASA paths and assetlinks.json are
/// `application/json`, and none ever redirects or rewrites an association file.
enum HostingFiles {
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

    /// Files written into every host folder that are configuration, never content: hosts that
    /// serve the folder as it is (nginx) are told not to serve them.
    static let configurationFiles = ["_headers", "vercel.json", "firebase.json", "nginx.conf", "content-types.json"]

    /// `files` are the host folder's content files, by path relative to the folder.
    static func files(for providers: [HostingProvider], contentFiles: [String]) -> [(path: String, contents: String)] {
        let headers = AssociationFiles.allPaths.filter { path in contentFiles.contains(String(path.dropFirst())) }.map {
            HeaderRule(path: $0, headers: [("Content-Type", ContentType.json)])
        }
        var files: [(String, String)] = []
        if providers.contains(.netlify) || providers.contains(.cloudflare) { files.append(("_headers", headersFile(headers))) }
        if providers.contains(.vercel) { files.append(("vercel.json", vercel(headers))) }
        if providers.contains(.firebase) { files.append(("firebase.json", firebase(headers))) }
        if providers.contains(.nginx) { files.append(("nginx.conf", nginx(contentFiles))) }
        if providers.contains(.githubPages) { files.append((".nojekyll", "")) }
        if providers.contains(.s3) { files.append(("content-types.json", contentTypes(contentFiles))) }
        return files
    }

    /// Netlify and Cloudflare Pages: a path line, then indented `Name: value` lines. The header
    /// name is written `Content-Type` (a lower-case name duplicates the header on Netlify).
    static func headersFile(_ rules: [HeaderRule]) -> String {
        rules.map { rule in ([rule.path] + rule.headers.map { "  \($0.name): \($0.value)" }).joined(separator: "\n") + "\n" }.joined()
    }

    struct VercelConfig: Encodable {
        struct Rule: Encodable {
            var source: String
            var headers: [Header]
        }
        struct Header: Encodable {
            var key: String
            var value: String
        }
        var headers: [Rule]
    }

    static func vercel(_ rules: [HeaderRule]) -> String {
        JSONText.encode(
            VercelConfig(
                headers: rules.map { rule in .init(source: rule.path, headers: rule.headers.map { .init(key: $0.name, value: $0.value) }) })
        )
    }

    /// Firebase: `appAssociation: NONE` (else Hosting serves its own association files) and an
    /// `ignore` list without the default `**/.*`, which would drop `.well-known/`.
    struct FirebaseConfig: Encodable {
        struct Hosting: Encodable {
            var `public` = "."
            var appAssociation = "NONE"
            var ignore = ["firebase.json", "_headers", "vercel.json", "nginx.conf", "content-types.json", "**/node_modules/**"]
            var headers: [VercelConfig.Rule]
        }
        var hosting: Hosting
    }

    static func firebase(_ rules: [HeaderRule]) -> String {
        JSONText.encode(
            FirebaseConfig(
                hosting: .init(
                    headers: rules.map { rule in
                        .init(source: rule.path, headers: rule.headers.map { .init(key: $0.name, value: $0.value) })
                    })))
    }

    /// An nginx snippet for the `server` block whose `root` is this folder: exact-match
    /// locations (which win over every prefix and regex location) serve each association file
    /// as JSON or answer 404 — never a page, never a redirect.
    static func nginx(_ contentFiles: [String]) -> String {
        var lines = [
            "# Include in the server block whose root is this folder:  include <this folder>/nginx.conf;",
            "# Association files: exact locations, JSON, and a 404 rather than any fallback page.",
        ]
        for path in AssociationFiles.allPaths where contentFiles.contains(String(path.dropFirst())) {
            lines += [
                "location = \(path) {", "    types { }", "    default_type \(ContentType.json);", "    try_files $uri =404;", "}",
            ]
        }
        lines += [
            "location = /robots.txt {", "    types { }", "    default_type text/plain;", "    charset utf-8;", "    try_files $uri =404;",
            "}",
            "# Configuration files for other hosts are not content.",
            "location ~ ^/(\(configurationFiles.map { $0.replacingOccurrences(of: ".", with: "\\.") }.joined(separator: "|")))$ {",
            "    return 404;", "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// For S3 + CloudFront and other object stores: every content file with the Content-Type
    /// to upload it with (`aws s3 cp FILE s3://bucket/FILE --content-type TYPE`).
    struct ContentTypeEntry: Encodable {
        var path: String
        var contentType: String
    }

    static func contentTypes(_ contentFiles: [String]) -> String {
        JSONText.encode(contentFiles.sorted().map { ContentTypeEntry(path: $0, contentType: ContentType.of($0)) })
    }
}
