import Foundation
import ParlanceCore

extension LanguageSnapshot {
    /// Number, currency, date and list formatting in this snapshot's language, with dates in
    /// its ``/ParlanceCore/LanguageSnapshot/timeZone`` and ``/ParlanceCore/LanguageSnapshot/calendar``.
    public var formatter: LocaleFormatter {
        if let datesOverride {
            return LocaleFormatter(state: datesOverride.formatterSlot.object { datesOverride.dates.formatter(for: language).state })
        }
        return storage.localeFormatter
    }
}

extension Localizer {
    /// Number, currency, date and list formatting in the current language.
    public var formatter: LocaleFormatter {
        observation?.access(self, .language)
        return currentStorage.localeFormatter
    }
}

extension SnapshotStorage {
    /// Made on first use and kept in the snapshot: finding a locale's data reads ICU's
    /// tables, which a launch that shows only strings should not pay for.
    var localeFormatter: LocaleFormatter {
        LocaleFormatter(state: formatterSlot.object { dates.formatter(for: language).state })
    }
}

extension DateSettings {
    func formatter(for language: Language) -> LocaleFormatter {
        LocaleFormatter(language: language.identifier, timeZone: timeZone, calendar: calendar)
    }
}
