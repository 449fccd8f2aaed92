/// Where the association files live on every host. Apple's current documentation names only the
/// `.well-known` location; the root copy serves older devices and costs nothing.
public enum AssociationFiles {
    public static let aasa = ".well-known/apple-app-site-association"
    public static let aasaRoot = "apple-app-site-association"
    public static let assetLinks = ".well-known/assetlinks.json"

    /// As URL paths, for robots rules and host configuration.
    public static let allPaths = ["/" + aasa, "/" + aasaRoot, "/" + assetLinks]

    /// The Allow lines every robots group starts with: short prefixes that still cover the
    /// files, so a longer user Disallow is needed to outweigh them, and the proof catches it.
    public static let robotsAllows = ["/.well-known/", "/apple-app-site-association"]

    /// Apple's documented limit for iOS 9.3.1+, read as 128 × 1000 bytes to be safe under
    /// either reading of "KB".
    public static let aasaSizeLimit = 128_000
}
