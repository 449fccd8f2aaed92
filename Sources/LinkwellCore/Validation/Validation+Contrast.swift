extension Theme {
    /// The theme the pages use: each value as the manifest writes it, the built-in one otherwise.
    package init(written raw: RawTheme?) {
        self.init()
        guard let raw else { return }
        accent = raw.accent?.value ?? accent
        accentText = raw.accentText?.value ?? accentText
        text = raw.text?.value ?? text
        background = raw.background?.value ?? background
        darkText = raw.darkText?.value ?? darkText
        darkBackground = raw.darkBackground?.value ?? darkBackground
        darkAccent = raw.darkAccent?.value
        darkAccentText = raw.darkAccentText?.value
        logo = raw.logo?.value
        darkLogo = raw.darkLogo?.value
        icon = raw.icon?.value
        font = raw.font?.value ?? font
        fonts = raw.fonts.compactMap { face in
            guard let family = face.family?.value, let source = face.src?.value else { return nil }
            return FontFace(family: family, source: source, weight: face.weight?.value ?? "normal", style: face.style?.value ?? "normal")
        }
    }
}

/// Every text the preview pages paint, on what it is painted on, in both colour schemes: the pairs
/// the build holds to WCAG 2 AA (4.5:1; no text on the pages is large enough for 3:1).
package struct ThemeContrast {
    package enum Scheme: String { case light, dark }

    /// One text on one colour: the theme keys they come from (the text's first).
    package struct Pair {
        package var scheme: Scheme
        package var what: String
        package var foregroundKey: String
        package var backgroundKey: String
        package var foreground: Colour
        package var background: Colour
        package var ratio: Double { Colour.contrast(foreground, background) }
    }

    package static func pairs(of theme: Theme) -> [Pair] {
        func colour(_ hex: String) -> Colour { Colour(hex: hex) ?? .black }
        var pairs: [Pair] = []
        for scheme in [Scheme.light, .dark] {
            let light = scheme == .light
            let canvas: Colour = light ? .white : .black
            let background = colour(light ? theme.background : theme.darkBackground).over(canvas)
            let surface = colour(light ? theme.surface : theme.darkSurface)
            let text = colour(light ? theme.text : theme.darkText).over(background)
            let muted = text.mixed(with: background, share: 0.65)
            let accent = colour(light ? theme.accent : theme.darkAccentColour)
            let accentText = colour(light ? theme.accentText : theme.darkAccentTextColour)
            let (textKey, backgroundKey, accentKey, accentTextKey) =
                light ? ("text", "background", "accent", "accentText") : ("darkText", "darkBackground", "darkAccent", "darkAccentText")
            func pair(_ what: String, _ foregroundKey: String, _ backgroundKey: String, _ foreground: Colour, on ground: Colour) {
                pairs.append(
                    Pair(
                        scheme: scheme, what: what, foregroundKey: foregroundKey, backgroundKey: backgroundKey,
                        foreground: foreground.over(ground), background: ground))
            }
            pair("page text", textKey, backgroundKey, text, on: background)
            pair("page text on the desktop card", textKey, backgroundKey, text, on: surface)
            pair("descriptions and the link line", textKey, backgroundKey, muted, on: background)
            pair("descriptions on the desktop card", textKey, backgroundKey, muted, on: surface)
            let painted = accent.over(background)
            pair("'Continue on the web' and the outlined buttons", accentKey, backgroundKey, painted, on: background)
            pair("links on the desktop card", accentKey, backgroundKey, accent.over(surface), on: surface)
            pair("the 'Open in app' button", accentTextKey, accentKey, accentText, on: painted)
        }
        return pairs
    }
}

extension Validation {
    /// Refuses, at the theme's own line, a theme whose text does not read in either colour scheme,
    /// with the nearest colour that does.
    static func checkThemeContrast(_ manifest: RawManifest) -> [Diagnostic] {
        let raw = manifest.theme
        guard (raw?.colours ?? []).allSatisfy({ Theme.isColour($0.value.value) }) else { return [] }
        let theme = Theme(written: raw)
        let written = Dictionary((raw?.colours ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let failing = ThemeContrast.pairs(of: theme).filter { $0.ratio < Theme.minimumContrast }
        // The text's colour is what to change, unless only the colour under it was written (a
        // dark background in light mode, say).
        func blamed(_ pair: ThemeContrast.Pair) -> String {
            written[pair.foregroundKey] == nil && written[pair.backgroundKey] != nil ? pair.backgroundKey : pair.foregroundKey
        }
        var found: [Diagnostic] = []
        var said: Set<String> = []
        // Each suggestion is worked out with the ones before it applied (the accent's before the
        // text on it), so that taking them all gives a theme that reads.
        var proposed = theme
        for pair in failing {
            let key = blamed(pair)
            guard said.insert(key).inserted else { continue }
            let current = Self.colour(of: key, in: theme)
            // A suggestion keeps every pair the colour is part of readable, but for pairs another
            // failing colour is blamed for: those get their own suggestion, worked out after.
            let othersFailing = Set(failing.map(blamed)).subtracting([key])
            let nearest = Colour(hex: current)?.nearest { candidate in
                var changed = proposed
                Self.set(key, to: candidate.hex, in: &changed)
                return ThemeContrast.pairs(of: changed).allSatisfy { pair in
                    pair.ratio >= Theme.minimumContrast || (pair.foregroundKey != key && pair.backgroundKey != key)
                        || othersFailing.contains(blamed(pair))
                }
            }
            // The colour itself as the nearest one that reads is no suggestion: the other colour of the pair must change.
            let suggestion = nearest.flatMap { $0.hex.lowercased() == current.lowercased() ? nil : $0 }
            if let suggestion { Self.set(key, to: suggestion.hex, in: &proposed) }
            let worst = failing.filter { blamed($0) == key }.min { $0.ratio < $1.ratio } ?? pair
            found.append(
                .error(
                    ContrastProblem.unreadable(
                        key: key, value: current, written: written[key] != nil, pair: worst, suggestion: suggestion?.hex),
                    at: written[key]?.location ?? raw?.location ?? manifest.location))
        }
        return found
    }

    private static func colour(of key: String, in theme: Theme) -> String {
        switch key {
        case "accent": theme.accent
        case "accentText": theme.accentText
        case "text": theme.text
        case "background": theme.background
        case "darkText": theme.darkText
        case "darkBackground": theme.darkBackground
        case "darkAccent": theme.darkAccentColour
        default: theme.darkAccentTextColour
        }
    }

    private static func set(_ key: String, to value: String, in theme: inout Theme) {
        switch key {
        case "accent": theme.accent = value
        case "accentText": theme.accentText = value
        case "text": theme.text = value
        case "background": theme.background = value
        case "darkText": theme.darkText = value
        case "darkBackground": theme.darkBackground = value
        case "darkAccent": theme.darkAccent = value
        default: theme.darkAccentText = value
        }
    }
}

package enum ContrastProblem: DiagnosticMessage {
    case unreadable(key: String, value: String, written: Bool, pair: ThemeContrast.Pair, suggestion: String?)

    package var text: String {
        switch self {
        case .unreadable(let key, let value, let written, let pair, let suggestion):
            let subject = written ? "theme \(key) '\(value)'" : "the \(pair.scheme.rawValue) scheme's \(key) ('\(value)', not set)"
            let fix =
                suggestion.map { "set \(key): '\($0)', the nearest colour that reads everywhere it is painted" }
                ?? "no other shade of it reads there; change the other colour of the pair"
            return "\(subject) gives \(pair.what) in the \(pair.scheme.rawValue) scheme a contrast of "
                + "\(Colour.ratio(pair.ratio)) (\(pair.foreground.hex) on \(pair.background.hex)); WCAG AA needs 4.5:1: \(fix)"
        }
    }
}

extension ThemeContrast.Pair: Hashable, Sendable {}
extension ThemeContrast.Scheme: Hashable, Sendable {}
