#if !canImport(Darwin)
import Foundation

/// A reference to a localized string, resolved when it is shown: what Apple's
/// `LocalizedStringResource` is, for code that passes one around (App Intents, a model that
/// stores what to show rather than the text).
///
/// ```swift
/// let title: LocalizedStringResource = "Inbox (\(count))"
/// let shown = String(localized: title)     // in the language Localizer.shared shows now
/// ```
///
/// On Apple platforms this is Foundation's own type.
public struct LocalizedStringResource: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// Where the catalogs that hold the key are.
    public enum BundleDescription: @unchecked Sendable {
        // @unchecked: `AnyClass` is an immutable metatype, safe to share.
        /// The app's catalogs: `Localizer.shared`.
        case main
        /// The bundle at a URL.
        case atURL(URL)
        /// The bundle that holds a class.
        case forClass(AnyClass)
    }

    /// Builds the key and the value together, as `String.LocalizationValue` does.
    public typealias StringInterpolation = String.LocalizationValue.StringInterpolation

    /// The key as the catalog holds it.
    public let key: String
    /// The value shown when no catalog holds the key, with the interpolated values.
    public let defaultValue: String.LocalizationValue
    /// The table; `nil` is `Localizable`.
    public let table: String?
    /// Accepted as Apple's API takes it; Parlance renders in the language it shows.
    public var locale: Locale
    /// Where the catalogs are.
    public var bundle: BundleDescription { storedBundle }
    private let storedBundle: BundleDescription

    /// A resource whose key is the value as code writes it.
    public init(
        _ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
        bundle: BundleDescription = .main, comment: StaticString? = nil
    ) {
        self.init(key: keyAndValue.key, defaultValue: keyAndValue, table: table, locale: locale, bundle: bundle)
    }

    /// A resource with a key and a default value apart.
    public init(
        _ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
        bundle: BundleDescription = .main, comment: StaticString? = nil
    ) {
        self.init(key: key.description, defaultValue: defaultValue, table: table, locale: locale, bundle: bundle)
    }

    /// A resource in a bundle, such as `.module`.
    @_disfavoredOverload
    public init(
        _ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
        bundle: Bundle, comment: StaticString? = nil
    ) {
        self.init(keyAndValue, table: table, locale: locale, bundle: bundle == Bundle.main ? .main : .atURL(bundle.bundleURL), comment: comment)
    }

    /// A resource with a key and a default value apart, in a bundle such as `.module`.
    @_disfavoredOverload
    public init(
        _ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
        bundle: Bundle, comment: StaticString? = nil
    ) {
        self.init(key, defaultValue: defaultValue, table: table, locale: locale,
                  bundle: bundle == Bundle.main ? .main : .atURL(bundle.bundleURL), comment: comment)
    }

    /// A literal: the key and the value.
    public init(stringLiteral value: String) {
        self.init(String.LocalizationValue(stringLiteral: value))
    }

    /// A literal with interpolations: the key Xcode writes, and the values.
    public init(stringInterpolation: StringInterpolation) {
        self.init(String.LocalizationValue(stringInterpolation: stringInterpolation))
    }

    private init(key: String, defaultValue: String.LocalizationValue, table: String?, locale: Locale, bundle: BundleDescription) {
        self.key = key
        self.defaultValue = defaultValue
        self.table = table
        self.locale = locale
        self.storedBundle = bundle
    }

    /// The key.
    public var description: String { key }

    public static func == (lhs: LocalizedStringResource, rhs: LocalizedStringResource) -> Bool {
        guard lhs.key == rhs.key, lhs.defaultValue == rhs.defaultValue, lhs.table == rhs.table, lhs.locale == rhs.locale
        else { return false }
        switch (lhs.bundle, rhs.bundle) {
        case (.main, .main): return true
        case (.atURL(let left), .atURL(let right)): return left == right
        case (.forClass(let left), .forClass(let right)): return ObjectIdentifier(left) == ObjectIdentifier(right)
        default: return false
        }
    }
}

/// A value that says how it is shown as a ``LocalizedStringResource``; interpolating one
/// into a `String.LocalizationValue` shows it localized.
public protocol CustomLocalizedStringResourceConvertible {
    /// The resource that shows this value.
    var localizedStringResource: LocalizedStringResource { get }
}

extension LocalizedStringResource: CustomLocalizedStringResourceConvertible {
    /// Itself.
    public var localizedStringResource: LocalizedStringResource { self }
}

extension LocalizedKey.StringInterpolation {
    /// A value shown localized, as Apple's interpolation shows it: `%@` and its text in the
    /// language shown.
    public mutating func appendInterpolation(_ value: some CustomLocalizedStringResourceConvertible) {
        appendInterpolation(String(localized: value.localizedStringResource))
    }
}
#endif
