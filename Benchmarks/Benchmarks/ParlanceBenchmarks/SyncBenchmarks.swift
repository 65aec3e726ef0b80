import Benchmark
import Foundation
import Parlance
import Synchronization
import ParlanceSync
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What profile sync costs: the `select` an app calls with a `ProfileSync` signed in, against
/// the same localizer without one; and a sign-in's pull and apply through the Supabase store,
/// against the plainest client fetching the same row.
///
/// The sign-in benchmarks need the PostgREST stand-in over PostgreSQL (the same server the
/// sync tests use: no PostgREST binary can be installed here). Scripts/bench.sh starts both
/// and sets `PARLANCE_STANDIN_URL`; without it they are not registered and the report says
/// "not run".
func syncBenchmarks() {
    let languages: [Language] = ["de", "fr"]
    // One select per sample, then (unmeasured) the sync's listener records it and its push
    // completes, as when a user picks a language: the figure is what the calling thread pays.
    // Each switches to the language not shown (a closure call is one sample, and its
    // iteration index restarts at 0, so a counter alternates the languages).
    let selectOnce = { (benchmark: Benchmark, fixture: SyncSwitchFixture) async in
        for _ in benchmark.scaledIterations {
            benchmark.startMeasurement()
            fixture.localizer.select(.language(languages[fixture.selections.add(1) & 1]))
            benchmark.stopMeasurement()
            await fixture.settle()
        }
    }
    let selectBackToBack = { (benchmark: Benchmark, fixture: SyncSwitchFixture) in
        for _ in benchmark.scaledIterations {
            fixture.localizer.select(.language(languages[fixture.selections.add(1) & 1]))
        }
    }
    let oneAtATime = Benchmark.Configuration(
        metrics: ParlanceMetrics.all, warmupIterations: 20, scalingFactor: .one,
        maxDuration: .seconds(4), maxIterations: 2_000)

    Benchmark(
        "Sync: select(.language) with a ProfileSync signed in",
        configuration: oneAtATime,
        closure: selectOnce,
        setup: { () async throws -> SyncSwitchFixture in try await SyncSwitchFixture(signedIn: true) },
        teardown: { try await SyncSwitchFixture.settleAll() }
    )

    Benchmark(
        "Sync: select(.language), same localizer without a ProfileSync (baseline)",
        configuration: oneAtATime,
        closure: selectOnce,
        setup: { () async throws -> SyncSwitchFixture in try await SyncSwitchFixture(signedIn: false) }
    )

    // The floor for doing anything off the calling thread: the same select, then one
    // closure handed to a serial queue whose thread is asleep. Waking a sleeping thread
    // (a futex and an inter-processor interrupt) is what the caller pays for it.
    Benchmark(
        "Sync: select(.language) and DispatchQueue.async to an idle queue (floor)",
        configuration: oneAtATime,
        closure: { (benchmark: Benchmark, fixture: SyncSwitchFixture) async in
            for _ in benchmark.scaledIterations {
                benchmark.startMeasurement()
                fixture.localizer.select(.language(languages[fixture.selections.add(1) & 1]))
                fixture.queue.async { [selections = fixture.selections] in _ = selections.add(0) }
                benchmark.stopMeasurement()
                await fixture.settle()
            }
        },
        setup: { () async throws -> SyncSwitchFixture in try await SyncSwitchFixture(signedIn: false) }
    )

    // Selects back to back: the listener's outbox writes and pushes run on the other core
    // while the loop goes on, so this shows what a burst costs on a 2-core machine.
    let backToBack = Benchmark.Configuration(
        metrics: ParlanceMetrics.all, warmupIterations: 100, scalingFactor: .one,
        maxDuration: .seconds(3), maxIterations: 5_000)

    Benchmark(
        "Sync: select(.language) back to back with a ProfileSync signed in",
        configuration: backToBack,
        closure: selectBackToBack,
        setup: { () async throws -> SyncSwitchFixture in try await SyncSwitchFixture(signedIn: true) },
        teardown: { try await SyncSwitchFixture.settleAll() }
    )

    Benchmark(
        "Sync: select(.language) back to back, same localizer without a ProfileSync (baseline)",
        configuration: backToBack,
        closure: selectBackToBack,
        setup: { () async throws -> SyncSwitchFixture in try await SyncSwitchFixture(signedIn: false) }
    )

    let signingIn = Benchmark.Configuration(
        metrics: ParlanceMetrics.all, warmupIterations: 5, scalingFactor: .one,
        maxDuration: .seconds(4), maxIterations: 500)

    // The sync machinery alone: the store answers from memory.
    Benchmark(
        "Sync: sign-in pull and apply, InMemoryProfileStore",
        configuration: signingIn,
        closure: { (benchmark: Benchmark, fixture: SignInFixture) async throws in
            for _ in benchmark.scaledIterations { try await fixture.signInOnce() }
        },
        setup: { () async throws -> SignInFixture in try await SignInFixture.inMemory() }
    )

    guard let standIn = ProcessInfo.processInfo.environment["PARLANCE_STANDIN_URL"].flatMap(URL.init(string:)),
        let anonKey = ProcessInfo.processInfo.environment["PARLANCE_STANDIN_ANON_KEY"]
    else { return }

    Benchmark(
        "Sync: sign-in pull and apply, SupabaseProfileStore (local server)",
        configuration: signingIn,
        closure: { (benchmark: Benchmark, fixture: SignInFixture) async throws in
            for _ in benchmark.scaledIterations { try await fixture.signInOnce() }
        },
        setup: { () async throws -> SignInFixture in try await SignInFixture.supabase(standIn, anonKey: anonKey) }
    )

    Benchmark(
        "Sync: URLSession GET of the same row and JSONDecoder (baseline)",
        configuration: signingIn,
        closure: { (benchmark: Benchmark, fixture: SignInFixture) async throws in
            for _ in benchmark.scaledIterations { try await fixture.fetchRowOnce() }
        },
        setup: { () async throws -> SignInFixture in try await SignInFixture.supabase(standIn, anonKey: anonKey) }
    )
}

/// A localizer over the synthetic catalog showing German, with or without a `ProfileSync`
/// signed in to an in-memory profile (its outbox a file, as an app's is). Both keep the
/// choice in memory, so the only difference between them is the sync.
final class SyncSwitchFixture: Sendable {
    /// The fixtures with a sync, for the teardown to wait on.
    private static let signedIn = Mutex<[SyncSwitchFixture]>([])

    let localizer: Localizer
    let sync: ProfileSync?
    let store: InMemoryProfileStore?
    let folder: URL
    /// Counts selects, so each sample switches to the language not shown (a closure call
    /// is one sample, and its iteration index restarts at 0).
    let selections = Counter()
    /// For the floor benchmark: a queue with nothing else to do.
    let queue = DispatchQueue(label: "parlance-bench-floor")

    final class Counter: Sendable {
        private let value = Atomic<Int>(0)
        /// Adds `amount` and returns the value before.
        func add(_ amount: Int) -> Int { value.add(amount, ordering: .relaxed).oldValue }
    }

    init(signedIn: Bool) async throws {
        let catalog = try XCStringsReader.read(Fixtures.catalog, path: "Localizable.xcstrings")
        localizer = Localizer(catalogs: [catalog], configuration: Localizer.Configuration(
            defaultLanguage: "en", preferenceStore: InMemoryPreferenceStore(),
            preferredLanguages: { ["de"] }, notificationCenter: nil))
        // Both languages load here, so the benchmark measures switching, not loading.
        localizer.select(.language("fr"))
        localizer.select(.language("de"))
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-bench-sync")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard signedIn else {
            sync = nil
            store = nil
            return
        }
        let store = InMemoryProfileStore(profiles: ["user": "de"])
        self.store = store
        let sync = ProfileSync(localizer: localizer, store: store, outbox: folder.appendingPathComponent("outbox.json"))
        let result = await sync.signIn(userID: "user")
        guard result == .inStep else { throw FixtureError(description: "signing in gave \(result), not inStep.") }
        self.sync = sync
        Self.signedIn.withLock { $0.append(self) }
    }

    /// Waits until the sync recorded the last select and its push finished; without a sync,
    /// idles a millisecond, as long as the sync's wait takes at least, so both measured
    /// selects start from the same idle state.
    func settle() async {
        if let sync {
            await sync.settled()
        } else {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Lets the pushes queued during the run finish, so the next benchmark starts on an idle
    /// machine, and checks the last choice reached the profile.
    static func settleAll() async throws {
        for fixture in signedIn.withLock({ fixtures in defer { fixtures = [] }; return fixtures }) {
            guard let sync = fixture.sync, let store = fixture.store else { continue }
            await sync.settled()
            await sync.signOut()
            try? FileManager.default.removeItem(at: fixture.folder)
            let shown = fixture.localizer.language.identifier
            guard store.storedTag(of: "user") == shown else {
                throw FixtureError(description: "the profile holds \(String(describing: store.storedTag(of: "user"))), not \(shown), once the sync settled.")
            }
        }
    }
}

/// One signed-out device showing German whose user's profile says French: each sign-in pulls
/// the profile and applies French, and signing out and selecting German again readies the next.
final class SignInFixture: Sendable {
    let localizer: Localizer
    let store: any ProfileLanguageStore
    let userID: String
    /// For the baseline: the request the Supabase store sends, made by hand.
    let request: URLRequest?

    private init(store: any ProfileLanguageStore, userID: String, request: URLRequest?) {
        var entry = CatalogEntry()
        for (tag, title) in ["en": "Settings", "fr": "Réglages", "de": "Einstellungen"] { entry[tag] = .string(title) }
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
        catalog["settings.title"] = entry
        localizer = Localizer(catalogs: [catalog], configuration: .init(
            defaultLanguage: "en", preferenceStore: InMemoryPreferenceStore("de"),
            preferredLanguages: { ["de"] }, notificationCenter: nil))
        self.store = store
        self.userID = userID
        self.request = request
    }

    static func inMemory() async throws -> SignInFixture {
        SignInFixture(store: InMemoryProfileStore(profiles: ["user": "fr"]), userID: "user", request: nil)
    }

    /// A new profile on the stand-in saying French, and a store signed in as its user.
    static func supabase(_ server: URL, anonKey: String) async throws -> SignInFixture {
        let userID = UUID().uuidString
        let service = try await token(server, claims: ["role": "service_role"])
        var create = URLRequest(url: server.appendingPathComponent("rest/v1/profiles"))
        create.httpMethod = "POST"
        create.httpBody = try JSONSerialization.data(withJSONObject: ["id": userID, "software_language": "fr"])
        for (name, value) in ["apikey": anonKey, "Authorization": "Bearer \(service)", "Content-Type": "application/json"] {
            create.setValue(value, forHTTPHeaderField: name)
        }
        let (body, response) = try await URLSession.shared.data(for: create)
        guard (response as? HTTPURLResponse)?.statusCode == 201 else {
            throw FixtureError(description: "the stand-in did not create the profile: \(String(decoding: body, as: UTF8.self))")
        }
        let user = try await token(server, claims: ["role": "authenticated", "sub": userID, "expires_in": 3_600])
        let store = SupabaseProfileStore(
            configuration: .init(projectURL: server, apiKey: anonKey), accessToken: { user })
        var components = URLComponents(url: server.appendingPathComponent("rest/v1/profiles"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "select", value: "software_language"), URLQueryItem(name: "id", value: "eq.\(userID)"),
        ]
        var fetch = URLRequest(url: components.url!)
        for (name, value) in [
            "apikey": anonKey, "Authorization": "Bearer \(user)", "Accept": "application/vnd.pgrst.object+json",
        ] {
            fetch.setValue(value, forHTTPHeaderField: name)
        }
        return SignInFixture(store: store, userID: userID, request: fetch)
    }

    private static func token(_ server: URL, claims: [String: Any]) async throws -> String {
        var request = URLRequest(url: server.appendingPathComponent("_standin/token"))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: claims)
        let (body, _) = try await URLSession.shared.data(for: request)
        guard let token = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["token"] as? String else {
            throw FixtureError(description: "the stand-in gave no token: \(String(decoding: body, as: UTF8.self))")
        }
        return token
    }

    /// Signs in (pull, apply French), then signs out and goes back to German.
    func signInOnce() async throws {
        let sync = ProfileSync(localizer: localizer, store: store, outbox: nil)
        let result = await sync.signIn(userID: userID)
        guard result == .applied("fr") else { throw FixtureError(description: "signing in gave \(result), not applied(fr).") }
        await sync.signOut()
        localizer.select(.language("de"))
    }

    struct Row: Decodable {
        var software_language: String?
    }

    /// The least a client does to read the choice: the same GET, its body decoded.
    func fetchRowOnce() async throws {
        guard let request else { throw FixtureError(description: "no request for an in-memory store") }
        let (body, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200,
            try JSONDecoder().decode(Row.self, from: body).software_language == "fr"
        else { throw FixtureError(description: "the row read back wrong: \(String(decoding: body, as: UTF8.self))") }
    }
}
