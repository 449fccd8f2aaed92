/// Where the association files live on every host. Apple's current documentation names only the
/// `.well-known` location; the root copy serves older devices and costs nothing.
package enum AssociationFiles {
    package static let aasa = ".well-known/apple-app-site-association"
    package static let aasaRoot = "apple-app-site-association"
    package static let assetLinks = ".well-known/assetlinks.json"

    /// As URL paths, for robots rules and host configuration.
    package static let allPaths = ["/" + aasa, "/" + aasaRoot, "/" + assetLinks]

    /// The Allow lines every robots group starts with: short prefixes that still cover the
    /// files, so a longer user Disallow is needed to outweigh them, and the proof catches it.
    package static let robotsAllows = ["/.well-known/", "/apple-app-site-association"]

    /// Apple's documented limit for iOS 9.3.1+, read as 128 × 1000 bytes to be safe under
    /// either reading of "KB".
    package static let aasaSizeLimit = 128_000

    /// The host a file path names by its folder, as a build writes it (`Output/m.example.com/.well-known/assetlinks.json`,
    /// `saved/m.example.com/apple-app-site-association`): the nearest folder above the file that
    /// is a host name (a dot in it, and valid as a manifest host); nil when none is.
    package static func host(inPath path: String) -> String? {
        let folders = path.split(separator: "/").dropLast().reversed()
        return folders.lazy.map { $0.lowercased() }.first { $0.contains(".") && !$0.hasPrefix(".") && Identifiers.hostProblem($0) == nil }
    }
}
