import Foundation
import Testing
@testable import ParlanceCatalogs

/// What the core hands to other threads without the Dispatch overlay: a parallel loop and a
/// serial queue over libdispatch's C functions.
@Suite("Background work without the Dispatch overlay")
struct BackgroundWorkTests {
    @Test("concurrentPerform calls the body once for every index and returns after the last")
    func concurrentPerform() {
        let seen = Locked([Int](repeating: 0, count: 1_000))
        BackgroundWork.concurrentPerform(iterations: 1_000) { index in
            seen.withLock { $0[index] += 1 }
        }
        #expect(seen.withLock { $0 } == [Int](repeating: 1, count: 1_000))
        // No iterations: the body is never called.
        BackgroundWork.concurrentPerform(iterations: 0) { _ in Issue.record("called for no iterations") }
    }

    @Test("A serial queue runs work in the order given, one at a time, off the calling thread")
    func serialOrder() {
        let queue = SerialWorkQueue()
        let log = Locked((order: [Int](), running: 0, overlapped: false))
        let caller = pthread_self()
        let offThread = Locked(true)
        for index in 0..<10_000 {
            queue.async {
                log.withLock {
                    $0.running += 1
                    if $0.running > 1 { $0.overlapped = true }
                }
                if pthread_equal(pthread_self(), caller) != 0 { offThread.withLock { $0 = false } }
                log.withLock {
                    $0.order.append(index)
                    $0.running -= 1
                }
            }
        }
        queue.waitUntilIdle()
        let result = log.withLock { $0 }
        #expect(result.order == Array(0..<10_000))
        #expect(!result.overlapped)
        #expect(offThread.withLock { $0 })
    }

    @Test("waitUntilIdle waits for slow work, and the queue starts again after it went idle")
    func idleAndRestart() {
        let queue = SerialWorkQueue()
        let done = Locked(0)
        queue.async {
            usleep(50_000)
            done.withLock { $0 += 1 }
        }
        queue.waitUntilIdle()
        #expect(done.withLock { $0 } == 1)
        // Idle now: a wait returns at once, and new work still runs.
        queue.waitUntilIdle()
        queue.async { done.withLock { $0 += 1 } }
        queue.waitUntilIdle()
        #expect(done.withLock { $0 } == 2)
    }
}
