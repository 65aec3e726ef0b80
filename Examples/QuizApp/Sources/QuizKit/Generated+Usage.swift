import Parlance

extension QuizApp {
    /// The home screen's title and score through the typed accessors the ParlanceGenerate
    /// plugin writes from this target's catalogs at build time: a misspelled key or a
    /// missing argument is a compile error, and the lookup still follows a language switch.
    public func typedHomeLines(correct: Int, total: Int) -> [String] {
        [
            L10n.Quiz.title(localizer: localizer),
            L10n.correctSurTotal(correct: correct, total: total, localizer: localizer),
            L10n.Settings.Cache.size(total, localizer: localizer),
        ]
    }

    /// The same lines in `snapshot`'s language, as a server renders each request's: the
    /// accessors' `snapshot:` overloads read no localizer's current language.
    public func typedHomeLines(correct: Int, total: Int, snapshot: LanguageSnapshot) -> [String] {
        [
            L10n.Quiz.title(snapshot: snapshot),
            L10n.correctSurTotal(correct: correct, total: total, snapshot: snapshot),
            L10n.Settings.Cache.size(total, snapshot: snapshot),
        ]
    }
}
