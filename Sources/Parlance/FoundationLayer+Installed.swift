import Foundation
import ParlanceCore

/// What `Parlance` gives the core (ParlanceCore's `FoundationLayer`): ICU MessageFormat values
/// rendered with Foundation's number formatting, the language's decimal separator from CLDR,
/// and `languageDidChangeNotification`. Installed by replacing the core's
/// `installedFoundationLayer()`, registered when the image holding this file loads, so every
/// process that links `Parlance` has it whether or not it ever names this type.
struct ParlanceFoundationLayer: FoundationLayer {
    func icuMessage(_ source: String, language: Language, pseudo: PseudoLocalization.Style?) -> any ICUMessageRendering {
        ICUMessageText(source, language: language, pseudo: pseudo)
    }

    func decimalSeparator(for language: Language) -> String {
        let locale = LocaleFormatter.resolved(Locale(identifier: LanguageTag.canonical(language.identifier)))
        return locale.decimalSeparator ?? "."
    }

    func post(
        _ change: LanguageChange, from localizer: Localizer, to notifications: Localizer.Configuration.ChangeNotifications
    ) {
        notifications.center?.post(
            name: Localizer.languageDidChangeNotification, object: localizer,
            userInfo: [
                Localizer.oldLanguageUserInfoKey: change.oldLanguage, Localizer.newLanguageUserInfoKey: change.newLanguage,
                Localizer.changeUserInfoKey: change,
            ])
    }
}

@_dynamicReplacement(for: installedFoundationLayer())
package func parlanceFoundationLayer() -> (any FoundationLayer)? { ParlanceFoundationLayer() }
