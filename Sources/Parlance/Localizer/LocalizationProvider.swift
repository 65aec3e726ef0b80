
/// The bridge through which a component library asks for strings that the app translates
/// (seed 002): the library names keys, the app supplies the words.
///
/// ```swift
/// // In the app, at start-up (optional: by default keys resolve through Localizer.shared):
/// LocalizationProvider.configure { key in myLocalizer.string(key) }
///
/// // In the component library:
/// totalOddsLabel.text = LocalizationProvider.string("total_odds")
/// loadMore.text = LocalizationProvider.string("load_more_count", values: ["count": 5])
/// ```
///
/// A key nothing provides comes back as the key itself, so a missing translation is
/// visible but never fatal. A library declares the keys it needs in a ``KeyManifest``,
/// and the app checks its catalogs cover them with ``Localizer/missingKeys(of:)``.
public enum LocalizationProvider {
    private static let provider = Locked<(@Sendable (String) -> String?)?>(nil)

    /// Routes every key through `provide`; a `nil` answer means the key is missing.
    public static func configure(_ provide: @escaping @Sendable (String) -> String?) {
        provider.withLock { $0 = provide }
    }

    /// Routes every key through `localizer` (a key it lacks comes back as the key).
    public static func configure(with localizer: Localizer) {
        configure { key in localizer.currentSnapshot.contains(key) ? localizer.string(key) : nil }
    }

    /// Forgets the configured provider: keys resolve through ``Localizer/shared`` again.
    public static func reset() {
        provider.withLock { $0 = nil }
    }

    /// The app's string for `key`, or the key when nothing provides one.
    public static func string(_ key: String) -> String {
        if let provide = provider.withLock({ $0 }) {
            return provide(key) ?? key
        }
        return Localizer.shared.string(key)
    }

    /// The app's string for `key` with `{name}` placeholders filled from `values`.
    public static func string(_ key: String, values: [String: MessageArgument]) -> String {
        let template = string(key)
        return MessageFormatter(language: Localizer.shared.language.identifier).format(named: template, values).string
    }
}
