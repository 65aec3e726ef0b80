import Synchronization

/// A reference stored at most once and read without a lock, for values made on first use.
///
/// It does what `AtomicLazyReference` does; that type's `load()` is not specialized into
/// callers outside its module and looks up generic metadata on every call, which showed in
/// lookups that read one on each call.
package struct OnceReference<Object: AnyObject & Sendable>: ~Copyable, @unchecked Sendable {
    // @unchecked: the word is written once by compare-and-swap; the object it holds is Sendable.
    private let bits = Atomic<UInt>(0)

    package init() {}

    /// The stored object, or `nil` before one is stored.
    @inline(__always)
    package func load() -> Object? {
        let stored = bits.load(ordering: .acquiring)
        guard stored != 0 else { return nil }
        return Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: stored)!).takeUnretainedValue()
    }

    /// Stores `object` unless one is stored already; returns the one stored.
    package func storeIfNil(_ object: Object) -> Object {
        let made = Unmanaged.passRetained(object)
        let (exchanged, winner) = bits.compareExchange(
            expected: 0, desired: UInt(bitPattern: made.toOpaque()),
            successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if exchanged { return object }
        made.release()
        return Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: winner)!).takeUnretainedValue()
    }

    deinit {
        let stored = bits.load(ordering: .acquiring)
        if stored != 0 { Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: stored)!).release() }
    }
}
