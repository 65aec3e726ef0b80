import Foundation

extension LocaleFormatter {
    /// Whether relative times use words such as "yesterday" where the language has them.
    public enum RelativePresentation: Sendable, Hashable, CaseIterable {
        /// Always a count: `il y a 1 jour`, `in 0 seconds`.
        case numeric
        /// Words where CLDR has them: `hier`, `now`, `avant-hier`; a count otherwise.
        case named
    }

    /// How far `date` is from `reference`, in the largest unit that fits: `"il y a 3 jours"`,
    /// `"in 2 hours"`.
    ///
    /// `RelativeDateTimeFormatter` does not exist in Foundation on Linux, so this uses
    /// `Date.AnchoredRelativeFormatStyle`, which both platforms have and which never reads the
    /// clock: the same two dates always give the same text. Counts are rounded the way Foundation
    /// rounds them (90 seconds is "2 minutes", 36 hours is "1 day"). Days are counted in
    /// ``calendar``, so ``timeZone`` decides where "yesterday" starts. If either date is not
    /// finite the result is `""`: Foundation would otherwise print a count of some
    /// hundred thousand years.
    /// - Parameters:
    ///   - date: The moment being described.
    ///   - reference: The moment it is seen from, usually now.
    ///   - presentation: Counts only, or words such as "yesterday" where they exist.
    public func relative(_ date: Date, to reference: Date, presentation: RelativePresentation = .numeric) -> String {
        guard date.timeIntervalSinceReferenceDate.isFinite, reference.timeIntervalSinceReferenceDate.isFinite else {
            return ""
        }
        // The anchored style describes its anchor as seen from the value it formats.
        let style = Date.AnchoredRelativeFormatStyle(
            anchor: date,
            presentation: presentation == .named ? .named : .numeric,
            unitsStyle: .wide,
            locale: locale,
            calendar: calendar
        )
        return style.format(reference)
    }
}
