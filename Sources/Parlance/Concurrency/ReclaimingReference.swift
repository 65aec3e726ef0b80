import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A reference to an immutable object that readers use without locks and without
/// touching its reference count, and that a writer replaces, freeing the old object once
/// no reader can still be using it.
///
/// Readers run ``read(_:)``: they announce themselves in a ``ReadIndicator``, load the
/// reference, use the object and leave: two uncontended atomic additions and a load,
/// never a wait. A writer swaps the reference and retires the old object; a retired
/// object is released after a grace period, the Left-Right algorithm's two phases: the
/// version bit flips once the readers of the other version are gone, and the objects
/// retired before the flip are released once the readers of the old version are gone.
/// A writer tries to finish the grace period at once (readers' sections are short); when
/// a reader is slow, say preempted, it leaves the objects retired and the next write
/// finishes the job, so writers rarely wait. At most ``maximumRetired`` objects wait: a
/// writer that would retire more waits for readers instead, so memory stays bounded.
///
/// The reference owns one retain of the current object. Code that keeps the object past a
/// read section takes its own strong reference with ``load()``.
final class ReclaimingReference<Object: AnyObject & Sendable>: Sendable {
    /// How many replaced objects may wait for readers before a writer waits too.
    static var maximumRetired: Int { 8 }

    /// Replaced objects, each holding the retain the slot had.
    private struct Retired: @unchecked Sendable {
        /// Replaced since the last flip of the version bit.
        var pending: [Unmanaged<Object>] = []
        /// Replaced before the last flip: released once the old version's readers are gone.
        var flipped: [Unmanaged<Object>] = []
        var count: Int { pending.count + flipped.count }
    }

    private let slot: Atomic<Unmanaged<Object>>
    private let version = Atomic<Int>(0)
    private let readers = ReadIndicator()
    /// Serialises writers and holds what they retired.
    private let writer = Locked(Retired())
    private let retiredGauge = Atomic<Int>(0)

    init(_ object: Object) {
        slot = Atomic(Unmanaged.passRetained(object))
    }

    deinit {
        // No reader can hold a reference to this object, so none can be inside a section.
        slot.load(ordering: .sequentiallyConsistent).release()
        writer.withLock { retired in
            for object in retired.pending + retired.flipped { object.release() }
        }
    }

    /// Runs `body` with the current object, which stays alive until `body` returns, whatever
    /// writers do meanwhile. `body` must not replace this reference.
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

    /// Makes `object` current. The object it replaced is released once no reader can be
    /// using it, now or at a later write. Returns the replaced object's identity.
    @discardableResult
    func replace(with object: Object) -> ObjectIdentifier {
        writer.withLock { retired in
            let old = slot.exchange(Unmanaged.passRetained(object), ordering: .sequentiallyConsistent)
            let identity = ObjectIdentifier(old.takeUnretainedValue())
            retired.pending.append(old)
            retiredGauge.store(retired.count, ordering: .relaxed)
            defer { retiredGauge.store(retired.count, ordering: .relaxed) }
            // Readers' sections last nanoseconds to microseconds: a short spin usually ends
            // the grace period now. A preempted reader leaves it to the next write.
            var attempts = 0
            while retired.count > 0, attempts < 64 {
                if !advance(&retired) { attempts += 1 }
            }
            while retired.count > Self.maximumRetired {
                if !advance(&retired) { sched_yield() }
                retiredGauge.store(retired.count, ordering: .relaxed)
            }
            return identity
        }
    }

    /// How many replaced objects wait for readers now (read without the writers' lock,
    /// which a writer waiting for readers holds).
    var retiredCount: Int { retiredGauge.load(ordering: .relaxed) }

    /// One step of the grace period, without waiting; whether anything moved.
    private func advance(_ retired: inout Retired) -> Bool {
        // Readers that arrive now use `current`; `other` is the version they used before the
        // last flip.
        let current = version.load(ordering: .sequentiallyConsistent)
        let other = current ^ 1
        if !retired.flipped.isEmpty {
            // Everything in `flipped` was replaced before the flip: a reader that could hold
            // it arrived under `other` before the flip, and `other` has no readers now.
            guard readers.isEmpty(version: other) else { return false }
            for object in retired.flipped { object.release() }
            retired.flipped.removeAll(keepingCapacity: true)
            return true
        }
        guard !retired.pending.isEmpty else { return false }
        // Readers still under `other` read the version before an earlier flip; the flip
        // waits for them so that afterwards `current`'s readers can be told apart.
        guard readers.isEmpty(version: other) else { return false }
        version.store(other, ordering: .sequentiallyConsistent)
        swap(&retired.pending, &retired.flipped)
        return true
    }
}
