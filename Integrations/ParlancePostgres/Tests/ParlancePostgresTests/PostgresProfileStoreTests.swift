import Foundation
import Logging
import Parlance
import ParlanceSync
import PostgresNIO
import Testing
@testable import ParlancePostgres

/// The PostgreSQL store against the real server `.ci/run` starts (Scripts/postgres.sh):
/// skipped, and says why, when `PARLANCE_POSTGRES_URL` is unset.
@Suite(
    "PostgreSQL profile store", .serialized,
    .disabled(if: Database.url == nil, "PARLANCE_POSTGRES_URL is unset: start PostgreSQL with `eval \"$(Scripts/postgres.sh start)\"` (.ci/run does)"))
struct PostgresProfileStoreTests {
    @Test("Loads and saves a user's language; no row and a value that is no tag say so")
    func roundTrip() async throws {
        try await Database.with { client in
            let store = try PostgresProfileStore(client: client)
            let user = UUID().uuidString
            try await Database.insert(client, user, "it")
            #expect(try await store.loadLanguage(userID: user) == ProfileLanguage(tag: "it"))
            #expect(try await store.saveLanguage("fr", changedAt: Date(), userID: user) == .saved)
            #expect(try await store.loadLanguage(userID: user).tag == "fr")
            #expect(try await store.saveLanguage(nil, changedAt: Date(), userID: user) == .saved)
            #expect(try await store.loadLanguage(userID: user).tag == nil)

            let missing = UUID().uuidString
            await #expect(throws: ProfileStoreError.noSuchProfile(userID: missing)) { try await store.loadLanguage(userID: missing) }
            await #expect(throws: ProfileStoreError.noSuchProfile(userID: missing)) {
                try await store.saveLanguage("fr", changedAt: Date(), userID: missing)
            }
            let bad = UUID().uuidString
            try await Database.insert(client, bad, "fr_FR.UTF-8@euro")
            await #expect(throws: ProfileStoreError.invalidTag("fr_FR.UTF-8@euro")) { try await store.loadLanguage(userID: bad) }
        }
    }

    @Test("Two rows for one id is an ambiguous profile; an id of the wrong type is refused with its SQLSTATE")
    func ambiguousAndRefused() async throws {
        try await Database.with { client in
            let store = try PostgresProfileStore(client: client, configuration: .init(table: "profiles_without_key"))
            let user = UUID().uuidString
            try await Database.insert(client, user, "it", table: "profiles_without_key")
            try await Database.insert(client, user, "fr", table: "profiles_without_key")
            await #expect(throws: ProfileStoreError.ambiguousProfile(
                userID: user, message: "more than one row of profiles_without_key has this id")) { try await store.loadLanguage(userID: user) }
            do {
                _ = try await PostgresProfileStore(client: client).loadLanguage(userID: "not-a-uuid")
                Issue.record("a malformed id was accepted")
            } catch let error as ProfileStoreError {
                guard case .rejected(_, let code, _) = error else { Issue.record("expected rejected, got \(error)"); return }
                #expect(code == "22P02")
                #expect(!error.isRetriable)
            }
        }
    }

    @Test("With a change-time column, the later change wins in one statement")
    func changeTimes() async throws {
        try await Database.with { client in
            let store = try PostgresProfileStore(client: client, configuration: .init(changedAtColumn: "software_language_changed_at"))
            #expect(store.recordsChangeTime)
            let user = UUID().uuidString
            try await Database.insert(client, user, nil)
            let later = Date(timeIntervalSince1970: 1_790_000_000), earlier = later.addingTimeInterval(-30)
            #expect(try await store.saveLanguage("it", changedAt: later, userID: user) == .saved)
            #expect(try await store.saveLanguage("fr", changedAt: earlier, userID: user) == .superseded(by: ProfileLanguage(tag: "it", changedAt: later)))
            #expect(try await store.saveLanguage("fr", changedAt: later.addingTimeInterval(1), userID: user) == .saved)
        }
    }

    @Test("Names that are no plain identifiers are refused before any SQL is made")
    func identifiers() async throws {
        try await Database.with { client in
            #expect(throws: PostgresProfileStore.InvalidIdentifier.self) {
                try PostgresProfileStore(client: client, configuration: .init(table: "profiles; DROP TABLE profiles"))
            }
            #expect(throws: PostgresProfileStore.InvalidIdentifier.self) {
                try PostgresProfileStore(client: client, configuration: .init(languageColumn: "software\"language"))
            }
        }
    }

    @Test("A server nobody listens on is a network error worth retrying")
    func serverDown() async throws {
        var configuration = PostgresClient.Configuration(host: "127.0.0.1", port: 9, username: "parlance", password: nil, database: "parlance", tls: .disable)
        configuration.options.connectTimeout = .seconds(2)
        let client = PostgresClient(configuration: configuration, backgroundLogger: Logger(label: "test"))
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await client.run() }
            let store = try PostgresProfileStore(client: client, configuration: .init(timeout: 3))
            do {
                _ = try await store.loadLanguage(userID: UUID().uuidString)
                Issue.record("a closed port answered")
            } catch let error as ProfileStoreError {
                #expect(error.isRetriable, "\(error)")
            }
            group.cancelAll()
        }
    }

    @Test("ProfileSync over the PostgreSQL store: the profile's choice applied at sign-in, a change pushed")
    func syncEndToEnd() async throws {
        try await Database.with { client in
            let store = try PostgresProfileStore(client: client)
            let user = UUID().uuidString
            try await Database.insert(client, user, "fr")
            var entry = CatalogEntry()
            for (tag, title) in ["en": "Settings", "fr": "Réglages", "it": "Impostazioni"] { entry[tag] = .string(title) }
            var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
            catalog["settings.title"] = entry
            let localizer = Localizer(catalogs: [catalog], configuration: .init(preferredLanguages: { ["en"] }, notificationCenter: nil))
            let sync = ProfileSync(localizer: localizer, store: store, outbox: nil)
            let started = ContinuousClock.now
            #expect(await sync.signIn(userID: user) == .applied("fr"))
            let elapsed = ContinuousClock.now - started
            #expect(localizer.string("settings.title") == "Réglages")
            localizer.select(.language("it"))
            await sync.settled()
            #expect(try await store.loadLanguage(userID: user).tag == "it")
            print("sign-in pull and apply over PostgreSQL: \(elapsed)")
        }
    }
}

enum Database {
    static let url: URLComponents? = ProcessInfo.processInfo.environment["PARLANCE_POSTGRES_URL"].flatMap(URLComponents.init(string:))

    static func with(_ body: @Sendable (PostgresClient) async throws -> Void) async throws {
        let url = try #require(url)
        let configuration = PostgresClient.Configuration(
            host: url.host ?? "127.0.0.1", port: url.port ?? 5432, username: url.user ?? "postgres",
            password: url.password, database: String(url.path.dropFirst()), tls: .disable)
        let client = PostgresClient(configuration: configuration, backgroundLogger: Logger(label: "test"))
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await client.run() }
            try await client.query("""
                CREATE TABLE IF NOT EXISTS profiles (id uuid PRIMARY KEY, full_name text, software_language text, software_language_changed_at timestamptz)
                """)
            try await client.query("CREATE TABLE IF NOT EXISTS profiles_without_key (id uuid NOT NULL, software_language text)")
            try await body(client)
            group.cancelAll()
        }
    }

    static func insert(_ client: PostgresClient, _ id: String, _ language: String?, table: String = "profiles") async throws {
        var binds = PostgresBindings()
        binds.append(id)
        binds.append(language)
        try await client.query(PostgresQuery(unsafeSQL: "INSERT INTO \"\(table)\" (id, software_language) VALUES ($1::uuid, $2)", binds: binds))
    }
}
