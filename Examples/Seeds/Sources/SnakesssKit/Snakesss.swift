import Foundation
import Parlance

/// Seed 001, **Snakesss**: a French-first snake quiz with English added, UI strings in a
/// String Catalog (`Localizable.xcstrings`, source language French) and question pools per
/// language (`questions.json` in French, `questions_en.json` in English), with a `language`
/// setting of `"auto"`, `"fr"` or `"en"` where `auto` follows the device and any
/// non-English device gets French.
///
/// The seed's `SettingsManager` wrote `UserDefaults["AppleLanguages"] = [language]` for an
/// explicit choice, so UI strings changed only after a relaunch, while
/// `QuestionService.localeQuestionsResource()` read the setting itself and switched pools
/// at once: the two could disagree until the restart. Here one ``Localizer`` decides both:
/// `auto` is `LanguageSelection.system` matched against the catalogs with French as the
/// default, the setting is kept with a `UserDefaultsPreferenceStore` (never in
/// `AppleLanguages`), UI strings come from `localizer.string(_:)` and the pool from
/// `localizer.url(forResource:withExtension:)`, so a switch reaches both on the next call.
public final class Snakesss: Sendable {
    /// Where the seed's `SettingsManager.language` lives.
    public static let settingKey = "language"

    public let localizer: Localizer

    /// - Parameters:
    ///   - suiteName: The defaults suite the setting lives in; `nil` for the standard defaults.
    ///   - preferredLanguages: The device's languages, injected so tests can vary them.
    public init(
        suiteName: String? = nil,
        preferredLanguages: @escaping @Sendable () -> [Language] = Localizer.devicePreferredLanguages
    ) throws {
        localizer = try Localizer(resourcesAt: Self.resources, configuration: .init(
            // French first: a device in any language the app lacks gets French.
            defaultLanguage: "fr",
            preferenceStore: UserDefaultsPreferenceStore(suiteName: suiteName, key: Self.settingKey),
            preferredLanguages: preferredLanguages))
    }

    /// `SettingsManager.language`: `"auto"`, `"fr"` or `"en"`. Setting it switches UI strings
    /// and the question pool at once and remembers the choice; no relaunch.
    public var language: String {
        get {
            switch localizer.selection {
            case .language(let language): language.identifier
            case .system, .pseudo: "auto"
            }
        }
        set {
            if newValue == "auto" {
                localizer.selection = .system
            } else if let language = Language(newValue) {
                localizer.selection = .language(language)
            }
        }
    }

    /// The language shown now ("fr" or "en"), whatever the setting says.
    public var shownLanguage: String { localizer.language.identifier }

    // MARK: UI strings

    /// The home screen: title, score (a plural), play button.
    public func homeScreen(score: Int) -> [String] {
        // As the seed writes it (`String(localized:)`, `Text("\(score) points")`): the key is "%lld points".
        [localizer.string("Le quiz des serpents"), localizer.string("\(score) points"), localizer.string("Jouer")]
    }

    /// `SettingsManager`'s category labels, in the language shown now.
    public var categories: [String] {
        ["Venin", "Habitat", "Anatomie", "Records"].map { localizer.string($0) }
    }

    /// `SettingsManager`'s difficulty labels, in the language shown now.
    public var difficulties: [String] {
        ["Facile", "Moyen", "Difficile"].map { localizer.string($0) }
    }

    // MARK: Questions

    /// `QuestionService.localeQuestionsResource()`: the pool's resource name for the
    /// language shown now, `questions_en` for English and `questions` otherwise.
    public func localeQuestionsResource() -> String? {
        localizer.url(forResource: "questions", withExtension: "json")?.deletingPathExtension().lastPathComponent
    }

    /// The question pool for the language shown now.
    public func questions() throws -> [Question] {
        guard let url = localizer.url(forResource: "questions", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try JSONDecoder().decode([Question].self, from: Data(contentsOf: url))
    }

    /// `QuestionService.getQuestion()`: the question at `index` of the current pool, with
    /// its category and difficulty labels in the current language.
    public func getQuestion(_ index: Int = 0) throws -> (question: Question, category: String, difficulty: String) {
        let pool = try questions()
        let question = pool[index % pool.count]
        return (question, localizer.string(question.category), localizer.string(question.difficulty))
    }

    /// The copied `Resources` folder (Foundation on Linux already treats it as the bundle's resource folder).
    static var resources: URL {
        let base = Bundle.module.resourceURL ?? Bundle.module.bundleURL
        let nested = base.appendingPathComponent("Resources")
        return FileManager.default.fileExists(atPath: nested.path) ? nested : base
    }
}

/// One trivia question; `category` and `difficulty` are keys of the String Catalog.
public struct Question: Codable, Hashable, Sendable {
    public var text: String
    public var answers: [String]
    public var correct: Int
    public var category: String
    public var difficulty: String
}
