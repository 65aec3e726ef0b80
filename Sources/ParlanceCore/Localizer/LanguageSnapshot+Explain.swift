#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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

    /// The zone the snapshot's `formatter` (the `Parlance` module's) shows dates in: the localizer's
    /// (``Localizer/Configuration/timeZone``) unless ``formatting(timeZone:calendar:)`` gave another.
    public var timeZone: TimeZone { (datesOverride?.dates ?? storage.dates).timeZone }

    /// The calendar the snapshot's `formatter` writes dates in, or `nil` for the language's own.
    public var calendar: Calendar.Identifier? { (datesOverride?.dates ?? storage.dates).calendar }

    /// The same snapshot, its strings unchanged, with dates shown in `timeZone` and written in
    /// `calendar`: a server answers each request in the user's zone.
    ///
    /// ```swift
    /// let strings = localizer.snapshot(acceptLanguage: header)
    ///     .formatting(timeZone: TimeZone(identifier: user.timeZone) ?? .gmt)
    /// strings.formatter.date(order.shippedAt, style: .long, time: .short)
    /// ```
    /// - Parameters:
    ///   - timeZone: The zone dates are shown in.
    ///   - calendar: The calendar dates are written in; `nil` takes the language's own.
    public func formatting(timeZone: TimeZone, calendar: Calendar.Identifier? = nil) -> LanguageSnapshot {
        LanguageSnapshot(storage: storage, datesOverride: DatesOverride(DateSettings(timeZone: timeZone, calendar: calendar)))
    }
}
