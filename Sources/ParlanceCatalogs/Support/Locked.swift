#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(CDispatch)
// Once a file of this module imports libdispatch's C module (BackgroundWork), the compiler
// counts `pthread_mutex_t`, which its headers include, as that module's, and member import
// visibility asks every file that makes one to import it too.
import CDispatch
#endif

/// A pthread mutex on the heap, where it cannot move: what ``Locked`` and ``SerialLock`` hold.
///
/// On Linux, `Synchronization.Mutex` waits on a futex in code ThreadSanitizer cannot see, so
/// every access it serialises is reported as a race, which would hide real ones; a pthread
/// mutex ThreadSanitizer understands. (It was `NSLock`, which is the same mutex behind
/// Foundation; this module reads catalogs with FoundationEssentials alone.)
package final class PthreadMutex: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Waits until `condition` is signalled, releasing this mutex meanwhile; the caller holds it.
    package func wait(_ condition: PthreadCondition) { pthread_cond_wait(condition.condition, mutex) }
}

/// A pthread condition variable on the heap, waited on with a ``PthreadMutex``.
package final class PthreadCondition: @unchecked Sendable {
    fileprivate let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        precondition(pthread_cond_init(condition, nil) == 0, "pthread_cond_init failed")
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
    }

    /// Wakes every thread waiting on the condition.
    package func broadcast() { pthread_cond_broadcast(condition) }
}

/// A value behind a lock, with `Mutex`'s API over a pthread mutex (see ``PthreadMutex`` for
/// why not `Synchronization.Mutex`), so the two can be swapped when the toolchain's sanitizer
/// learns futexes.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = PthreadMutex()
    private var value: Value

    package init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock. Like `Mutex.withLock`, what
    /// `body` returns must not share mutable state with the value.
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// A lock that guards no value of its own: it serialises a section of code, as
/// `loadLock` serialises catalog loading.
///
/// `Locked<Void>` would do the same, but its `withLock` hands `body` an `inout` access to a
/// zero-sized value, and ThreadSanitizer instruments that access: a CI run reported a
/// "Swift access race" on it between two threads holding this very lock. A value with no
/// bytes cannot race; with no value there is no access to misreport.
package final class SerialLock: @unchecked Sendable {
    private let lock = PthreadMutex()

    package init() {}

    /// Runs `body` while holding the lock.
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> sending Result) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
