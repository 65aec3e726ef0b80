import Foundation
import Parlance
import Synchronization
import ParlanceTestSupport
import Testing
@testable import ParlanceSync

/// The sync against a server that fails the way real ones do: the PostgREST stand-in over
/// real PostgreSQL (see ``PostgRESTStandIn``).
@Suite("Profile sync against a failing server", .disabled(if: PostgRESTStandIn.unavailable != nil, Comment(rawValue: PostgRESTStandIn.unavailable ?? "")))
struct ProfileSyncServerTests {
    static let quickRetries = RetryPolicy(initialDelay: .milliseconds(20), maximumDelay: .milliseconds(200))

    @Test("A 500 then success: the push is retried and lands once")
    func serverErrorThenSuccess() async throws {
        let server = try PostgRESTStandIn()
        defer { server.stop() }
        let user = newUserID()
        try await server.addProfile(user, language: "en")
        let localizer = makeLocalizer(start: "en")
        let store = try await server.store(for: user)
        let sync = ProfileSync(localizer: localizer, store: store, outbox: nil, retryPolicy: Self.quickRetries)
        #expect(await sync.signIn(userID: user) == .inStep)
        try await server.inject([["status": 500], ["status": 503, "retry_after": 0]])
        localizer.select(.language("fr"))
        await sync.settled()
        #expect(try await store.loadLanguage(userID: user).tag == "fr")
        #expect(await sync.completedPushes == 1)
        let patches = try await server.requests().filter { $0.method == "PATCH" }
        #expect(patches.count == 3)
    }

    @Test("Server down at sign-in, then up on the same port: the pull is retried and applied")
    func serverDownThenUp() async throws {
        let first = try PostgRESTStandIn()
        let port = first.port
        let user = newUserID()
        try await first.addProfile(user, language: "it")
        let token = try await first.token(sub: user)
        first.stop()
        let localizer = makeLocalizer(start: "en")
        let store = SupabaseProfileStore(
            configuration: .init(projectURL: first.url, apiKey: PostgRESTStandIn.anonKey, timeout: 2), accessToken: { token })
        let sync = ProfileSync(localizer: localizer, store: store, outbox: nil, retryPolicy: Self.quickRetries)
        let result = await sync.signIn(userID: user)
        guard case .failed(.network) = result else { Issue.record("expected a network failure, got \(result)"); return }
        #expect(localizer.language == "en")
        let second = try PostgRESTStandIn(port: port)
        defer { second.stop() }
        try await waitFor { localizer.language == "it" }
        await sync.settled()
        #expect(await sync.status == .idle)
    }

    @Test("An expired token stops pushing; a fresh token and resume() send the change")
    func expiredTokenThenRefreshed() async throws {
        let server = try PostgRESTStandIn()
        defer { server.stop() }
        let user = newUserID()
        try await server.addProfile(user, language: "en")
        let token = Mutex(try await server.token(sub: user))
        let store = SupabaseProfileStore(
            configuration: .init(projectURL: server.url, apiKey: PostgRESTStandIn.anonKey), accessToken: { token.withLock { $0 } })
        let localizer = makeLocalizer(start: "en")
        let sync = ProfileSync(localizer: localizer, store: store, outbox: nil, retryPolicy: Self.quickRetries)
        await sync.signIn(userID: user)
        let expired = try await server.token(sub: user, expiresIn: -1)
        token.withLock { $0 = expired }
        localizer.select(.language("fr"))
        try await waitFor { if case .stopped(.authentication("PGRST301: JWT expired")) = await sync.status { true } else { false } }
        #expect(await sync.pendingChange?.tag == "fr")
        let fresh = try await server.token(sub: user)
        token.withLock { $0 = fresh }
        await sync.resume()
        await sync.settled()
        #expect(try await store.loadLanguage(userID: user).tag == "fr")
    }

    @Test("A response slower than the timeout is abandoned and the push retried")
    func slowResponse() async throws {
        let server = try PostgRESTStandIn()
        defer { server.stop() }
        let user = newUserID()
        try await server.addProfile(user, language: "en")
        let store = try await server.store(for: user, timeout: 1)
        let localizer = makeLocalizer(start: "en")
        let sync = ProfileSync(localizer: localizer, store: store, outbox: nil, retryPolicy: Self.quickRetries)
        await sync.signIn(userID: user)
        try await server.inject([["delay": 3.0]])
        localizer.select(.language("it"))
        await sync.settled()
        #expect(try await store.loadLanguage(userID: user).tag == "it")
        // Abandoned, the first PATCH was sent again. (Counted, not timed: on a loaded machine
        // a clock proves nothing, and without the timeout the late answer would have been the
        // only PATCH.)
        let patches = try await server.requests().filter { $0.method == "PATCH" }
        #expect(patches.count >= 2)
    }

    @Test("An app killed with a push pending sends it at the next start", .tags(.soak), .soakOnly)
    func killedWithPushPending() async throws {
        let server = try PostgRESTStandIn()
        defer { server.stop() }
        let user = newUserID()
        try await server.addProfile(user, language: "en")
        let outbox = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: outbox) }
        // The writer talks to a port nothing listens on: its push can only stay pending.
        let closed = try PostgRESTStandIn()
        let unreachable = closed.url
        closed.stop()
        let writer = Process()
        writer.executableURL = ChildProcess.built("SyncOutboxWriter")
        writer.arguments = [outbox.path, user, unreachable.absoluteString, PostgRESTStandIn.anonKey, "fr"]
        let output = Pipe()
        writer.standardOutput = output
        try writer.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        #expect(line.contains("PENDING"))
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()
        #expect(writer.terminationReason == .uncaughtSignal)

        let localizer = makeLocalizer(start: "fr")
        localizer.select(.language("fr"))
        let store = try await server.store(for: user)
        let sync = ProfileSync(localizer: localizer, store: store, outbox: outbox, retryPolicy: Self.quickRetries)
        #expect(await sync.pendingChange == nil) // not signed in yet
        #expect(await sync.signIn(userID: user) == .pushing(tag: "fr"))
        await sync.settled()
        #expect(try await store.loadLanguage(userID: user).tag == "fr")
        #expect(await sync.pendingChange == nil)
    }

    @Test("Two devices against one server converge on the later change")
    func twoDevices() async throws {
        let server = try PostgRESTStandIn()
        defer { server.stop() }
        let user = newUserID()
        try await server.addProfile(user, language: "en")
        let phone = makeLocalizer(start: "en"), tablet = makeLocalizer(start: "en")
        let phoneSync = ProfileSync(localizer: phone, store: try await server.store(for: user), outbox: nil)
        let tabletSync = ProfileSync(localizer: tablet, store: try await server.store(for: user), outbox: nil)
        await phoneSync.signIn(userID: user)
        await tabletSync.signIn(userID: user)
        phone.select(.language("fr"))
        try await waitFor { await phoneSync.completedPushes == 1 }
        tablet.select(.language("it"))
        try await waitFor { await tabletSync.completedPushes == 1 }
        #expect(await phoneSync.refresh() == .applied("it"))
        #expect(await tabletSync.refresh() == .inStep)
        #expect(phone.string("settings.title") == "Impostazioni")
    }
}
