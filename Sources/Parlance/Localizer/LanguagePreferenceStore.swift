import Foundation

/// Where a ``Localizer`` remembers the user's choice of language.
///
/// A store holds a language tag, or nothing when the user follows the device.
/// Parlance never writes `AppleLanguages`.
public protocol LanguagePreferenceStore: Sendable {
    /// The stored tag, exactly as stored (validated by the localizer), or `nil`.
    func load() throws -> String?
    /// Stores `tag`; `nil` removes the stored choice.
    func save(_ tag: String?) throws
}

/// A store in memory, for tests and previews.
public final class InMemoryPreferenceStore: LanguagePreferenceStore {
    private let value: Locked<String?>

    public init(_ tag: String? = nil) { value = Locked(tag) }

    public func load() -> String? { value.withLock { $0 } }
    public func save(_ tag: String?) { value.withLock { $0 = tag } }
}

/// A store in `UserDefaults`, under `app.selectedLanguage` unless told otherwise.
///
/// On first load it migrates a value found under a legacy key (`lang`,
/// `AppLanguagePreference`, …) to its key and removes the legacy keys, so apps that
/// kept the choice by hand (seeds 000, 003, 004) keep their users' choices.
public struct UserDefaultsPreferenceStore: LanguagePreferenceStore {
    /// Keys apps used before adopting Parlance.
    public static let defaultLegacyKeys = ["lang", "AppLanguagePreference", "selectedLanguage", "appLanguage", "AppLanguage"]

    public let key: String
    public let legacyKeys: [String]
    public let suiteName: String?

    /// - Parameters:
    ///   - suiteName: A defaults suite, or `nil` for the standard defaults.
    ///   - key: Where the choice is stored.
    ///   - legacyKeys: Keys to migrate from, then remove.
    public init(suiteName: String? = nil, key: String = "app.selectedLanguage", legacyKeys: [String] = defaultLegacyKeys) {
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
