import Foundation
import ParlanceTestSupport
import Testing
@testable import Parlance

@Suite("The preference file survives a killed writer", .tags(.soak), .soakOnly)
struct PreferenceCrashSafetyTests {
    static let tags = ["en", "vi", "fr", "pt-BR", "zh-Hant-TW"]

    /// The writer binary SwiftPM built beside the test bundle.
    static var writer: URL { ChildProcess.built("PreferenceWriter") }

    @Test("200 writers killed at random points always leave a complete old or new value")
    func killedWriters() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("language")
        let store = FilePreferenceStore(url: file)
        try store.save("en")
        var generator = SystemRandomNumberGenerator()
        var killedMidRun = 0
        for round in 0..<200 {
            let process = Process()
            process.executableURL = Self.writer
            process.arguments = [file.path, "100000"] + Self.tags.shuffled(using: &generator)
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Wait until the writer is writing, then kill it somewhere in its loop.
            _ = output.fileHandleForReading.readData(ofLength: 6)
            usleep(UInt32.random(in: 0...3_000, using: &generator))
            if process.isRunning { killedMidRun += 1 }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let bytes = try Data(contentsOf: file)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(Self.tags.map { $0 + "\n" }.contains(text), "round \(round): the file holds \(bytes.count) bytes: \(text.debugDescription)")
            // Start-up after the kill reads the choice and never fails.
            let localizer = Localizer(catalogs: [], configuration: .init(preferenceStore: store, notificationCenter: nil))
            #expect(localizer.diagnostics.filter { $0.message.contains("cannot read") }.isEmpty)
            #expect(Self.tags.contains(try #require(try store.load())))
        }
        // The test means something only if most writers died mid-write.
        #expect(killedMidRun > 150)
        // The next save sweeps away what killed writers left behind.
        try store.save("vi")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["language"])
    }
}
