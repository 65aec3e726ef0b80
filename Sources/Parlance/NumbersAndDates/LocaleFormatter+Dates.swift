import Foundation

extension LocaleFormatter {
    /// How much of a date to write, from CLDR's four date patterns.
    public enum DateStyle: Sendable, Hashable, CaseIterable {
        /// Digits only: `14/11/2023` (fr), `11/14/23` (en).
        case short
        /// An abbreviated month: `14 nov. 2023` (fr), `Nov 14, 2023` (en).
        case medium
        /// The month in full: `14 novembre 2023` (fr), `November 14, 2023` (en).
        case long
        /// With the weekday: `mardi 14 novembre 2023` (fr).
        case full

        var foundationStyle: DateFormatter.Style {
            switch self {
            case .short: .short
            case .medium: .medium
            case .long: .long
            case .full: .full
            }
        }
    }

    /// How much of a time to write.
    public enum TimeStyle: Sendable, Hashable, CaseIterable {
        /// Hours and minutes: `22:13` (fr), `10:13 PM` (en).
        case short
        /// With seconds: `22:13:20` (fr), `10:13:20 PM` (en).
        case medium

        var foundationStyle: DateFormatter.Style {
            switch self {
            case .short: .short
            case .medium: .medium
            }
        }
    }

    /// A date, and optionally its time, with the patterns the language uses for each style.
    ///
    /// The patterns are `DateFormatter`'s, so the output is what an Apple app using
    /// `DateFormatter` with the same styles prints, not the skeleton-based output of
    /// `Date.FormatStyle` (German `.medium` is `14.11.2023` here, `14. Nov. 2023` there).
    /// The date is shown in ``timeZone``. A date that is not finite prints as `""`.
    /// - Parameters:
    ///   - date: The moment to show.
    ///   - style: How much of the date to write.
    ///   - time: How much of the time to write; `nil` leaves it out.
    public func date(_ date: Date, style: DateStyle = .medium, time: TimeStyle? = nil) -> String {
        dateFormatters.string(from: date, date: style.foundationStyle, time: time?.foundationStyle ?? .none)
    }

    /// The time of day alone: `22:13` (fr), `10:13 PM` (en), in ``timeZone``.
    ///
    /// English times put U+202F (narrow no-break space) before `AM`/`PM`, as CLDR 42 and
    /// later do; compare with that character, not a plain space.
    public func time(_ date: Date, style: TimeStyle = .short) -> String {
        dateFormatters.string(from: date, date: .none, time: style.foundationStyle)
    }
}
