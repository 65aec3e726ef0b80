import Foundation
import Observation
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

    func observation() -> any LocalizerObservation { RegistrarObservation() }
}

/// A localizer's `ObservationRegistrar`: lookups register ``Localizer/language``, and a change
/// of language, pseudo style or catalogs is a mutation of it.
final class RegistrarObservation: LocalizerObservation {
    private let registrar = ObservationRegistrar()
    // Made once and held here: forming a key path literal on every lookup costs more than the
    // lookup, and a static one is retained and released by each lookup that reads it.
    nonisolated(unsafe) private let languageKeyPath: KeyPath<Localizer, Language> = Localizer.languageKeyPath
    nonisolated(unsafe) private let selectionKeyPath: KeyPath<Localizer, LanguageSelection> = \.selection

    func access(_ localizer: Localizer, _ property: ObservedProperty) {
        switch property {
        case .language: registrar.access(localizer, keyPath: languageKeyPath)
        case .selection: registrar.access(localizer, keyPath: selectionKeyPath)
        }
    }

    func didChange(_ localizer: Localizer, _ property: ObservedProperty) {
        switch property {
        case .language: registrar.withMutation(of: localizer, keyPath: languageKeyPath) {}
        case .selection: registrar.withMutation(of: localizer, keyPath: selectionKeyPath) {}
        }
    }
}

/// SwiftUI, `@Bindable` and `environment(_:)` take a localizer as an `Observable` object. The
/// core does not link Observation, so the conformance is declared here, beside the registrar.
extension Localizer: Observable {}

@_dynamicReplacement(for: installedFoundationLayer())
package func parlanceFoundationLayer() -> (any FoundationLayer)? { ParlanceFoundationLayer() }
