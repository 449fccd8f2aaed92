/// The one inline script every preview page carries. It is the same bytes on every page, so a
/// single hash in the page's Content-Security-Policy allows it; what differs per page arrives
/// as JSON in a `<script type="application/json" id="linkwell-config">` data block, which
/// browsers never execute.
///
/// Safety rules it keeps (issue 3): every navigation target is a template from the manifest
/// expanded with this URL's path and query, and must land on a host the manifest names;
/// nothing is read from the fragment or from query values; text from the URL reaches the page
/// only through `textContent` and attribute setters.
enum PageScript {
    /// `page.js`, built into the binary (`.embedInCode` in Package.swift), without the newline
    /// that ends the file: the pages' policy hashes the script without it, and `PageAssets`
    /// writes the shared file with one.
    static let source: String = {
        let text = String(decoding: PackageResources.page_js, as: UTF8.self)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }()
}
