import Synchronization
extension Localizer {
    /// Made once: forming a key path literal on every lookup costs more than the lookup.
    /// (Key paths are immutable; `KeyPath` is only not marked `Sendable`.)
    nonisolated(unsafe) package static let languageKeyPath: KeyPath<Localizer, Language> = \.language

    /// The string for `key` in the current language, as the current ``LanguageSnapshot`` gives it.
    ///
    /// Disfavored, so a string literal is read as a ``LocalizedKey`` (the same lookup when it
    /// has no interpolation); a `String` value comes here.
    @_disfavoredOverload @inline(__always)
    public func string(_ key: String, table: String = LanguageSnapshot.defaultTable, default defaultValue: String? = nil) -> String {
        observation?.access(self, .language)
        // No retain of the snapshot: the read section keeps it alive until the lookup returns.
        return current.read { $0.string(key, table: table, default: defaultValue) }
    }

    /// ``string(_:table:default:)`` for a caller inside ``Localizer/readShared(_:)``, whose read
    /// section keeps the snapshot alive: no second section is entered.
    @inline(__always)
    func stringInSection(_ key: String, table: String = LanguageSnapshot.defaultTable) -> String {
        observation?.access(self, .language)
        return current.readInSection { $0.string(key, table: table, default: nil) }
    }

    /// The message for `key` rendered with `arguments` in the current language.
    ///
    /// Arguments are values as code holds them: `string("products.available", count)` with
    /// `count` an `Int` variable, or a `Double`, `String`, `Decimal`, `Date`, ``MessageArgument``.
    @_disfavoredOverload
    public func string<each Argument: MessageArgumentConvertible>(
        _ key: String, _ arguments: repeat each Argument, table: String = LanguageSnapshot.defaultTable,
        default defaultValue: String? = nil
    ) -> String {
        string(key, arguments: MessageArgument.array(repeat each arguments), table: table, default: defaultValue)
    }

    /// The message for `key` rendered with `arguments` in the current language.
    @_disfavoredOverload
    public func string(
        _ key: String, _ arguments: MessageArgument..., table: String = LanguageSnapshot.defaultTable,
        default defaultValue: String? = nil
    ) -> String {
        observation?.access(self, .language)
        return current.read {
            LanguageSnapshot(storage: $0).string(key, arguments: arguments, table: table, default: defaultValue)
        }
    }

    /// The message for `key` rendered with an array of arguments in the current language.
    public func string(
        _ key: String, arguments: [MessageArgument], table: String = LanguageSnapshot.defaultTable,
        default defaultValue: String? = nil
    ) -> String {
        observation?.access(self, .language)
        return current.read {
            LanguageSnapshot(storage: $0).string(key, arguments: arguments, table: table, default: defaultValue)
        }
    }

    /// The message written as code writes it, `"You have \(count) new messages"`, in the current
    /// language: the key Xcode extracts for it (`You have %lld new messages`), rendered with
    /// the interpolated values (see ``LocalizedKey``). A literal without interpolations is
    /// looked up as it is written.
    public func string(
        _ key: LocalizedKey, table: String = LanguageSnapshot.defaultTable, default defaultValue: String? = nil
    ) -> String {
        observation?.access(self, .language)
        // A literal without interpolation, the common call: the String lookup, with no snapshot made.
        if key.arguments.isEmpty { return current.read { $0.string(key.key, table: table, default: defaultValue) } }
        return current.read { LanguageSnapshot(storage: $0).string(key, table: table, default: defaultValue) }
    }

    /// The message for `key` with `{name}` placeholders filled from `values`.
    public func string(
        _ key: String, values: [String: MessageArgument], table: String = LanguageSnapshot.defaultTable,
        default defaultValue: String? = nil
    ) -> String {
        observation?.access(self, .language)
        return current.read {
            LanguageSnapshot(storage: $0).string(key, values: values, table: table, default: defaultValue)
        }
    }

    /// Missing-key reports dropped because the handler fell too far behind (more than
    /// 1,000 waiting); each dropped report was of a key never reported before.
    public var droppedMissingKeyReports: Int { reporter?.droppedCount ?? 0 }

    /// Waits until the missing-key handler has seen every report made so far.
    public func flushMissingKeyReports() {
        reporter?.flush()
    }
}

extension String {
    /// The string for this key in the shared localizer's current language, or the key
    /// itself when no catalog has it (seed 000's `"hello".localized()`).
    public func localized(table: String = LanguageSnapshot.defaultTable, localizer: Localizer? = nil) -> String {
        if let localizer { return localizer.string(self, table: table) }
        return Localizer.readShared { $0.stringInSection(self, table: table) }
    }

    /// The message for this key rendered with `arguments`, values as code holds them
    /// (`"products.available".localized(with: productCount)`).
    public func localized<each Argument: MessageArgumentConvertible>(
        with arguments: repeat each Argument, table: String = LanguageSnapshot.defaultTable, localizer: Localizer? = nil
    ) -> String {
        localized(arguments: MessageArgument.array(repeat each arguments), table: table, localizer: localizer)
    }

    /// The message for this key rendered with `arguments` (`"products.available".localized(with: .int(3))`).
    public func localized(
        with arguments: MessageArgument..., table: String = LanguageSnapshot.defaultTable, localizer: Localizer? = nil
    ) -> String {
        localized(arguments: arguments, table: table, localizer: localizer)
    }

    /// The message for this key rendered with an array of arguments.
    public func localized(
        arguments: [MessageArgument], table: String = LanguageSnapshot.defaultTable, localizer: Localizer? = nil
    ) -> String {
        if let localizer { return localizer.string(self, arguments: arguments, table: table) }
        return Localizer.readShared { $0.string(self, arguments: arguments, table: table) }
    }
}
