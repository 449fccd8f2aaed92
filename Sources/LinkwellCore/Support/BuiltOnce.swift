import Synchronization

/// An object built the first time it is asked for and kept, shared by every thread: the first
/// one stored wins (a thread that loses the race frees its own and takes the stored one), and
/// it is released with its owner. A plain atomic reference, not a lock per read, and not the
/// standard library's `AtomicLazyReference`, which runs unspecialized: `match --stdin` reads it
/// for every URL.
struct BuiltOnce<Value: AnyObject & Sendable>: ~Copyable, Sendable {
    private let stored = Atomic<Unmanaged<Value>?>(nil)

    init() {}

    deinit {
        stored.load(ordering: .acquiring)?.release()
    }

    /// The object, when some thread has built it.
    var built: Value? {
        stored.load(ordering: .acquiring)?.takeUnretainedValue()
    }

    func value(building build: () -> Value) -> Value {
        if let built { return built }
        let made = Unmanaged.passRetained(build())
        // The value found is nil exactly when ours was stored.
        let (_, found) = stored.compareExchange(expected: nil, desired: made, ordering: .acquiringAndReleasing)
        guard let found else { return made.takeUnretainedValue() }
        made.release()
        return found.takeUnretainedValue()
    }
}
