/// Decisions written as `match --json` lines: one object per line, keys sorted, `rule` a
/// 0-based index or null, `detail` only when there is one.
///
/// `match --stdin` writes millions of lines in which most parts repeat: every line of a URL has
/// its URL and host, every line of an app its app. So the text between the few parts that change
/// per decision (outcome, detail, platform, rule) is kept quoted, and quoted again only when the
/// string it comes from is a different one.
package struct MatchOutputLines {
    package private(set) var bytes: [UInt8] = []

    /// `{"app":…,"app_id":…,"decision":"`
    private var head = Piece()
    /// `"host":…,"page_type":…,"platform":"`
    private var middle = Piece()
    /// `","route":…,"rule":`
    private var route = Piece()
    /// `,"url":…}`
    private var tail = Piece()

    package init() {}

    package mutating func append(_ decision: borrowing LinkDecision) {
        if head.isStale(decision.app, decision.appIdentifier) {
            head.bytes.append(literal: #"{"app":"#)
            JSONValue.appendQuoted(decision.app, to: &head.bytes)
            head.bytes.append(literal: #","app_id":"#)
            JSONValue.appendQuoted(decision.appIdentifier, to: &head.bytes)
            head.bytes.append(literal: #","decision":""#)
        }
        if middle.isStale(decision.host, decision.pageType) {
            middle.bytes.append(literal: #""host":"#)
            JSONValue.appendQuoted(decision.host, to: &middle.bytes)
            middle.bytes.append(literal: #","page_type":"#)
            middle.bytes.appendQuotedOrNull(decision.pageType)
            middle.bytes.append(literal: #","platform":""#)
        }
        if route.isStale(decision.route ?? "", decision.route) {
            route.bytes.append(literal: #"","route":"#)
            route.bytes.appendQuotedOrNull(decision.route)
            route.bytes.append(literal: #","rule":"#)
        }
        if tail.isStale(decision.url, nil) {
            tail.bytes.append(literal: #","url":"#)
            JSONValue.appendQuoted(decision.url, to: &tail.bytes)
            tail.bytes.append(literal: "}\n")
        }
        // The line in one piece: its length first, then every part copied into place (an
        // append per part cost more than the copying).
        let outcome = decision.decision.outcome.jsonName
        let platform = decision.platform.jsonName
        let detail = decision.decision.detail
        let rule = decision.decision.rule
        let detailDigits = detail.map(Self.digitCount) ?? 0
        let ruleDigits = rule.map(Self.digitCount) ?? 4
        let length =
            head.bytes.count + outcome.utf8CodeUnitCount + 2 + (detail == nil ? 0 : Self.detailKey.utf8CodeUnitCount + detailDigits + 1)
            + middle.bytes.count + platform.utf8CodeUnitCount + route.bytes.count + ruleDigits + tail.bytes.count
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: length))
        bytes.withUnsafeMutableBufferPointer { line in
            var writer = LineWriter(line: line, at: start)
            writer.copy(head.bytes)
            writer.copy(outcome)
            writer.copy(#"","#)
            if let detail {
                writer.copy(Self.detailKey)
                writer.decimal(detail, digits: detailDigits)
                writer.copy(",")
            }
            writer.copy(middle.bytes)
            writer.copy(platform)
            writer.copy(route.bytes)
            if let rule { writer.decimal(rule, digits: ruleDigits) } else { writer.copy("null") }
            writer.copy(tail.bytes)
        }
    }

    /// Copies a line's parts into the space made for it, left to right. A struct, not nested
    /// functions: those captured the offset in a box, checked for exclusive access at each copy.
    private struct LineWriter {
        let line: UnsafeMutableBufferPointer<UInt8>
        var at: Int

        mutating func copy(_ part: UnsafeBufferPointer<UInt8>) {
            _ = UnsafeMutableBufferPointer(rebasing: line[at..<at + part.count]).initialize(fromContentsOf: part)
            at += part.count
        }

        mutating func copy(_ part: StaticString) { part.withUTF8Buffer { copy($0) } }

        mutating func copy(_ part: [UInt8]) { part.withUnsafeBufferPointer { copy($0) } }

        /// `value` in `digits` decimal digits (its `digitCount`).
        mutating func decimal(_ value: Int, digits: Int) {
            guard value >= 0 else {
                var text = String(value)
                return text.withUTF8 { copy($0) }
            }
            var rest = value
            var index = at + digits
            repeat {
                index -= 1
                line[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            at += digits
        }
    }

    private static let detailKey: StaticString = #""detail":"#

    /// Decimal digits of an index (positions in a list are never negative; a negative one would
    /// still be written, sign and all).
    private static func digitCount(_ value: Int) -> Int {
        guard value >= 0 else { return String(value).utf8.count }
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// A line that is not a decision (the preview page of `match --json` on a manifest).
    package mutating func append(line: String) {
        bytes += line.utf8
        bytes.append(0x0A)
    }

    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Quoted text made from one or two strings, made again only when either string differs
    /// from the last ones (equal strings compare fast when they share storage, as they do here).
    private struct Piece {
        var first: String?
        var second: String?
        var bytes: [UInt8] = []

        /// Whether the bytes must be made again for these strings: if so they are emptied, for
        /// the caller to write. (Not a closure that writes them: capturing the decision copied it.)
        mutating func isStale(_ first: String, _ second: String?) -> Bool {
            guard first != self.first || second != self.second else { return false }
            self.first = first
            self.second = second
            bytes.removeAll(keepingCapacity: true)
            return true
        }
    }
}

extension [UInt8] {
    // Static text copied whole: appending a String's UTF-8 view goes byte by byte.
    fileprivate mutating func append(literal text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    fileprivate mutating func appendQuotedOrNull(_ text: String?) {
        if let text { JSONValue.appendQuoted(text, to: &self) } else { append(literal: "null") }
    }

}

// The raw values as static text, for the writer; `LinkDecisionTests` compares the lines with
// the raw values.
extension Platform {
    fileprivate var jsonName: StaticString {
        switch self {
        case .ios: "ios"
        case .iosLegacy: "ios-legacy"
        case .android: "android"
        case .androidLegacy: "android-legacy"
        }
    }
}

extension MatchDecision.Outcome {
    fileprivate var jsonName: StaticString {
        switch self {
        case .match: "match"
        case .exclude: "exclude"
        case .noMatch: "no_match"
        }
    }
}
