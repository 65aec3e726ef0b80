import Foundation
import Parlance
import Testing
@testable import ParlanceRemote

/// The structures an updater keeps across checks stay within the bundle's size, whatever a
/// release or a caller feeds them. A release is read from a folder (`FileReleaseTransport`):
/// no server is needed to prove a bound.
@Suite("Updater caches are bounded")
struct CacheBoundTests {
    @Test("A release of 100,000 keys the bundle lacks: each is rejected, and no shape is kept for any of them")
    func unknownKeys() async throws {
        var catalogs = Fixture.edited(["greeting": .string("Salut")])
        for index in 0..<100_000 {
            var entry = CatalogEntry()
            entry["fr"] = .string("valeur \(index)")
            catalogs[0]["unknown.\(index)"] = entry
        }
        let release = try Fixture.publish(catalogs, release: 1)
        let updater = ReleaseUpdater(
            bundled: InMemoryLocalizationSource(Fixture.bundled()),
            configuration: Fixture.configuration(release, cache: Fixture.temporaryFolder("cache")),
            transport: FileReleaseTransport())
        let localizer = try Localizer(
            source: updater.source, configuration: .init(defaultLanguage: "fr", preferredLanguages: { ["fr"] }, notificationCenter: nil))
        updater.attach(localizer)
        guard case .applied(1, let rejected) = try await updater.check() else {
            Issue.record("not applied")
            return
        }
        #expect(rejected.count == 100_000)
        #expect(rejected.allSatisfy { $0.reason == .unknownKey })
        #expect(localizer.string("greeting") == "Salut")
        #expect(localizer.string("unknown.5") == "unknown.5", "a rejected key is not shown")
        // Only the bundle's Localizable keys (and Settings' one) ever get a shape.
        let bundledKeys = Fixture.bundled().first { $0.table == "Localizable" }?.entries.count ?? 0
        #expect(bundledKeys == 5)
        #expect(updater.source.knownShapes(table: "Localizable").count <= bundledKeys)
        #expect(updater.source.knownShapes(table: "Settings").count <= 1)
    }

    @Test("100,000 distinct language tags asked of the source compile and keep only the bundle's languages")
    func distinctLanguages() throws {
        let updater = ReleaseUpdater(
            bundled: InMemoryLocalizationSource(Fixture.bundled()),
            configuration: Fixture.configuration(
                URL(fileURLWithPath: "/nonexistent"), cache: Fixture.temporaryFolder("cache")),
            transport: FileReleaseTransport())
        var asked = 0
        for index in 0..<100_000 {
            guard let language = Language("fr-x-\(String(index, radix: 36))") else { continue }
            _ = try? updater.source.probedTables(for: language)
            asked += 1
        }
        #expect(asked == 100_000)
        _ = try updater.source.probedTables(for: "fr")
        _ = try updater.source.probedTables(for: "en")
        #expect(updater.source.compiledLanguageCount == 2)
    }
}
