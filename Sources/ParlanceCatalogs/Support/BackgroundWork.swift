#if canImport(CDispatch)
import CDispatch
#else
import Dispatch
#endif

/// Work off the calling thread, on libdispatch's threads.
///
/// On Linux this calls libdispatch's C functions (the `CDispatch` module) instead of the Swift
/// overlay: `import Dispatch` links `libswiftDispatch.so`, and loading that library and
/// Observation cost a process that shows one string about 0.2 ms of its launch between them
/// (docs/PERFORMANCE.md), for the two calls the runtime makes. libdispatch itself is loaded anyway: Swift concurrency runs on it.
/// On Apple platforms Dispatch is part of the system, and the overlay is used.
package enum BackgroundWork {
    /// Calls `body` once for each index in `0..<iterations`, spread over the machine's cores,
    /// and returns when every call has returned (`DispatchQueue.concurrentPerform`).
    package static func concurrentPerform(iterations: Int, _ body: (Int) -> Void) {
        guard iterations > 0 else { return }
        #if canImport(CDispatch)
        withoutActuallyEscaping(body) { body in
            var body = body
            withUnsafeMutablePointer(to: &body) { pointer in
                dispatch_apply_f(iterations, nil, pointer) { context, index in
                    guard let context else { return }
                    context.assumingMemoryBound(to: ((Int) -> Void).self).pointee(Int(index))
                }
            }
        }
        #else
        DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
        #endif
    }

    /// Runs `work` soon on one of libdispatch's global threads.
    static func run(_ work: @escaping @Sendable () -> Void) {
        #if canImport(CDispatch)
        let context = Unmanaged.passRetained(Work(work)).toOpaque()
        dispatch_async_f(dispatch_get_global_queue(0, 0), context) { context in
            guard let context else { return }
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
        }
        #else
        DispatchQueue.global().async(execute: work)
        #endif
    }

    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

/// Runs closures one at a time, in the order they were given, off the calling thread: what a
/// serial `DispatchQueue` does, made of a lock, a list and ``BackgroundWork`` (see there for why
/// not the overlay). No thread is held while the list is empty.
package final class SerialWorkQueue: @unchecked Sendable {
    private let mutex = PthreadMutex()
    private let idle = PthreadCondition()
    /// Guarded by `mutex`: what is waiting, in order (run entries are cleared), and whether a
    /// thread is working through it.
    private var waiting: [(@Sendable () -> Void)?] = []
    private var next = 0
    private var draining = false

    package init() {}

    /// Runs `work` after everything given before it.
    package func async(_ work: @escaping @Sendable () -> Void) {
        mutex.lock()
        waiting.append(work)
        let start = !draining
        draining = true
        mutex.unlock()
        // The queue is kept alive by the closure until its list is empty.
        if start { BackgroundWork.run { self.drain() } }
    }

    /// Returns when everything given so far, and anything given meanwhile, has run.
    package func waitUntilIdle() {
        mutex.lock()
        while draining { mutex.wait(idle) }
        mutex.unlock()
    }

    private func drain() {
        while true {
            mutex.lock()
            guard next < waiting.count else {
                waiting.removeAll()
                next = 0
                draining = false
                idle.broadcast()
                mutex.unlock()
                return
            }
            let work = waiting[next]
            waiting[next] = nil
            next += 1
            mutex.unlock()
            work?()
        }
    }
}
