import Synchronization
import Observation
extension Localizer {
    /// Made once: forming a key path literal on every lookup costs more than the lookup.
    /// (Key paths are immutable; `KeyPath` is only not marked `Sendable`.)
    nonisolated(unsafe) static let languageKeyPath: KeyPath<Localizer, Language> = \.language

    /// The string for `key` in the current language; see ``LanguageSnapshot/string(_:table:default:)``.
    @inline(__always)
    public func string(_ key: String, table: String = LanguageSnapshot.defaultTable, default defaultValue: String? = nil) -> String {
        registrar.access(self, keyPath: Self.languageKeyPath)
        // No retain of the snapshot: it lives as long as the localizer.
        return current.load(ordering: .acquiring)._withUnsafeGuaranteedRef {
            $0.string(key, table: table, default: defaultValue)
        }
    }

    /// The message for `key` rendered with `arguments` in the current language.
    public func string(
        _ key: String, _ arguments: MessageArgument..., table: String = LanguageSnapshot.defaultTable,
        default defaultValue: String? = nil
    ) -> String {
        registrar.access(self, keyPath: Self.languageKeyPath)
        return LanguageSnapshot(storage: currentStorage).string(key, arguments: arguments, table: table, default: defaultValue)
    }

    /// The message for `key` rendered with an array of arguments in the current language.
    public func string(
        _ key: String, arguments: [MessageArgument], table: String = LanguageSnapshot.defaultTable,
        default defaultValue: String? = nil
    ) -> String {
        registrar.access(self, keyPath: Self.languageKeyPath)
        return LanguageSnapshot(storage: currentStorage).string(key, arguments: arguments, table: table, default: defaultValue)
    }

    /// The message for `key` with `{name}` placeholders filled from `values`.
    public func string(
        _ key: String, values: [String: MessageArgument], table: String = LanguageSnapshot.defaultTable,
        default defaultValue: String? = nil
    ) -> String {
        registrar.access(self, keyPath: Self.languageKeyPath)
        return LanguageSnapshot(storage: currentStorage).string(key, values: values, table: table, default: defaultValue)
    }

    /// Waits until the missing-key handler has seen every report made so far.
    public func flushMissingKeyReports() {
        reporter?.flush()
    }
}

extension String {
    /// The string for this key in the shared localizer's current language, or the key
    /// itself when no catalog has it (seed 000's `"hello".localized()`).
    public func localized(table: String = LanguageSnapshot.defaultTable, localizer: Localizer = .shared) -> String {
        localizer.string(self, table: table)
    }

    /// The message for this key rendered with `arguments` (`"products.available".localized(with: 3)`).
    public func localized(
        with arguments: MessageArgument..., table: String = LanguageSnapshot.defaultTable, localizer: Localizer = .shared
    ) -> String {
        localizer.string(self, arguments: arguments, table: table)
    }
}
