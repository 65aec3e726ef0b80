import Synchronization

/// A reference to an immutable object that readers use without locks and without
/// touching its reference count, and that a writer replaces, freeing the old object as
/// soon as no reader can still be using it.
///
/// Readers run ``read(_:)``: they announce themselves in a ``ReadIndicator``, load the
/// reference, use the object, and leave: two uncontended atomic additions and a load,
/// never a wait. A writer swaps the reference, then waits (the Left-Right algorithm's two
/// phases) until every reader that could have loaded the old reference has left, and only
/// then releases it. Writers are serialised among themselves; readers never wait for them.
///
/// The reference owns one retain of the current object. Code that keeps the object past a
/// read section takes its own strong reference with ``load()``.
final class ReclaimingReference<Object: AnyObject & Sendable>: Sendable {
    private let slot: Atomic<Unmanaged<Object>>
    private let version = Atomic<Int>(0)
    private let readers = ReadIndicator()
    private let writer = Locked<Void>(())

    init(_ object: Object) {
        slot = Atomic(Unmanaged.passRetained(object))
    }

    deinit {
        slot.load(ordering: .sequentiallyConsistent).release()
    }

    /// Runs `body` with the current object, which stays alive until `body` returns, whatever
    /// writers do meanwhile. `body` must not replace this reference (it would wait for itself).
    @inline(__always)
    func read<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        let version = version.load(ordering: .sequentiallyConsistent)
        let stripe = readers.arrive(version: version)
        defer { readers.depart(version: version, stripe: stripe) }
        return try slot.load(ordering: .sequentiallyConsistent)._withUnsafeGuaranteedRef(body)
    }

    /// A strong reference to the current object.
    func load() -> Object {
        read { $0 }
    }

    /// Makes `object` current and returns the object it replaced once no reader can be
    /// using it any more; dropping the returned reference frees it unless someone else
    /// holds it.
    @discardableResult
    func replace(with object: Object) -> Object {
        writer.withLock { _ in
            let old = slot.exchange(Unmanaged.passRetained(object), ordering: .sequentiallyConsistent)
            waitForReaders()
            return old.takeRetainedValue()
        }
    }

    /// Replaces the current object with what `transform` makes of it, atomically with
    /// respect to other writers; `transform` returns `nil` to leave it as it is.
    @discardableResult
    func update(_ transform: (Object) -> Object?) -> Object? {
        writer.withLock { _ -> Object? in
            let current = slot.load(ordering: .sequentiallyConsistent).takeUnretainedValue()
            guard let object = transform(current) else { return nil }
            let old = slot.exchange(Unmanaged.passRetained(object), ordering: .sequentiallyConsistent)
            waitForReaders()
            return old.takeRetainedValue()
        }
    }

    /// Waits until no reader that started before the exchange is still inside its section.
    /// Readers that start now see the new reference, so they are not waited for.
    private func waitForReaders() {
        let previous = version.load(ordering: .sequentiallyConsistent)
        let next = previous ^ 1
        // Readers that read `next` before the last flip and are still inside.
        readers.waitUntilEmpty(version: next)
        version.store(next, ordering: .sequentiallyConsistent)
        readers.waitUntilEmpty(version: previous)
    }
}
