import Dispatch
import Testing

@testable import LinkwellCore

/// Failures recorded from many threads in any order: the one reported is the earliest by its
/// place in the work's order, and only work after a known failure may be skipped.
@Suite struct EarliestFailureTests {
    private struct Failed: Error, Equatable {
        var order: Int
    }

    @Test func theEarliestWinsWhateverTheTiming() {
        var random = PropertyTests.Random(state: 0xEA71_E575)
        for _ in 0..<200 {
            let orders = (0..<1 + random.below(64)).map { _ in random.below(10_000) }
            let failures = EarliestFailure<Failed>()
            DispatchQueue.concurrentPerform(iterations: orders.count) { index in
                failures.record(Failed(order: orders[index]), at: orders[index])
            }
            let earliest = orders.min() ?? 0
            #expect(failures.first == Failed(order: earliest))
            #expect(!failures.isKnownBefore(earliest) && failures.isKnownBefore(earliest + 1))
        }
        let none = EarliestFailure<Failed>()
        #expect(none.first == nil && !none.isKnownBefore(Int.max))
    }

    /// In order, a later failure never replaces an earlier one.
    @Test func aLaterFailureDoesNotReplaceAnEarlierOne() {
        let failures = EarliestFailure<Failed>()
        failures.record(Failed(order: 5), at: 5)
        failures.record(Failed(order: 9), at: 9)
        failures.record(Failed(order: 5), at: 5)
        #expect(failures.first == Failed(order: 5))
        failures.record(Failed(order: 2), at: 2)
        #expect(failures.first == Failed(order: 2))
    }
}
