import Foundation
import Parlance
import Synchronization
import ParlanceTestSupport
import Testing
@testable import ParlanceSync

/// The sync's rules, against profiles in memory (the same rules against a real server are
/// in ProfileSyncServerTests).
@Suite("Profile sync")
struct ProfileSyncTests {
    let user = newUserID()

    func temporaryOutbox() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString).json")
    }

    @Test("Sign-in applies the profile's choice over the device's, as a remote change, and never pushes it back")
    func signInAppliesProfile() async throws {
        let localizer = makeLocalizer(start: "en")
        let store = InMemoryProfileStore(profiles: [user: "it"])
        let sync = ProfileSync(localizer: localizer, store: store, outbox: nil)
        let changes = localizer.changes()
        let result = await sync.signIn(userID: user)
        #expect(result == .applied("it"))
        #expect(localizer.language == "it")
        #expect(localizer.string("settings.title") == "Impostazioni")
        var iterator = changes.makeAsyncIterator()
        let change = await iterator.next()
        #expect(change?.reason == .remote)
        #expect(change?.newLanguage == "it")
        await sync.settled()
        #expect(await sync.completedPushes == 0)
        #expect(await sync.status == .idle)
    }

    @Test("With no choice in the profile, the device's choice is pushed")
    func signInPushesLocal() async throws {
        let localizer = makeLocalizer(start: "fr")
        localizer.select(.language("fr"))
        let store = InMemoryProfileStore(profiles: [user: nil])
        let sync = ProfileSync(localizer: localizer, store: store, outbox: nil)
        #expect(await sync.signIn(userID: user) == .pushing(tag: "fr"))
        await sync.settled()
        #expect(store.storedTag(of: user) == "fr")
        #expect(await sync.completedPushes == 1)
    }

    @Test("Every later change is pushed once; a pulled value is not pushed back")
    func laterChangesPushedOnce() async throws {
        let localizer = makeLocalizer(start: "en")
        let store = InMemoryProfileStore(profiles: [user: "en"])
        let sync = ProfileSync(localizer: localizer, store: store, outbox: nil)
        #expect(await sync.signIn(userID: user) == .inStep)
        localizer.select(.language("fr"))
        try await waitFor { store.storedTag(of: user) == "fr" }
        await sync.settled()
        #expect(await sync.completedPushes == 1)
        localizer.select(.language("it"))
        try await waitFor { store.storedTag(of: user) == "it" }
        await sync.settled()
        #expect(await sync.completedPushes == 2)
        // Following the device clears the profile's choice.
        localizer.select(.system)
        try await waitFor { store.storedTag(of: user) == .some(nil) }
        await sync.settled()
        #expect(await sync.completedPushes == 3)
        #expect(await sync.pendingChange == nil)
    }

    @Test("A profile value that is no tag is reported and replaced by the device's choice")
    func invalidRemoteTag() async throws {
        let localizer = makeLocalizer(start: "fr")
        localizer.select(.language("fr"))
        let store = InMemoryProfileStore(profiles: [user: "not a tag!"])
        let sync = ProfileSync(localizer: localizer, store: store, outbox: nil)
        #expect(await sync.signIn(userID: user) == .pushing(tag: "fr"))
        await sync.settled()
        #expect(store.storedTag(of: user) == "fr")
        #expect(localizer.string("settings.title") == "Réglages")
        let diagnostics = await sync.diagnostics
        #expect(diagnostics.contains { $0.message.contains("\"not a tag!\", which is no language tag") })
    }

    @Test("A profile language no catalog holds is ignored with a diagnostic, never shown as keys")
    func unavailableRemoteLanguage() async throws {
        let localizer = makeLocalizer(start: "en")
        let store = InMemoryProfileStore(profiles: [user: "ja"])
        let sync = ProfileSync(localizer: localizer, store: store, outbox: nil)
        #expect(await sync.signIn(userID: user) == .keptLocal(profileTag: "ja"))
        #expect(localizer.language == "en")
        #expect(localizer.string("settings.title") == "Settings")
        // Not overwritten: another version of the app may hold Japanese.
        #expect(store.storedTag(of: user) == "ja")
        #expect(await sync.diagnostics.contains { $0.message.contains("names ja, which no catalog holds") })
    }

    @Test("Sign-out stops syncing; the next sign-in picks up again")
    func signOutStops() async throws {
        let localizer = makeLocalizer(start: "en")
        let store = InMemoryProfileStore(profiles: [user: "en"])
        let sync = ProfileSync(localizer: localizer, store: store, outbox: nil)
        await sync.signIn(userID: user)
        await sync.signOut()
        #expect(await sync.status == .signedOut)
        localizer.select(.language("fr"))
        try await Task.sleep(for: .milliseconds(100))
        #expect(store.storedTag(of: user) == "en")
        #expect(await sync.pendingChange == nil)
    }

    @Test("The sync listens through one handler on the localizer, removed at sign-out, at a new sign-in and when the sync goes away")
    func changeHandlerLifetime() async throws {
        let localizer = makeLocalizer(start: "en")
        let store = InMemoryProfileStore(profiles: [user: "en"])
        var sync: ProfileSync? = ProfileSync(localizer: localizer, store: store, outbox: nil)
        #expect(localizer.changeHandlerCount == 0)
        await sync?.signIn(userID: user)
        #expect(localizer.changeHandlerCount == 1)
        await sync?.signIn(userID: user)
        #expect(localizer.changeHandlerCount == 1, "a second sign-in replaces the handler")
        // Selections made back to back reach the profile coalesced: the last one wins.
        for tag in ["fr", "it", "fr", "it"] { localizer.select(.language(Language(tag)!)) }
        await sync?.settled()
        #expect(store.storedTag(of: user) == "it")
        await sync?.signOut()
        #expect(localizer.changeHandlerCount == 0)
        await sync?.signIn(userID: user)
        #expect(localizer.changeHandlerCount == 1)
        sync = nil
        // A task of the sync may hold it a moment longer; then its deinit removes the handler.
        let deadline = ContinuousClock.now + .seconds(5)
        while localizer.changeHandlerCount > 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(localizer.changeHandlerCount == 0, "a sync that goes away takes its handler with it")
        // Nothing listens now: a selection is not pushed.
        localizer.select(.language("fr"))
        try await Task.sleep(for: .milliseconds(50))
        #expect(store.storedTag(of: user) == "it")
    }

    @Test("A pseudo-localization chosen after a language is not pushed, and does not hide the language before it")
    func pseudoAfterLanguage() async throws {
        let localizer = makeLocalizer(start: "en")
        let store = InMemoryProfileStore(profiles: [user: "en"])
        let sync = ProfileSync(localizer: localizer, store: store, outbox: nil)
        await sync.signIn(userID: user)
        localizer.select(.language("fr"))
        localizer.select(.pseudo(.accented))
        await sync.settled()
        #expect(store.storedTag(of: user) == "fr")
        #expect(await sync.completedPushes == 1)
    }

    @Test("Two devices converge on the later change")
    func twoDevicesConverge() async throws {
        let store = InMemoryProfileStore(profiles: [user: "en"])
        let phone = makeLocalizer(start: "en"), tablet = makeLocalizer(start: "en")
        let phoneSync = ProfileSync(localizer: phone, store: store, outbox: nil)
        let tabletSync = ProfileSync(localizer: tablet, store: store, outbox: nil)
        await phoneSync.signIn(userID: user)
        await tabletSync.signIn(userID: user)
        phone.select(.language("fr"))
        try await waitFor { store.storedTag(of: user) == "fr" }
        tablet.select(.language("it"))
        try await waitFor { store.storedTag(of: user) == "it" }
        await phoneSync.settled()
        await tabletSync.settled()
        #expect(await phoneSync.refresh() == .applied("it"))
        #expect(await tabletSync.refresh() == .inStep)
        #expect(phone.language == "it" && tablet.language == "it")
    }

    @Test("Events say when a change made elsewhere was applied or ignored, and when one made here was pushed",
          .timeLimit(.minutes(1)))
    func events() async throws {
        let store = InMemoryProfileStore(profiles: [user: "en"])
        let phone = makeLocalizer(start: "en"), tablet = makeLocalizer(start: "en")
        let phoneSync = ProfileSync(localizer: phone, store: store, outbox: nil)
        let tabletSync = ProfileSync(localizer: tablet, store: store, outbox: nil)
        var phoneEvents = await phoneSync.events().makeAsyncIterator()
        var tabletEvents = await tabletSync.events().makeAsyncIterator()
        #expect(await phoneSync.signIn(userID: user) == .inStep)
        #expect(await tabletSync.signIn(userID: user) == .inStep)

        phone.select(.language("fr"))
        #expect(await phoneEvents.next() == .pushed(tag: "fr"))
        #expect(await tabletSync.refresh() == .applied("fr"))
        #expect(await tabletEvents.next() == .remoteChangeApplied(.language("fr")))

        // A version of the app with Japanese stored it; this one has no Japanese catalog.
        _ = try await store.saveLanguage("ja", changedAt: Date(), userID: user)
        #expect(await tabletSync.refresh() == .keptLocal(profileTag: "ja"))
        #expect(await tabletEvents.next() == .remoteChangeIgnored(profileTag: "ja"))

        tablet.select(.system)
        #expect(await tabletEvents.next() == .pushed(tag: nil), "following the device is pushed as no tag")
    }

    @Test("With change times, an older change pushed late loses to a newer one made elsewhere")
    func olderChangeArrivingLateLoses() async throws {
        let memory = InMemoryProfileStore(profiles: [user: "en"], recordsChangeTime: true)
        let flaky = FlakyStore(memory)
        let phone = makeLocalizer(start: "en"), tablet = makeLocalizer(start: "en")
        let phoneSync = ProfileSync(
            localizer: phone, store: flaky, outbox: nil, retryPolicy: RetryPolicy(initialDelay: .milliseconds(20), maximumDelay: .milliseconds(40)))
        let tabletSync = ProfileSync(localizer: tablet, store: memory, outbox: nil)
        let phoneEvents = await phoneSync.events()
        await phoneSync.signIn(userID: user)
        await tabletSync.signIn(userID: user)
        flaky.offline = true
        phone.select(.language("fr"))   // made first, offline
        try await waitFor { await phoneSync.pendingChange?.tag == "fr" }
        try await Task.sleep(for: .milliseconds(5))
        tablet.select(.language("it"))  // made later, online
        try await waitFor { memory.storedTag(of: user) == "it" }
        flaky.offline = false
        await phoneSync.settled()
        #expect(memory.storedTag(of: user) == "it")
        #expect(phone.language == "it")
        var events = phoneEvents.makeAsyncIterator()
        #expect(await events.next() == .remoteChangeApplied(.language("it")))
    }

    @Test("A change made here before the app was killed, unseen by the outbox, is pushed at the next sign-in")
    func unsyncedLocalChangeWins() async throws {
        let outbox = temporaryOutbox()
        defer { try? FileManager.default.removeItem(at: outbox) }
        let store = InMemoryProfileStore(profiles: [user: "it"])
        let localizer = makeLocalizer(start: "en")
        let first = ProfileSync(localizer: localizer, store: store, outbox: outbox)
        #expect(await first.signIn(userID: user) == .applied("it"))
        await first.signOut()
        // Changed while no sync listened (the app killed before the outbox heard of it).
        localizer.select(.language("fr"))
        let second = ProfileSync(localizer: localizer, store: store, outbox: outbox)
        #expect(await second.signIn(userID: user) == .pushing(tag: "fr"))
        await second.settled()
        #expect(store.storedTag(of: user) == "fr")
    }

    @Test("A refused token stops pushing; the change stays pending until resume()")
    func authenticationStops() async throws {
        let memory = InMemoryProfileStore(profiles: [user: "en"])
        let flaky = FlakyStore(memory)
        let localizer = makeLocalizer(start: "en")
        let sync = ProfileSync(localizer: localizer, store: flaky, outbox: nil)
        await sync.signIn(userID: user)
        flaky.refuse = true
        localizer.select(.language("fr"))
        try await waitFor { if case .stopped(.authentication) = await sync.status { true } else { false } }
        #expect(await sync.pendingChange?.tag == "fr")
        flaky.refuse = false
        await sync.resume()
        await sync.settled()
        #expect(memory.storedTag(of: user) == "fr")
        #expect(await sync.pendingChange == nil)
    }

    @Test("A profile that does not exist drops the change with a diagnostic")
    func noSuchProfileDrops() async throws {
        let localizer = makeLocalizer(start: "en")
        let sync = ProfileSync(localizer: localizer, store: InMemoryProfileStore(), outbox: nil)
        #expect(await sync.signIn(userID: user) == .failed(.noSuchProfile(userID: user)))
        localizer.select(.language("fr"))
        try await waitFor { await sync.diagnostics.contains { $0.message.contains("dropped the language change fr") } }
        #expect(await sync.pendingChange == nil)
    }

    @Test("A pull that fails while offline is retried in the background, then applied")
    func pullRetried() async throws {
        let memory = InMemoryProfileStore(profiles: [user: "it"])
        let flaky = FlakyStore(memory)
        flaky.offline = true
        let localizer = makeLocalizer(start: "en")
        let sync = ProfileSync(
            localizer: localizer, store: flaky, outbox: nil, retryPolicy: RetryPolicy(initialDelay: .milliseconds(10), maximumDelay: .milliseconds(20)))
        #expect(await sync.signIn(userID: user) == .failed(.network("offline (FlakyStore)")))
        #expect(localizer.language == "en")
        try await Task.sleep(for: .milliseconds(50))
        flaky.offline = false
        try await waitFor { localizer.language == "it" }
        await sync.settled()
        #expect(await sync.status == .idle)
    }

    @Test("An outbox that cannot be read is moved aside and reported, not lost")
    func unreadableOutbox() async throws {
        let outbox = temporaryOutbox()
        defer {
            try? FileManager.default.removeItem(at: outbox)
            try? FileManager.default.removeItem(at: outbox.appendingPathExtension("unreadable"))
        }
        try Data("{ not json".utf8).write(to: outbox)
        let sync = ProfileSync(localizer: makeLocalizer(), store: InMemoryProfileStore(), outbox: outbox)
        let diagnostics = await sync.diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("cannot be read") == true)
        #expect(FileManager.default.fileExists(atPath: outbox.appendingPathExtension("unreadable").path))
    }

    @Test("The outbox keeps at most 64 users across 100,000 distinct ones, pending changes last to go")
    func outboxIsCapped() throws {
        var (outbox, _) = SyncOutbox.open(url: nil)
        try outbox.update("keeps-a-pending-change") { $0.pending = .init(tag: "fr", changedAt: Date(), attempts: 0) }
        for index in 0..<100_000 {
            try outbox.update("user-\(index)") { $0.hasSynced = true; $0.synced = "en" }
        }
        #expect(outbox.records.count == SyncOutbox.maximumUsers)
        #expect(outbox.record(for: "keeps-a-pending-change")?.pending?.tag == "fr")
        #expect(outbox.record(for: "user-99999") != nil)
    }

    @Test("The sync keeps at most 256 diagnostics across 100,000 distinct problems")
    func diagnosticsAreCapped() async throws {
        let localizer = makeLocalizer(start: "en")
        let store = InMemoryProfileStore()
        let sync = ProfileSync(localizer: localizer, store: store, outbox: nil)
        for index in 0..<100_000 {
            // Each profile holds a different value that is no tag: one diagnostic each.
            let user = "user-\(index)"
            store.setProfile(user, tag: "no tag \(index)")
            #expect(await sync.signIn(userID: user) == .pushing(tag: "en"))
        }
        await sync.signOut()
        let diagnostics = await sync.diagnostics
        #expect(diagnostics.count == 256)
        #expect(diagnostics.first?.message.contains("user-0 holds \"no tag 0\"") == true)
    }

    @Test("Backoff grows, stays within its jitter and cap, and honours Retry-After")
    func backoff() {
        let policy = RetryPolicy(initialDelay: .milliseconds(100), maximumDelay: .seconds(2), multiplier: 2, jitter: 0.5)
        #expect(policy.delay(afterFailures: 1, serverAsked: nil, random: 0) == .milliseconds(50))
        #expect(policy.delay(afterFailures: 1, serverAsked: nil, random: 1) == .milliseconds(100))
        #expect(policy.delay(afterFailures: 3, serverAsked: nil, random: 1) == .milliseconds(400))
        #expect(policy.delay(afterFailures: 1_000_000, serverAsked: nil, random: 1) == .seconds(2))
        #expect(policy.delay(afterFailures: 1, serverAsked: .seconds(7), random: 0) == .seconds(7))
        for failures in 1...40 {
            let delay = policy.delay(afterFailures: failures)
            #expect(delay >= .milliseconds(50) && delay <= .seconds(2))
        }
    }
}

/// A store that can be taken offline or made to refuse credentials, over another.
final class FlakyStore: ProfileLanguageStore {
    let base: InMemoryProfileStore
    private let flags = Mutex((offline: false, refuse: false))

    init(_ base: InMemoryProfileStore) { self.base = base }

    var offline: Bool {
        get { flags.withLock { $0.offline } }
        set { flags.withLock { $0.offline = newValue } }
    }
    var refuse: Bool {
        get { flags.withLock { $0.refuse } }
        set { flags.withLock { $0.refuse = newValue } }
    }
    var recordsChangeTime: Bool { base.recordsChangeTime }

    private func check() throws {
        let flags = flags.withLock { $0 }
        if flags.offline { throw ProfileStoreError.network("offline (FlakyStore)") }
        if flags.refuse { throw ProfileStoreError.authentication("PGRST301: JWT expired") }
    }

    func loadLanguage(userID: String) async throws -> ProfileLanguage {
        try check()
        return try await base.loadLanguage(userID: userID)
    }

    func saveLanguage(_ tag: String?, changedAt: Date, userID: String) async throws -> ProfileSaveResult {
        try check()
        return try await base.saveLanguage(tag, changedAt: changedAt, userID: userID)
    }
}

/// Waits until `condition` holds, failing after five minutes.
///
/// Alone, each condition holds within milliseconds. The bound is that wide because the full
/// suite runs in one process: on CI's two cores its soak and corpus tests have kept the
/// cooperative pool busy for 80 s at a stretch, and the sync's background tasks wait for it.
func waitFor(_ condition: @Sendable () async -> Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
    let deadline = ContinuousClock.now + .seconds(300)
    while await !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("the condition did not hold within five minutes", sourceLocation: sourceLocation)
            return
        }
        try await Task.sleep(for: .milliseconds(2))
    }
}
