import Foundation
import Parlance
import QuizUI

/// The quiz app's model: a French-first app (seed 001) in French, English and Italian,
/// switching language at runtime with the choice remembered (seeds 000, 003, 004).
public final class QuizApp: Sendable {
    public let localizer: Localizer

    /// The bundle's root: the copied `Resources` folder and, beside it, `QuizKit.pcatpack`, the
    /// catalogs compiled at build time by the `ParlanceCompile` plugin. (Foundation on Linux
    /// reports the copied `Resources` folder as the resource URL, so the root is the bundle's URL there.)
    public static var bundle: URL {
        let candidates = [Bundle.module.resourceURL, Bundle.module.bundleURL].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("QuizKit.pcatpack").path) }
            ?? candidates[0]
    }

    /// The app's bundled catalogs and question pools: the copied `Resources` folder, which
    /// Foundation on Linux already treats as the bundle's resource folder.
    public static var resources: URL {
        let base = Bundle.module.resourceURL ?? Bundle.module.bundleURL
        let nested = base.appendingPathComponent("Resources")
        let isNested = FileManager.default.fileExists(atPath: nested.appendingPathComponent("Localizable.xcstrings").path)
        return isNested ? nested : base
    }

    /// The catalogs the app ships: the compiled pack when it is fresh, the catalogs otherwise.
    public static func bundledSource() -> any LocalizationSource {
        FolderLocalizationSource(folder: bundle)
    }

    /// - Parameters:
    ///   - store: Where the language choice is remembered.
    ///   - preferredLanguages: The device's languages (injected so tests can vary them).
    ///   - source: Where strings come from; by default ``bundledSource()``. The `quiz-live`
    ///     example passes a live-update source laid over it.
    public init(
        store: any LanguagePreferenceStore,
        preferredLanguages: @escaping @Sendable () -> [Language] = Localizer.devicePreferredLanguages,
        source: (any LocalizationSource)? = nil
    ) throws {
        // The bundle holds the compiled pack and the catalogs below it; the localizer reads the
        // pack when it is fresh and the catalogs otherwise. Question pools live in Resources.
        localizer = try Localizer(source: source ?? Self.bundledSource(), configuration: .init(
            defaultLanguage: "fr", preferenceStore: store, preferredLanguages: preferredLanguages,
            resourceDirectory: Self.resources))
        // The component library's keys resolve through this app's catalogs.
        LocalizationProvider.configure(with: localizer)
    }

    /// Switches language at once, with no restart, and remembers the choice.
    public func choose(_ selection: LanguageSelection) {
        localizer.selection = selection
    }

    /// The home screen's lines in the current language.
    public func homeScreen(remaining: Int, correct: Int, total: Int, premiumPrice: Decimal) -> [String] {
        [
            localizer.string("quiz.title"),
            localizer.string("quiz.start"),
            localizer.string("%lld questions restantes", MessageArgument(remaining)),
            localizer.string("%#@correct@ sur %#@total@", MessageArgument(correct), MessageArgument(total)),
            localizer.string("settings.cache.size", MessageArgument(remaining), table: "Settings"),
            localizer.formatter.currency(premiumPrice, code: "EUR"),
        ] + ResultCard(remainingQuestions: remaining).labels
    }

    /// The settings screen in the current language: its labels, then the language
    /// picker's choices, each in its own language ("Italiano", "Français").
    public func settingsScreen() -> [String] {
        [
            localizer.string("settings.title", table: "Settings"),
            localizer.string("settings.language", table: "Settings"),
            localizer.string("settings.language.system", table: "Settings"),
        ] + localizer.availableLanguages.sorted().map { "\($0.flag ?? "") \($0.nativeName)" }
    }

    /// The question pool for the current language: `questions_en.json` for English,
    /// `questions_it.json` for Italian, `questions.json` (French, the source) otherwise.
    public func questions() throws -> [Question] {
        guard let url = localizer.url(forResource: "questions", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try JSONDecoder().decode([Question].self, from: Data(contentsOf: url))
    }
}

/// One trivia question.
public struct Question: Codable, Hashable, Sendable {
    public var text: String
    public var answers: [String]
    public var correct: Int
}
