/// Decisions written as `match --json` lines: one object per line, keys sorted, `rule` a
/// 0-based index or null, `detail` only when there is one.
package struct MatchOutputLines {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func append(_ decision: borrowing LinkDecision) {
        bytes.append(literal: #"{"app":"#)
        JSONValue.appendQuoted(decision.app, to: &bytes)
        bytes.append(literal: #","app_id":"#)
        JSONValue.appendQuoted(decision.appIdentifier, to: &bytes)
        bytes.append(literal: #","decision":""#)
        bytes += decision.decision.outcome.rawValue.utf8
        bytes.append(literal: #"","#)
        if let detail = decision.decision.detail {
            bytes.append(literal: #""detail":"#)
            bytes += String(detail).utf8
            bytes.append(literal: ",")
        }
        bytes.append(literal: #""host":"#)
        JSONValue.appendQuoted(decision.host, to: &bytes)
        bytes.append(literal: #","page_type":"#)
        bytes.appendQuotedOrNull(decision.pageType)
        bytes.append(literal: #","platform":""#)
        bytes += decision.platform.rawValue.utf8
        bytes.append(literal: #"","route":"#)
        bytes.appendQuotedOrNull(decision.route)
        bytes.append(literal: #","rule":"#)
        if let rule = decision.decision.rule { bytes += String(rule).utf8 } else { bytes.append(literal: "null") }
        bytes.append(literal: #","url":"#)
        JSONValue.appendQuoted(decision.url, to: &bytes)
        bytes.append(literal: "}\n")
    }

    /// A line that is not a decision (the preview page of `match --json` on a manifest).
    package mutating func append(line: String) {
        bytes += line.utf8
        bytes.append(0x0A)
    }

    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }
}

extension [UInt8] {
    fileprivate mutating func append(literal text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    fileprivate mutating func appendQuotedOrNull(_ text: String?) {
        if let text { JSONValue.appendQuoted(text, to: &self) } else { append(literal: "null") }
    }
}
