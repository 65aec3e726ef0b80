import Foundation
import Parlance
import ParlanceReleaseTooling
import ParlanceTestSupport
import Testing
@testable import ParlanceRemote

@Suite("Killed mid-apply", .tags(.soak), .soakOnly)
struct CrashSafetyTests {
    /// The applier's executable, built beside the tests.
    static let applier: URL = {
        var url = Bundle.module.bundleURL.deletingLastPathComponent()
        url.appendPathComponent("ReleaseApplier")
        return url
    }()

    @Test("SIGKILL at random points while releases are written: every next start has a complete release")
    func killedMidApply() async throws {
        let runs = Int(ProcessInfo.processInfo.environment["PARLANCE_KILL_RUNS"] ?? "") ?? 100
        let cache = Fixture.temporaryFolder("kill-cache")
        let scratch = Fixture.temporaryFolder("kill-scratch")
        var applied: Set<Int> = []
        // The kill comes a random while after "ready", within a window that widens whenever a
        // run ends with no new release complete: a loaded machine applies more slowly, and the
        // kills must still land while releases are being written, not only before the first.
        var window = 120
        var lastRelease: Int?
        for run in 0..<runs {
            let process = Process()
            process.executableURL = Self.applier
            process.arguments = [cache.path, scratch.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Wait for "ready", then let it write for a random while before the kill.
            _ = output.fileHandleForReading.availableData
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...window)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "run \(run) ended by itself: \(process.terminationStatus)")

            let key = try ReleasePublicKey(rawRepresentation: Fixture.key.publicKey.rawRepresentation)
            let updater = ReleaseUpdater(
                bundled: InMemoryLocalizationSource([ApplierCatalogCheck.bundled]),
                configuration: .init(baseURL: scratch, trustedKeys: [key], appVersion: "1.2", cacheDirectory: cache))
            #expect(updater.diagnostics.isEmpty, "run \(run): \(updater.diagnostics)")
            let localizer = try Localizer(
                source: updater.source, configuration: .init(defaultLanguage: "fr", preferredLanguages: { ["fr"] }, notificationCenter: nil))
            if updater.currentRelease == lastRelease { window = min(window * 3 / 2, 3_000) }
            lastRelease = updater.currentRelease
            if let release = updater.currentRelease {
                applied.insert(release)
                // Every value is the one release's: never a mix of two.
                #expect(localizer.string("greeting") == "Release \(release)", "run \(run)")
                #expect(localizer.string("key.1999") == "Clé 1999 — Release \(release)", "run \(run)")
            } else {
                #expect(localizer.string("greeting") == "Bonjour", "run \(run)")
            }
            let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("releases").path)) ?? []
            #expect(leftovers.count <= 1, "run \(run): \(leftovers)")
        }
        // The kills landed while releases were being applied, not only before the first. (A
        // loaded CI machine saw 20 releases in 100 runs with a fixed 120 ms window; the bound
        // leaves room under load rather than timing the applier.)
        #expect(applied.count > runs / 10, "releases seen: \(applied.sorted())")
    }
}

enum ApplierCatalogCheck {
    static let bundled: Catalog = {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
        var entry = CatalogEntry()
        entry["en"] = .string("Hello")
        entry["fr"] = .string("Bonjour")
        catalog["greeting"] = entry
        for index in 0..<2000 {
            var filler = CatalogEntry()
            filler["en"] = .string("Key \(index)")
            filler["fr"] = .string("Clé \(index)")
            catalog["key.\(index)"] = filler
        }
        return catalog
    }()
}
