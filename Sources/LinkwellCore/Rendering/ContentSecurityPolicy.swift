import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A strict policy for a rendered page: nothing loads but https images; the only scripts that
/// run are the shared page script from the page's own host (`'self'`, `PageAssets`), the
/// templates' own inline scripts (by their hashes, wherever a template put them) and scripts
/// from the origins the manifest lists (`contentSecurityPolicy.scripts`); the only styles are
/// the shared style sheet and the page's own `<style>` elements (by theirs). A script in a rendered page that no
/// template holds — text a `{{{…}}}` let in — gets no hash, so it does not run.
enum ContentSecurityPolicy {
    /// The policy filled into a compiled template once, when no render's values can change it:
    /// every `<style>`/`<script>` element is in the program's constant text, and what is left to
    /// render per page can neither reach into an element nor start one (escaped texts hold no
    /// `<`; branches' and loops' text opens no such element; nothing left follows an open
    /// `<name`). Nil when that does not hold; then each page is filled after rendering.
    static func prefilled(_ program: TemplateProgram, templates: PageTemplates, site: Site) -> TemplateProgram? {
        var skeleton: [UInt8] = []
        guard flatten(program.steps, into: &skeleton) else { return nil }
        let styles = elementTexts("style", in: skeleton)
        let scripts = elementTexts("script", in: skeleton)
        // Holes are 0 bytes: an element whose text takes in a hole is not the same on every page.
        guard !(styles + scripts).contains(where: { $0.contains(0) }) else { return nil }
        let filled = policy(
            scripts: own(templates.scripts.usesScriptAsset) + scripts.filter { templates.scripts.allows($0) }.map(source).uniqued(),
            styles: own(templates.scripts.usesStyleAsset) + styles.map(source).uniqued(), origins: site.allowedOrigins,
            fonts: site.theme.fontSources)
        return program.filling(slots: filled)
    }

    /// The constant text of a program with a 0 byte for each text, branch or loop left to
    /// render; false when one of those could add an element, or constant text holds a needle.
    private static func flatten(_ steps: [TemplateProgram.Step], into skeleton: inout [UInt8], refusing needles: [[UInt8]] = []) -> Bool {
        for step in steps {
            switch step {
            case .bytes(let bytes):
                guard needles.allSatisfy({ find($0, in: bytes, from: 0) == nil }) else { return false }
                skeleton += bytes
            case .slot:
                continue
            case .text(_, let escaped):
                guard escaped, !endsInsideTagName(skeleton) else { return false }
                skeleton.append(0)
            case .branch(_, let first, let second), .each(_, let first, let second):
                guard isInert(first), isInert(second), !endsInsideTagName(skeleton) else { return false }
                skeleton.append(0)
            }
        }
        return true
    }

    /// Text that opens no `<style>`/`<script>` element, with only escaped texts, none inside a
    /// tag name.
    private static func isInert(_ steps: [TemplateProgram.Step]) -> Bool {
        var text: [UInt8] = []
        return flatten(steps, into: &text, refusing: elementOpenings) && !endsInsideTagName(text)
    }

    private static let elementOpenings = ["<style", "<script"].map { Array($0.utf8) }

    /// Whether text ends in `<` or `</` and letters: what follows could finish a tag's name.
    private static func endsInsideTagName(_ text: [UInt8]) -> Bool {
        var index = text.count
        while index > 0, text[index - 1].isASCIIAlphanumeric { index -= 1 }
        if index > 0, text[index - 1] == UInt8(ascii: "/") { index -= 1 }
        return index > 0 && text[index - 1] == UInt8(ascii: "<")
    }

    /// The rendered page with the policy written at each of its slots.
    static func fill(_ page: TemplateLibrary.Rendered, templates: PageTemplates, site: Site) -> [UInt8] {
        let html = page.bytes
        let styles = own(templates.scripts.usesStyleAsset) + elementTexts("style", in: html).map(source).uniqued()
        let scripts =
            own(templates.scripts.usesScriptAsset)
            + elementTexts("script", in: html).filter { templates.scripts.allows($0) }.map(source)
            .uniqued()
        let filled = policy(scripts: scripts, styles: styles, origins: site.allowedOrigins, fonts: site.theme.fontSources)
        var result: [UInt8] = []
        result.reserveCapacity(html.count + page.slots.count * filled.count)
        var index = 0
        for slot in page.slots {
            result += html[index..<slot]
            result += filled
            index = slot
        }
        result += html[index...]
        return result
    }

    /// `'self'` where the templates load the shared script or style sheet (`PageAssets`): the
    /// host serves only the build's own files there.
    private static func own(_ used: Bool) -> [String] { used ? ["'self'"] : [] }

    /// The policy's text, quotes escaped for an attribute; the same few policies repeat on every
    /// page of a template, so each is made once.
    private static func policy(scripts: [String], styles: [String], origins: AllowedOrigins, fonts: [String]) -> [UInt8] {
        let key = scripts + [""] + styles + [""] + origins.scripts + [""] + origins.connect + [""] + fonts
        if let known = policies.withLock({ $0[key] }) { return known }
        let scriptSources = scripts + origins.scripts
        let text = [
            "default-src 'none'",
            "script-src \(scriptSources.isEmpty ? "'none'" : scriptSources.joined(separator: " "))",
            "style-src \(styles.isEmpty ? "'none'" : styles.joined(separator: " "))",
            "img-src https: data:",
            fonts.isEmpty ? nil : "font-src \(fonts.joined(separator: " "))",
            origins.connect.isEmpty ? nil : "connect-src \(origins.connect.joined(separator: " "))",
            "base-uri 'none'",
            "form-action 'none'",
        ].compactMap { $0 }.joined(separator: "; ")
        let escaped = Array(text.replacingEvery("'", with: "&#39;").utf8)
        policies.withLock { known in
            if known.count > 64 { known.removeAll() }
            known[key] = escaped
        }
        return escaped
    }

    private static let policies = Mutex<[[String]: [UInt8]]>([:])

    /// The `'sha256-…'` source of an element's text. Pages of one template repeat the same few
    /// elements (the page script, the style sheet), so their hashes are remembered, not redone.
    private static func source(of text: ArraySlice<UInt8>) -> String {
        let known = hashes.withLock { entries in entries.first { $0.text.count == text.count && equal($0.text, text) }?.source }
        if let known { return known }
        let computed = SHA256.cspSource(text)
        hashes.withLock { entries in
            if entries.count == 32 { entries.removeFirst() }
            entries.append((Array(text), computed))
        }
        return computed
    }

    private static let hashes = Mutex<[(text: [UInt8], source: String)]>([])

    private static func equal(_ left: [UInt8], _ right: ArraySlice<UInt8>) -> Bool {
        left.withUnsafeBufferPointer { left in right.withUnsafeBufferPointer { left.sameBytes(as: $0) } }
    }

    /// The first index of `needle` at or after `start`: `memchr` finds each candidate first byte.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        return haystack.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var index = start
            let last = haystack.count - needle.count
            while index <= last {
                guard let hit = memchr(base + index, Int32(first), last - index + 1) else { return nil }
                index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + index, needle, needle.count) == 0 { return index }
                index += 1
            }
            return nil
        }
    }

    /// The bytes of every `<name>…</name>` or `<name …>…</name>` element's text, exactly as
    /// written; for scripts, only those a browser runs (no `src`, no data-block `type`).
    static func elementTexts(_ name: String, in html: [UInt8]) -> [ArraySlice<UInt8>] {
        let open = Array("<\(name)".utf8)
        let close = Array("</\(name)>".utf8)
        var texts: [ArraySlice<UInt8>] = []
        var index = 0
        while let start = find(open, in: html, from: index) {
            let after = start + open.count
            guard after < html.count else { break }
            guard html[after] == UInt8(ascii: ">") || html[after] == UInt8(ascii: " ") else {
                index = after
                continue
            }
            guard let tagEnd = html[after...].firstIndex(of: UInt8(ascii: ">")), let end = find(close, in: html, from: tagEnd + 1) else {
                break
            }
            if name != "script" || TemplateScripts.runsInline(tag: html[after..<tagEnd]) { texts.append(html[(tagEnd + 1)..<end]) }
            index = end + close.count
        }
        return texts
    }
}
