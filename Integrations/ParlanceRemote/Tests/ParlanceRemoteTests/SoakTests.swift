import Foundation
import ParlanceTestSupport
import Testing

@Suite("Many releases in one process", .tags(.soak), .soakOnly)
struct SoakTests {
    @Test("10,000 releases applied one after another keep resident memory flat (within 10% after the first 100)")
    func residentMemoryStaysFlat() throws {
        let count = Int(ProcessInfo.processInfo.environment["PARLANCE_RELEASE_SOAK"] ?? "") ?? 10_000
        let process = Process()
        process.executableURL = CrashSafetyTests.applier
        process.arguments = ["soak", String(count), Fixture.temporaryFolder("soak-cache").path, Fixture.temporaryFolder("soak-scratch").path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        var rss: [Int: Int] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("rss ") {
            let fields = line.split(separator: " ")
            rss[Int(fields[1])!] = Int(fields[2])!
        }
        let early = try #require(rss[100], "\(text)")
        let late = try #require(rss[count], "\(text)")
        #expect(Double(late) <= Double(early) * 1.10, "resident memory grew from \(early) KB after 100 releases to \(late) KB after \(count)")
        print("release soak: \(early) KB after 100 releases, \(late) KB after \(count)")
    }
}
