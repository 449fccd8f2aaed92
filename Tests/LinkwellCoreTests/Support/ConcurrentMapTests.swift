import Synchronization
import Testing

@testable import LinkwellCore

/// Work spread over the cores: results come back in the elements' order, and every element is
/// visited once.
@Suite struct ConcurrentMapTests {
    @Test func resultsComeBackInOrder() {
        for count in [0, 1, 2, 7, 1_000] {
            let elements = Array(0..<count)
            #expect(elements.concurrentMap { $0 * 3 } == elements.map { $0 * 3 })
        }
    }

    @Test func everyElementIsVisitedOnce() {
        for count in [0, 1, 2, 7, 1_000] {
            let visits = Mutex([Int](repeating: 0, count: count))
            Array(0..<count).concurrentForEach { index in visits.withLock { $0[index] += 1 } }
            #expect(visits.withLock { $0 } == [Int](repeating: 1, count: count))
        }
    }
}
