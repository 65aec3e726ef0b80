import Observation
/// How a lookup resolved, for `parlance lookup --explain` and for debugging.
public struct LookupExplanation: Hashable, Sendable {
    /// Where the value came from.
    public enum Source: Hashable, Sendable {
        /// The catalogs of this language held the key.
        case language(Language)
        /// No catalog held the key: the default or the key itself is shown.
        case key
    }

    /// The languages tried, in order.
    public var chain: [Language]
    public var source: Source
}

extension LanguageSnapshot {
    /// Which language of the fallback chain supplies `key`.
    public func explain(_ key: String, table: String = defaultTable) -> LookupExplanation {
        let source: LookupExplanation.Source = switch storage.value(key, table: table) {
        case .plain?: .language(language)
        case .rich(let message)?: .language(message.language)
        case nil: .key
        }
        return LookupExplanation(chain: fallbackChain, source: source)
    }

    /// Number, currency, date and list formatting in this snapshot's language.
    public var formatter: LocaleFormatter { storage.localeFormatter }
}

extension Localizer {
    /// Number, currency, date and list formatting in the current language.
    public var formatter: LocaleFormatter {
        registrar.access(self, keyPath: Self.languageKeyPath)
        return currentStorage.localeFormatter
    }
}
