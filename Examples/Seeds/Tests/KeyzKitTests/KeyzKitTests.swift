import Foundation
import KeyzKit
import Parlance
import Testing

/// Seed 000's behaviour, each test in a defaults suite of its own. `"hello".localized()`
/// reads `Localizer.shared`, which each `KeyzApp` replaces, so these run one at a time.
@Suite("Seed 000, Keyz: localized() over a `lang` preference", .serialized)
struct KeyzKitTests {
    let suite = "KeyzKitTests.\(UUID().uuidString)"

    var defaults: UserDefaults { UserDefaults(suiteName: suite)! }

    func removeSuite() {
        UserDefaults.standard.removePersistentDomain(forName: suite)
    }

    @Test("With nothing stored the app shows English")
    func defaultsToEnglish() throws {
        defer { removeSuite() }
        let app = try KeyzApp(suiteName: suite)
        #expect(app.availableLanguages == ["en", "fr"])
        #expect(app.language == "en")
        #expect("hello".localized() == "Hello")
        #expect(defaults.string(forKey: "lang") == nil)
    }

    @Test("setLanguage(\"fr\") takes effect at once and lands in UserDefaults under `lang`")
    func setLanguageSwitchesAndPersists() throws {
        defer { removeSuite() }
        let app = try KeyzApp(suiteName: suite)
        #expect("property.details".localized() == "Property details")
        app.setLanguage("fr")
        #expect(app.language == "fr")
        #expect("hello".localized() == "bonjour")
        #expect("property.details".localized() == "Détails du logement")
        #expect(defaults.string(forKey: "lang") == "fr")
        #expect(defaults.object(forKey: "app.selectedLanguage") == nil)
    }

    @Test("Bundle.setLanguage(_:) switches the shared localizer and persists under `lang`")
    func bundleSetLanguage() throws {
        defer { removeSuite() }
        let app = try KeyzApp(suiteName: suite)
        Bundle.setLanguage("fr")
        #expect(app.propertyDetailScreen().prefix(2) == ["bonjour", "Détails du logement"])
        Bundle.setLanguage("en")
        #expect("hello".localized() == "Hello")
        #expect(defaults.string(forKey: "lang") == "en")
    }

    @Test("A fresh app instance reads the stored choice back")
    func freshInstanceReadsBack() throws {
        defer { removeSuite() }
        try KeyzApp(suiteName: suite).setLanguage("fr")
        let restarted = try KeyzApp(suiteName: suite)
        #expect(restarted.language == "fr")
        #expect("hello".localized() == "bonjour")
    }

    @Test("A value the old app wrote under `lang` is honoured")
    func valueWrittenByTheOldApp() throws {
        defer { removeSuite() }
        defaults.set("fr", forKey: "lang")
        let app = try KeyzApp(suiteName: suite)
        #expect(app.language == "fr")
        #expect(defaults.string(forKey: "lang") == "fr")
    }

    @Test("A key with no translation shows the original string; one French lacks shows English")
    func fallbacks() throws {
        defer { removeSuite() }
        let app = try KeyzApp(suiteName: suite)
        #expect("banner.promo".localized() == "banner.promo")
        app.setLanguage("fr")
        #expect("banner.promo".localized() == "banner.promo")
        #expect("badge.new".localized() == "New")
        #expect(app.propertyDetailScreen() == [
            "bonjour", "Détails du logement", "Loyer mensuel", "Contacter le propriétaire", "New", "banner.promo",
        ])
    }

    @Test("A language the app lacks shows English, now and on the next start")
    func unknownLanguage() throws {
        defer { removeSuite() }
        let app = try KeyzApp(suiteName: suite)
        app.setLanguage("de")
        #expect(app.language == "en")
        #expect("hello".localized() == "Hello")
        let restarted = try KeyzApp(suiteName: suite)
        #expect(restarted.language == "en")
    }
}
