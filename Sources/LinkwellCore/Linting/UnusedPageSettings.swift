/// Page type settings that nothing uses, which each key's own documentation cannot show: a
/// native-scheme attempt on a site without a scheme, and details a custom page template never
/// names. Each builds and does nothing, which is the kind of silence a team finds in production.
enum UnusedPageSettings {
    static func warnings(_ site: Site, templates: PageTemplates) -> [Diagnostic] {
        // The page template and every partial: a custom one that never names `page.details`
        // cannot show them (the built-in one does).
        let sources = templates.sources.values.joined(separator: "\n")
        let showsDetails = sources.contains("page.details") || sources.contains("#details") || sources.contains("{{details")
        return site.pageTypes.flatMap { page -> [Diagnostic] in
            var found: [Diagnostic] = []
            if page.nativeAttempt, site.scheme == nil {
                found.append(.lint(UnusedPageSetting.nativeAttemptWithoutScheme(page: page.name), at: page.location))
            }
            if !page.details.isEmpty, !showsDetails {
                found.append(.lint(UnusedPageSetting.detailsNotShown(page: page.name), at: page.location))
            }
            return found
        }
    }
}

enum UnusedPageSetting: LintMessage {
    case nativeAttemptWithoutScheme(page: String)
    case detailsNotShown(page: String)

    var code: LintCode { .unusedPageSetting }

    var text: String {
        switch self {
        case .nativeAttemptWithoutScheme(let page):
            "page type '\(page)' has nativeAttempt: true, but the manifest has no 'scheme', so there is no scheme:// link to "
                + "try before the store; add 'scheme:' or remove 'nativeAttempt'"
        case .detailsNotShown(let page):
            "page type '\(page)' has details, but the page templates never name page.details, so no page shows them; "
                + "show them in your page template or remove 'details'"
        }
    }
}
