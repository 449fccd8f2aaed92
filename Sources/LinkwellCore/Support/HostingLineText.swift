/// An allow-list for values written into a line of a host configuration (`_redirects`,
/// `_headers`, nginx): printable ASCII but the space, and beyond ASCII only letters, marks,
/// numbers, punctuation and symbols. Every separator (Unicode's Z categories) and every
/// format, private-use or unassigned character is refused: Netlify's parser splits fields on
/// JavaScript's `\s`, which holds U+FEFF and U+00A0 among others, so a character Swift does
/// not call whitespace can still split a rule.
package enum HostingLineText {
    package static func allows(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (0x21...0x7E).contains(scalar.value) }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark,
            .enclosingMark, .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation, .openPunctuation,
            .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
            .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}
