import Foundation
import Parlance
import QuizKit
import QuizUI
import Testing

/// The example proves each seed pattern works. These tests share the process-wide
/// LocalizationProvider, so they run one after another.
@Suite("The quiz app", .serialized)
struct QuizAppTests {
    let storeURL = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-\(UUID().uuidString)/language")

    @Test("Switching with a remembered choice, no restart (seeds 000, 003, 004)")
    func switchingIsRemembered() throws {
        defer { try? FileManager.default.removeItem(at: storeURL.deletingLastPathComponent()) }
        let app = try QuizApp(store: FilePreferenceStore(url: storeURL), preferredLanguages: { ["de-DE"] })
        // A German device gets the French-first app's default.
        #expect(app.localizer.language == "fr")
        app.choose(.language("en"))
        #expect(app.localizer.string("quiz.title") == "Snake Quiz")
        // A restart comes back in English.
        let restarted = try QuizApp(store: FilePreferenceStore(url: storeURL), preferredLanguages: { ["de-DE"] })
        #expect(restarted.localizer.language == "en")
        restarted.choose(.system)
        #expect(restarted.localizer.language == "fr")
        #expect(try FilePreferenceStore(url: storeURL).load() == nil)
    }

    @Test("The catalogs are compiled at build time, and the app reads the pack in place")
    func compiledAtBuildTime() throws {
        defer { try? FileManager.default.removeItem(at: storeURL.deletingLastPathComponent()) }
        #expect(FileManager.default.fileExists(atPath: QuizApp.bundle.appendingPathComponent("QuizKit.pcatpack").path))
        let app = try QuizApp(store: FilePreferenceStore(url: storeURL), preferredLanguages: { ["it"] })
        #expect(app.localizer.readsCompiledCatalogs, "\(app.localizer.diagnostics)")
        #expect(app.localizer.diagnostics.isEmpty)
        #expect(app.localizer.string("quiz.title") == "Quiz dei serpenti")
    }

    @Test("Plurals, substitutions and prices follow the chosen language (seed 003)")
    func homeScreen() throws {
        let app = try QuizApp(store: InMemoryPreferenceStore("it"))
        #expect(app.homeScreen(remaining: 1, correct: 1, total: 5, premiumPrice: 4.99) == [
            "Quiz dei serpenti", "Tocca per iniziare", "1 domanda rimasta", "1 risposta esatta su 5 domande",
            "1 file nella cache", "4,99\u{A0}€", "Chiudi", "Carica altre 1",
        ])
        app.choose(.language("fr"))
        #expect(app.homeScreen(remaining: 3, correct: 2, total: 5, premiumPrice: 4.99) == [
            "Quiz des serpents", "Touchez pour commencer", "3 questions restantes", "2 bonnes réponses sur 5 questions",
            "3 fichiers en cache", "4,99\u{A0}€", "Fermer", "Charger 3 de plus",
        ])
        app.choose(.language("en"))
        #expect(app.homeScreen(remaining: 0, correct: 1, total: 1, premiumPrice: 4.99) == [
            "Snake Quiz", "Tap to start", "0 questions left", "1 correct answer out of 1 question",
            "0 cached files", "€4.99", "Close", "No questions",
        ])
    }

    @Test("The component library only declares keys; the app's catalogs cover them in every language (seed 002)")
    func componentKeysAreCovered() throws {
        let app = try QuizApp(store: InMemoryPreferenceStore())
        let manifest = try QuizUIKeys.manifest()
        #expect(manifest.keys.map(\.key) == ["close", "loading", "no_results", "load_more_count"])
        #expect(app.localizer.missingKeys(of: manifest) == [])
    }

    @Test("The settings screen names each language in itself; typed accessors follow the switch")
    func settingsAndTypedAccessors() throws {
        let app = try QuizApp(store: InMemoryPreferenceStore("en"))
        #expect(app.settingsScreen() == ["Settings", "Language", "Device language", "🇺🇸 English", "🇫🇷 Français", "🇮🇹 Italiano"])
        #expect(app.typedHomeLines(correct: 2, total: 3) == ["Snake Quiz", "2 correct answers out of 3 questions", "3 cached files"])
        app.choose(.language("it"))
        #expect(app.settingsScreen().prefix(3) == ["Impostazioni", "Lingua", "Lingua del dispositivo"])
        #expect(app.typedHomeLines(correct: 1, total: 1) == ["Quiz dei serpenti", "1 risposta esatta su 1 domanda", "1 file nella cache"])
        // A server's way: each request's snapshot, whatever the app shows.
        #expect(app.typedHomeLines(correct: 2, total: 3, snapshot: app.localizer.snapshot(for: "en"))
            == ["Snake Quiz", "2 correct answers out of 3 questions", "3 cached files"])
        #expect(app.localizer.language == "it")
    }

    @Test("Question pools are routed by language (seed 001)")
    func questionPools() throws {
        let app = try QuizApp(store: InMemoryPreferenceStore())
        app.choose(.language("fr"))
        #expect(try app.questions().first?.text == "Quel serpent est le plus long du monde ?")
        app.choose(.language("en"))
        #expect(try app.questions().first?.text == "Which snake is the longest in the world?")
        app.choose(.language("it"))
        #expect(try app.questions().count == 1)
    }
}
