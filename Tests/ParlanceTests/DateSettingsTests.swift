import Foundation
import Testing
@testable import Parlance

/// 2023-11-14 22:13:20 UTC: already Wednesday in Tokyo.
private let moment = Date(timeIntervalSince1970: 1_700_000_000)

/// What Foundation's own `DateFormatter` writes with the same locale, zone, calendar and styles.
private func foundation(
    _ identifier: String, zone: String, calendar: Calendar.Identifier? = nil,
    date: DateFormatter.Style, time: DateFormatter.Style = .none
) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: identifier)
    if let calendar { formatter.calendar = Calendar(identifier: calendar) }
    formatter.timeZone = TimeZone(identifier: zone)
    formatter.dateStyle = date
    formatter.timeStyle = time
    return formatter.string(from: moment)
}

@Suite("Time zones and calendars per formatter, localizer and snapshot")
struct DateSettingsTests {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    @Test("A formatter writes dates in the calendar it is given, as DateFormatter does", arguments: [
        ("en", Calendar.Identifier.buddhist), ("fr", .japanese), ("ar", .islamicUmmAlQura), ("th", .gregorian),
    ])
    func calendars(language: String, calendar: Calendar.Identifier) {
        let formatter = LocaleFormatter(language: language, timeZone: .gmt, calendar: calendar)
        #expect(formatter.calendar.identifier == calendar)
        #expect(formatter.date(moment, style: .long) == foundation(language, zone: "GMT", calendar: calendar, date: .long))
        // Relative dates count days in that calendar too.
        #expect(formatter.calendar.timeZone == .gmt)
    }

    @Test("Without a calendar, the language's own: Buddhist years in Thai")
    func ownCalendar() {
        let thai = LocaleFormatter(language: "th", timeZone: .gmt)
        #expect(thai.calendar.identifier == .buddhist)
        #expect(thai.date(moment, style: .long).contains("2566"))
        #expect(LocaleFormatter(language: "th", timeZone: .gmt, calendar: .gregorian).date(moment, style: .long).contains("2023"))
    }

    @Test("A localizer's time zone and calendar reach its formatter and every snapshot's")
    func localizerSettings() {
        let localizer = Localizer(catalogs: [], configuration: .init(
            defaultLanguage: "en", preferredLanguages: { ["en"] }, notificationCenter: nil,
            timeZone: Self.tokyo, calendar: .japanese))
        #expect(localizer.formatter.timeZone == Self.tokyo)
        #expect(localizer.formatter.calendar.identifier == .japanese)
        #expect(localizer.formatter.date(moment, style: .full)
            == foundation("en", zone: "Asia/Tokyo", calendar: .japanese, date: .full))
        let snapshot = localizer.snapshot(for: "en")
        #expect(snapshot.timeZone == Self.tokyo)
        #expect(snapshot.calendar == .japanese)
        #expect(snapshot.formatter.time(moment) == foundation("en", zone: "Asia/Tokyo", date: .none, time: .short))
        // The default follows the device's zone.
        #expect(Localizer.Configuration().timeZone == .autoupdatingCurrent)
        #expect(Localizer.Configuration().calendar == nil)
    }

    @Test("A snapshot shown in another zone keeps its strings; the original keeps its zone")
    func snapshotOverride() {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
        var entry = CatalogEntry()
        entry["en"] = .string("Shipped")
        catalog["shipped"] = entry
        let localizer = Localizer(catalogs: [catalog], configuration: .init(
            defaultLanguage: "en", preferredLanguages: { ["en"] }, notificationCenter: nil, timeZone: .gmt))
        let snapshot = localizer.snapshot(for: "en")
        let inNewYork = snapshot.formatting(timeZone: Self.newYork)
        #expect(inNewYork.string("shipped") == "Shipped")
        #expect(inNewYork.language == snapshot.language)
        #expect(inNewYork.timeZone == Self.newYork)
        #expect(inNewYork.calendar == nil)
        #expect(inNewYork.formatter.date(moment, style: .medium, time: .short)
            == foundation("en", zone: "America/New_York", date: .medium, time: .short))
        #expect(snapshot.formatter.date(moment, style: .medium, time: .short)
            == foundation("en", zone: "GMT", date: .medium, time: .short))
        #expect(localizer.formatter.timeZone == .gmt)
        // Copies share the formatter made at first use (and its DateFormatter cache).
        let copy = inNewYork
        #expect(copy.formatter.dateFormatters === inNewYork.formatter.dateFormatters)
        let buddhist = snapshot.formatting(timeZone: .gmt, calendar: .buddhist)
        #expect(buddhist.formatter.date(moment, style: .long) == foundation("en", zone: "GMT", calendar: .buddhist, date: .long))
    }
}
