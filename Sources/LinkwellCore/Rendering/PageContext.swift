/// The values a preview template can use, each a `TemplateRecord` whose names are the names
/// templates write: `{{page.title}}`, `{{#link}}{{link.canonical}}{{/link}}`,
/// `{{item.distance_km}}`. A page's whole context is `SharedPageContext.context(item:)`, which
/// lists every top-level name; docs/pages.md lists every name with an example. `{{…}}` escapes
/// `& < > " '`; only `behaviour.config`, `behaviour.script` and `theme.font` are meant for `{{{…}}}`.
enum PageContext {
    /// `page`: the page type's name (`type`; `linkwell:home` and `linkwell:not-found` for those
    /// pages), `title`, `description`, `image` (an absolute https:// URL), `twitterCard`
    /// (`summary_large_image` with an image, else `summary`), the item columns the page type shows
    /// (`details`, each a `detail`; empty but on item pages) and whether there are any
    /// (`hasDetails`); any other name is the page type's text of that key as written (every text
    /// key the page type's field table lists).
    static func page(
        type: String, title: String, description: String?, image: String?, twitterCard: String, texts: TemplateRecord,
        details: [TemplateValue]
    ) -> TemplateRecord {
        TemplateRecord(
            [
                "type": .text(type), "title": .text(title), "description": .optional(description), "image": .optional(image),
                "twitterCard": .text(twitterCard), "details": .list(details), "hasDetails": .flag(!details.isEmpty),
            ], otherwise: texts)
    }

    /// One shown column of an item: its label and the row's value (absent where the row has none).
    static func detail(label: String, value: TemplateValue) -> TemplateValue {
        .object(TemplateRecord(["label": .text(label), "value": value]))
    }

    /// The links of the URL a page stands for (`link`), where it is known when building.
    struct Link {
        var canonical: String
        var openInApp: String?
        var web: String?
        var desktop: String?
        /// `scheme://path`, when the manifest has a `scheme`.
        var native: String?
    }

    /// A button: `id` is what the page script looks for (`linkwell-open`, `linkwell-store`,
    /// `linkwell-web`), `href` where it leads before the script has run (and without it), `style`
    /// `primary` for the main button, `secondary` for the others, `link` for the web link.
    static func button(id: String, label: String, href: TemplateValue, style: String) -> TemplateValue {
        .object(TemplateRecord(["id": .text(id), "label": .text(label), "href": href, "style": .text(style)]))
    }

    /// The manifest's `theme` with every default applied: hex colours, https images and a font
    /// stack, each checked by validation so it can be written into a style sheet as it is; and
    /// `fonts`, the faces the style sheet declares, each with the URL its file is served at (a
    /// project file's copy beside the style sheet; a face whose file was not copied is left out).
    static func theme(_ theme: Theme, fontURLs: [String: String] = [:]) -> TemplateRecord {
        let fonts = theme.fonts.compactMap { face -> TemplateValue? in
            guard let url = face.isURL ? face.source : fontURLs[face.source] else { return nil }
            // One `@font-face`: every value held by validation to a syntax that cannot leave the
            // CSS declaration it is written into (`{{{…}}}`: a style sheet is not HTML).
            return .object(
                TemplateRecord([
                    "family": .text(face.family), "url": .text(url), "format": .optional(face.format?.format),
                    "weight": .text(face.weight), "style": .text(face.style),
                ]))
        }
        return TemplateRecord([
            "accent": .text(theme.accent), "accentText": .text(theme.accentText), "text": .text(theme.text),
            "background": .text(theme.background), "darkText": .text(theme.darkText), "darkBackground": .text(theme.darkBackground),
            "darkAccent": .text(theme.darkAccentColour), "darkAccentText": .text(theme.darkAccentTextColour),
            "logo": .optional(theme.logo), "darkLogo": .optional(theme.darkLogo), "icon": .optional(theme.icon),
            "font": .text(theme.font), "fonts": .list(fonts),
        ])
    }

    /// The item row: its path, and any other name a column of it (CSV) or key (JSON Lines), `path`
    /// included; `item.fields.<column>` is the older spelling.
    static func item(path: String, fields: ItemFields) -> TemplateRecord {
        let fields = TemplateFields(fields)
        return TemplateRecord(["path": .text(path), "fields": .object(fields)], otherwise: fields)
    }
}

extension PageContext.Link {
    /// The pieces of `canonical` without its scheme, as the page shows them.
    static func shown(_ canonical: String) -> [Substring] {
        pieces(of: canonical.drop { $0 != "/" }.dropFirst(2))
    }

    /// `text` in pieces that each end after '/', '?', '&' or '=', walked by characters: a mark
    /// combined onto a '/' keeps it from ending a piece. (Item pages split their canonical URLs,
    /// ASCII once percent-encoded, by bytes: `ItemPageTemplate.shownPieces`.)
    static func pieces(of text: Substring) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex
        for index in text.indices where "/?&=".contains(text[index]) {
            pieces.append(text[start...index])
            start = text.index(after: index)
        }
        if start < text.endIndex { pieces.append(text[start...]) }
        return pieces
    }

    var record: TemplateRecord {
        TemplateRecord([
            "canonical": .text(canonical),
            // The URL as the page shows it (host, path, query), in pieces that end after '/', '?',
            // '&' or '=': a template puts <wbr> after each so the line breaks there, not mid-word.
            // Each piece is `{{text}}`, a named member, so the policy can still be filled into the
            // template once, which `{{.}}` would prevent.
            "shown": .list(Self.shown(canonical).map { .object(TemplateRecord(["text": .text(URLDisplay.decoded($0))])) }),
            "openInApp": .optional(openInApp), "web": .optional(web), "desktop": .optional(desktop), "native": .optional(native),
        ])
    }
}
