import Foundation
import Testing
@testable import Parlance

@Suite("Remembering the choice")
struct LocalizerPersistenceTests {
    @Test("Start-up order: the stored choice, then the device's languages, then the default")
    func startUpOrder() {
        #expect(TestCatalogs.localizer(preferred: ["vi"], store: InMemoryPreferenceStore("fr")).language == "fr")
        #expect(TestCatalogs.localizer(preferred: ["ja", "vi"], store: InMemoryPreferenceStore()).language == "vi")
        #expect(TestCatalogs.localizer(preferred: ["ja"], store: InMemoryPreferenceStore(), defaultLanguage: "fr").language == "fr")
        #expect(TestCatalogs.localizer(preferred: ["vi"], store: InMemoryPreferenceStore("system")).language == "vi")
    }

    @Test("A corrupt or unavailable stored choice is ignored with a diagnostic", arguments: [
        ("not a tag!", "warning: the stored language choice \"not a tag!\" is no language tag; following the device."),
        ("ja", "warning: the stored language choice \"ja\" has no catalogs; following the device."),
    ])
    func badStoredChoice(stored: String, diagnostic: String) {
        let localizer = TestCatalogs.localizer(preferred: ["vi"], store: InMemoryPreferenceStore(stored))
        #expect(localizer.language == "vi")
        #expect(localizer.diagnostics.map(\.description) == [diagnostic])
    }

    @Test("Selecting remembers the choice; following the device forgets it")
    func selectingPersists() {
        let store = InMemoryPreferenceStore()
        let localizer = TestCatalogs.localizer(store: store)
        localizer.selection = .language("vi")
        #expect(store.load() == "vi")
        #expect(TestCatalogs.localizer(store: store).language == "vi")
        localizer.selection = .system
        #expect(store.load() == nil)
    }

    @Test("UserDefaults: the default key, and a legacy key migrated then removed", arguments: ["lang", "AppLanguagePreference"])
    func userDefaultsMigration(legacyKey: String) throws {
        let suite = "parlance.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        defaults.set("vi", forKey: legacyKey)
        // The system's own language list lives in the app's standard defaults, not in the
        // store's suite: a store that wrote it there would pass a check of the suite alone.
        let systemLanguagesBefore = UserDefaults.standard.object(forKey: "AppleLanguages") as? [String]
        let store = UserDefaultsPreferenceStore(suiteName: suite)
        #expect(store.load() == "vi")
        #expect(defaults.string(forKey: "app.selectedLanguage") == "vi")
        #expect(defaults.object(forKey: legacyKey) == nil)
        let localizer = TestCatalogs.localizer(store: store)
        #expect(localizer.language == "vi")
        localizer.selection = .language("fr")
        #expect(defaults.string(forKey: "app.selectedLanguage") == "fr")
        #expect(defaults.object(forKey: "AppleLanguages") == nil)
        #expect(UserDefaults.standard.object(forKey: "AppleLanguages") as? [String] == systemLanguagesBefore)
    }

    @Test("UserDefaults: a configurable key")
    func userDefaultsKey() throws {
        let suite = "parlance.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let store = UserDefaultsPreferenceStore(suiteName: suite, key: "language")
        store.save("it")
        #expect(defaults.string(forKey: "language") == "it")
        #expect(store.load() == "it")
    }

    @Test("UserDefaults: a store with a key of its own leaves the usual legacy keys alone")
    func customKeyMigratesOnlyGivenKeys() throws {
        let suite = "parlance.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        // The app uses "lang" for something else (a code-editor setting, say).
        defaults.set("swift", forKey: "lang")
        defaults.set("de", forKey: "AppLanguagePreference")
        let store = UserDefaultsPreferenceStore(suiteName: suite, key: "settings.language")
        #expect(store.legacyKeys.isEmpty)
        #expect(store.load() == nil)
        #expect(defaults.string(forKey: "lang") == "swift")
        #expect(defaults.string(forKey: "AppLanguagePreference") == "de")

        // Named legacy keys are migrated, and only they are removed.
        let migrating = UserDefaultsPreferenceStore(suiteName: suite, key: "settings.language", legacyKeys: ["AppLanguagePreference"])
        #expect(migrating.load() == "de")
        #expect(defaults.string(forKey: "settings.language") == "de")
        #expect(defaults.object(forKey: "AppLanguagePreference") == nil)
        #expect(defaults.string(forKey: "lang") == "swift")

        // The default key still migrates the usual ones.
        #expect(UserDefaultsPreferenceStore(suiteName: suite).legacyKeys == UserDefaultsPreferenceStore.defaultLegacyKeys)
    }

    @Test("The file store writes atomically and reads back what it wrote")
    func fileStore() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FilePreferenceStore(url: folder.appendingPathComponent("nested/language"))
        #expect(try store.load() == nil)
        try store.save("pt-BR")
        #expect(try store.load() == "pt-BR")
        #expect(try String(contentsOf: store.url, encoding: .utf8) == "pt-BR\n")
        try store.save("vi")
        #expect(try store.load() == "vi")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("nested").path)
        #expect(leftovers == ["language"])
        try store.save(nil)
        #expect(try store.load() == nil)
    }
}
