import CnCKit
import Foundation
import Observation
import Parlance
import ParlanceSync
import Synchronization
import ParlanceTestSupport
import Testing

/// The `.languageDidChange` notifications a test's own center received: the language
/// posted, and what a lookup returned inside the observer.
final class Announcements: Sendable {
    private let received = Mutex<[(language: AppLanguage?, cancel: String)]>([])

    /// Observes `center` for as long as it lives (each test has its own).
    init(center: NotificationCenter, localizer: Localizer) {
        _ = center.addObserver(forName: .languageDidChange, object: nil, queue: nil) { [self] note in
            let entry = (note.object as? AppLanguage, localizer.string("general.cancel"))
            received.withLock { $0.append(entry) }
        }
    }

    var languages: [AppLanguage?] { received.withLock { $0.map(\.language) } }
    var cancels: [String] { received.withLock { $0.map(\.cancel) } }
}

/// Whether an observation's onChange ran.
final class Flag: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func raise() { count.withLock { $0 += 1 } }
}

/// A defaults suite and a notification center of a test's own.
struct Sandbox {
    let suite = "CnCKitTests.\(UUID().uuidString)"
    let center = NotificationCenter()

    var defaults: UserDefaults { UserDefaults(suiteName: suite)! }

    func removeSuite() {
        UserDefaults.standard.removePersistentDomain(forName: suite)
    }

    @MainActor
    func manager(device: [String] = ["en-US"], timeZone: TimeZone? = .gmt) throws -> LocalizationManager {
        try LocalizationManager(suiteName: suite, preferredLanguages: { device }, notificationCenter: center, timeZone: timeZone)
    }

    @MainActor
    func manager(device: [String] = ["it-IT"], store: any ProfileLanguageStore) throws -> LocalizationManager {
        let localizer = try LocalizationManager.makeLocalizer(suiteName: suite, preferredLanguages: { device }, notificationCenter: nil)
        let sync = ProfileSync(localizer: localizer, store: store, outbox: nil, retryPolicy: RetryPolicy(initialDelay: .milliseconds(20)))
        return LocalizationManager(localizer: localizer, sync: sync, notificationCenter: center)
    }
}

// MARK: - AppLanguage

@Suite("Seed 003, C&C apps: AppLanguage")
struct AppLanguageTests {
    @Test("Three languages with the seed's raw values, native names, flags and locales")
    func languages() throws {
        #expect(AppLanguage.allCases == [.italian, .french, .english])
        #expect(AppLanguage.allCases.map(\.rawValue) == ["it", "fr", "en"])
        #expect(AppLanguage.allCases.map(\.id) == ["it", "fr", "en"])
        #expect(AppLanguage.allCases.map(\.nativeName) == ["Italiano", "Français", "English"])
        #expect(AppLanguage.allCases.map(\.flag) == ["🇮🇹", "🇫🇷", "🇬🇧"])
        #expect(AppLanguage.allCases.map(\.locale.identifier) == ["it_IT", "fr_FR", "en_US"])
        #expect(AppLanguage.allCases.map(\.language) == ["it", "fr", "en"])
        #expect(AppLanguage.allCases.map(\.currencyCode) == ["EUR", "EUR", "USD"])
        #expect(AppLanguage("fr-CA" as Language) == .french)
        #expect(AppLanguage("de" as Language) == nil)
    }

    @Test("Codable as its raw value")
    func codable() throws {
        #expect(String(decoding: try JSONEncoder().encode(AppLanguage.french), as: UTF8.self) == "\"fr\"")
        #expect(try JSONDecoder().decode([AppLanguage].self, from: Data(#"["en","it"]"#.utf8)) == [.english, .italian])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(AppLanguage.self, from: Data(#""de""#.utf8)) }
    }

    @Test("deviceLanguage: the first preferred language the app ships, else Italian", arguments: [
        (["it-IT"], AppLanguage.italian),
        (["fr-CA"], .french),
        (["en-GB"], .english),
        (["de"], .italian),
        (["de-DE", "ja", "fr-CA", "en-US"], .french),
        (["EN_us"], .english),
        ([], .italian),
    ])
    func deviceLanguage(preferred: [String], expected: AppLanguage) {
        #expect(AppLanguage.deviceLanguage(preferredLanguages: preferred) == expected)
    }
}

// MARK: - LocalizationManager

@Suite("Seed 003, C&C apps: LocalizationManager")
@MainActor
struct LocalizationManagerTests {
    let sandbox = Sandbox()

    @Test("setLanguage persists under AppLanguagePreference alone, and a new instance starts there")
    func persistence() throws {
        defer { sandbox.removeSuite() }
        let manager = try sandbox.manager(device: ["en-US"])
        #expect(manager.currentLanguage == .english)
        #expect(sandbox.defaults.object(forKey: LocalizationManager.languageKey) == nil)

        manager.setLanguage(.french)
        #expect(manager.currentLanguage == .french)
        #expect(LocalizationManager.languageKey == "AppLanguagePreference")
        #expect(sandbox.defaults.string(forKey: "AppLanguagePreference") == "fr")
        #expect(sandbox.defaults.persistentDomain(forName: sandbox.suite)?.keys.sorted() == ["AppLanguagePreference"])

        // A new instance (the next launch) on an English device starts in French.
        let relaunched = try sandbox.manager(device: ["en-US"])
        #expect(relaunched.currentLanguage == .french)
        #expect(relaunched.localizer.string("general.save") == "Enregistrer")

        // The currentLanguage setter is setLanguage.
        relaunched.currentLanguage = .italian
        #expect(sandbox.defaults.string(forKey: "AppLanguagePreference") == "it")
        #expect(try sandbox.manager(device: ["fr-FR"]).currentLanguage == .italian)
    }

    @Test("A choice the seed's build stored under AppLanguagePreference is kept")
    func seedsStoredChoice() throws {
        defer { sandbox.removeSuite() }
        sandbox.defaults.set("en", forKey: "AppLanguagePreference")
        sandbox.defaults.set("unrelated", forKey: "lang")
        let manager = try sandbox.manager(device: ["fr-FR"])
        #expect(manager.currentLanguage == .english)
        #expect(manager.localizer.diagnostics.isEmpty)
        #expect(sandbox.defaults.string(forKey: "lang") == "unrelated")
    }

    @Test("Other keys of the app's defaults are neither read nor removed")
    func otherKeysUntouched() throws {
        defer { sandbox.removeSuite() }
        // Keys Parlance migrates from by default, here written by other code of the app.
        sandbox.defaults.set("de", forKey: "lang")
        sandbox.defaults.set("en", forKey: "AppLanguage")
        let manager = try sandbox.manager(device: ["fr-FR"])
        #expect(manager.currentLanguage == .french)
        #expect(sandbox.defaults.string(forKey: "lang") == "de")
        #expect(sandbox.defaults.string(forKey: "AppLanguage") == "en")
        #expect(sandbox.defaults.object(forKey: "AppLanguagePreference") == nil)
    }

    @Test("With nothing stored the device's language is used, else Italian; nothing is written", arguments: [
        (["it-IT"], AppLanguage.italian),
        (["fr-CA"], .french),
        (["en-GB"], .english),
        (["de"], .italian),
        (["de-DE", "en-GB"], .english),
    ])
    func deviceDetection(device: [String], expected: AppLanguage) throws {
        defer { sandbox.removeSuite() }
        let manager = try sandbox.manager(device: device)
        #expect(manager.currentLanguage == expected)
        #expect(LocalizedKeys.settingsTitle.localized(localizer: manager.localizer)
            == ["it": "Impostazioni", "fr": "Paramètres", "en": "Settings"][expected.rawValue])
        #expect(sandbox.defaults.object(forKey: "AppLanguagePreference") == nil)
    }

    @Test("setLanguage posts .languageDidChange with the AppLanguage once lookups already see it")
    func notification() throws {
        defer { sandbox.removeSuite() }
        let manager = try sandbox.manager(device: ["it-IT"])
        let announcements = Announcements(center: sandbox.center, localizer: manager.localizer)
        #expect(Notification.Name.languageDidChange.rawValue == "LanguageDidChangeNotification")

        manager.setLanguage(.french)
        #expect(announcements.languages == [.french])
        #expect(announcements.cancels == ["Annuler"])

        manager.setLanguage(.french)  // no change, no notification
        manager.currentLanguage = .english
        #expect(announcements.languages == [.french, .english])
        #expect(announcements.cancels == ["Annuler", "Cancel"])
    }

    @Test("A change made straight on the localizer is announced too")
    func directChangeAnnounced() async throws {
        defer { sandbox.removeSuite() }
        let manager = try sandbox.manager(device: ["it-IT"])
        let announcements = Announcements(center: sandbox.center, localizer: manager.localizer)
        manager.localizer.select(.language("en"))
        for _ in 0..<200 where announcements.languages.isEmpty {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(announcements.languages == [.english])
        #expect(manager.currentLanguage == .english)
    }

    @Test("Views reading currentLanguage or a string are invalidated by a switch")
    func observation() throws {
        defer { sandbox.removeSuite() }
        let manager = try sandbox.manager(device: ["it-IT"])
        let language = Flag()
        let string = Flag()
        withObservationTracking { _ = manager.currentLanguage } onChange: { language.raise() }
        withObservationTracking { _ = LocalizedKeys.teamTitle.localized(localizer: manager.localizer) } onChange: { string.raise() }
        manager.setLanguage(.french)
        #expect(language.value == 1)
        #expect(string.value == 1)
    }

    @Test("Every LocalizedKeys case resolves in each language from that language's own table")
    func everyKeyInEveryLanguage() throws {
        defer { sandbox.removeSuite() }
        let manager = try sandbox.manager()
        let localizer = manager.localizer
        #expect(localizer.availableLanguages.sorted() == ["en", "fr", "it"])
        #expect(LocalizedKeys.allCases.count == 36)
        let manifest = KeyManifest(library: "CnCKit", keys: LocalizedKeys.allCases.map { .init($0.rawValue) })
        #expect(localizer.missingKeys(of: manifest).isEmpty)
        for language in AppLanguage.allCases {
            manager.setLanguage(language)
            let snapshot = localizer.snapshot(for: language.language)
            for key in LocalizedKeys.allCases {
                let value = key.localized(localizer: localizer)
                #expect(value != key.rawValue, "\(key) in \(language)")
                #expect(!value.isEmpty, "\(key) in \(language)")
                #expect(snapshot.explain(key.rawValue).source == .language(language.language), "\(key) in \(language)")
            }
        }
    }

    @Test("The seed's strings, with its accents in proper UTF-8")
    func seedStrings() throws {
        defer { sandbox.removeSuite() }
        let localizer = try sandbox.manager().localizer
        func strings(_ language: AppLanguage, _ keys: [LocalizedKeys]) -> [String] {
            let snapshot = localizer.snapshot(for: language.language)
            return keys.map { snapshot.string($0.rawValue) }
        }
        let keys: [LocalizedKeys] = [.success, .authSignOut, .productsOutOfStock, .filterNoResults, .teamTitle, .storesClosed, .settingsTitle, .settingsTheme]
        #expect(strings(.french, keys) == ["Succès", "Se déconnecter", "Épuisé", "Aucun résultat", "Équipe", "Fermé", "Paramètres", "Thème"])
        #expect(strings(.italian, keys) == ["Successo", "Esci", "Esaurito", "Nessun risultato", "Team", "Chiuso", "Impostazioni", "Tema"])
        #expect(strings(.english, keys) == ["Success", "Sign Out", "Out of stock", "No results", "Team", "Closed", "Settings", "Theme"])
        #expect(strings(.italian, [.appName, .loading, .authSubtitle]) == ["C&C Team", "Caricamento...", "Accedi con il tuo account aziendale"])
    }

    @Test("%d and %@ are filled through Parlance, following the current language")
    func arguments() throws {
        defer { sandbox.removeSuite() }
        let manager = try sandbox.manager(device: ["it-IT"])
        let localizer = manager.localizer
        var available: [String] = []
        var welcome: [String] = []
        for language in AppLanguage.allCases {
            manager.setLanguage(language)
            available.append(LocalizedKeys.productsAvailable.localized(with: 12, localizer: localizer))
            welcome.append(LocalizedKeys.authWelcomeUser.localized(with: "Giulia", localizer: localizer))
        }
        #expect(available == ["12 disponibili", "12 disponibles", "12 available"])
        #expect(welcome == ["Benvenuto, Giulia", "Bienvenue, Giulia", "Welcome, Giulia"])
        // A wrong argument type shows the string, never crashes as String(format:) would.
        #expect(!LocalizedKeys.authWelcomeUser.localized(with: 3, localizer: localizer).isEmpty)
    }

    @Test("Plurals from .stringsdict: Italian 1 membro / 3 membri, French one covers 0 and 1")
    func plurals() throws {
        defer { sandbox.removeSuite() }
        let localizer = try sandbox.manager().localizer
        func forms(_ key: LocalizedKeys, _ language: AppLanguage, _ counts: [Int]) -> [String] {
            let snapshot = localizer.snapshot(for: language.language)
            return counts.map { snapshot.string(key.rawValue, $0) }
        }
        #expect(forms(.teamMemberCount, .italian, [0, 1, 3]) == ["0 membri", "1 membro", "3 membri"])
        #expect(forms(.teamMemberCount, .french, [0, 1, 2]) == ["0 membre", "1 membre", "2 membres"])
        #expect(forms(.teamMemberCount, .english, [0, 1, 3]) == ["0 members", "1 member", "3 members"])
        #expect(forms(.filterActiveCount, .italian, [1, 2]) == ["1 filtro attivo", "2 filtri attivi"])
        #expect(forms(.filterActiveCount, .french, [0, 1, 5]) == ["0 filtre actif", "1 filtre actif", "5 filtres actifs"])
        #expect(forms(.filterActiveCount, .english, [1, 2]) == ["1 active filter", "2 active filters"])
        // CLDR's "many" for millions in French and Italian.
        #expect(forms(.teamMemberCount, .french, [1_000_000]) == ["1000000 de membres"])
        #expect(forms(.teamMemberCount, .italian, [1_000_000]) == ["1000000 di membri"])
    }

    @Test("Currency and short/long dates follow the current language")
    func formatting() throws {
        defer { sandbox.removeSuite() }
        let manager = try sandbox.manager(device: ["it-IT"], timeZone: .gmt)
        let date = Date(timeIntervalSince1970: 1_732_356_000)  // 23 November 2024, 10:00 UTC
        var currency: [String] = []
        var short: [String] = []
        var long: [String] = []
        for language in AppLanguage.allCases {
            manager.setLanguage(language)
            currency.append(manager.formatCurrency(99.99))
            short.append(manager.formatShort(date))
            long.append(manager.formatLong(date))
        }
        #expect(currency == ["99,99\u{A0}€", "99,99\u{A0}€", "$99.99"])
        #expect(short == ["23/11/24", "23/11/2024", "11/23/24"])
        #expect(long == ["23 novembre 2024 alle ore 10:00", "23 novembre 2024 à 10:00", "November 23, 2024 at 10:00\u{202F}AM"])
        #expect(Set(short).count == 3)
        #expect(Set(long).count == 3)
        // The Decimal form, and a language other than the current one.
        #expect(manager.formatCurrency(Decimal(string: "1234.5")!, language: .french) == "1\u{202F}234,50\u{A0}€")
        #expect(manager.formatShort(date, language: .italian) == "23/11/24")
    }

    @Test("Without a time zone the manager formats exactly as the localizer's own formatter")
    func localizerFormatter() throws {
        defer { sandbox.removeSuite() }
        let manager = try sandbox.manager(device: ["fr-FR"], timeZone: nil)
        let date = Date(timeIntervalSince1970: 1_732_356_000)
        #expect(manager.formatCurrency(99.99) == manager.localizer.formatter.currency(99.99, code: "EUR"))
        #expect(manager.formatCurrency(99.99) == "99,99\u{A0}€")
        #expect(manager.formatShort(date) == manager.localizer.formatter.date(date, style: .short))
        #expect(manager.formatLong(date) == manager.localizer.formatter.date(date, style: .long, time: .short))
        manager.setLanguage(.english)
        #expect(manager.formatCurrency(99.99) == manager.localizer.formatter.currency(99.99, code: "USD"))
        #expect(manager.formatCurrency(99.99) == "$99.99")
    }

    @Test("LocalizedKeys.localized reads the installed manager's localizer")
    func installed() throws {
        defer { sandbox.removeSuite() }
        let manager = try sandbox.manager(device: ["it-IT"])
        manager.install()
        #expect(LocalizedKeys.productsTitle.localized == "Prodotti")
        #expect(LocalizedKeys.teamMemberCount.localized(with: 1) == "1 membro")
        manager.setLanguage(.french)
        #expect(LocalizedKeys.productsTitle.localized == "Produits")
        #expect(LocalizedKeys.productsAvailable.localized(with: 3) == "3 disponibles")
    }

    @Test("Without a ProfileSync, signIn and refresh do nothing")
    func noSync() async throws {
        defer { sandbox.removeSuite() }
        let manager = try sandbox.manager(device: ["it-IT"])
        #expect(manager.sync == nil)
        #expect(await manager.signIn(userID: "someone") == nil)
        #expect(await manager.refresh() == nil)
        await manager.signOut()
        #expect(manager.currentLanguage == .italian)
    }
}

// MARK: - Profile sync

@Suite("Seed 003, C&C apps: Supabase language sync")
@MainActor
struct ProfileSyncTests {
    let sandbox = Sandbox()

    @Test("Sign-in applies the profile's language, a later choice is pushed, sign-out stops")
    func inMemory() async throws {
        defer { sandbox.removeSuite() }
        let user = UUID().uuidString
        let store = InMemoryProfileStore(profiles: [user: "fr"])
        let manager = try sandbox.manager(device: ["it-IT"], store: store)
        let sync = try #require(manager.sync)
        let announcements = Announcements(center: sandbox.center, localizer: manager.localizer)
        #expect(manager.currentLanguage == .italian)

        #expect(await manager.signIn(userID: user) == .applied("fr"))
        #expect(manager.currentLanguage == .french)
        #expect(announcements.languages == [.french])
        #expect(announcements.cancels == ["Annuler"])
        #expect(sandbox.defaults.string(forKey: "AppLanguagePreference") == "fr")
        #expect(await sync.status == .idle)
        #expect(store.storedTag(of: user) == .some("fr"))  // applied, not pushed back

        manager.setLanguage(.english)
        await manager.settled()
        #expect(store.storedTag(of: user) == .some("en"))
        #expect(await sync.pendingChange == nil)
        #expect(await sync.completedPushes == 1)
        #expect(await sync.status == .idle)

        // Another device chose Italian: a refresh applies it and announces it.
        store.setProfile(user, tag: "it")
        #expect(await manager.refresh() == .applied("it"))
        #expect(manager.currentLanguage == .italian)
        #expect(announcements.languages == [.french, .english, .italian])

        await manager.signOut()
        #expect(await sync.status == .signedOut)
        manager.setLanguage(.french)
        await manager.settled()
        try await Task.sleep(for: .milliseconds(100))
        #expect(store.storedTag(of: user) == .some("it"))
        #expect(await sync.completedPushes == 1)
        #expect(manager.currentLanguage == .french)
        #expect(await sync.diagnostics.isEmpty)
    }

    @Test("A profile with no language gets this device's choice")
    func emptyProfile() async throws {
        defer { sandbox.removeSuite() }
        let user = UUID().uuidString
        let store = InMemoryProfileStore(profiles: [user: nil])
        let manager = try sandbox.manager(device: ["fr-CA"], store: store)
        manager.setLanguage(.english)
        #expect(await manager.signIn(userID: user) == .pushing(tag: "en"))
        await manager.settled()
        #expect(store.storedTag(of: user) == .some("en"))
        #expect(manager.currentLanguage == .english)
    }

    @Test(
        "Against PostgreSQL through the PostgREST stand-in: the profile's language is shown, a change lands in the table",
        .disabled(if: PostgRESTStandIn.unavailable != nil, Comment(rawValue: PostgRESTStandIn.unavailable ?? "")))
    func postgres() async throws {
        defer { sandbox.removeSuite() }
        let standIn = try PostgRESTStandIn()
        defer { standIn.stop() }
        let user = UUID().uuidString.lowercased()
        let (status, body) = try await standIn.createProfile(user, language: "fr")
        #expect(status == 201, "\(body)")
        let token = try await standIn.token(sub: user)
        let store = SupabaseProfileStore(
            configuration: .init(projectURL: standIn.url, apiKey: PostgRESTStandIn.anonKey, timeout: 5),
            accessToken: { token })
        let manager = try sandbox.manager(device: ["it-IT"], store: store)
        let announcements = Announcements(center: sandbox.center, localizer: manager.localizer)

        #expect(await manager.signIn(userID: user) == .applied("fr"))
        #expect(manager.currentLanguage == .french)
        #expect(announcements.languages == [.french])
        #expect(LocalizedKeys.settingsTitle.localized(localizer: manager.localizer) == "Paramètres")

        manager.setLanguage(.english)
        await manager.settled()
        #expect(try await store.loadLanguage(userID: user).tag == "en")
        let sync = try #require(manager.sync)
        #expect(await sync.status == .idle)
        #expect(await sync.pendingChange == nil)
        #expect(await sync.diagnostics.isEmpty)

        await manager.signOut()
        manager.setLanguage(.italian)
        try await Task.sleep(for: .milliseconds(100))
        #expect(try await store.loadLanguage(userID: user).tag == "en")
    }
}

/// Seed 003's `deviceLanguage` in the `cnc` executable, started with only the locale
/// variables given and a home of its own, so nothing is stored yet.
@Suite("Seed 003, the cnc executable: the device's language from the environment")
struct CnCDeviceLanguageTests {
    @Test("With nothing stored, cnc starts in the language LANG or LANGUAGE names, else Italian", arguments: [
        (["LANG": "fr_FR.UTF-8"], "Français"),
        (["LANG": "en_GB.UTF-8"], "English"),
        (["LANG": "de_DE.UTF-8"], "Italiano"),
        (["LANGUAGE": "en:fr", "LANG": "it_IT.UTF-8"], "English"),
        (["LC_ALL": "fr_CA.UTF-8", "LANG": "en_US.UTF-8"], "Français"),
        (["LANG": "C.UTF-8"], "Italiano"),
    ] as [([String: String], String)])
    func startsInTheEnvironmentsLanguage(_ locale: [String: String], _ expected: String) throws {
        let result = try ChildProcess.runFresh("cnc", locale: locale)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\nStarted in \(expected) (the stored choice"))
    }
}
