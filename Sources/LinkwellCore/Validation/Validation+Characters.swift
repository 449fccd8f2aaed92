extension Validation {
    /// Characters an output file cannot carry, refused where the manifest writes them: a line
    /// break in a path would add a rule to `_redirects` or robots.txt, a space would split a
    /// rule's fields, a NUL makes the intent-filter XML invalid. Every text value may hold no
    /// control character; values written into a whitespace-separated configuration line (a paged
    /// route's path and its variables, short links, robots rules, URLs) hold no whitespace. A
    /// route without a page may keep a literal space (`percentEncoded: false` reads one): it
    /// reaches only the JSON and XML association files.
    ///
    /// Which values are text and which are written into a line is each key's kind in the field
    /// tables (`FieldKind`): a key added there is checked here without a word of this function.
    static func checkCharacters(_ manifest: RawManifest) -> [Diagnostic] {
        let values = ManifestFields.root.values(of: manifest)
        let texts = values.filter { $0.kind == .text }.map { ($0.value, $0.key) }
        let urlLike = values.filter { $0.kind == .line }.map { ($0.value, $0.key) }
        let routeNames = values.filter { $0.key == "routes.name" }.map { ($0.value, $0.key) }

        var found: [Diagnostic] = []
        for (value, what) in texts + urlLike {
            if let bad = value.value.unicodeScalars.first(where: isControl) {
                found.append(.error(CharacterProblem.controlCharacter(value.value, what: what, bad), at: value.location))
            }
        }
        // nginx refuses a parameter of 4 KB or more (`nginx -t` fails): a value written into a host
        // configuration line is bounded well below that, at its own line.
        for (value, what) in urlLike + routeNames
        where value.value.utf8.count > maximumLineValue {
            found.append(.error(CharacterProblem.tooLong(value.value, what: what), at: value.location))
        }
        for (value, what) in urlLike where !value.value.unicodeScalars.contains(where: isControl) {
            if let space = value.value.unicodeScalars.first(where: { $0.properties.isWhitespace }) {
                found.append(.error(CharacterProblem.whitespace(value.value, what: what, space), at: value.location))
            } else if let bad = value.value.unicodeScalars.first(where: { !HostingLineText.allows($0) }) {
                found.append(.error(CharacterProblem.notInLine(value.value, what: what, bad), at: value.location))
            }
        }
        return found
    }

    /// The longest value, in UTF-8 bytes, written into a line of a host configuration.
    package static let maximumLineValue = 2_048

    /// What item data may not hold: `isControl` but tab and line breaks, which a quoted CSV
    /// field holds in a multi-line description and a page shows as white space.
    package static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) && scalar != "\t" && scalar != "\n" && scalar != "\r"
    }

    /// Characters no output can carry: controls, the line and paragraph separators, and the
    /// non-characters (U+FFFE, U+FFFF and the like make the intent-filter XML not well-formed).
    fileprivate static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
            || isNoncharacter(scalar)
    }

    /// Unicode's 66 non-characters: U+FDD0…U+FDEF and the last two code points of every plane.
    /// Arithmetic, not `properties.isNoncharacterCodePoint`'s table lookup: every field of every
    /// row is checked.
    package static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }

    /// What a refused character is, in words.
    fileprivate static func kind(_ scalar: Unicode.Scalar) -> String {
        switch scalar.properties.generalCategory {
        case .format: "a format character"
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: "a separator"
        case .privateUse: "a private-use character"
        case .unassigned: "an unassigned code point"
        default: "a character that is not text"
        }
    }

}

/// Characters no output can carry.
package enum CharacterProblem: DiagnosticMessage {
    case controlCharacter(String, what: String, Unicode.Scalar)
    case whitespace(String, what: String, Unicode.Scalar)
    case notInLine(String, what: String, Unicode.Scalar)
    case tooLong(String, what: String)

    package var text: String {
        switch self {
        case .controlCharacter(let value, let what, let bad):
            "\(what) '\(TerminalText.escaped(value))' contains the \(bad.properties.isNoncharacterCodePoint ? "non-character" : "control character") \(TerminalText.codePoint(bad)), which no output file can carry; remove it"
        case .whitespace(let value, let what, let space):
            "\(what) '\(value)' contains whitespace (\(TerminalText.codePoint(space))), which would split a rule in the host configuration; percent-encode it as %20 or remove it"
        case .tooLong(let value, let what):
            "\(what) '\(TerminalText.escaped(String(value.prefix(40))))…' is \(value.utf8.count) bytes long; a value written into a host "
                + "configuration line may have at most \(Validation.maximumLineValue) (nginx refuses a parameter of about 4 KB)"
        case .notInLine(let value, let what, let bad):
            "\(what) '\(TerminalText.escaped(value))' contains \(TerminalText.codePoint(bad)), \(Validation.kind(bad)); a line of a host "
                + "configuration holds only letters, marks, numbers, punctuation and symbols (Netlify splits its fields on "
                + "characters such as U+FEFF): percent-encode it or remove it"
        }
    }
}
