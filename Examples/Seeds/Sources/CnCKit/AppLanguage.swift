import Foundation
import Parlance

// Seed 003, the C&C apps: Italian (the default), French and English, switched in the app,
// remembered under "AppLanguagePreference" and synced to the user's Supabase profile.
//
// The seed did it by hand: a singleton `LocalizationManager` wrote "AppLanguagePreference"
// in its `didSet`, swizzled `Bundle.main`'s class (`object_setClass` to a `PrivateBundle`
// reading an associated `<lang>.lproj` path) so `NSLocalizedString` answered in the new
// language, formatted with `String(format:)`, and synced with two fire-and-forget Supabase
// calls that printed their errors. Here one `Localizer` over the app's `.lproj` tables does
// the lookups, the plurals (`.stringsdict`), the remembering and the formatting;
// `ParlanceSync`'s `ProfileSync` keeps the profile in step.

/// The languages the C&C apps ship, as the seed's `AppLanguage`.
public enum AppLanguage: String, Codable, CaseIterable, Identifiable, Sendable {
    case italian = "it"
    case french = "fr"
    case english = "en"

    public var id: String { rawValue }

    /// The name the language picker shows, in the language itself ("Italiano", not "Italian").
    public var nativeName: String {
        switch self {
        case .italian: "Italiano"
        case .french: "Français"
        case .english: "English"
        }
    }

    public var flag: String {
        switch self {
        case .italian: "🇮🇹"
        case .french: "🇫🇷"
        case .english: "🇬🇧"
        }
    }

    /// The seed's locale for the language (SwiftUI's `\.locale`, say).
    public var locale: Locale {
        switch self {
        case .italian: Locale(identifier: "it_IT")
        case .french: Locale(identifier: "fr_FR")
        case .english: Locale(identifier: "en_US")
        }
    }

    /// The currency prices are shown in: the one of ``locale``'s region (EUR, EUR, USD), as
    /// the seed's `NumberFormatter` with `locale` chose it.
    public var currencyCode: String {
        switch self {
        case .italian, .french: "EUR"
        case .english: "USD"
        }
    }

    /// Parlance's value for it (the `.lproj` folder's name).
    public var language: Language {
        switch self {
        case .italian: "it"
        case .french: "fr"
        case .english: "en"
        }
    }

    /// The app language a Parlance language is (`fr-CA` is French), if the app ships it.
    public init?(_ language: Language) {
        self.init(rawValue: language.languageCode)
    }

    /// The first of the device's preferred languages the app ships, else Italian (the
    /// C&C apps' market).
    public static var deviceLanguage: AppLanguage {
        deviceLanguage(preferredLanguages: Localizer.devicePreferredLanguages().map(\.identifier))
    }

    /// The seed's rule over given preferred languages: the first whose first two letters
    /// name an app language (`it-IT`, `fr-CA`, `en-GB`), else Italian.
    public static func deviceLanguage(preferredLanguages: [String]) -> AppLanguage {
        for language in preferredLanguages {
            if let appLanguage = AppLanguage(rawValue: language.prefix(2).lowercased()) {
                return appLanguage
            }
        }
        return .italian
    }
}
