/// A value of a manifest entry as written, found through the field tables: what `diff` compares
/// and what a page template may name, for every key the tables list, without a list of its own.
package struct ManifestFieldValue: Sendable, Hashable, Codable {
    /// The key within the entry (`title`, `labels.open`, `since.ios`).
    package var key: String
    /// The value as written (a flag as `true` or `false`).
    package var text: String
    /// Text shown on a page, under a key of the entry itself (not a nested section's): a
    /// template names it as `page.<key>`.
    package var isPageText: Bool
}
