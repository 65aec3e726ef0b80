import Foundation
import Testing
import Parlance

/// 2023-11-14 22:13:20 UTC, a Tuesday.
private let tuesdayEvening = Date(timeIntervalSince1970: 1_700_000_000)

@Suite("Formatting dates and times for a language")
struct LocaleFormatterDateTests {
    @Test("Each date style follows the language's CLDR pattern", arguments: [
        ("fr", ["14/11/2023", "14 nov. 2023", "14 novembre 2023", "mardi 14 novembre 2023"]),
        ("en", ["11/14/23", "Nov 14, 2023", "November 14, 2023", "Tuesday, November 14, 2023"]),
        ("it", ["14/11/23", "14 nov 2023", "14 novembre 2023", "martedì 14 novembre 2023"]),
        ("de", ["14.11.23", "14.11.2023", "14. November 2023", "Dienstag, 14. November 2023"]),
        ("vi", ["14/11/23", "ngày 14 thg 11, 2023", "ngày 14 tháng 11, 2023", "Thứ Ba, ngày 14 tháng 11, 2023"]),
        ("ar", ["14\u{200F}/11\u{200F}/2023", "14\u{200F}/11\u{200F}/2023", "14 نوفمبر، 2023", "الثلاثاء، 14 نوفمبر، 2023"]),
        ("pt-BR", ["14/11/2023", "14 de nov. de 2023", "14 de novembro de 2023", "terça-feira, 14 de novembro de 2023"]),
    ])
    func dateStyles(language: String, expected: [String]) {
        let formatter = LocaleFormatter(language: language, timeZone: .gmt)
        let styles: [LocaleFormatter.DateStyle] = [.short, .medium, .long, .full]
        #expect(styles.map { formatter.date(tuesdayEvening, style: $0) } == expected)
    }

    @Test("A date with a time joins them as the language does", arguments: [
        ("fr", ["14/11/2023 22:13", "14 nov. 2023 à 22:13", "14 novembre 2023 à 22:13"]),
        ("en", ["11/14/23, 10:13\u{202F}PM", "Nov 14, 2023 at 10:13\u{202F}PM", "November 14, 2023 at 10:13\u{202F}PM"]),
        ("it", ["14/11/23, 22:13", "14 nov 2023, 22:13", "14 novembre 2023 alle ore 22:13"]),
        ("de", ["14.11.23, 22:13", "14.11.2023, 22:13", "14. November 2023 um 22:13"]),
        ("vi", ["22:13 14/11/23", "22:13 ngày 14 thg 11, 2023", "lúc 22:13 ngày 14 tháng 11, 2023"]),
    ])
    func dateAndTime(language: String, expected: [String]) {
        let formatter = LocaleFormatter(language: language, timeZone: .gmt)
        let styles: [LocaleFormatter.DateStyle] = [.short, .medium, .long]
        #expect(styles.map { formatter.date(tuesdayEvening, style: $0, time: .short) } == expected)
    }

    @Test("Times alone use the language's clock", arguments: [
        ("fr", "22:13", "22:13:20"),
        ("en", "10:13\u{202F}PM", "10:13:20\u{202F}PM"),
        ("it", "22:13", "22:13:20"),
        ("de", "22:13", "22:13:20"),
        ("vi", "22:13", "22:13:20"),
        ("ar", "10:13\u{A0}م", "10:13:20\u{A0}م"),
    ])
    func times(language: String, short: String, medium: String) {
        let formatter = LocaleFormatter(language: language, timeZone: .gmt)
        #expect(formatter.time(tuesdayEvening) == short)
        #expect(formatter.time(tuesdayEvening, style: .medium) == medium)
        // Vietnamese writes the time before the date, so only containment is common to all.
        #expect(formatter.date(tuesdayEvening, style: .short, time: .medium).contains(medium))
    }

    @Test("The time zone decides the day and the hour shown")
    func timeZones() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        #expect(LocaleFormatter(language: "fr", timeZone: tokyo).date(tuesdayEvening, style: .short, time: .short) == "15/11/2023 07:13")
        #expect(LocaleFormatter(language: "fr", timeZone: paris).date(tuesdayEvening, style: .short, time: .short) == "14/11/2023 23:13")
        #expect(LocaleFormatter(language: "fr", timeZone: tokyo).timeZone == tokyo)
    }

    @Test("A date that is not finite prints as an empty string")
    func notFinite() {
        let french = LocaleFormatter(language: "fr", timeZone: .gmt)
        for interval in [Double.nan, .infinity, -.infinity] {
            let date = Date(timeIntervalSinceReferenceDate: interval)
            #expect(french.date(date, style: .full, time: .medium) == "")
            #expect(french.time(date) == "")
        }
    }

    @Test("Dates far from now still print")
    func farDates() {
        let french = LocaleFormatter(language: "fr", timeZone: .gmt)
        #expect(french.date(Date(timeIntervalSince1970: 0), style: .full, time: .medium) == "jeudi 1 janvier 1970 à 00:00:00")
        #expect(french.date(.distantFuture, style: .short) == "01/01/4001")
    }
}
