import Synchronization

/// An object built the first time it is asked for and kept, shared by every thread (a thread
/// that asks while another builds it waits for that one).
struct SharedLazyValue<Value: AnyObject & Sendable>: ~Copyable, Sendable {
    private let stored = Mutex<Value?>(nil)

    init() {}

    /// The object, when some thread has built it.
    var built: Value? { stored.withLock { $0 } }

    func value(building build: () -> Value) -> Value {
        stored.withLock { stored in
            if let stored { return stored }
            let made = build()
            stored = made
            return made
        }
    }
}
