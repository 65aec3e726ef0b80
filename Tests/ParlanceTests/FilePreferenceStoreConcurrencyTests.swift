import Foundation
import Synchronization
import Testing
@testable import Parlance

@Suite("The preference file with many threads saving at once")
struct FilePreferenceStoreConcurrencyTests {
    /// Values of different lengths, so an interleaved write shows as a torn value.
    static let tags = ["en", "vi", "fr-CA", "pt-BR", "zh-Hant-TW", "sr-Latn-ME", "de-CH-1996", "x-private-very-long-tag"]

    @Test("8 threads saving different values: every read and the final file hold one complete value")
    func concurrentSaves() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-saves-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FilePreferenceStore(url: folder.appendingPathComponent("language"))
        try store.save("en")
        let expected = Set(Self.tags.map { $0 + "\n" })
        let failures = Mutex<[String]>([])
        let writing = Atomic<Int>(Self.tags.count)
        let reads = Atomic<Int>(0)
        let readerDone = Atomic<Bool>(false)

        let reader = Thread {
            while writing.load(ordering: .acquiring) > 0 {
                guard let bytes = try? Data(contentsOf: store.url) else {
                    failures.withLock { $0.append("the file could not be read mid-run") }
                    continue
                }
                let text = String(decoding: bytes, as: UTF8.self)
                if !expected.contains(text) { failures.withLock { $0.append("read \(text.debugDescription)") } }
                reads.add(1, ordering: .relaxed)
            }
            readerDone.store(true, ordering: .releasing)
        }
        reader.start()
        // Blocks until every writer is done: on a thread of its own, off the cooperative pool.
        try await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: Self.tags.count) { index in
                for _ in 0..<300 {
                    do {
                        try store.save(Self.tags[index])
                    } catch {
                        failures.withLock { $0.append("saving \(Self.tags[index]) failed: \(error)") }
                    }
                }
                writing.subtract(1, ordering: .releasing)
            }
            while !readerDone.load(ordering: .acquiring) { usleep(1_000) }
        }

        let problems = failures.withLock { $0 }
        #expect(problems.isEmpty, "\(problems.count) problems, the first: \(problems.prefix(5))")
        #expect(reads.load(ordering: .relaxed) > 0)
        let final = String(decoding: try Data(contentsOf: store.url), as: UTF8.self)
        #expect(expected.contains(final))
        // Every save removed or renamed its own temporary file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["language"])
    }

    @Test("Temporary files of dead writers are swept, in the old and the new naming")
    func sweepsAbandonedFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-sweep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A pid no process has: above Linux's pid_max limit (4,194,304) and Darwin's (99,999).
        let deadPID = 2_000_000_000
        let ownPID = getpid()
        let abandoned = [".language.\(deadPID).tmp", ".language.\(deadPID).17.tmp"]
        let kept = [".language.\(ownPID).4000000.tmp", ".other.\(deadPID).1.tmp"]
        for name in abandoned + kept {
            try Data("x\n".utf8).write(to: folder.appendingPathComponent(name))
        }
        try FilePreferenceStore(url: folder.appendingPathComponent("language")).save("vi")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == (["language"] + kept).sorted())
    }

    #if os(Linux)
    @Test("Saving leaves no file descriptor open")
    func noDescriptorLeak() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-fd-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FilePreferenceStore(url: folder.appendingPathComponent("language"))
        try store.save("en")
        let before = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        for index in 0..<200 { try store.save(Self.tags[index % Self.tags.count]) }
        // Other tests open files concurrently, so allow a little noise but not 200 leaked descriptors.
        let after = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        #expect(after < before + 50)
    }
    #endif
}
