/// A line under a diagnostic that says more: where a duplicate was first defined (a place of its
/// own, so an editor jumps there and GitHub annotates that line too), or a URL that shows a
/// warning is real (no place: it belongs to the diagnostic's).
package struct Note: Sendable, Hashable, Codable {
    package var message: String
    /// Nil when the note is about the diagnostic's own place.
    package var location: SourceLocation?

    package init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }

    /// A duplicate's note: the place of the value it repeats.
    package static func firstDefined(at location: SourceLocation, what: String? = nil) -> Note {
        Note(what.map { "\($0) is first defined here" } ?? "first defined here", at: location)
    }

    /// The note as one line of prose, for forms that print it inside another message (GitHub's
    /// annotation body, import's report): the place follows the words.
    package var inline: String {
        location.map { "\(message) (\($0))" } ?? message
    }
}
