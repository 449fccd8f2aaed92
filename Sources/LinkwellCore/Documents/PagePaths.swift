/// Where the preview pages are written in a host folder, and on which hosts a page type's pages
/// are: what the plan decides, before any page is rendered.
package enum PagePaths {
    /// The folder, in each host folder, that holds the route pages and the pages' shared files.
    package static let folder = "_linkwell"

    /// A page type's pages are written on the hosts where one of its routes applies.
    package static func hosts(of pageType: String, in site: Site) -> [PageHost] {
        PageHost.all(in: site).filter { host in
            site.routes.contains { $0.pageType == pageType && !$0.exclude && $0.hosts.contains(host.host) }
        }
    }

    package static func routePage(host: String, pageType: String) -> String {
        "\(host)/\(folder)/\(pageType).html"
    }

    package static func shortLinkPage(host: String, code: String) -> String {
        "\(host)/\(code).html"
    }

    /// `/u/alex` is written as `u/alex.html`; every host serves it at `/u/alex` (clean URLs).
    package static func itemPage(host: String, path: String) -> String {
        // Its bytes copied into one allocation, not interpolated or appended piece by piece:
        // this runs for every item page.
        var host = host
        var path = path
        return host.withUTF8 { host in
            path.withUTF8 { path in
                String(unsafeUninitializedCapacity: host.count + path.count + 5) { page in
                    var end = 0
                    func append(_ part: some Collection<UInt8>) {
                        end += UnsafeMutableBufferPointer(rebasing: page[end...]).initialize(fromContentsOf: part)
                    }
                    append(host)
                    append(path)
                    append(".html".utf8)
                    return end
                }
            }
        }
    }
}
