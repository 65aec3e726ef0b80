import Dispatch
import Foundation
import Synchronization
import ParlanceTestSupport
import Testing
@testable import Parlance
@testable import ParlanceCore

/// Counts live instances, so a test can see an object freed.
final class Tracked: Sendable {
    static let live = Atomic<Int>(0)
    let value: Int
    init(_ value: Int) {
        self.value = value
        Self.live.add(1, ordering: .relaxed)
    }
    deinit { Self.live.subtract(1, ordering: .relaxed) }
}

@Suite("Reclamation: replaced objects are freed once no reader holds them", .serialized)
struct ReclamationTests {
    /// Domains of their own, so other tests' lookups and switches never share their counts.
    /// (Made once and kept: threads remember their slot in a domain for their lifetime.)
    static let quietDomain = ReclamationDomain(maximumRetired: 8)
    static let blockedDomain = ReclamationDomain(maximumRetired: 8)
    static let countingDomain = ReclamationDomain(maximumRetired: 8)

    @Test("With no reader inside, a replaced object is freed by the replacement itself")
    func freedAtOnce() {
        let reference = ReclaimingReference(Tracked(0), domain: Self.quietDomain)
        weak let first = reference.load()
        #expect(first != nil)
        reference.replace(with: Tracked(1))
        #expect(first == nil)
        #expect(Self.quietDomain.retiredCount == 0)
        #expect(reference.read { $0.value } == 1)
    }

    @Test("A reader inside its section keeps what it loaded; writers retire at most 8, then wait for it")
    func readerHoldsWriterWaits() {
        let domain = Self.blockedDomain
        let reference = ReclaimingReference(Tracked(0), domain: domain)
        let entered = DispatchSemaphore(value: 0)
        let leave = DispatchSemaphore(value: 0)
        let seen = Atomic<Int>(-1)
        let reader = Thread {
            reference.read { object in
                entered.signal()
                leave.wait()
                // Still the object it loaded, never freed under it.
                seen.store(object.value, ordering: .relaxed)
            }
        }
        reader.start()
        entered.wait()
        let writes = 20
        let written = Atomic<Int>(0)
        let writerDone = DispatchSemaphore(value: 0)
        Thread {
            for value in 1...writes {
                reference.replace(with: Tracked(value))
                written.add(1, ordering: .relaxed)
            }
            writerDone.signal()
        }.start()
        // The writer retires objects without waiting until 8 wait, then it waits for the reader.
        while domain.retiredCount < domain.maximumRetired { usleep(1_000) }
        usleep(50_000)
        #expect(written.load(ordering: .relaxed) < writes)
        #expect(domain.retiredCount <= domain.maximumRetired + 1)
        leave.signal()
        writerDone.wait()
        #expect(seen.load(ordering: .relaxed) == 0)
        #expect(reference.read { $0.value } == writes)
        // One more write with no reader inside frees everything retired.
        reference.replace(with: Tracked(writes + 1))
        #expect(domain.retiredCount == 0)
    }

    @Test("Past the 256 slots, readers counted in the shared stripes still keep what they loaded")
    func sharedStripesHold() {
        let domain = ReclamationDomain(maximumRetired: 8)
        let reference = ReclaimingReference(Tracked(0), domain: domain)
        weak let first = reference.load()  // this thread takes a slot
        // Threads that take every other slot with a read, then wait outside any section.
        let holders = ReadIndicator.slotCount - 1
        let holding = DispatchSemaphore(value: 0)
        let releaseHolders = DispatchSemaphore(value: 0)
        let holdersDone = DispatchGroup()
        for _ in 0..<holders {
            holdersDone.enter()
            Thread {
                _ = reference.read { $0.value }
                holding.signal()
                releaseHolders.wait()
                holdersDone.leave()
            }.start()
        }
        for _ in 0..<holders { holding.wait() }
        #expect(domain.readers.ownedSlotCount == ReadIndicator.slotCount)
        // Readers with no slot left count themselves in the stripes, and stay inside.
        let readers = 44
        let entered = DispatchSemaphore(value: 0)
        let leave = DispatchSemaphore(value: 0)
        let readersDone = DispatchGroup()
        let seen = Atomic<Int>(0)
        for _ in 0..<readers {
            readersDone.enter()
            Thread {
                reference.read { object in
                    entered.signal()
                    leave.wait()
                    seen.add(object.value == 0 ? 1 : 0, ordering: .relaxed)
                }
                readersDone.leave()
            }.start()
        }
        for _ in 0..<readers { entered.wait() }
        reference.replace(with: Tracked(1))
        #expect(first != nil, "freed under readers counted in the stripes")
        #expect(domain.retiredCount == 1)
        for _ in 0..<readers { leave.signal() }
        readersDone.wait()
        #expect(seen.load(ordering: .relaxed) == readers)
        reference.replace(with: Tracked(2))
        #expect(first == nil, "freed once its readers left")
        for _ in 0..<holders { releaseHolders.signal() }
        holdersDone.wait()
    }

    @Test("Every replaced object is freed: 10,000 replacements leave one alive")
    func noLeak() {
        final class Counted: Sendable {
            static let live = Atomic<Int>(0)
            init() { Self.live.add(1, ordering: .relaxed) }
            deinit { Self.live.subtract(1, ordering: .relaxed) }
        }
        do {
            let reference = ReclaimingReference(Counted(), domain: Self.countingDomain)
            for _ in 1...10_000 { reference.replace(with: Counted()) }
            #expect(Counted.live.load(ordering: .relaxed) == 1)
        }
        #expect(Counted.live.load(ordering: .relaxed) == 0)
    }

    @Test("A localizer frees the snapshots a reload and a switch replaced")
    func localizerFreesSnapshots() {
        let localizer = TestCatalogs.localizer(preferred: ["en"])
        // The shared domain's grace period ends now, or at a later write when another test's
        // lookup is inside its section at that moment: write again until it has.
        func reloadUntilFreed(_ isAlive: () -> Bool) {
            for _ in 0..<1_000 where isAlive() { localizer.reload() }
        }
        weak let first = localizer.currentStorage
        localizer.reload()
        reloadUntilFreed { first != nil }
        #expect(first == nil)
        weak let english = localizer.currentStorage
        localizer.selection = .language("fr")
        // The cache keeps English for the next switch back; a reload drops it.
        #expect(english != nil)
        #expect(localizer.snapshot(for: "en").storage === english)
        localizer.reload()
        reloadUntilFreed { english != nil }
        #expect(english == nil)
    }

    @Test("A localizer replaced as the shared one is freed")
    func sharedFreed() {
        let previous = Localizer.shared
        defer { Localizer.shared = previous }
        weak var replaced: Localizer?
        do {
            let localizer = TestCatalogs.localizer()
            replaced = localizer
            Localizer.shared = localizer
        }
        #expect(replaced != nil)
        Localizer.shared = TestCatalogs.localizer()
        // Another test's lookup may have been inside its read section: the next write frees it.
        Localizer.shared = TestCatalogs.localizer()
        for _ in 0..<100 where replaced != nil {
            usleep(1_000)
            Localizer.shared = previous
        }
        #expect(replaced == nil)
    }
}

/// Long runs in a process of their own (Tests/ParlanceSoak), so resident memory is theirs alone.
@Suite("Soak: memory stays flat over long runs", .serialized, .tags(.soak), .soakOnly)
struct SoakTests {
    static var soak: URL { ChildProcess.built("ParlanceSoak") }

    /// The iteration count: the figure, or `PARLANCE_SOAK_<NAME>` (the ThreadSanitizer
    /// run in .ci/run lowers it, since the sanitizer slows every access tenfold).
    static func iterations(_ name: String, default value: Int) -> Int {
        ProcessInfo.processInfo.environment["PARLANCE_SOAK_\(name)"].flatMap(Int.init) ?? value
    }

    static func run(_ arguments: [String]) async throws -> [String: Int] {
        // On a thread of its own (ChildProcess's async run): a soak takes minutes, and blocking
        // a cooperative thread that long starves every async test running beside it.
        let result = try await ChildProcess.run(soak, arguments)
        #expect(result.status == 0 && result.exitedNormally, "\(result.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Int]
        return try #require(object, "ParlanceSoak printed \(result.standardOutput)")
    }

    static func expectFlat(_ result: [String: Int], _ comment: Comment) {
        let checkpoint = result["rss_at_checkpoint"] ?? -1
        let end = result["rss_end"] ?? -1
        guard checkpoint > 0 else { return }  // /proc is Linux only
        let settled = result["checkpoint"] ?? 0
        #expect(Double(end) <= Double(checkpoint) * 1.10, "\(comment): \(checkpoint) bytes after the first \(settled), \(end) at the end")
    }

    @Test("8 readers look up, render and read snapshots while a writer reloads and switches 100,000 times")
    func reloads() async throws {
        let result = try await Self.run(["reload", String(Self.iterations("RELOADS", default: 100_000)), "8"])
        #expect(result["bad"] == 0, "torn or mixed reads")
        #expect((result["operations"] ?? 0) > 0)
        Self.expectFlat(result, "reloads")
    }

    @Test("8 readers use Localizer.shared while it is replaced 10,000 times")
    func sharedReplacements() async throws {
        let result = try await Self.run(["shared", String(Self.iterations("SHARED", default: 10_000)), "8"])
        #expect(result["bad"] == 0, "torn or mixed reads")
        #expect((result["operations"] ?? 0) > 0)
        Self.expectFlat(result, "shared replacements")
    }

    @Test("100,000 distinct tags of an available language share its one snapshot")
    func distinctTags() async throws {
        let result = try await Self.run(["tags", String(Self.iterations("TAGS", default: 100_000)), "5000"])
        #expect(result["bad"] == 0)
        Self.expectFlat(result, "distinct tags")
    }
}
