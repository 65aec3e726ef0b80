import Foundation
import Parlance
import ParlanceTestSupport
import Testing
@testable import ParlanceSync

/// The Supabase store against the PostgREST stand-in over a real PostgreSQL table (see
/// ``PostgRESTStandIn``: no PostgREST binary can be installed here, so the stand-in answers its few
/// requests with PostgREST 12's status codes and error bodies).
@Suite("Supabase profile store", .disabled(if: PostgRESTStandIn.unavailable != nil, Comment(rawValue: PostgRESTStandIn.unavailable ?? "")))
struct SupabaseProfileStoreTests {
    @Test("Sends the requests the official Supabase Swift client sends for seed 003's two calls")
    func requestsMatchTheOfficialClient() async throws {
        let server = try PostgRESTStandIn()
        defer { server.stop() }
        let user = newUserID()
        try await server.addProfile(user, language: "it")
        let token = try await server.token(sub: user)
        let store = try await server.store(for: user, token: token)

        #expect(try await store.loadLanguage(userID: user) == ProfileLanguage(tag: "it"))
        #expect(try await store.saveLanguage("fr", changedAt: Date(), userID: user) == .saved)
        #expect(try await store.loadLanguage(userID: user).tag == "fr")

        let sent = try await server.requests().filter { $0.path == "/rest/v1/profiles" && $0.method != "POST" }
        try #require(sent.count == 3)
        let select = sent[0], update = sent[1]
        // .from("profiles").select("software_language").eq("id", value: id).single()
        #expect(select.method == "GET")
        #expect(select.query == "select=software_language&id=eq.\(user)")
        #expect(select.headers["accept"] == "application/vnd.pgrst.object+json")
        #expect(select.headers["apikey"] == PostgRESTStandIn.anonKey)
        #expect(select.headers["authorization"] == "Bearer \(token)")
        #expect(select.headers["content-type"] == "application/json")
        #expect(select.headers["prefer"] == nil)
        // .from("profiles").update(["software_language": tag]).eq("id", value: id)
        #expect(update.method == "PATCH")
        #expect(update.query == "id=eq.\(user)")
        #expect(update.headers["prefer"] == "return=representation")
        #expect(update.headers["accept"] == "application/json")
        #expect(update.headers["content-type"] == "application/json")
        #expect(update.headers["apikey"] == PostgRESTStandIn.anonKey)
        #expect(update.headers["authorization"] == "Bearer \(token)")
        #expect(update.body == #"{"software_language":"fr"}"#)
    }

    @Test("Without a session the API key is the bearer token, and row-level security hides the profile")
    func anonymous() async throws {
        let server = try PostgRESTStandIn()
        defer { server.stop() }
        let user = newUserID()
        try await server.addProfile(user, language: "it")
        let store = SupabaseProfileStore(
            configuration: .init(projectURL: server.url, apiKey: PostgRESTStandIn.anonKey), accessToken: { nil })
        await #expect(throws: ProfileStoreError.noSuchProfile(userID: user)) { try await store.loadLanguage(userID: user) }
        #expect(try await server.requests().last?.headers["authorization"] == "Bearer \(PostgRESTStandIn.anonKey)")
    }

    @Test("An expired token is an authentication error carrying PostgREST's code and message")
    func expiredToken() async throws {
        let server = try PostgRESTStandIn()
        defer { server.stop() }
        let user = newUserID()
        try await server.addProfile(user, language: "it")
        let store = try await server.store(for: user, token: try await server.token(sub: user, expiresIn: -10))
        await #expect(throws: ProfileStoreError.authentication("PGRST301: JWT expired")) { try await store.loadLanguage(userID: user) }
        await #expect(throws: ProfileStoreError.authentication("PGRST301: JWT expired")) {
            try await store.saveLanguage("fr", changedAt: Date(), userID: user)
        }
    }

    @Test("No row is noSuchProfile, for the select (406 PGRST116) and for the update (200 [])")
    func noRow() async throws {
        let server = try PostgRESTStandIn()
        defer { server.stop() }
        let user = newUserID()
        let store = try await server.store(for: user)
        await #expect(throws: ProfileStoreError.noSuchProfile(userID: user)) { try await store.loadLanguage(userID: user) }
        await #expect(throws: ProfileStoreError.noSuchProfile(userID: user)) {
            try await store.saveLanguage("fr", changedAt: Date(), userID: user)
        }
    }

    @Test("Two rows for one id is an ambiguous profile, with PostgREST's details")
    func nonUniqueRow() async throws {
        let server = try PostgRESTStandIn()
        defer { server.stop() }
        let user = newUserID()
        try await server.addProfile(user, language: "it", table: "profiles_without_key")
        try await server.addProfile(user, language: "fr", table: "profiles_without_key")
        let token = try await server.token(sub: user)
        let store = SupabaseProfileStore(
            configuration: .init(projectURL: server.url, apiKey: PostgRESTStandIn.anonKey, table: "profiles_without_key"),
            accessToken: { token })
        await #expect(throws: ProfileStoreError.ambiguousProfile(userID: user, message: "The result contains 2 rows")) {
            try await store.loadLanguage(userID: user)
        }
    }

    @Test("A stored value that is no language tag is invalidTag")
    func invalidStoredTag() async throws {
        let server = try PostgRESTStandIn()
        defer { server.stop() }
        let user = newUserID()
        try await server.addProfile(user, language: "Klingon please")
        let store = try await server.store(for: user)
        await #expect(throws: ProfileStoreError.invalidTag("Klingon please")) { try await store.loadLanguage(userID: user) }
    }

    @Test("Server failures, rate limits, slow answers, huge answers and a stopped server each say what failed")
    func failures() async throws {
        let server = try PostgRESTStandIn()
        let user = newUserID()
        try await server.addProfile(user, language: "it")
        let store = try await server.store(for: user, timeout: 1.5)
        try await server.inject([["status": 500], ["status": 429, "retry_after": 2], ["delay": 4], ["bytes": 100_000]])
        await #expect(throws: ProfileStoreError.server(status: 500, message: "injected by the stand-in")) {
            try await store.loadLanguage(userID: user)
        }
        await #expect(throws: ProfileStoreError.rateLimited(retryAfter: 2)) { try await store.loadLanguage(userID: user) }
        await #expect(throws: ProfileStoreError.timedOut(seconds: 1.5)) { try await store.loadLanguage(userID: user) }
        await #expect(throws: ProfileStoreError.invalidResponse("the answer is larger than 65536 bytes")) {
            try await store.loadLanguage(userID: user)
        }
        #expect(try await store.loadLanguage(userID: user).tag == "it")
        server.stop()
        do {
            _ = try await store.loadLanguage(userID: user)
            Issue.record("a stopped server answered")
        } catch let error as ProfileStoreError {
            guard case .network = error else { Issue.record("expected a network error, got \(error)"); return }
            #expect(error.isRetriable)
        }
    }

    @Test("With a change-time column, an older change never overwrites a newer one")
    func changeTimes() async throws {
        let server = try PostgRESTStandIn()
        defer { server.stop() }
        let user = newUserID()
        try await server.addProfile(user, language: nil)
        let store = try await server.store(for: user, changedAtColumn: "software_language_changed_at")
        let later = Date(timeIntervalSince1970: 1_790_000_000.250), earlier = later.addingTimeInterval(-60)
        #expect(try await store.saveLanguage("it", changedAt: later, userID: user) == .saved)
        let result = try await store.saveLanguage("fr", changedAt: earlier, userID: user)
        guard case .superseded(let stored) = result else { Issue.record("expected superseded, got \(result)"); return }
        #expect(stored.tag == "it")
        #expect(abs((stored.changedAt ?? .distantPast).timeIntervalSince(later)) < 0.002)
        #expect(try await store.saveLanguage("fr", changedAt: later.addingTimeInterval(1), userID: user) == .saved)
        #expect(try await store.loadLanguage(userID: user).tag == "fr")
    }
}
