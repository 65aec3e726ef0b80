import Foundation
import Parlance
import Synchronization

/// The seed's type-safe keys, with the same raw values, looked up through Parlance.
///
/// ```swift
/// Text(LocalizedKeys.productsTitle.localized)                      // "Prodotti"
/// Text(LocalizedKeys.productsAvailable.localized(with: count))     // "12 disponibili"
/// Text(LocalizedKeys.teamMemberCount.localized(with: 1))           // "1 membro" (.stringsdict)
/// Text(LocalizedKeys.authWelcomeUser.localized(with: "Giulia"))    // "Benvenuto, Giulia"
/// ```
///
/// The seed's `localized` called `NSLocalizedString` on the swizzled `Bundle.main`, and
/// `localized(with:)` ran the result through `String(format:)`, which crashes on a `%@` given
/// an `Int` and knows no plurals. Here both read the localizer installed by
/// ``LocalizationManager/install()`` (or the one passed): arguments are checked against the
/// string's specifiers (`%d`, `%@`), and keys with `.stringsdict` forms choose them by the
/// language's plural rules. Reading either inside a SwiftUI body re-renders it on a switch.
public enum LocalizedKeys: String, CaseIterable, Sendable {
    // MARK: - General
    case appName = "app.name"
    case cancel = "general.cancel"
    case save = "general.save"
    case delete = "general.delete"
    case confirm = "general.confirm"
    case error = "general.error"
    case success = "general.success"
    case loading = "general.loading"

    // MARK: - Authentication
    case authTitle = "auth.title"
    case authSubtitle = "auth.subtitle"
    case authSignIn = "auth.signIn"
    case authSignOut = "auth.signOut"
    case authError = "auth.error"
    /// Not in the seed: "Benvenuto, %@", for the seed's `%@` specifier.
    case authWelcomeUser = "auth.welcomeUser"

    // MARK: - Products
    case productsTitle = "products.title"
    case productsSearchPlaceholder = "products.search.placeholder"
    case productsAvailable = "products.available"
    case productsOutOfStock = "products.outOfStock"
    case productsAddToCart = "products.addToCart"

    // MARK: - Filters
    case filterTitle = "filter.title"
    case filterApply = "filter.apply"
    case filterClear = "filter.clear"
    /// Plural: "1 filtro attivo", "3 filtri attivi" (`Localizable.stringsdict`).
    case filterActiveCount = "filter.activeCount"
    case filterNoResults = "filter.noResults"

    // MARK: - Team
    case teamTitle = "team.title"
    case teamSearchPlaceholder = "team.search.placeholder"
    /// Plural: "1 membro", "3 membri"; French "0 membre", "1 membre" (`Localizable.stringsdict`).
    case teamMemberCount = "team.memberCount"
    case teamNoMembers = "team.noMembers"

    // MARK: - Stores
    case storesTitle = "stores.title"
    case storesSearchPlaceholder = "stores.search.placeholder"
    case storesOpenNow = "stores.openNow"
    case storesClosed = "stores.closed"

    // MARK: - Settings
    case settingsTitle = "settings.title"
    case settingsLanguage = "settings.language"
    case settingsTheme = "settings.theme"
    case settingsNotifications = "settings.notifications"

    // MARK: - Localization

    /// The string in the installed localizer's current language.
    public var localized: String {
        localized(localizer: Self.localizer)
    }

    /// The string in `localizer`'s current language.
    public func localized(localizer: Localizer) -> String {
        localizer.string(rawValue)
    }

    /// The string with its `%d`/`%@` specifiers (or plural variable) filled from
    /// `arguments`, values as code holds them (`Int`, `String`, `Double`…).
    /// - Parameter localizer: The localizer to read; `nil` reads the installed one.
    public func localized<each Argument: MessageArgumentConvertible>(
        with arguments: repeat each Argument, localizer: Localizer? = nil
    ) -> String {
        (localizer ?? Self.localizer).string(rawValue, repeat each arguments)
    }

    // MARK: - The installed localizer

    private static let installed = Mutex<Localizer>(Localizer(catalogs: []))

    /// What ``localized`` reads: set by ``LocalizationManager/install()``. Until then it
    /// holds no catalogs, so every key shows itself. (The app's own, not
    /// `Localizer.shared`, so another library's localizer never answers C&C's keys.)
    public static var localizer: Localizer {
        get { installed.withLock { $0 } }
        set { installed.withLock { $0 = newValue } }
    }
}
