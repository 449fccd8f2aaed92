/// Escaping for the XML Linkwell writes (plists, intent filters).
enum XML {
    /// Text for inside `<!-- … -->`, where entities mean nothing and `--` is not allowed.
    static func comment(_ text: String) -> String {
        var result = text
        while result.contains("--") { result = result.replacingEvery("--", with: "- -") }
        return result
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
