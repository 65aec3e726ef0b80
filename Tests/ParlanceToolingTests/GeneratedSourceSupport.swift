import Foundation
import Parlance
import Testing

/// Snapshots of generated text, kept beside the fixtures in the source tree.
enum Snapshot {
    static let sourceFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Compares `text` with the snapshot at `path` (under Fixtures/). With
    /// `PARLANCE_UPDATE_SNAPSHOTS=1` it writes the snapshot instead, so a deliberate change
    /// is one command and a reviewed diff.
    static func expect(_ text: String, matches path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let url = sourceFixtures.appendingPathComponent(path)
        if ProcessInfo.processInfo.environment["PARLANCE_UPDATE_SNAPSHOTS"] == "1" {
            try Data(text.utf8).write(to: url)
            return
        }
        let expected = String(decoding: try Data(contentsOf: Fixtures.url(path)), as: UTF8.self)
        #expect(text == expected, "Run with PARLANCE_UPDATE_SNAPSHOTS=1 to accept the new output.", sourceLocation: sourceLocation)
    }
}

/// Type-checks generated code with the same compiler, against the Parlance module this
/// test run built: the cheapest way to prove it compiles in Swift 6 mode without warnings
/// (about a second, against a minute for a package build).
enum SwiftCompiler {
    struct Result {
        var status: Int32
        var output: String
    }

    /// The folder of built modules (`.build/<triple>/debug/Modules`) holding `Parlance.swiftmodule`.
    static var modules: URL? {
        var folder = Bundle.module.bundleURL.deletingLastPathComponent()
        for _ in 0..<4 {
            for candidate in [folder.appendingPathComponent("Modules"), folder] {
                let module = candidate.appendingPathComponent("Parlance.swiftmodule")
                if FileManager.default.fileExists(atPath: module.path) { return candidate }
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    static func typecheck(_ sources: [String: String], upcomingFeatures: [String]) throws -> Result {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors"]
        for feature in upcomingFeatures { arguments += ["-enable-upcoming-feature", feature] }
        if let modules { arguments += ["-I", modules.path] }
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            let file = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            arguments.append(file.path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
    }
}
