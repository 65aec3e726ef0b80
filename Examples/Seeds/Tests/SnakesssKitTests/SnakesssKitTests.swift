import Foundation
import Parlance
import ParlanceTestSupport
import SnakesssKit
import Testing

/// Seed 001's behaviour. Each test has its own defaults suite and its own localizer, so
/// they run in parallel.
@Suite("Seed 001, Snakesss: French first, an auto setting, question pools per language")
struct SnakesssKitTests {
    let suite = "SnakesssKitTests.\(UUID().uuidString)"

    var defaults: UserDefaults { UserDefaults(suiteName: suite)! }

    func removeSuite() {
        UserDefaults.standard.removePersistentDomain(forName: suite)
    }

    func app(device: [Language]) throws -> Snakesss {
        try Snakesss(suiteName: suite, preferredLanguages: { device })
    }

    @Test("auto on a device in a language the app lacks shows French", arguments: ["de-DE", "it", "ja-JP"])
    func autoNonEnglishIsFrench(device: String) throws {
        defer { removeSuite() }
        let app = try app(device: [Language(device)!])
        #expect(app.language == "auto")
        #expect(app.shownLanguage == "fr")
        #expect(app.homeScreen(score: 1) == ["Le quiz des serpents", "1 point", "Jouer"])
        #expect(app.localeQuestionsResource() == "questions")
        #expect(try app.getQuestion().question.text == "Quel serpent est le plus venimeux du monde ?")
    }

    @Test("auto on an English device shows English")
    func autoEnglish() throws {
        defer { removeSuite() }
        let app = try app(device: ["en-GB"])
        #expect(app.language == "auto")
        #expect(app.shownLanguage == "en")
        #expect(app.homeScreen(score: 2) == ["The Snake Quiz", "2 points", "Play"])
        #expect(app.localeQuestionsResource() == "questions_en")
    }

    @Test("An explicit fr or en overrides the device")
    func explicitChoice() throws {
        defer { removeSuite() }
        let app = try app(device: ["en-US"])
        app.language = "fr"
        #expect(app.language == "fr")
        #expect(app.categories == ["Venin", "Habitat", "Anatomie", "Records"])
        #expect(app.difficulties == ["Facile", "Moyen", "Difficile"])
        #expect(try app.questions().count == 3)

        let french = try Snakesss(suiteName: "\(suite).2", preferredLanguages: { ["fr-FR"] })
        defer { UserDefaults.standard.removePersistentDomain(forName: "\(suite).2") }
        french.language = "en"
        #expect(french.shownLanguage == "en")
        #expect(french.categories == ["Venom", "Habitat", "Anatomy", "Records"])
        #expect(french.difficulties == ["Easy", "Medium", "Hard"])
        #expect(try french.questions().count == 2)
    }

    @Test("Switching mid-process changes the next UI string and the next question together")
    func switchingReachesBoth() throws {
        defer { removeSuite() }
        let app = try app(device: ["fr-FR"])
        #expect(app.homeScreen(score: 1)[0] == "Le quiz des serpents")
        let before = try app.getQuestion()
        #expect(before.question.text == "Quel serpent est le plus venimeux du monde ?")
        #expect(before.category == "Venin")
        #expect(before.difficulty == "Moyen")

        app.language = "en"
        #expect(app.homeScreen(score: 1) == ["The Snake Quiz", "1 point", "Play"])
        let after = try app.getQuestion(1)
        #expect(after.question.text == "How long can a reticulated python grow?")
        #expect(after.category == "Records")
        #expect(after.difficulty == "Hard")

        app.language = "auto"
        #expect(app.shownLanguage == "fr")
        #expect(try app.getQuestion().category == "Venin")
    }

    @Test("French plurals use CLDR's one, many and other forms")
    func frenchPlural() throws {
        defer { removeSuite() }
        let app = try app(device: ["fr"])
        #expect(app.homeScreen(score: 0)[1] == "0 point")
        #expect(app.homeScreen(score: 1)[1] == "1 point")
        #expect(app.homeScreen(score: 5)[1] == "5 points")
        #expect(app.homeScreen(score: 1_000_000)[1] == "1000000 de points")
    }

    @Test("The setting survives a new instance; auto written by the old app stays auto")
    func settingSurvives() throws {
        defer { removeSuite() }
        try app(device: ["fr"]).language = "en"
        #expect(defaults.string(forKey: Snakesss.settingKey) == "en")
        let restarted = try app(device: ["fr"])
        #expect(restarted.language == "en")
        #expect(restarted.homeScreen(score: 1)[0] == "The Snake Quiz")

        restarted.language = "auto"
        #expect(try app(device: ["fr"]).language == "auto")
        defaults.set("auto", forKey: Snakesss.settingKey)
        let legacy = try app(device: ["en-AU"])
        #expect(legacy.language == "auto")
        #expect(legacy.shownLanguage == "en")
    }

    @Test("No AppleLanguages is written")
    func noAppleLanguages() throws {
        defer { removeSuite() }
        let before = UserDefaults.standard.object(forKey: "AppleLanguages") as? [String]
        let app = try app(device: ["fr"])
        app.language = "en"
        app.language = "fr"
        app.language = "auto"
        app.language = "en"
        #expect(defaults.object(forKey: "AppleLanguages") == nil)
        #expect(defaults.persistentDomain(forName: suite)?.keys.sorted() == [Snakesss.settingKey])
        #expect(UserDefaults.standard.object(forKey: "AppleLanguages") as? [String] == before)
    }

    /// The `snakesss` executable started as a user would start it, with only the locale
    /// variables given and a home of its own: `auto` follows `LANG` (Foundation on Linux
    /// would say `en-001` whatever it holds).
    @Test("The snakesss executable's auto follows LANG: German → French, British English → English", arguments: [
        (["LANG": "de_DE.UTF-8"], "fr", "de-DE"),
        (["LANG": "en_GB.UTF-8"], "en", "en-GB"),
        (["LANGUAGE": "en", "LANG": "fr_FR.UTF-8"], "en", "en"),
        (["LANG": "C.UTF-8"], "fr", "none given"),
    ] as [([String: String], String, String)])
    func executableFollowsEnvironment(_ locale: [String: String], _ shown: String, _ device: String) throws {
        let result = try ChildProcess.runFresh("snakesss", locale: locale)
        #expect(result.status == 0, "\(result.standardError)")
        let first = result.standardOutput.split(separator: "\n").first.map(String.init)
        #expect(first == "Setting: auto, showing \(shown) (device: \(device)).")
    }
}
