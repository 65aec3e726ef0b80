import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts the readers inside read sections, so a writer can tell when none of those that
/// might hold an object it replaced is left.
///
/// Each thread gets a slot of its own on its first read (up to ``slotCount`` threads at
/// once; a slot is given back when its thread exits), holding one counter per version of
/// the Left-Right algorithm (see docs/ARCHITECTURE.md). Only its thread writes it, so
/// entering and leaving a section are plain stores, with no atomic read-modify-write.
/// Threads beyond ``slotCount`` share striped counters updated with atomic additions.
///
/// A reader's store must be visible to a writer that scans after it, and a reader that
/// the scan missed must see what the writer published before scanning: a store-load
/// ordering. On Linux the writer provides it for every thread at once with the
/// `membarrier` system call (an asymmetric fence), so readers pay only a compiler barrier.
/// Where `membarrier` is missing, each reader issues a full fence instead.
final class ReadIndicator: @unchecked Sendable {
    /// Threads that get a slot of their own.
    static let slotCount = 256
    /// Shared counters per version for threads without a slot; a power of two.
    static let stripeCount = 16
    /// Bytes between two slots or stripes: two cache lines, so adjacent-line prefetching on
    /// x86 does not pair them either.
    private static let lineBytes = 128

    /// A place a reader counted itself in; leaving decrements the same counter.
    struct Token {
        fileprivate let counter: UnsafeMutablePointer<Atomic<Int>>
        fileprivate let isShared: Bool
    }

    /// Slots: `[owner, counter for version 0, counter for version 1]`, one per line.
    private let slots: UnsafeMutableRawPointer
    /// Stripes: `[counter for version 0, counter for version 1]`, one per line.
    private let stripes: UnsafeMutableRawPointer
    /// Slots below this index have been handed out at some time; writers scan only those.
    private let slotsInUse = Atomic<Int>(0)
    private let key: pthread_key_t
    /// Whether writers fence readers with `membarrier`, so readers need no fence.
    let isAsymmetric: Bool

    /// Bytes of the one mapping that holds the slots, then the stripes.
    private static let mappedBytes = (slotCount + stripeCount) * lineBytes

    init() {
        // One anonymous mapping: page-aligned, and zero (every owner word and counter starts at
        // 0) without a write, so the pages of slots no thread claims are never made resident.
        #if canImport(Darwin)
        let anonymous = MAP_ANON
        #else
        let anonymous = MAP_ANONYMOUS
        #endif
        let memory = mmap(nil, Self.mappedBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | anonymous, -1, 0)
        guard let memory, memory != MAP_FAILED else { fatalError("cannot map \(Self.mappedBytes) bytes for the read indicator") }
        memory.bindMemory(to: Atomic<Int>.self, capacity: Self.mappedBytes / MemoryLayout<Atomic<Int>>.stride)
        slots = memory
        stripes = memory + Self.slotCount * Self.lineBytes
        var key = pthread_key_t()
        // When a thread exits, its slot's owner word goes back to 0 (its counters are 0:
        // no thread exits inside a read section).
        let created = pthread_key_create(&key) { slot in
            slot?.assumingMemoryBound(to: Atomic<Int>.self).pointee.store(0, ordering: .releasing)
        }
        precondition(created == 0, "pthread_key_create failed: \(created)")
        self.key = key
        isAsymmetric = AsymmetricFence.isAvailable
    }

    deinit {
        // Only test-made indicators go away; threads that used them may still hold slots,
        // so the key is deleted (no destructor runs after that) before the memory is freed.
        pthread_key_delete(key)
        munmap(slots, Self.mappedBytes)
    }

    /// Enters a read section under `version` (0 or 1).
    @inline(__always)
    func arrive(version: Int) -> Token {
        guard let slot = pthread_getspecific(key) ?? claimSlot() else { return arriveShared(version: version) }
        let counter = slot.assumingMemoryBound(to: Atomic<Int>.self) + 1 + version
        // Only this thread writes its slot: a load and a store, no read-modify-write.
        counter.pointee.store(counter.pointee.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
        if isAsymmetric {
            // A compiler barrier (no instruction on x86; the writer's membarrier orders the
            // hardware): the store above is not moved past the reader's next load.
            atomicMemoryFence(ordering: .acquiringAndReleasing)
        } else {
            atomicMemoryFence(ordering: .sequentiallyConsistent)
        }
        return Token(counter: counter, isShared: false)
    }

    /// Leaves the read section entered with ``arrive(version:)``. The release store makes
    /// everything the section read happen before a writer that sees the counter drop.
    @inline(__always)
    func depart(_ token: Token) {
        if token.isShared {
            token.counter.pointee.subtract(1, ordering: .sequentiallyConsistent)
        } else {
            token.counter.pointee.store(token.counter.pointee.load(ordering: .relaxed) &- 1, ordering: .releasing)
        }
    }

    /// Whether no reader is inside a section entered under `version`, as far as a scan made
    /// now can tell: a reader the scan misses entered after it, and sees everything the
    /// caller published before calling.
    func isEmpty(version: Int) -> Bool {
        if isAsymmetric { AsymmetricFence.fenceEveryThread() } else { atomicMemoryFence(ordering: .sequentiallyConsistent) }
        let used = slotsInUse.load(ordering: .acquiring)
        for index in 0..<used {
            let counter = (slots + index * Self.lineBytes).assumingMemoryBound(to: Atomic<Int>.self) + 1 + version
            if counter.pointee.load(ordering: .acquiring) != 0 { return false }
        }
        for index in 0..<Self.stripeCount {
            let counter = (stripes + index * Self.lineBytes).assumingMemoryBound(to: Atomic<Int>.self) + version
            if counter.pointee.load(ordering: .sequentiallyConsistent) != 0 { return false }
        }
        return true
    }

    /// How many slots threads own now (for the test that threads give them back).
    var ownedSlotCount: Int {
        (0..<Self.slotCount).count { index in
            (slots + index * Self.lineBytes).assumingMemoryBound(to: Atomic<Int>.self).pointee.load(ordering: .acquiring) != 0
        }
    }

    /// Gives this thread a free slot, or `nil` when every slot is taken.
    private func claimSlot() -> UnsafeMutableRawPointer? {
        for index in 0..<Self.slotCount {
            let slot = slots + index * Self.lineBytes
            let owner = slot.assumingMemoryBound(to: Atomic<Int>.self)
            guard owner.pointee.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged else {
                continue
            }
            // Writers must scan this slot from now on.
            var used = slotsInUse.load(ordering: .relaxed)
            while used <= index {
                let (exchanged, current) = slotsInUse.compareExchange(
                    expected: used, desired: index + 1, ordering: .acquiringAndReleasing)
                if exchanged { break }
                used = current
            }
            pthread_setspecific(key, slot)
            return slot
        }
        return nil
    }

    /// The shared, striped counters, for threads beyond ``slotCount``.
    private func arriveShared(version: Int) -> Token {
        #if canImport(Darwin)
        let identity = UInt(bitPattern: pthread_self())
        #else
        let identity = UInt(pthread_self())
        #endif
        // Fibonacci hashing: thread identifiers are addresses far apart; the top bits mix them.
        let stripe = Int(truncatingIfNeeded: (identity &* 0x9E37_79B9_7F4A_7C15) >> UInt(UInt.bitWidth - 4)) & (Self.stripeCount - 1)
        let counter = (stripes + stripe * Self.lineBytes).assumingMemoryBound(to: Atomic<Int>.self) + version
        counter.pointee.add(1, ordering: .sequentiallyConsistent)
        // The reader's next load (the reference) is only acquiring: without membarrier, a
        // sequentially consistent fence pairs with the writer's fence in isEmpty, as on the
        // slot path (docs/ARCHITECTURE.md, "The fenced path, access by access").
        if !isAsymmetric { atomicMemoryFence(ordering: .sequentiallyConsistent) }
        return Token(counter: counter, isShared: true)
    }
}

/// Linux's `membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)`: every running thread of the
/// process executes a full memory barrier before the call returns.
enum AsymmetricFence {
    private typealias SyscallFunction = @convention(c) (Int, Int32, UInt32, Int32) -> Int
    private static let membarrierNumber: Int? = {
        #if os(Linux) && arch(x86_64)
        return 324
        #elseif os(Linux) && arch(arm64)
        return 283
        #else
        return nil
        #endif
    }()
    private static let queryCommand: Int32 = 0
    private static let privateExpedited: Int32 = 1 << 3
    private static let registerPrivateExpedited: Int32 = 1 << 4

    /// `syscall` is variadic, which Swift cannot call; on Linux x86-64 and arm64 integer
    /// arguments travel in the same registers either way, so it is called through a
    /// fixed-argument type.
    private static let syscall: SyscallFunction? = {
        #if os(Linux)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syscall") else { return nil }
        return unsafeBitCast(symbol, to: SyscallFunction.self)
        #else
        return nil
        #endif
    }()

    /// Whether the kernel offers the expedited private command and this process registered
    /// for it (once, on first use). `PARLANCE_NO_MEMBARRIER=1` turns it off, to test the
    /// fence-per-reader path.
    static let isAvailable: Bool = {
        guard getenv("PARLANCE_NO_MEMBARRIER") == nil, let number = membarrierNumber, let syscall else { return false }
        let commands = syscall(number, queryCommand, 0, 0)
        guard commands >= 0, commands & Int(privateExpedited) != 0 else { return false }
        return syscall(number, registerPrivateExpedited, 0, 0) == 0
    }()

    static func fenceEveryThread() {
        guard let number = membarrierNumber, let syscall else { return }
        let result = syscall(number, privateExpedited, 0, 0)
        precondition(result == 0, "membarrier failed after it was registered")
    }
}
