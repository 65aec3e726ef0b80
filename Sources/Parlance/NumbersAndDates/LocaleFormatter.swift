import Foundation

/// Writes numbers, money, dates, relative times and lists the way one language writes them.
///
/// Apps that let people pick a language inside the app (rather than in Settings) cannot rely on
/// `Locale.current`: prices and dates must follow the chosen language, and the choice can change
/// while the app runs. A `LocaleFormatter` is made for one language tag and one time zone, so
/// a language switch is simply a new value (a calendar other than the locale's can be named too):
///
/// ```swift
/// let french = LocaleFormatter(language: "fr", timeZone: .gmt)
/// french.currency(1234.5, code: "EUR")   // "1 234,50 €" (U+202F and U+00A0 inside)
/// french.list(["A", "B", "C"])           // "A, B et C"
/// ```
///
/// Every output comes from the CLDR data in Foundation's ICU, on Linux and Apple platforms
/// alike; strings can change when a newer OS or toolchain ships a newer CLDR.
///
/// ## Cost and threads
/// The value is `Sendable` and cheap to make (about 1 µs) and to share. Numbers, lists and
/// relative times use Foundation's `FormatStyle` values, which are `Sendable` and whose ICU
/// formatters Foundation caches itself: 0.7–3 µs a call on Linux (relative times about 14 µs).
/// Dates need `DateFormatter`, the only API with CLDR's short/medium/long/full patterns;
/// building one costs about 37 µs, so each formatter keeps the ones it made in a cache behind
/// a `Mutex`, and a call then costs about 1.5 µs. Copies of a value share that cache.
///
/// ## Linux and Apple platforms
/// `ListFormatter` and `RelativeDateTimeFormatter` do not exist in Foundation on Linux, so
/// lists and relative times use `ListFormatStyle` and `Date.AnchoredRelativeFormatStyle`, which
/// both platforms have. What may still differ is the CLDR version: plain `ar` prints Latin
/// digits on Linux (CLDR 42 and later); pin the digits with `ar-u-nu-latn` or `ar-u-nu-arab`
/// where it matters.
///
/// ## Odd input
/// Nothing here traps: an unknown language falls back to English, an unknown currency code is
/// printed beside the amount, NaN and infinity print as CLDR spells them, and a date that is
/// not finite prints as an empty string.
public struct LocaleFormatter: Sendable {
    /// The locale every output follows, after falling back from an unknown language.
    public var locale: Locale { state.locale }
    /// The time zone dates, times and day boundaries are computed in.
    public var timeZone: TimeZone { state.timeZone }
    /// The calendar dates are written in, set to ``timeZone``: the one the formatter was
    /// made with, else the locale's own (Gregorian, Buddhist, Islamic…).
    public var calendar: Calendar { state.calendar }

    var dateFormatters: DateFormatterCache { state.dateFormatters }
    var currencyPatterns: CurrencyPatternCache { state.currencyPatterns }

    /// Everything the formatter holds, in one object: a copy (each `snapshot.formatter` of a
    /// request) retains one reference, not five.
    let state: State

    final class State: Sendable {
        let locale: Locale
        let timeZone: TimeZone
        let calendar: Calendar
        let dateFormatters: DateFormatterCache
        let currencyPatterns: CurrencyPatternCache

        init(locale: Locale, timeZone: TimeZone, calendar: Calendar) {
            self.locale = locale
            self.timeZone = timeZone
            self.calendar = calendar
            dateFormatters = DateFormatterCache(locale: locale, calendar: calendar)
            currencyPatterns = CurrencyPatternCache(locale: locale)
        }
    }

    /// The formatter whose state is `state` (a snapshot keeps the state, not the value).
    init(state: State) {
        self.state = state
    }

    /// A formatter for a BCP 47 language tag such as `"fr"`, `"pt-BR"` or `"ar-u-nu-arab"`.
    ///
    /// Tags spelled as folder names (`pt_BR`, `English`) are accepted. A tag whose language
    /// Foundation has no data for (`"xx"`, `""`, `"tlh"`) falls back to `en`: ICU's root locale
    /// would print dates as `2023 M11 14`, which no reader wants. A region Foundation has no
    /// data for with that language (`"fr-XX"`, `"fr-419"`) is dropped, because ICU would
    /// otherwise write French numbers with English separators (`12,345.5`).
    /// - Parameters:
    ///   - language: The language tag the app chose.
    ///   - timeZone: The zone dates are shown in; pass a fixed one where output must not
    ///     depend on the machine (servers, tests).
    ///   - calendar: The calendar dates are written in; `nil` takes the locale's own (a tag
    ///     can name one too: `th-u-ca-gregory`).
    public init(language: String, timeZone: TimeZone = .current, calendar: Calendar.Identifier? = nil) {
        self.init(locale: Locale(identifier: LanguageTag.canonical(language)), timeZone: timeZone, calendar: calendar)
    }

    /// A formatter for a locale the app already has, such as `Locale(identifier: "it_IT")`.
    ///
    /// - Parameters:
    ///   - locale: The locale to follow; one whose language has no data falls back to `en`,
    ///     and a region with no data for that language is dropped.
    ///   - timeZone: The zone dates are shown in.
    ///   - calendar: The calendar dates are written in; `nil` takes the locale's own.
    public init(locale: Locale, timeZone: TimeZone = .current, calendar: Calendar.Identifier? = nil) {
        let resolved = Self.resolved(locale)
        var chosen = resolved.calendar
        if let calendar, calendar != chosen.identifier {
            chosen = Calendar(identifier: calendar)
            chosen.locale = resolved
        }
        chosen.timeZone = timeZone
        state = State(locale: resolved, timeZone: timeZone, calendar: chosen)
    }
}
