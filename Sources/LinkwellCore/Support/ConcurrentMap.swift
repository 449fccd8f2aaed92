import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// `map`, with the elements transformed side by side on every core: the results come back in
    /// the elements' order, so the output does not depend on which finished first.
    package func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        guard count > 1, #available(macOS 15, *) else { return map(transform) }
        let results = Mutex([Result?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = transform(self[index])
            results.withLock { $0[index] = result }
        }
        // Every slot is filled once concurrentPerform returns.
        return results.withLock { $0.compactMap { $0 } }
    }

    /// `body` for every element, side by side on every core, for work whose effects are its own
    /// business (each call must be safe beside the others); returns when all are done.
    package func concurrentForEach(_ body: @Sendable (Element) -> Void) {
        guard count > 1 else { return forEach(body) }
        DispatchQueue.concurrentPerform(iterations: count) { index in body(self[index]) }
    }
}
