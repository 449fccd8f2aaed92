/// Values from a manifest (paths, query names, route names, URLs) in the pull-request comment
/// `diff` writes, made inert: GitHub renders the comment as Markdown, links remote images,
/// notifies @-mentioned people and turns URLs into links — so a value is shown only inside a code
/// span, where none of that happens, and a code span that no value can end early. One escaping
/// for everything `diff` writes into Markdown.
package enum MarkdownText {
    /// `text` as one inline code span that shows it exactly: fenced by one backtick more than the
    /// longest run of backticks inside it (CommonMark's rule), padded with a space where it starts
    /// or ends with a backtick; a line break (which would end a table row) shown as `\n`, and a
    /// pipe escaped, which a table cell needs even inside code (GFM).
    package static func code(_ text: String) -> String {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        var body = text.replacingEvery("\r", with: "\\r").replacingEvery("\n", with: "\\n").replacingEvery("|", with: "\\|")
        if body.hasPrefix("`") || body.hasSuffix("`") || (body.hasPrefix(" ") && body.hasSuffix(" ") && !body.allSatisfy { $0 == " " }) {
            body = " " + body + " "
        }
        return fence + body + fence
    }
}
