import Foundation

/// A value behind a lock: the `Mutex` of the Synchronization module, over `NSLock`.
///
/// On Linux, `Synchronization.Mutex` waits on a futex in code ThreadSanitizer cannot
/// see, so every access it serialises is reported as a race, which would hide real
/// ones. `NSLock` is a pthread mutex, which ThreadSanitizer understands. The API is
/// `Mutex`'s, so the two can be swapped when the toolchain's sanitizer learns futexes.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock. Like `Mutex.withLock`, what
    /// `body` returns must not share mutable state with the value.
    func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
