import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts the readers inside read sections, in counters spread over cache lines so that
/// readers on different threads rarely touch the same line.
///
/// Two sets of counters, indexed by a version bit, let a writer wait for the readers that
/// entered before it changed something without waiting for readers that keep arriving
/// afterwards (the Left-Right algorithm's read indicator; see docs/ARCHITECTURE.md).
final class ReadIndicator: @unchecked Sendable {
    /// Counters per version; a power of two.
    static let stripeCount = 16
    /// Bytes between two counters: two cache lines, so adjacent-line prefetching on x86
    /// does not pair them either.
    private static let stripeBytes = 128

    private let counters: UnsafeMutableRawPointer

    init() {
        let bytes = 2 * Self.stripeCount * Self.stripeBytes
        counters = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: Self.stripeBytes)
        for index in 0..<(2 * Self.stripeCount) {
            (counters + index * Self.stripeBytes).bindMemory(to: Atomic<Int>.self, capacity: 1).initialize(to: Atomic(0))
        }
    }

    deinit {
        for index in 0..<(2 * Self.stripeCount) {
            _ = (counters + index * Self.stripeBytes).assumingMemoryBound(to: Atomic<Int>.self).move()
        }
        counters.deallocate()
    }

    @inline(__always)
    private func counter(version: Int, stripe: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        (counters + (version &* Self.stripeCount &+ stripe) &* Self.stripeBytes).assumingMemoryBound(to: Atomic<Int>.self)
    }

    /// Enters a read section under `version` (0 or 1); returns the stripe to leave by.
    @inline(__always)
    func arrive(version: Int) -> Int {
        let stripe = Self.currentStripe()
        counter(version: version, stripe: stripe).pointee.add(1, ordering: .sequentiallyConsistent)
        return stripe
    }

    /// Leaves the read section entered with ``arrive(version:)``.
    @inline(__always)
    func depart(version: Int, stripe: Int) {
        counter(version: version, stripe: stripe).pointee.subtract(1, ordering: .sequentiallyConsistent)
    }

    /// Whether every counter of `version` reads zero now, counter by counter. Readers that
    /// arrive under `version` after their counter was read are not seen: the caller makes
    /// sure they can only load what it published before asking.
    func isEmpty(version: Int) -> Bool {
        for stripe in 0..<Self.stripeCount where counter(version: version, stripe: stripe).pointee.load(ordering: .sequentiallyConsistent) != 0 {
            return false
        }
        return true
    }

    /// The current thread's stripe: its thread identifier, hashed.
    @inline(__always)
    private static func currentStripe() -> Int {
        #if canImport(Darwin)
        let identity = UInt(bitPattern: pthread_self())
        #else
        let identity = UInt(pthread_self())
        #endif
        // Fibonacci hashing: thread identifiers are addresses far apart; the top bits mix them.
        let hashed = identity &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: hashed >> UInt(UInt.bitWidth - 4)) & (stripeCount - 1)
    }
}
