/// File paths as text, the three operations the commands need, with `NSString`'s meaning
/// (which the executable used before the binary dropped Foundation's Objective-C layer).
package enum PathText {
    /// `a/b/c` → `a/b`, `c` → ``, `/c` → `/`, `/` → `/`; a trailing slash does not count.
    package static func folder(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard !trimmed.isEmpty else { return path.isEmpty ? "" : "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
        return folder.isEmpty && path.hasPrefix("/") ? "/" : folder
    }

    /// `a/b/c` → `c`, `a/b/` → `b`, `/` → `/`.
    package static func lastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard !trimmed.isEmpty else { return path.isEmpty ? "" : "/" }
        return trimmed.lastIndex(of: "/").map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
    }

    /// `a` + `b` → `a/b`, `` + `b` → `b`, `a/` + `b` → `a/b`.
    package static func joined(_ folder: String, _ name: String) -> String {
        guard !folder.isEmpty else { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path == "/" ? "" : String(path)
    }
}
