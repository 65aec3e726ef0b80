#if !canImport(Darwin)
import Foundation

extension String {
    /// A key and its value as code writes them, with interpolated values: Parlance's
    /// ``/ParlanceCore/LocalizedKey``, which builds the key Xcode's compiler builds.
    ///
    /// On Apple platforms this is Foundation's own `String.LocalizationValue`.
    public typealias LocalizationValue = LocalizedKey

    /// The string for a key written as code writes it, in the language `Localizer.shared`
    /// shows: `String(localized: "You have \(count) new messages")`.
    ///
    /// - Parameters:
    ///   - keyAndValue: The key, with its interpolated values; it is also the value shown
    ///     when no catalog holds the key.
    ///   - table: The table; `nil` or empty is `Localizable`.
    ///   - bundle: The bundle whose catalogs hold the key, such as `.module`; `nil` or the
    ///     main bundle reads the app's catalogs through `Localizer.shared`.
    ///   - locale: Accepted as Apple's API takes it. Values are rendered in the language
    ///     shown, which is the language `Localizer.shared` shows.
    ///   - comment: For translators; `parlance extract` writes it into the catalog.
    public init(
        localized keyAndValue: String.LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
        locale: Locale = .current, comment: StaticString? = nil
    ) {
        self = AppleLocalization.string(key: keyAndValue.key, defaultValue: keyAndValue, table: table, bundle: bundle)
    }

    /// The string for `key`, with `defaultValue` shown (and its interpolated values used)
    /// when no catalog holds the key: `String(localized: "inbox.title", defaultValue: "You have \(count) new messages")`.
    ///
    /// - Parameters:
    ///   - key: The key as it stands in the catalog.
    ///   - defaultValue: The source language's value, with its interpolated values; the
    ///     values render whichever text is found.
    ///   - table: The table; `nil` or empty is `Localizable`.
    ///   - bundle: The bundle whose catalogs hold the key; `nil` or the main bundle reads
    ///     `Localizer.shared`.
    ///   - locale: Accepted as Apple's API takes it.
    ///   - comment: For translators.
    public init(
        localized key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
        locale: Locale = .current, comment: StaticString? = nil
    ) {
        self = AppleLocalization.string(key: key.description, defaultValue: defaultValue, table: table, bundle: bundle)
    }

    /// The string a ``LocalizedStringResource`` describes, in the language `Localizer.shared` shows.
    ///
    /// Disfavored, as a literal must read as a `LocalizationValue` when both would do.
    @_disfavoredOverload
    public init(localized resource: LocalizedStringResource) {
        self = AppleLocalization.string(
            key: resource.key, defaultValue: resource.defaultValue, table: resource.table,
            bundle: AppleLocalization.bundle(resource.bundle))
    }
}
#endif
