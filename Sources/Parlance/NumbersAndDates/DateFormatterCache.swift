import Foundation

/// The `DateFormatter`s one ``LocaleFormatter`` has made, one per pair of styles.
///
/// A `DateFormatter` costs about 37 µs to build and is a mutable class, so it is built once
/// and used only while the lock is held. Formatting under the lock costs about 1.5 µs, so
/// contention stays short; no I/O happens inside it.
final class DateFormatterCache: Sendable {
    private struct Key: Hashable {
        var date: DateFormatter.Style
        var time: DateFormatter.Style
    }

    private let locale: Locale
    /// The calendar dates are written in, set to the formatter's time zone.
    private let calendar: Calendar
    private let formatters = Locked<[Key: DateFormatter]>([:])

    init(locale: Locale, calendar: Calendar) {
        self.locale = locale
        self.calendar = calendar
    }

    /// How many formatters are cached (at most one per pair of styles).
    var count: Int { formatters.withLock { $0.count } }

    /// `date` written with CLDR's patterns for the two styles (`.none` leaves a part out).
    func string(from date: Date, date dateStyle: DateFormatter.Style, time timeStyle: DateFormatter.Style) -> String {
        // ICU prints nothing for these anyway; skipping it keeps odd dates off the C path.
        guard date.timeIntervalSinceReferenceDate.isFinite else { return "" }
        let key = Key(date: dateStyle, time: timeStyle)
        return formatters.withLock { formatters in
            if let formatter = formatters[key] {
                return formatter.string(from: date)
            }
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            formatter.dateStyle = dateStyle
            formatter.timeStyle = timeStyle
            formatters[key] = formatter
            return formatter.string(from: date)
        }
    }
}
