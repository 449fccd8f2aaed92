/// Decisions written as `match --json` lines: one object per line, keys sorted, `rule` a
/// 0-based index or null, `detail` only when there is one.
///
/// `match --stdin` writes millions of lines in which most parts repeat: every line of a URL has
/// its URL and host, every line of an app its app. So the text between the few parts that change
/// per decision (outcome, detail, platform, rule) is kept quoted, and quoted again only when the
/// string it comes from is a different one.
package struct DecisionLines {
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
        bytes += head.bytes
        bytes.append(literal: decision.decision.outcome.jsonName)
        bytes.append(literal: #"","#)
        if let detail = decision.decision.detail {
            bytes.append(literal: #""detail":"#)
            bytes.appendDecimal(detail)
            bytes.append(UInt8(ascii: ","))
        }
        bytes += middle.bytes
        bytes.append(literal: decision.platform.jsonName)
        bytes += route.bytes
        if let rule = decision.decision.rule { bytes.appendDecimal(rule) } else { bytes.append(literal: "null") }
        bytes += tail.bytes
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
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    fileprivate mutating func appendQuotedOrNull(_ text: String?) {
        if let text { JSONValue.appendQuoted(text, to: &self) } else { append(literal: "null") }
    }

    /// An index in decimal, without making a String.
    fileprivate mutating func appendDecimal(_ value: Int) {
        guard value >= 0 else {
            self += String(value).utf8
            return
        }
        guard value >= 10 else { return append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value)) }
        appendDecimal(value / 10)
        append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
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
