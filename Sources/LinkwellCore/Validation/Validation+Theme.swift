#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Validation {
    /// The page look and the page-wide settings: `theme`, `web`, `contentSecurityPolicy`, and each
    /// page type's `clipboard` and `labels`. Every value ends up inside HTML or CSS, so each is
    /// held to a syntax that cannot leave the place it is written into.
    static func checkPageLook(_ manifest: RawManifest) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for web in [manifest.web].compactMap({ $0 }) + (manifest.domains?.pairs ?? []).compactMap(\.web)
        where !isAbsoluteHTTPS(web.value) || web.value.contains("{") {
            found.append(.error(LookProblem.badWeb(web.value), at: web.location))
        }
        for lang in [manifest.lang].compactMap({ $0 }) + (manifest.domains?.pairs ?? []).compactMap(\.lang)
        where !Self.isLanguageTag(lang.value) {
            found.append(.error(LookProblem.badLang(lang.value), at: lang.location))
        }
        if let theme = manifest.theme {
            for (key, colour) in theme.colours where !Theme.isColour(colour.value) {
                found.append(.error(LookProblem.badColour(key, colour.value), at: colour.location))
            }
            for (key, image) in [("logo", theme.logo), ("darkLogo", theme.darkLogo), ("icon", theme.icon)] {
                guard let image, !isAbsoluteHTTPS(image.value) || image.value.contains(where: { "\"'()\\ ".contains($0) }) else { continue }
                found.append(.error(LookProblem.badImage(key, image.value), at: image.location))
            }
            if let font = theme.font, !Theme.isFontStack(font.value) {
                found.append(.error(LookProblem.badFont(font.value), at: font.location))
            } else if let font = theme.font, let problem = Theme.fontStackProblem(font.value) {
                found.append(.error(LookProblem.malformedFont(font.value, problem), at: font.location))
            }
            found += checkFontFaces(theme)
        }
        for origin in (manifest.contentSecurityPolicy?.scripts ?? []) + (manifest.contentSecurityPolicy?.connect ?? []) {
            guard originProblem(origin.value) else { continue }
            found.append(.error(LookProblem.badOrigin(origin.value), at: origin.location))
        }
        for page in manifest.pageTypes {
            let what = "page type '\(page.name.value)'"
            if let clipboard = page.clipboard, !["true", "false", "link", "code"].contains(clipboard.value) {
                found.append(.error(LookProblem.badClipboard(clipboard.value, of: what), at: clipboard.location))
            }
            let buttons = [page.labels?.open, page.labels?.store, page.labels?.web].compactMap { $0 }
            for (kind, labels) in [("button", buttons), ("detail", page.details.compactMap(\.label))] {
                for label in labels {
                    let trimmed = label.value.trimmingSpaces()
                    if trimmed.isEmpty || trimmed.count > 40 || label.value.contains(where: \.isNewline) {
                        found.append(.error(LookProblem.badLabel(label.value, kind: kind, of: what), at: label.location))
                    }
                }
            }
            for column in page.details.compactMap(\.column) where !PageType.Detail.isColumn(column.value) {
                found.append(.error(LookProblem.badDetailColumn(column.value, of: what), at: column.location))
            }
            if let first = page.details.first, page.items == nil {
                found.append(.error(LookProblem.detailsWithoutItems(of: what), at: first.location))
            }
        }
        return found
    }

    /// A BCP 47 tag's shape (`ManifestSchema.Pattern.language`): 2–3 letters, then subtags of 1–8
    /// letters and digits. It ends up in an HTML attribute, so nothing else is let through.
    static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}

extension Validation {
    /// Each of `theme.fonts`: a family the font stack names, a source that is a project file of a
    /// font type or an https:// URL, and weights and a style CSS reads.
    fileprivate static func checkFontFaces(_ theme: RawTheme) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let stack = Set(Theme.families(in: theme.font?.value ?? Theme().font).map { $0.lowercased() })
        for face in theme.fonts {
            if let family = face.family {
                if !FontFace.isFamily(family.value) {
                    found.append(.error(FontProblem.badFamily(family.value), at: family.location))
                } else if !stack.contains(family.value.lowercased()) {
                    found.append(.error(FontProblem.unused(family.value, stack: theme.font?.value ?? Theme().font), at: family.location))
                }
            }
            if let source = face.src,
                !FontFace.isSource(source.value) || (source.value.hasPrefix("https://") && !isAbsoluteHTTPS(source.value))
            {
                found.append(.error(FontProblem.badSource(source.value), at: source.location))
            }
            if let weight = face.weight, !FontFace.isWeight(weight.value) {
                found.append(.error(FontProblem.badWeight(weight.value), at: weight.location))
            }
            if let style = face.style, !FontFace.isStyle(style.value) {
                found.append(
                    .error(
                        FontProblem.badStyle(
                            style.value, suggestion: Suggestion.didYouMean(style.value, in: ["normal", "italic", "oblique"])),
                        at: style.location))
            }
        }
        return found
    }
}

/// What the checks of `theme.fonts` find.
package enum FontProblem: DiagnosticMessage {
    case badFamily(String)
    case unused(String, stack: String)
    case badSource(String)
    case badWeight(String)
    case badStyle(String, suggestion: String)

    package var text: String {
        switch self {
        case .badFamily(let family):
            "font family '\(family)' must be 1–64 letters, digits, spaces, '-' or '_', e.g. 'Brand Sans'"
        case .unused(let family, let stack):
            "font family '\(family)' is not in theme font '\(stack)', so no page would use it; name it first there, "
                + "e.g. '\"\(family)\", \(stack)'"
        case .badSource(let source):
            "font src '\(source)' must be a .woff2, .woff, .ttf or .otf file in the project (a relative path of plain names) "
                + "or an https:// URL without quotes, brackets, white space, backslashes, '@' or '*'"
        case .badWeight(let weight):
            "font weight '\(weight)' must be normal, bold, a number from 1 to 1000, or a range such as '100 900'"
        case .badStyle(let style, let suggestion):
            "font style '\(style)' must be normal, italic or oblique\(suggestion)"
        }
    }
}

/// What the page-look checks find.
package enum LookProblem: DiagnosticMessage {
    case badWeb(String)
    case badLang(String)
    case badColour(String, String)
    case badImage(String, String)
    case badFont(String)
    case malformedFont(String, String)
    case badOrigin(String)
    case badClipboard(String, of: String)
    case badLabel(String, kind: String, of: String)
    case badDetailColumn(String, of: String)
    case detailsWithoutItems(of: String)

    package var text: String {
        switch self {
        case .badWeb(let web):
            "web '\(web)' must be an absolute https:// URL without placeholders, user information ('@') or wildcards, e.g. 'https://www.example.com/'"
        case .badLang(let lang):
            "lang '\(lang)' must be a BCP 47 language tag: a language, then a region or script, e.g. 'en', 'ja', 'fr-CA', 'zh-Hant'"
        case .badColour(let key, let colour):
            "theme \(key) '\(colour)' must be a hex colour such as '#2b59c3'\(Self.colourHint(colour))"
        case .badImage(let key, let image):
            "theme \(key) '\(image)' must be an absolute https:// URL without quotes, brackets or spaces"
        case .malformedFont(let font, let problem):
            "theme font '\(font)' is not a CSS font stack (\(problem)), so browsers would drop it; e.g. 'Inter, system-ui, sans-serif'"
        case .badFont(let font):
            "theme font '\(font)' must be a font stack of names, quotes, commas and spaces, e.g. 'Inter, system-ui, sans-serif'"
        case .badOrigin(let origin):
            "'\(origin)' in contentSecurityPolicy must be an https:// origin, scheme and host only\(Self.originHint(origin))"
        case .badClipboard(let clipboard, let what):
            "clipboard '\(clipboard)' of \(what) must be true, false, link or code\(Suggestion.didYouMean(clipboard, in: ["link", "code"]))"
        case .badLabel(let label, let kind, let what):
            "\(kind) label '\(label)' of \(what) must be 1–40 characters on one line"
        case .badDetailColumn(let column, let what):
            "detail column '\(column)' of \(what) must be a column name: 1–64 letters, digits, '_' or '-'"
        case .detailsWithoutItems(let what):
            "\(what) has details but no items: details show an item row's columns; add 'items:' or remove 'details:'"
        }
    }

    /// ` red` → "; CSS names are not accepted, write '#ff0000'" for the common names.
    private static func colourHint(_ value: String) -> String {
        let names = ["black": "#000000", "white": "#ffffff", "red": "#ff0000", "blue": "#0000ff", "green": "#008000"]
        if let hex = names[value.lowercased()] { return "; colour names are not accepted: write '\(hex)'" }
        if (3...8).contains(value.utf8.count), value.utf8.allSatisfy(\.isHexDigit) { return "; did you mean '#\(value)'?" }
        return ""
    }

    /// "; did you mean 'https://plausible.io'?" for a URL with a path or a bare host name.
    private static func originHint(_ value: String) -> String {
        let rest = value.hasPrefix("https://") ? String(value.dropFirst(8)) : value.contains("://") ? "" : value
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let candidate = "https://\(host)"
        return !host.isEmpty && !Validation.originProblem(candidate) ? "; did you mean '\(candidate)'?" : ", e.g. 'https://plausible.io'"
    }

}

extension Validation {
    fileprivate static func originProblem(_ value: String) -> Bool {
        !AllowedOrigins.isOrigin(value)
    }
}
