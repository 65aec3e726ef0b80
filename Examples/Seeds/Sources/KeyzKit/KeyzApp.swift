import Foundation
import Parlance

/// Seed 000, **Keyz**: `"hello".localized()` shows the language the user chose, the choice
/// is remembered in `UserDefaults` under `lang`, `en` is used when nothing is stored, and a
/// key with no translation shows the original string.
///
/// The seed did this by hand: `String.localized()` read `lang` from `UserDefaults` on every
/// call, loaded `<lang>.lproj` as a `Bundle` and called `NSLocalizedString` on it, and
/// `Bundle.setLanguage(_:)` wrote `lang` and called `synchronize()` on the main actor.
/// With Parlance the app builds one ``Localizer`` over its `.lproj` tables, remembers the
/// choice with a `UserDefaultsPreferenceStore` keyed `lang`, and installs it as
/// `Localizer.shared`, which Parlance's own `"hello".localized()` reads. Switching is one
/// assignment, safe from any thread (no `@MainActor`, no `synchronize()`), and the next
/// lookup everywhere sees it. A key missing from the chosen language falls back to English
/// before falling back to the key itself.
public final class KeyzApp: Sendable {
    /// Where the seed kept the choice, and still does.
    public static let languageKey = "lang"

    public let localizer: Localizer

    /// Starts the app: reads the stored choice and makes this app's localizer the one
    /// `"key".localized()` uses.
    /// - Parameter suiteName: The defaults suite; `nil` for the standard defaults (tests pass their own).
    public init(suiteName: String? = nil) throws {
        localizer = try Localizer(resourcesAt: Self.resources, configuration: .init(
            defaultLanguage: "en",
            preferenceStore: UserDefaultsPreferenceStore(suiteName: suiteName, key: Self.languageKey),
            // The seed ignores the device: with nothing stored it shows English.
            preferredLanguages: { [] }))
        Localizer.shared = localizer
    }

    /// The language shown now, as the seed stored it ("en", "fr").
    public var language: String { localizer.language.identifier }

    /// The languages the app's `.lproj` folders hold.
    public var availableLanguages: [String] { localizer.availableLanguages.map(\.identifier).sorted() }

    /// The seed's `Bundle.setLanguage(_:)`: stores `code` under `lang` and switches at once.
    /// A malformed tag is ignored.
    public func setLanguage(_ code: String) {
        guard let language = Language(code) else { return }
        localizer.selection = .language(language)
    }

    /// The property screen's labels, as the seed's views read them.
    public func propertyDetailScreen() -> [String] {
        ["hello", "property.details", "property.rent", "contact.owner", "badge.new", "banner.promo"].map { $0.localized() }
    }

    /// The copied `Resources` folder (Foundation on Linux already treats it as the bundle's resource folder).
    static var resources: URL {
        let base = Bundle.module.resourceURL ?? Bundle.module.bundleURL
        let nested = base.appendingPathComponent("Resources")
        return FileManager.default.fileExists(atPath: nested.path) ? nested : base
    }
}

extension Bundle {
    /// The seed's `Bundle.setLanguage(_:)`, kept for call sites: switches `Localizer.shared`
    /// (which remembers the choice under `lang`). It needs no `@MainActor` and no `await`.
    public static func setLanguage(_ code: String) {
        guard let language = Language(code) else { return }
        Localizer.shared.selection = .language(language)
    }
}
