import Foundation

/// A value behind a lock: the `Mutex` of the Synchronization module, over `NSLock`.
///
/// On Linux, `Synchronization.Mutex` waits on a futex in code ThreadSanitizer cannot
/// see, so every access it serialises is reported as a race, which would hide real
/// ones. `NSLock` is a pthread mutex, which ThreadSanitizer understands. The API is
/// `Mutex`'s, so the two can be swapped when the toolchain's sanitizer learns futexes.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
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
    private let lock = NSLock()

    package init() {}

    /// Runs `body` while holding the lock.
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> sending Result) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
