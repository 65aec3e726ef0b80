import Foundation
import ParlanceCore

/// A store in `UserDefaults`, under `app.selectedLanguage` unless told otherwise.
///
/// Made with its default key, on first load it migrates a value found under a legacy key
/// (`lang`, `AppLanguagePreference`, …, ``defaultLegacyKeys``) to its key and removes the
/// legacy keys, so apps that kept the choice by hand (seeds 000, 003, 004) keep their
/// users' choices. Made with a key of its own, it migrates only the legacy keys it is given:
/// an app that names its key may well use `lang` for something else.
///
/// ```swift
/// UserDefaultsPreferenceStore()                                    // app.selectedLanguage, migrates the usual keys
/// UserDefaultsPreferenceStore(key: "settings.language")            // migrates nothing
/// UserDefaultsPreferenceStore(key: "settings.language", legacyKeys: ["AppLanguagePreference"])
/// ```
public struct UserDefaultsPreferenceStore: LanguagePreferenceStore {
    /// Keys apps used before adopting Parlance, migrated by a store made with the default key.
    public static let defaultLegacyKeys = ["lang", "AppLanguagePreference", "selectedLanguage", "appLanguage", "AppLanguage"]
    /// The key a store made without one uses.
    public static let defaultKey = "app.selectedLanguage"

    public let key: String
    public let legacyKeys: [String]
    public let suiteName: String?

    /// A store under ``defaultKey``.
    /// - Parameters:
    ///   - suiteName: A defaults suite, or `nil` for the standard defaults.
    ///   - legacyKeys: Keys to migrate from, then remove.
    public init(suiteName: String? = nil, legacyKeys: [String] = defaultLegacyKeys) {
        self.init(suiteName: suiteName, key: Self.defaultKey, legacyKeys: legacyKeys)
    }

    /// A store under a key of the app's own.
    /// - Parameters:
    ///   - suiteName: A defaults suite, or `nil` for the standard defaults.
    ///   - key: Where the choice is stored.
    ///   - legacyKeys: Keys to migrate from, then remove; none unless given.
    public init(suiteName: String? = nil, key: String, legacyKeys: [String] = []) {
        self.suiteName = suiteName
        self.key = key
        self.legacyKeys = legacyKeys.filter { $0 != key }
    }

    private var defaults: UserDefaults {
        suiteName.flatMap { UserDefaults(suiteName: $0) } ?? .standard
    }

    public func load() -> String? {
        let defaults = defaults
        if let value = defaults.string(forKey: key) { return value }
        var migrated: String?
        for legacy in legacyKeys {
            if migrated == nil, let value = defaults.string(forKey: legacy), !value.isEmpty { migrated = value }
            defaults.removeObject(forKey: legacy)
        }
        if let migrated {
            defaults.set(migrated, forKey: key)
            defaults.synchronize()
        }
        return migrated
    }

    /// Stores the choice and writes it through at once: Foundation on Linux keeps
    /// unsynchronized defaults in memory and drops them when the process exits (seed 000
    /// calls `synchronize()` for the same reason).
    public func save(_ tag: String?) {
        if let tag { defaults.set(tag, forKey: key) } else { defaults.removeObject(forKey: key) }
        defaults.synchronize()
    }
}
