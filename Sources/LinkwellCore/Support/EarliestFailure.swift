import Synchronization

/// The failure of the earliest piece of work, by its place in an order, among failures recorded
/// from several threads: a job done in parallel reports what the same job done in order would
/// have stopped at, whatever the threads' timing.
package final class EarliestFailure<Failure: Error & Sendable>: Sendable {
    private let earliest = Mutex<(order: Int, failure: Failure)?>(nil)
    /// The earliest failure's order (`Int.max` while none): read without the lock, since every
    /// file a build writes asks (taking the lock, from another module's generic code, cost
    /// more than creating the file's name).
    private let earliestOrder = Atomic<Int>(.max)

    package init() {}

    package func record(_ failure: Failure, at order: Int) {
        earliest.withLock { earliest in
            if earliest.map({ order < $0.order }) ?? true {
                earliest = (order, failure)
                earliestOrder.store(order, ordering: .releasing)
            }
        }
    }

    /// Whether work at `order` can be skipped: something before it failed already.
    package func isKnownBefore(_ order: Int) -> Bool {
        earliestOrder.load(ordering: .acquiring) < order
    }

    package var first: Failure? {
        guard earliestOrder.load(ordering: .acquiring) != .max else { return nil }
        return earliest.withLock { $0?.failure }
    }
}
