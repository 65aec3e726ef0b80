import Foundation
import Observation
import Parlance
import Synchronization

// Seed 004, AIPhotoApp: English ↔ Vietnamese at runtime, no restart, no AppleLanguages.
//
// The seed did it by hand: `LanguageManager.apply()` wrote "app.selectedLanguage" and
// posted `.languageChanged`; `L10n.runtimeBundle()` loaded `<lang>.lproj` as a `Bundle` on
// each call and `L10n.tr(_:)` called `NSLocalizedString` on it; the app root set
// `.environment(\.locale, i18n.locale)` and `.id(i18n.language.rawValue)` so SwiftUI threw
// the whole view tree away and rebuilt it on a switch. Here one `Localizer` over the app's
// `.lproj` tables does the lookup and the remembering (Parlance's `UserDefaultsPreferenceStore`
// uses "app.selectedLanguage" by default, so older builds' choices are kept), never writes
// `AppleLanguages`, and is `Observable`: every view that read a string re-renders on a switch.

/// The languages the app ships.
public enum AppLanguage: String, CaseIterable, Identifiable, Sendable {
    case en, vi

    public var id: String { rawValue }

    /// Parlance's value for it.
    public var language: Language {
        switch self {
        case .en: "en"
        case .vi: "vi"
        }
    }

    /// The key of the language's name in the menu.
    public var displayNameKey: String {
        switch self {
        case .en: "l10n.language.english"
        case .vi: "l10n.language.vietnamese"
        }
    }

    /// The app language a Parlance language is, if the app ships it.
    public init?(_ language: Language) {
        self.init(rawValue: language.languageCode)
    }
}

extension Notification.Name {
    /// What the seed's views listened for; still posted by ``LanguageManager/apply(_:)``
    /// after Parlance's own `Localizer.languageDidChangeNotification`.
    public static let languageChanged = Notification.Name("languageChanged")
}

/// The seed's `LanguageManager`: remembers the choice under "app.selectedLanguage" and
/// announces a change, without touching `AppleLanguages`.
public final class LanguageManager: Sendable {
    /// The seed's key, which is also Parlance's default.
    public static let preferenceKey = "app.selectedLanguage"
    /// The `userInfo` key of ``Foundation/Notification/Name/languageChanged`` holding the new ``AppLanguage``'s raw value.
    public static let languageUserInfoKey = "language"

    public let localizer: Localizer
    public let notificationCenter: NotificationCenter

    /// - Parameters:
    ///   - suiteName: The defaults suite; `nil` for the standard defaults.
    ///   - notificationCenter: Where both change notifications are posted.
    ///   - preferredLanguages: The device's languages, followed until the user chooses.
    public init(
        suiteName: String? = nil,
        notificationCenter: NotificationCenter = .default,
        preferredLanguages: @escaping @Sendable () -> [Language] = Localizer.devicePreferredLanguages
    ) throws {
        self.notificationCenter = notificationCenter
        localizer = try Localizer(resourcesAt: Self.resources, configuration: .init(
            defaultLanguage: "en",
            preferenceStore: UserDefaultsPreferenceStore(suiteName: suiteName),
            preferredLanguages: preferredLanguages,
            notificationCenter: notificationCenter))
    }

    /// The language shown now.
    public var current: AppLanguage { AppLanguage(localizer.language) ?? .en }

    /// Switches at once (no restart), remembers the choice, then posts `.languageChanged`.
    /// `AppleLanguages` is never written.
    public func apply(_ language: AppLanguage) {
        localizer.selection = .language(language.language)
        notificationCenter.post(
            name: .languageChanged, object: self, userInfo: [Self.languageUserInfoKey: language.rawValue])
    }

    /// Makes `L10n.tr(_:)` read this manager's localizer.
    public func install() {
        L10n.runtimeLocalizer = localizer
    }

    /// The copied `Resources` folder (Foundation on Linux already treats it as the bundle's resource folder).
    static var resources: URL {
        let base = Bundle.module.resourceURL ?? Bundle.module.bundleURL
        let nested = base.appendingPathComponent("Resources")
        return FileManager.default.fileExists(atPath: nested.path) ? nested : base
    }
}

/// The seed's `L10n`: `L10n.tr("key")` in the language shown now.
public enum L10n {
    private static let current = Mutex<Localizer>(Localizer(catalogs: []))

    /// What replaced the seed's `runtimeBundle()`: the localizer lookups read, installed
    /// by ``LanguageManager/install()``. Until then every key comes back as itself.
    public static var runtimeLocalizer: Localizer {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    /// The string for `key` in the current language. Reading it inside a SwiftUI body (or
    /// `withObservationTracking`) makes that body re-render when the language changes.
    public static func tr(_ key: String) -> String {
        runtimeLocalizer.string(key)
    }
}

/// The seed's `LocalizationModel`, which the app root injects into the environment.
///
/// The seed's root had to force a rebuild on every switch:
/// ```swift
/// WindowGroup {
///     RootView()
///         .environment(i18n)
///         .environment(\.locale, i18n.locale)   // no longer needed for strings
///         .id(i18n.language.rawValue)           // no longer needed: it discarded all view state
/// }
/// ```
/// With Parlance, `WindowGroup { RootView().environment(i18n) }` is enough. `language` and
/// `locale` read the localizer, and so does every `L10n.tr(_:)`, so Observation re-renders
/// exactly the views that showed something language-dependent, keeping their state.
/// (`.environment(\.locale, i18n.locale)` remains useful only for SwiftUI's own formatting,
/// such as `Text(date, style: .date)`.)
@MainActor
@Observable
public final class LocalizationModel {
    @ObservationIgnored public let manager: LanguageManager

    public init(manager: LanguageManager) {
        self.manager = manager
    }

    /// The language shown now; observed through the localizer.
    public var language: AppLanguage { manager.current }

    /// The locale of the language shown now.
    public var locale: Locale { manager.localizer.language.locale }

    /// The menu's choices, each named in the current language.
    public var menu: [(language: AppLanguage, title: String)] {
        AppLanguage.allCases.map { ($0, manager.localizer.string($0.displayNameKey)) }
    }

    /// What the language menu calls: switches at once and remembers the choice.
    public func setLanguage(_ language: AppLanguage) {
        manager.apply(language)
    }
}

/// What `AuthLandingView` shows, with its accessibility labels, hints and identifiers.
public struct AuthLandingScreen: Hashable, Sendable {
    public struct Control: Hashable, Sendable {
        public var identifier: String
        public var label: String
        public var hint: String

        public init(identifier: String, label: String, hint: String) {
            self.identifier = identifier
            self.label = label
            self.hint = hint
        }
    }

    public var welcome: String
    public var subtitle: String
    public var languageMenu: Control
    public var signInWithApple: Control
    public var signInWithGoogle: Control

    /// The screen in the language `L10n` shows now.
    public static func current() -> AuthLandingScreen {
        AuthLandingScreen(
            welcome: "\(L10n.tr("l10n.auth.welcome.to")) AIPhoto",
            subtitle: L10n.tr("l10n.auth.subtitle"),
            languageMenu: Control(
                identifier: "language_menu", label: L10n.tr("l10n.settings.language"), hint: L10n.tr("l10n.settings.language.hint")),
            signInWithApple: Control(
                identifier: "signin_apple", label: L10n.tr("l10n.auth.signin.apple"), hint: L10n.tr("l10n.auth.signin.apple.hint")),
            signInWithGoogle: Control(
                identifier: "signin_google", label: L10n.tr("l10n.auth.google"), hint: L10n.tr("l10n.auth.google.hint")))
    }

    public var lines: [String] {
        [welcome, subtitle]
            + [languageMenu, signInWithApple, signInWithGoogle].map { "[\($0.identifier)] \($0.label) (\($0.hint))" }
    }
}
