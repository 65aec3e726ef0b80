import Foundation
import Parlance
import ParlanceReleaseTooling
import Testing
@testable import ParlanceRemote

/// Releases served by a real nginx on loopback, fetched and applied by the updater, each
/// fault a test. Skipped, and says why, when nginx is not installed, unless
/// `PARLANCE_REQUIRE_NGINX` is set (as `.ci/run` sets it), when they fail instead.
@Suite("Live updates from nginx", .disabled(if: StaticHost.isSkipped, StaticHost.skipReason))
struct LiveUpdateTests {
    @Test("A release is applied live: lookups see it at once, observers hear of it, and the next check is one 304")
    func appliesLive() async throws {
        let host = try StaticHost()
        defer { host.stop() }
        let cache = Fixture.temporaryFolder("cache")
        try host.serve(try Fixture.publish(Fixture.edited(["greeting": .string("Salut !")]), release: 1))
        let (updater, localizer) = try Fixture.updater(Fixture.configuration(host.baseURL, cache: cache))
        #expect(localizer.string("greeting") == "Bonjour")
        let changes = localizer.changes()
        let result = try await updater.check()
        #expect(result == .applied(release: 1, rejected: []))
        #expect(localizer.string("greeting") == "Salut !")
        #expect(localizer.string("title", table: "Settings") == "Réglages")
        #expect(localizer.string("files", 3) == "3 fichiers")
        var iterator = changes.makeAsyncIterator()
        let change = await iterator.next()
        #expect(change?.reason == .reload)

        let before = host.requests().count
        #expect(try await updater.check() == .upToDate)
        let after = host.requests()
        #expect(after.count == before + 1)
        #expect(after.last == "GET /manifest.txt 304")

        // Offline, a new start shows the cached release.
        host.stop()
        let (_, restarted) = try Fixture.updater(Fixture.configuration(host.baseURL, cache: cache))
        #expect(restarted.string("greeting") == "Salut !")
    }

    @Test("Only payloads that changed are downloaded")
    func onlyChangedPayloads() async throws {
        let host = try StaticHost()
        defer { host.stop() }
        let cache = Fixture.temporaryFolder("cache")
        try host.serve(try Fixture.publish(Fixture.bundled(), release: 1))
        let (updater, localizer) = try Fixture.updater(Fixture.configuration(host.baseURL, cache: cache))
        _ = try await updater.check()
        let before = host.requests().count
        try host.serve(try Fixture.publish(Fixture.edited(["title": .string("Préférences")], table: "Settings"), release: 2))
        #expect(try await updater.check() == .applied(release: 2, rejected: []))
        let requests = host.requests().dropFirst(before)
        #expect(requests.filter { $0.contains("/payloads/") }.count == 1, "\(requests)")
        #expect(requests.contains { $0.hasPrefix("GET /payloads/Settings.fr.") })
        #expect(localizer.string("title", table: "Settings") == "Préférences")
    }

    @Test("Values that would break the app are left out, and the bundled value stays")
    func checksValues() async throws {
        let host = try StaticHost()
        defer { host.stop() }
        var catalogs = Fixture.edited([
            "greeting": .string("Bonjour à tous"),
            "welcome %@": .string("Bienvenue, %d"),
            "files": .plural([.one: .string("%lld fichier"), .other: .string("%lld fichiers"), PluralCategory("several"): .string("x")]),
            "hi {name}": .string("Salut {nom}"),
            "unknown key": .string("nouveau"),
        ])
        catalogs[1]["title"] = Fixture.entry(en: .string("Settings"), fr: .string(String(repeating: "é", count: 3000)))
        try host.serve(try Fixture.publish(catalogs, release: 1))
        let (updater, localizer) = try Fixture.updater(Fixture.configuration(host.baseURL, cache: Fixture.temporaryFolder("cache")))
        guard case .applied(1, let rejected) = try await updater.check() else {
            Issue.record("not applied")
            return
        }
        let reasons = Dictionary(uniqueKeysWithValues: rejected.map { ($0.key, $0.reason) })
        #expect(reasons.count == 5, "\(rejected)")
        #expect(reasons["welcome %@"] == .arguments(" formats argument 1 as %d but the bundled source as %@."))
        #expect(reasons["hi {name}"] == .placeholders(expected: "{name}", found: "{nom}"))
        #expect(reasons["unknown key"] == .unknownKey)
        if case .pluralCategory(let text) = reasons["files"] { #expect(text.contains("\"several\"")) } else { Issue.record("files: \(String(describing: reasons["files"]))") }
        #expect(reasons["title"] == .tooLarge(bytes: 6000, limit: 4096))
        #expect(localizer.string("greeting") == "Bonjour à tous")
        #expect(localizer.string("welcome %@", "Ana") == "Bienvenue, Ana")
        #expect(localizer.string("files", 2) == "2 fichiers")
        #expect(localizer.string("title", table: "Settings") == "Réglages")
        #expect(updater.rejectedValues.count == 5)
    }

    @Test("Text that loses an argument is left out: a substitution with no %arg, plural forms without their count")
    func lostArguments() async throws {
        let host = try StaticHost()
        defer { host.stop() }
        let catalogs = Fixture.edited([
            "greeting": .string("Salut"),
            // No French form of "correct" shows its argument: "bonnes réponses sur 5 questions".
            Fixture.scoreKey: Fixture.score(
                "%#@correct@ sur %#@total@", correct: ("bonne réponse", "bonnes réponses"), total: ("%arg question", "%arg questions")),
            // One form keeping the count is not enough: "other" holds every number but 0 and 1.
            "files": .plural([.one: .string("%lld fichier"), .other: .string("fichiers")]),
            // A value that keeps its argument is applied beside them.
            "welcome %@": .string("Bienvenue à toi, %@"),
        ])
        try host.serve(try Fixture.publish(catalogs, release: 1))
        let (updater, localizer) = try Fixture.updater(Fixture.configuration(host.baseURL, cache: Fixture.temporaryFolder("cache")))
        guard case .applied(1, let rejected) = try await updater.check() else {
            Issue.record("not applied")
            return
        }
        #expect(rejected.map(\.key).sorted() == [Fixture.scoreKey, "files"], "\(rejected)")
        for value in rejected {
            guard case .arguments(let text) = value.reason else {
                Issue.record("\(value.key): \(value.reason)")
                continue
            }
            #expect(text.contains("leaves out its count"), "\(text)")
        }
        #expect(rejected.first { $0.key == "files" }?.description.contains("CLDR's \"other\" in fr holds 2~17") == true)
        #expect(localizer.string(Fixture.scoreKey, 3, 5) == "3 bonnes réponses sur 5 questions")
        #expect(localizer.string("files", 3) == "3 fichiers")
        #expect(localizer.string("greeting") == "Salut")
        #expect(localizer.string("welcome %@", "Ana") == "Bienvenue à toi, Ana")

        // The same forms with their count are applied.
        let fixed = Fixture.edited([
            Fixture.scoreKey: Fixture.score(
                "%#@correct@ sur %#@total@", correct: ("%arg bonne réponse", "%arg bonnes réponses"), total: ("%arg question", "%arg questions")),
            "files": .plural([.one: .string("%lld fichier"), .many: .string("%lld de fichiers"), .other: .string("%lld fichiers !")]),
        ])
        try host.serve(try Fixture.publish(fixed, release: 2))
        #expect(try await updater.check() == .applied(release: 2, rejected: []))
        #expect(localizer.string("files", 3) == "3 fichiers !")
    }

    @Test("A value rejected in a later release keeps the value the release before showed; the rest of it applies")
    func rejectedKeepsLastGood() async throws {
        let host = try StaticHost()
        defer { host.stop() }
        try host.serve(try Fixture.publish(Fixture.edited(["greeting": .string("Un"), "welcome %@": .string("Bienvenue à toi, %@")]), release: 1))
        let (updater, localizer) = try Fixture.updater(Fixture.configuration(host.baseURL, cache: Fixture.temporaryFolder("cache")))
        _ = try await updater.check()
        #expect(localizer.string("welcome %@", "Ana") == "Bienvenue à toi, Ana")
        try host.serve(try Fixture.publish(Fixture.edited(["greeting": .string("Deux"), "welcome %@": .string("Bienvenue, %d")]), release: 2))
        guard case .applied(2, let rejected) = try await updater.check() else {
            Issue.record("release 2 not applied")
            return
        }
        #expect(rejected.map(\.key) == ["welcome %@"])
        #expect(localizer.string("greeting") == "Deux")
        #expect(localizer.string("welcome %@", "Ana") == "Bienvenue à toi, Ana", "release 1's value, not the bundle's")
        // Rejected again by release 3: still release 1's value, and no file piles up per release.
        try host.serve(try Fixture.publish(Fixture.edited(["greeting": .string("Trois"), "welcome %@": .string("Bienvenue, %d")]), release: 3))
        _ = try await updater.check()
        #expect(localizer.string("greeting") == "Trois")
        #expect(localizer.string("welcome %@", "Ana") == "Bienvenue à toi, Ana")
        #expect(updater.source.current.tables["fr"]?.count == 3, "two files of Localizable (release, kept values) and one of Settings")
        #expect(localizer.readsCompiledCatalogs)
    }

    @Test("A release that adds a language makes it available at once: a German device is shown German; a rollback takes it away")
    func addsLanguage() async throws {
        let host = try StaticHost()
        defer { host.stop() }
        var catalogs = Fixture.bundled()
        catalogs[0]["greeting"]?["de"] = .string("Hallo")
        catalogs[1]["title"]?["de"] = .string("Einstellungen")
        try host.serve(try Fixture.publish(catalogs, release: 1, languages: ["de"]))
        let cache = Fixture.temporaryFolder("cache")
        func launch() throws -> (ReleaseUpdater, Localizer) {
            let updater = ReleaseUpdater(
                bundled: InMemoryLocalizationSource(Fixture.bundled()), configuration: Fixture.configuration(host.baseURL, cache: cache))
            let localizer = try Localizer(
                source: updater.source,
                configuration: .init(defaultLanguage: "fr", preferredLanguages: { ["de-DE", "fr"] }, notificationCenter: nil))
            updater.attach(localizer)
            return (updater, localizer)
        }
        let (updater, localizer) = try launch()
        #expect(localizer.language == "fr")
        #expect(!localizer.availableLanguages.contains("de"))
        _ = try await updater.check()
        #expect(localizer.availableLanguages.contains("de"))
        #expect(localizer.language == "de")
        #expect(localizer.string("greeting") == "Hallo")
        #expect(localizer.string("title", table: "Settings") == "Einstellungen")
        #expect(localizer.string("welcome %@", "Ana") == "Bienvenue, Ana", "a key the release lacks falls back to the default language")

        let (_, relaunched) = try launch()
        #expect(relaunched.language == "de", "the next launch reads the language from the cache")

        try updater.rollback()
        #expect(!localizer.availableLanguages.contains("de"))
        #expect(localizer.language == "fr")
        #expect(localizer.string("greeting") == "Bonjour")
    }

    @Test("Truncated, tampered and swapped payloads are refused and the release before stays",
          arguments: ["truncated", "tampered", "swapped"])
    func corruptPayloads(_ fault: String) async throws {
        let host = try StaticHost()
        defer { host.stop() }
        let cache = Fixture.temporaryFolder("cache")
        try host.serve(try Fixture.publish(Fixture.edited(["greeting": .string("Un")]), release: 1))
        let (updater, localizer) = try Fixture.updater(Fixture.configuration(host.baseURL, cache: cache))
        _ = try await updater.check()
        let release = try Fixture.publish(Fixture.edited(["greeting": .string("Deux")]), release: 2)
        let manifest = try ReleaseManifest.read(Array(Data(contentsOf: release.appendingPathComponent("manifest.txt"))))
        let payload = release.appendingPathComponent(manifest.payloads.first { $0.table == "Localizable" }!.path)
        var bytes = try Data(contentsOf: payload)
        switch fault {
        case "truncated": bytes = bytes.prefix(bytes.count / 2)
        case "tampered": bytes[bytes.count / 2] ^= 0x20
        default: bytes = try Data(contentsOf: release.appendingPathComponent(manifest.payloads.first { $0.table == "Settings" }!.path))
        }
        try bytes.write(to: payload)
        try host.serve(release)
        let error = try await #require(throws: ReleaseError.self) { try await updater.check() }
        #expect(error.kind == .payloadMismatch, "\(error)")
        #expect(error.location?.file.hasSuffix(manifest.payloads.first { $0.table == "Localizable" }!.path) == true)
        #expect(localizer.string("greeting") == "Un")
        #expect(updater.currentRelease == 1)
        let (_, restarted) = try Fixture.updater(Fixture.configuration(host.baseURL, cache: cache))
        #expect(restarted.string("greeting") == "Un")
    }

    @Test("A manifest signed by another key, or edited after signing, is refused")
    func signatures() async throws {
        let host = try StaticHost()
        defer { host.stop() }
        try host.serve(try Fixture.publish(Fixture.edited(["greeting": .string("Pirate")]), release: 1, key: Fixture.otherKey))
        let (updater, localizer) = try Fixture.updater(Fixture.configuration(host.baseURL, cache: Fixture.temporaryFolder("cache")))
        let untrusted = try await #require(throws: ReleaseError.self) { try await updater.check() }
        #expect(untrusted.kind == .untrustedKey)

        let release = try Fixture.publish(Fixture.edited(["greeting": .string("Pirate")]), release: 1)
        let url = release.appendingPathComponent("manifest.txt")
        let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "release 1\n", with: "release 9\n")
        try text.write(to: url, atomically: true, encoding: .utf8)
        try host.serve(release)
        let forged = try await #require(throws: ReleaseError.self) { try await updater.check() }
        #expect(forged.kind == .badSignature)
        #expect(localizer.string("greeting") == "Bonjour")
        #expect(updater.currentRelease == nil)

        // Key rotation: an app that trusts both keys takes a release signed with the new one.
        let (rotated, _) = try Fixture.updater(Fixture.configuration(
            host.baseURL, cache: Fixture.temporaryFolder("cache"), keys: [Fixture.key.publicKey, Fixture.otherKey.publicKey]))
        try host.serve(try Fixture.publish(Fixture.edited(["greeting": .string("Nouvelle clé")]), release: 2, key: Fixture.otherKey))
        #expect(try await rotated.check() == .applied(release: 2, rejected: []))
    }

    @Test("An older or replayed release is refused; a release for another app version is ignored; rollback returns to the bundle")
    func downgradeVersionsAndRollback() async throws {
        let host = try StaticHost()
        defer { host.stop() }
        let cache = Fixture.temporaryFolder("cache")
        let (updater, localizer) = try Fixture.updater(Fixture.configuration(host.baseURL, cache: cache))
        try host.serve(try Fixture.publish(Fixture.edited(["greeting": .string("Cinq")]), release: 5))
        _ = try await updater.check()
        try host.serve(try Fixture.publish(Fixture.edited(["greeting": .string("Quatre")]), release: 4))
        let downgrade = try await #require(throws: ReleaseError.self) { try await updater.check() }
        #expect(downgrade.kind == .downgrade)
        #expect(localizer.string("greeting") == "Cinq")

        try host.serve(try Fixture.publish(Fixture.edited(["greeting": .string("Pour la 2.0")]), release: 6, minimum: "2.0"))
        #expect(try await updater.check() == .otherAppVersion(release: 6))
        #expect(localizer.string("greeting") == "Cinq")

        try updater.rollback()
        #expect(localizer.string("greeting") == "Bonjour")
        #expect(updater.currentRelease == nil)
        // The release rolled back is not applied again, even on a new start.
        try host.serve(try Fixture.publish(Fixture.edited(["greeting": .string("Cinq")]), release: 5))
        let replay = try await #require(throws: ReleaseError.self) { try await updater.check() }
        #expect(replay.kind == .downgrade)
        let (_, restarted) = try Fixture.updater(Fixture.configuration(host.baseURL, cache: cache))
        #expect(restarted.string("greeting") == "Bonjour")
        try host.serve(try Fixture.publish(Fixture.edited(["greeting": .string("Sept")]), release: 7))
        #expect(try await updater.check() == .applied(release: 7, rejected: []))
        #expect(localizer.string("greeting") == "Sept")
    }

    @Test("A host that stalls is cut off at the timeout; a download over the limit is stopped")
    func stallAndSize() async throws {
        let host = try StaticHost()
        defer { host.stop() }
        try host.serve(try Fixture.publish(Fixture.edited(["greeting": .string("Lent")]), release: 1))
        let (slow, localizer) = try Fixture.updater(Fixture.configuration(
            host.slowURL, cache: Fixture.temporaryFolder("cache"), timeout: .milliseconds(1500)))
        let start = ContinuousClock.now
        let error = try await #require(throws: ReleaseError.self) { try await slow.check() }
        let elapsed = ContinuousClock.now - start
        #expect(error.kind == .network, "\(error)")
        // nginx sends the manifest at one byte a second (`limit_rate 1`), so the download
        // alone would take as many seconds as it has bytes (hundreds). The bound is that
        // loose on purpose: CI's loaded cores once made a 1.5 s cut-off take 6.2 s.
        #expect(elapsed < .seconds(60), "\(elapsed)")
        #expect(localizer.string("greeting") == "Bonjour")

        var configuration = Fixture.configuration(host.baseURL, cache: Fixture.temporaryFolder("cache"))
        configuration.maximumDownloadBytes = 200
        let (small, _) = try Fixture.updater(configuration)
        let tooLarge = try await #require(throws: ReleaseError.self) { try await small.check() }
        #expect(tooLarge.kind == .tooLarge, "\(tooLarge)")
    }

    @Test("500 then success: the failure backs off, the next check applies; 429 honours Retry-After")
    func serverErrors() async throws {
        let host = try StaticHost()
        defer { host.stop() }
        try host.serve(try Fixture.publish(Fixture.edited(["greeting": .string("Enfin")]), release: 1))
        let (updater, localizer) = try Fixture.updater(Fixture.configuration(host.baseURL, cache: Fixture.temporaryFolder("cache")))
        try host.fault(".fail500", true)
        let error = try await #require(throws: ReleaseError.self) { try await updater.check() }
        #expect(error.kind == .httpStatus && error.status == 500)
        let wait = updater.nextWait()
        #expect(wait >= .seconds(1) && wait <= .milliseconds(1500), "\(wait)")
        _ = try? await updater.check()
        let second = updater.nextWait()
        #expect(second >= .seconds(2) && second <= .seconds(3), "\(second)")
        try host.fault(".fail500", false)
        #expect(try await updater.check() == .applied(release: 1, rejected: []))
        #expect(localizer.string("greeting") == "Enfin")
        #expect(updater.nextWait() == updater.configuration.checkInterval)

        try host.fault(".fail429", true)
        let limited = try await #require(throws: ReleaseError.self) { try await updater.check() }
        #expect(limited.status == 429 && limited.retryAfter == 7)
        #expect(updater.nextWait() >= .seconds(7))
    }

    @Test("Checks closer together than the minimum interval make no request; cancelling run() stops it")
    func politeness() async throws {
        let host = try StaticHost()
        defer { host.stop() }
        try host.serve(try Fixture.publish(Fixture.bundled(), release: 1))
        var configuration = Fixture.configuration(host.baseURL, cache: Fixture.temporaryFolder("cache"))
        configuration.minimumCheckInterval = .seconds(3600)
        let (updater, _) = try Fixture.updater(configuration)
        _ = try await updater.check()
        let count = host.requests().count
        #expect(try await updater.check() == .tooSoon)
        #expect(host.requests().count == count)

        let task = Task { await updater.run() }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        _ = await task.value
        #expect(host.requests().count == count)
    }
}
