#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the templates' sources say about scripts, read once when they are compiled: the inline
/// scripts a page may run (their texts, which the Content-Security-Policy hashes), and every
/// place where a script would be blocked by that policy — a build error, never a page whose
/// analytics silently do not run.
struct TemplateScripts: Sendable, Hashable {
    /// Inline script texts with every space, tab and line break taken out: a partial's
    /// indentation changes a script's lines, never which script it is.
    private var allowed: Set<[UInt8]> = []
    private var findings: [Finding] = []
    /// Whether a template refers to the shared script or style sheet (`{{assets.script}}`,
    /// `{{assets.style}}`): the policy then allows `'self'` for scripts or styles.
    private(set) var usesScriptAsset = false
    private(set) var usesStyleAsset = false

    enum Finding: Sendable, Hashable {
        /// An inline script whose text holds a tag: it differs from page to page.
        case varyingInline(SourceLocation)
        /// `<script src>`, with the origin it loads from (nil when relative or not https).
        case external(src: String, origin: String?, SourceLocation)
        /// `onclick="…"` and friends.
        case handler(String, SourceLocation)
        /// A `javascript:` URL.
        case javascriptURL(SourceLocation)
    }

    /// `templates` are each template's file (as diagnostics name it) and source.
    init(_ templates: [(file: String, text: String)]) {
        for template in templates {
            scan(template.text, file: template.file)
        }
    }

    /// Whether a rendered page's inline script is one of the templates' own.
    func allows(_ text: ArraySlice<UInt8>) -> Bool {
        allowed.contains(Self.normalized(text))
    }

    /// A build error for every script the pages' policy would block.
    func problems(allowing origins: AllowedOrigins) -> [Diagnostic] {
        findings.compactMap { finding in
            switch finding {
            case .varyingInline(let location):
                return .error(ScriptProblem.varyingInline, at: location)
            case .external(let src, let origin, let location):
                if let origin, origins.scripts.contains(origin) { return nil }
                guard let origin else {
                    return .error(ScriptProblem.notHTTPS(src), at: location)
                }
                return .error(ScriptProblem.originNotListed(src, origin: origin), at: location)
            case .handler(let name, let location):
                return .error(ScriptProblem.eventHandler(name), at: location)
            case .javascriptURL(let location):
                return .error(ScriptProblem.javascriptURL, at: location)
            }
        }
    }

    /// Whether a `<script …>` tag's attributes (what follows `<script`) make an inline script a
    /// browser runs: no `src`, and no `type` or a JavaScript one.
    static func runsInline(tag: some Collection<UInt8>) -> Bool {
        let attributes = String(decoding: tag, as: UTF8.self).lowercased()
        if attribute("src", in: attributes) != nil { return false }
        guard let type = attribute("type", in: attributes) else { return true }
        return ["", "text/javascript", "application/javascript", "module", "text/ecmascript"].contains(type)
    }

    private mutating func scan(_ text: String, file: String) {
        let bytes = Array(text.utf8)
        if ContentSecurityPolicy.find(Array("{{assets.style}}".utf8), in: bytes.filter { $0 != UInt8(ascii: " ") }, from: 0) != nil {
            usesStyleAsset = true
        }
        // HTML's names are ASCII and compare without case; lowering only ASCII letters keeps every
        // byte where it was, so an offset into `lower` is one into `bytes` (Unicode's lower case
        // may change a character's length: 'İ' is two bytes, its lower case three).
        let lower = bytes.map(\.asciiLowercased)
        // Where each line starts, so a tag's line and column are a lookup, not a rescan.
        let lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
        func location(of offset: Int) -> SourceLocation {
            let line = lineStarts.lastIndex { $0 <= offset } ?? 0
            let column = String(decoding: bytes[lineStarts[line]..<offset], as: UTF8.self).count + 1
            return SourceLocation(file: file, line: line + 1, column: column)
        }
        var index = 0
        while let open = ContentSecurityPolicy.find(Array("<".utf8), in: lower, from: index) {
            guard let close = lower[open...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let tag = String(decoding: lower[(open + 1)..<close], as: UTF8.self)
            let location = location(of: open)
            index = close + 1
            guard let first = tag.first, first.isLetter else { continue }
            for name in Self.handlerNames(in: tag) { findings.append(.handler(name, location)) }
            if Self.hasJavaScriptURL(tag: Array(tag.utf8)) {
                findings.append(.javascriptURL(location))
            }
            guard tag == "script" || tag.hasPrefix("script ") || tag.hasPrefix("script\n") || tag.hasPrefix("script\t") else { continue }
            let attributes = tag.dropFirst("script".count)
            guard let end = ContentSecurityPolicy.find(Array("</script".utf8), in: lower, from: close + 1) else { break }
            if let src = Self.attribute("src", in: String(decoding: bytes[(open + 7)..<close], as: UTF8.self)) {
                // The pages' own script or rules table, served by the host itself ('self').
                if Self.isScriptAsset(src) {
                    usesScriptAsset = true
                    index = end
                    continue
                }
                findings.append(.external(src: src, origin: Self.origin(of: src), location))
            } else if Self.runsInline(tag: attributes.utf8) {
                var body = String(decoding: bytes[(close + 1)..<end], as: UTF8.self)
                for tag in ["{{{behaviour.script}}}", "{{&behaviour.script}}", "{{& behaviour.script}}", "{{{ behaviour.script }}}"] {
                    body = body.replacingEvery(tag, with: PageScript.source)
                }
                if body.contains("{{") {
                    findings.append(.varyingInline(location))
                } else {
                    allowed.insert(Self.normalized(body.utf8[...]))
                }
            }
            index = end
        }
    }

    /// Whether a `<script src>` is the shared page script or the host's rules table
    /// (`{{assets.script}}`, `{{assets.rules}}` in a template).
    static func isScriptAsset(_ src: String) -> Bool {
        ["{{assets.script}}", "{{assets.rules}}"].contains(src.filter { $0 != " " })
    }

    /// `name="value"`, `name='value'` or `name=value` in a tag's attribute text; "" for a bare
    /// `name`; nil when the tag has no such attribute. Names compare without ASCII case, as HTML's
    /// do (`name` is given in lower case): `<script SRC=…>` loads a script as `src` does.
    static func attribute(_ name: String, in attributes: String) -> String? {
        let text = Array(attributes.utf8)
        let name = Array(name.utf8)
        func named(at start: Int) -> Bool {
            start + name.count <= text.count
                && zip(text[start...], name).allSatisfy { $0.asciiLowercased == $1 }
        }
        var bare = false
        for start in text.indices where named(at: start) && (start == 0 || text[start - 1].isHTMLWhitespace) {
            var index = skipWhitespace(text, from: start + name.count)
            guard index < text.count, text[index] == UInt8(ascii: "=") else {
                // `name` alone counts only as a whole word.
                if start + name.count == text.count || text[start + name.count].isHTMLWhitespace { bare = true }
                continue
            }
            index = skipWhitespace(text, from: index + 1)
            guard index < text.count else { continue }
            let value: ArraySlice<UInt8>
            if text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "'") {
                // A quoted value needs its closing quote; without one this is no attribute.
                guard let close = text[(index + 1)...].firstIndex(of: text[index]) else { continue }
                value = text[(index + 1)..<close]
            } else {
                value = text[index...].prefix {
                    !$0.isHTMLWhitespace && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'") && $0 != UInt8(ascii: ">")
                }
                guard !value.isEmpty else { continue }
            }
            let quote: (UInt8) -> Bool = { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }
            return String(decoding: value.drop(while: quote).reversed().drop(while: quote).reversed(), as: UTF8.self)
        }
        return bare ? "" : nil
    }

    /// `on…=` event-handler attributes in a lower-cased tag: whitespace, `on`, letters, `=`.
    static func handlerNames(in tag: String) -> [String] {
        let text = Array(tag.utf8)
        var names: [String] = []
        var index = 0
        while index + 3 < text.count {
            defer { index += 1 }
            guard text[index].isHTMLWhitespace, text[index + 1] == UInt8(ascii: "o"), text[index + 2] == UInt8(ascii: "n") else { continue }
            let letters = text[(index + 3)...].prefix { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
            guard !letters.isEmpty else { continue }
            let equals = skipWhitespace(text, from: index + 3 + letters.count)
            guard equals < text.count, text[equals] == UInt8(ascii: "=") else { continue }
            names.append("on" + String(decoding: letters, as: UTF8.self))
            index = equals
        }
        return names
    }

    /// Whether a lower-cased tag has a `href`, `src`, `action` or `formaction` whose value is a
    /// `javascript:` URL, as a browser reads it: leading blanks and control characters are
    /// dropped, and tabs and line breaks inside the scheme are ignored.
    static func hasJavaScriptURL(tag text: [UInt8]) -> Bool {
        for name in ["href", "src", "action"] {
            let name = Array(name.utf8)
            for start in text.indices where text[start...].starts(with: name) {
                var index = skipWhitespace(text, from: start + name.count)
                guard index < text.count, text[index] == UInt8(ascii: "=") else { continue }
                index = skipWhitespace(text, from: index + 1)
                if index < text.count, text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "'") { index += 1 }
                while index < text.count, text[index] <= 0x20 { index += 1 }
                let scheme = text[index...].lazy.filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }.prefix(11)
                if Array(scheme) == Array("javascript:".utf8) { return true }
            }
        }
        return false
    }

    private static func skipWhitespace(_ text: [UInt8], from start: Int) -> Int {
        var index = start
        while index < text.count, text[index].isHTMLWhitespace { index += 1 }
        return index
    }

    /// `https://host[:port]` of an absolute https:// URL.
    private static func origin(of src: String) -> String? {
        guard src.hasPrefix("https://"), !src.contains("{{") else { return nil }
        let rest = src.dropFirst("https://".count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        return "https://\(authority)"
    }

    private static func normalized(_ text: some Sequence<UInt8>) -> [UInt8] {
        text.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    }
}

/// What the templates' scripts would meet under the pages' Content-Security-Policy.
package enum ScriptProblem: DiagnosticMessage {
    case varyingInline
    case notHTTPS(String)
    case originNotListed(String, origin: String)
    case eventHandler(String)
    case javascriptURL

    package var text: String {
        switch self {
        case .varyingInline:
            "this inline script's text holds a {{tag}}, so it changes from page to page and no hash in the page's Content-Security-Policy can allow it; keep the script's text fixed and put per-page values in a <script type=\"application/json\"> data block it reads"
        case .notHTTPS(let src):
            "script '\(src)' would be blocked by the page's Content-Security-Policy, which loads scripts only from https:// origins listed in contentSecurityPolicy.scripts; give an absolute https:// URL and list its origin"
        case .originNotListed(let src, let origin):
            "script '\(src)' would be blocked by the page's Content-Security-Policy; add '\(origin)' to contentSecurityPolicy.scripts in the manifest (and to contentSecurityPolicy.connect if it sends data there)"
        case .eventHandler(let name):
            "inline event handler '\(name)' never runs under the page's Content-Security-Policy; attach the listener from a <script> element instead"
        case .javascriptURL:
            "a javascript: URL never runs under the page's Content-Security-Policy; attach a click listener from a <script> element instead"
        }
    }
}
