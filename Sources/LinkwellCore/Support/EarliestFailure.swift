import Synchronization

/// The failure of the earliest piece of work, by its place in an order, among failures recorded
/// from several threads: a job done in parallel reports what the same job done in order would
/// have stopped at, whatever the threads' timing.
package final class EarliestFailure<Failure: Error & Sendable>: Sendable {
    private let earliest = Mutex<(order: Int, failure: Failure)?>(nil)

    package init() {}

    package func record(_ failure: Failure, at order: Int) {
        earliest.withLock { earliest in
            if earliest.map({ order < $0.order }) ?? true { earliest = (order, failure) }
        }
    }

    /// Whether work at `order` can be skipped: something before it failed already.
    package func isKnownBefore(_ order: Int) -> Bool {
        earliest.withLock { $0.map { $0.order < order } ?? false }
    }

    package var first: Failure? { earliest.withLock { $0?.failure } }
}
