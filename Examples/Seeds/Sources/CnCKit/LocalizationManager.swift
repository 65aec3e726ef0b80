import Foundation
import Observation
import Parlance
import ParlanceSync

extension Notification.Name {
    /// The seed's notification, posted by ``LocalizationManager`` on the main actor with the
    /// new ``AppLanguage`` as its object, once lookups already answer in it.
    public static let languageDidChange = Notification.Name("LanguageDidChangeNotification")
}

/// The seed's `LocalizationManager`, on Parlance.
///
/// It starts in the language stored under "AppLanguagePreference", else the device's
/// (``AppLanguage/deviceLanguage``), else Italian. ``setLanguage(_:)`` switches the
/// localizer at once (no swizzled `Bundle.main`, no restart), remembers the choice and
/// posts ``Foundation/Notification/Name/languageDidChange``.
///
/// In the seed it was an `ObservableObject` singleton with a `@Published` language; here
/// it is `@Observable` and made by the app (one per app, installed with ``install()``):
///
/// ```swift
/// @main struct CnCTeamApp: App {
///     @State private var localization = try! LocalizationManager()   // or with a ProfileSync
///     init() { localization.install() }
///     var body: some Scene {
///         WindowGroup { RootView().environment(localization) }       // was .environmentObject
///     }
/// }
/// ```
///
/// Views that read ``currentLanguage`` or any ``LocalizedKeys`` string re-render on a switch
/// through Observation (both read the localizer), so the picker's checkmark and every label
/// follow without `.id()` or `.environment(\.locale, …)`.
///
/// The seed's "Supabase Language Sync" is ``sync``, a `ProfileSync` over the same localizer:
///
/// | seed 003 | here |
/// |---|---|
/// | `loadLanguageFromSupabase()` after sign-in | ``signIn(userID:)``: the profile's choice is applied |
/// | `syncLanguageToSupabase()` after each change | automatic: every ``setLanguage(_:)`` is pushed, retried while offline, never lost |
/// | (nothing) | ``signOut()`` stops; ``refresh()`` pulls a change made on another device |
@MainActor
@Observable
public final class LocalizationManager {
    /// Where the seed kept the choice, and still does.
    public static let languageKey = "AppLanguagePreference"

    /// Looks up every string and formats in the current language.
    @ObservationIgnored public let localizer: Localizer
    /// Keeps the signed-in user's profile in step, when the app syncs.
    @ObservationIgnored public let sync: ProfileSync?
    /// Where ``Foundation/Notification/Name/languageDidChange`` is posted.
    @ObservationIgnored public let notificationCenter: NotificationCenter
    /// The zone dates are shown in; `nil` uses the localizer's formatter (the device's zone).
    @ObservationIgnored public let timeZone: TimeZone?

    /// The language last announced, so each change is posted once, whoever made it.
    @ObservationIgnored private var announced: AppLanguage
    @ObservationIgnored private var listener: Task<Void, Never>?
    @ObservationIgnored private var formatters: [AppLanguage: LocaleFormatter] = [:]

    /// A localizer over CnCKit's catalogs that remembers the choice under "AppLanguagePreference".
    ///
    /// Make one yourself only to hand it to a `ProfileSync` as well:
    /// ```swift
    /// let localizer = try LocalizationManager.makeLocalizer()
    /// let manager = LocalizationManager(
    ///     localizer: localizer, sync: ProfileSync(localizer: localizer, store: supabaseStore, outbox: outboxURL))
    /// ```
    /// - Parameters:
    ///   - suiteName: The defaults suite; `nil` for the standard defaults, as the seed.
    ///   - preferredLanguages: The device's languages, read when nothing is stored.
    ///   - notificationCenter: Where Parlance posts its own `Localizer.languageDidChangeNotification`.
    public static func makeLocalizer(
        suiteName: String? = nil,
        preferredLanguages: @escaping @Sendable () -> [String] = { Localizer.devicePreferredLanguages().map(\.identifier) },
        notificationCenter: NotificationCenter? = .default
    ) throws -> Localizer {
        try Localizer(resourcesAt: resources, configuration: .init(
            defaultLanguage: AppLanguage.italian.language,
            // The seed's key. No legacy keys: the C&C apps always used this one, and
            // migrating would delete other keys ("lang", "AppLanguage"…) from the app's defaults.
            preferenceStore: UserDefaultsPreferenceStore(suiteName: suiteName, key: languageKey, legacyKeys: []),
            // The seed's device rule exactly: the first preferred language whose two first
            // letters name an app language, else Italian.
            preferredLanguages: { [AppLanguage.deviceLanguage(preferredLanguages: preferredLanguages()).language] },
            notificationCenter: notificationCenter))
    }

    /// - Parameters:
    ///   - localizer: From ``makeLocalizer(suiteName:preferredLanguages:notificationCenter:)``.
    ///   - sync: A `ProfileSync` over the same localizer, or `nil` when the app does not sync.
    ///   - notificationCenter: Where ``Foundation/Notification/Name/languageDidChange`` is posted.
    ///   - timeZone: The zone dates are shown in; `nil` for the device's.
    public init(
        localizer: Localizer, sync: ProfileSync? = nil,
        notificationCenter: NotificationCenter = .default, timeZone: TimeZone? = nil
    ) {
        precondition(sync.map { $0.localizer === localizer } ?? true, "the ProfileSync must sync this manager's localizer")
        self.localizer = localizer
        self.sync = sync
        self.notificationCenter = notificationCenter
        self.timeZone = timeZone
        announced = AppLanguage(localizer.language) ?? .italian
        // Changes this manager did not make (a profile's choice applied by the sync in the
        // background, a direct `localizer.select`) are announced too, on the main actor.
        let changes = localizer.changes()
        listener = Task { [weak self] in
            for await _ in changes {
                self?.announceIfChanged()
            }
        }
    }

    /// A manager over CnCKit's catalogs, remembering the choice under "AppLanguagePreference".
    /// - Parameters:
    ///   - suiteName: The defaults suite; `nil` for the standard defaults, as the seed.
    ///   - preferredLanguages: The device's languages, read when nothing is stored.
    ///   - notificationCenter: Where both change notifications are posted.
    ///   - timeZone: The zone dates are shown in; `nil` for the device's.
    public convenience init(
        suiteName: String? = nil,
        preferredLanguages: @escaping @Sendable () -> [String] = { Localizer.devicePreferredLanguages().map(\.identifier) },
        notificationCenter: NotificationCenter = .default, timeZone: TimeZone? = nil
    ) throws {
        let localizer = try Self.makeLocalizer(
            suiteName: suiteName, preferredLanguages: preferredLanguages, notificationCenter: notificationCenter)
        self.init(localizer: localizer, notificationCenter: notificationCenter, timeZone: timeZone)
    }

    isolated deinit {
        listener?.cancel()
    }

    // MARK: - The language

    /// The language shown now. Observed through the localizer; setting it is ``setLanguage(_:)``.
    public var currentLanguage: AppLanguage {
        get { AppLanguage(localizer.language) ?? .italian }
        set { setLanguage(newValue) }
    }

    /// Switches every lookup at once, remembers the choice under "AppLanguagePreference"
    /// (and pushes it to the profile when signed in), then posts
    /// ``Foundation/Notification/Name/languageDidChange`` with `language` as its object.
    /// Choosing the language already shown changes and posts nothing.
    public func setLanguage(_ language: AppLanguage) {
        guard localizer.selection != .language(language.language) else { return }
        localizer.select(.language(language.language))
        announceIfChanged()
    }

    /// Makes ``LocalizedKeys/localized`` read this manager's localizer.
    public func install() {
        LocalizedKeys.localizer = localizer
    }

    private func announceIfChanged() {
        let current = currentLanguage
        guard current != announced else { return }
        announced = current
        notificationCenter.post(name: .languageDidChange, object: current)
    }

    // MARK: - Formatting (the seed's CurrencyFormatter and DateFormatter)

    /// Parlance's formatter for `language` (by default the current one), in ``timeZone``.
    public func formatter(for language: AppLanguage? = nil) -> LocaleFormatter {
        let language = language ?? currentLanguage
        guard let timeZone else { return localizer.snapshot(for: language.language).formatter }
        if let made = formatters[language] { return made }
        let made = LocaleFormatter(language: language.language.identifier, timeZone: timeZone)
        formatters[language] = made
        return made
    }

    /// A price in the language's currency: 99.99 is "99,99 €" in Italian and French, "$99.99" in English.
    public func formatCurrency(_ value: Decimal, language: AppLanguage? = nil) -> String {
        let language = language ?? currentLanguage
        return formatter(for: language).currency(value, code: language.currencyCode)
    }

    /// A price from a `Double`, as the seed passed it; prefer the `Decimal` form.
    public func formatCurrency(_ value: Double, language: AppLanguage? = nil) -> String {
        let language = language ?? currentLanguage
        return formatter(for: language).currency(value, code: language.currencyCode)
    }

    /// The seed's `formatShort`: the date in digits ("23/11/24" in Italian, "11/23/24" in English).
    public func formatShort(_ date: Date, language: AppLanguage? = nil) -> String {
        formatter(for: language).date(date, style: .short)
    }

    /// The seed's `formatLong`: the long date and the short time ("23 novembre 2024 alle ore 10:00").
    public func formatLong(_ date: Date, language: AppLanguage? = nil) -> String {
        formatter(for: language).date(date, style: .long, time: .short)
    }

    // MARK: - Profile sync (the seed's "Supabase Language Sync")

    /// Starts syncing `userID`'s profile: its stored choice is applied (it wins over this
    /// device's), or this device's choice is stored when it has none. Posts
    /// ``Foundation/Notification/Name/languageDidChange`` when the language changed.
    /// - Returns: What the sync did; `nil` when the manager has no ``sync``.
    @discardableResult
    public func signIn(userID: String) async -> ProfileSync.PullResult? {
        guard let sync else { return nil }
        let result = await sync.signIn(userID: userID)
        announceIfChanged()
        return result
    }

    /// Stops syncing; later choices stay on this device (a pending one is sent at the next sign-in).
    public func signOut() async {
        await sync?.signOut()
    }

    /// Pulls the profile again and applies a choice made on another device (call it when
    /// the app comes to the foreground).
    @discardableResult
    public func refresh() async -> ProfileSync.PullResult? {
        guard let sync else { return nil }
        let result = await sync.refresh()
        announceIfChanged()
        return result
    }

    /// Returns once the last choice reached the profile (or the sync stopped).
    public func settled() async {
        await sync?.settled()
    }

    // MARK: - Resources

    /// The copied `Resources` folder (Foundation on Linux already treats it as the bundle's resource folder).
    static var resources: URL {
        let base = Bundle.module.resourceURL ?? Bundle.module.bundleURL
        let nested = base.appendingPathComponent("Resources")
        return FileManager.default.fileExists(atPath: nested.path) ? nested : base
    }
}
