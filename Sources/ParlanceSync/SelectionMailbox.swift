import Parlance
import Synchronization

/// Where the selecting thread leaves a user's selections for the sync's listener task.
///
/// It holds the latest selection only: the sync pushes the latest choice, so a selection still
/// waiting when another is made is superseded. Leaving one takes a lock and, only when the
/// listener is asleep waiting for the next, resumes it — one enqueue on the cooperative pool,
/// which is the least any hand-off to another thread costs the caller (the thread wake the
/// `Sync: … (floor)` benchmark measures). A listener still at work finds the selection when it
/// next asks, so selections made back to back cost the caller no wake at all.
///
/// `AsyncStream`, which the sync listened through before, costs the caller more for the same
/// wake (its storage's lock and bookkeeping, and a copy per element buffered): docs/PERFORMANCE.md.
final class SelectionMailbox: Sendable {
    /// What the listener takes: the selection to push and the latest one made.
    struct Delivery: Sendable {
        /// The latest selection to push; `nil` when only pseudo-localizations (never pushed)
        /// were chosen since the last delivery.
        let push: LanguageSelection?
        /// The latest selection of any kind, so the sync knows the localizer's choice reached it.
        let seen: LanguageSelection
    }

    private struct State {
        var push: LanguageSelection?
        var seen: LanguageSelection?
        var waiter: UnsafeContinuation<Delivery?, Never>?
        var closed = false

        /// What is waiting, emptied; `nil` when nothing is.
        mutating func take() -> Delivery? {
            guard let seen else { return nil }
            defer {
                self.push = nil
                self.seen = nil
            }
            return Delivery(push: push, seen: seen)
        }
    }

    private let state = Mutex(State())

    /// Leaves `selection` for the listener, waking it if it waits; nothing once closed.
    func leave(_ selection: LanguageSelection) {
        let wake: (UnsafeContinuation<Delivery?, Never>, Delivery)? = state.withLock { state in
            guard !state.closed else { return nil }
            if case .pseudo = selection {} else { state.push = selection }
            state.seen = selection
            guard let waiter = state.waiter, let delivery = state.take() else { return nil }
            state.waiter = nil
            return (waiter, delivery)
        }
        if let (waiter, delivery) = wake { waiter.resume(returning: delivery) }
    }

    /// The next delivery, waiting for one; `nil` once ``close()`` was called (one the caller
    /// left before closing is dropped: the sync that closes has stopped).
    func next() async -> Delivery? {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Delivery?, Never>) in
            let ready: Delivery?? = state.withLock { state in
                if state.closed { return .some(nil) }
                if let delivery = state.take() { return .some(delivery) }
                state.waiter = continuation
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Whether a listener waits in ``next()`` (for tests).
    var hasWaiter: Bool { state.withLock { $0.waiter != nil } }

    /// Ends the listener's wait (``next()`` returns `nil`) and drops what later callers leave.
    func close() {
        let waiter = state.withLock { state in
            state.closed = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }
}
