import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where readers announce themselves and replaced objects wait for them: one per process
/// (``shared``), so a lookup that reads `Localizer.shared` and then its snapshot enters
/// one domain twice, cheaply, and the retired objects of every localizer share one bound.
///
/// Readers never wait. A writer retires the object it replaced; a retired object is
/// released after a grace period, the Left-Right algorithm's two phases: the version bit
/// flips once no reader of the other version is left, and the objects retired before the
/// flip are released once no reader of the old version is left. A writer advances the
/// grace period as far as it can at once (sections are short); when a reader is slow, say
/// preempted, it leaves the objects retired and the next write finishes the job, so
/// writers rarely wait. At most ``maximumRetired`` objects wait: a writer that would retire
/// more waits for readers, so memory stays bounded.
final class ReclamationDomain: Sendable {
    /// The domain every localizer and `Localizer.shared` use.
    static let shared = ReclamationDomain()

    /// How many replaced objects may wait for readers before a writer waits too.
    let maximumRetired: Int

    /// Replaced objects, each holding one retain.
    private struct Retired: @unchecked Sendable {
        /// Replaced since the last flip of the version bit.
        var pending: [Unmanaged<AnyObject>] = []
        /// Replaced before the last flip: released once the old version's readers are gone.
        var flipped: [Unmanaged<AnyObject>] = []
        var count: Int { pending.count + flipped.count }
    }

    private let version = Atomic<Int>(0)
    let readers = ReadIndicator()
    /// Serialises writers and holds what they retired.
    private let retired = Locked(Retired())
    private let retiredGauge = Atomic<Int>(0)

    init(maximumRetired: Int = 16) {
        self.maximumRetired = maximumRetired
    }

    /// Runs `body` inside a read section: nothing retired meanwhile is released before it returns.
    @inline(__always)
    func read<Result>(_ body: () throws -> Result) rethrows -> Result {
        let version = version.load(ordering: .acquiring)
        let token = readers.arrive(version: version)
        defer { readers.depart(token) }
        return try body()
    }

    /// Takes over one retain of `object`, which a writer has just unpublished, and releases
    /// it once no reader can hold it.
    func retire(_ object: Unmanaged<AnyObject>) {
        // Released after the lock is let go: freeing a localizer retires its snapshot,
        // which takes this lock again.
        let released = retired.withLock { retired -> [Unmanaged<AnyObject>] in
            retired.pending.append(object)
            retiredGauge.store(retired.count, ordering: .relaxed)
            var released: [Unmanaged<AnyObject>] = []
            // Readers' sections last nanoseconds to microseconds: a few tries usually end
            // the grace period now. A preempted reader leaves it to the next write.
            var attempts = 0
            while retired.count > 0, attempts < 4 {
                if !advance(&retired, releasing: &released) { attempts += 1 }
            }
            while retired.count > maximumRetired {
                if !advance(&retired, releasing: &released) { sched_yield() }
                retiredGauge.store(retired.count, ordering: .relaxed)
            }
            retiredGauge.store(retired.count, ordering: .relaxed)
            return released
        }
        for object in released { object.release() }
    }

    /// How many replaced objects wait for readers now (read without the writers' lock,
    /// which a writer waiting for readers holds).
    var retiredCount: Int { retiredGauge.load(ordering: .relaxed) }

    /// One step of the grace period, without waiting; whether anything moved.
    private func advance(_ retired: inout Retired, releasing released: inout [Unmanaged<AnyObject>]) -> Bool {
        // Readers that arrive now use `current`; `other` is the version of readers that
        // arrived before the last flip.
        let current = version.load(ordering: .sequentiallyConsistent)
        let other = current ^ 1
        if !retired.flipped.isEmpty {
            // Everything in `flipped` was replaced before the flip: a reader that could hold
            // it arrived under `other` before the flip (or was seen gone before it).
            guard readers.isEmpty(version: other) else { return false }
            released += retired.flipped
            retired.flipped.removeAll(keepingCapacity: true)
            return true
        }
        guard !retired.pending.isEmpty else { return false }
        // Readers still under `other` read the version before an earlier flip and may hold
        // a pending object; the flip waits for them, so afterwards only `current` matters.
        guard readers.isEmpty(version: other) else { return false }
        version.store(other, ordering: .sequentiallyConsistent)
        swap(&retired.pending, &retired.flipped)
        return true
    }

    deinit {
        let objects = retired.withLock { $0.pending + $0.flipped }
        for object in objects { object.release() }
    }
}

/// A reference to an immutable object that readers use without locks and without
/// touching its reference count, and that a writer replaces; the old object is freed once
/// no reader can still be using it (see ``ReclamationDomain``).
///
/// The reference owns one retain of the current object. Code that keeps the object past a
/// read section takes its own strong reference with ``load()``.
final class ReclaimingReference<Object: AnyObject & Sendable>: Sendable {
    private let slot: Atomic<Unmanaged<Object>>
    let domain: ReclamationDomain

    init(_ object: Object, domain: ReclamationDomain = .shared) {
        slot = Atomic(Unmanaged.passRetained(object))
        self.domain = domain
    }

    deinit {
        // Nobody can read this reference any more, but a reader may still be inside a
        // section that loaded it: the last object goes through the grace period too.
        domain.retire(Unmanaged<AnyObject>.fromOpaque(slot.load(ordering: .acquiring).toOpaque()))
    }

    /// Runs `body` with the current object, which stays alive until `body` returns, whatever
    /// writers do meanwhile. `body` must not replace references of the same domain when
    /// more than ``ReclamationDomain/maximumRetired`` objects could be waiting (it would
    /// wait for itself).
    @inline(__always)
    func read<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try domain.read {
            try slot.load(ordering: .acquiring)._withUnsafeGuaranteedRef(body)
        }
    }

    /// Runs `body` with the current object, for a caller already inside a read section of this
    /// reference's domain (``ReclamationDomain/read(_:)``, or another reference's ``read(_:)``
    /// in the same domain): that section keeps the object alive, so none is entered again.
    @inline(__always)
    func readInSection<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try slot.load(ordering: .acquiring)._withUnsafeGuaranteedRef(body)
    }

    /// A strong reference to the current object.
    func load() -> Object {
        read { $0 }
    }

    /// Makes `object` current. The object it replaced is released once no reader can be
    /// using it, now or at a later write. Returns the replaced object's identity.
    @discardableResult
    func replace(with object: Object) -> ObjectIdentifier {
        let old = slot.exchange(Unmanaged.passRetained(object), ordering: .sequentiallyConsistent)
        let identity = ObjectIdentifier(old.takeUnretainedValue())
        domain.retire(Unmanaged<AnyObject>.fromOpaque(old.toOpaque()))
        return identity
    }
}
