#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Item rows and their rate on a terminal, redrawn at most ten times a second; silent when
/// standard error is not a terminal (CI logs, pipes).
package final class ItemProgress {
    private let start = Date()
    private var lastDrawn = Date.distantPast
    private let enabled = StandardStreams.errorIsTerminal

    package init() {}

    package func update(_ rows: Int) {
        guard enabled, Date().timeIntervalSince(lastDrawn) > 0.1 else { return }
        lastDrawn = Date()
        StandardStreams.error("\r\u{1B}[2Kitem pages: \(rows) rows (\(rate(rows))/s)")
    }

    package func finish(rows: Int) {
        guard enabled, lastDrawn != .distantPast else { return }
        let tenths = Int((Date().timeIntervalSince(start) * 10).rounded())
        StandardStreams.error("\r\u{1B}[2Kitem pages: \(rows) rows in \(tenths / 10).\(tenths % 10) s\n")
    }

    private func rate(_ rows: Int) -> Int {
        Int(Double(rows) / max(Date().timeIntervalSince(start), 0.001))
    }
}
