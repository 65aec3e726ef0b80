import Foundation
import Testing
import Parlance

private let reference = Date(timeIntervalSince1970: 1_700_000_000)
private let hour: TimeInterval = 3600
private let day: TimeInterval = 86400

@Suite("Formatting relative times and lists for a language")
struct LocaleFormatterRelativeTests {
    @Test("Past and future times use the largest unit that fits", arguments: [
        ("fr", "il y a 3 jours", "dans 2 heures", "il y a 2 mois"),
        ("en", "3 days ago", "in 2 hours", "2 months ago"),
        ("it", "3 giorni fa", "tra 2 ore", "2 mesi fa"),
        ("de", "vor 3 Tagen", "in 2 Stunden", "vor 2 Monaten"),
        ("vi", "3 ngày trước", "sau 2 giờ nữa", "2 tháng trước"),
        ("ar", "قبل 3 أيام", "خلال ساعتين", "قبل شهرين"),
    ])
    func numeric(language: String, threeDaysAgo: String, inTwoHours: String, twoMonthsAgo: String) {
        let formatter = LocaleFormatter(language: language, timeZone: .gmt)
        #expect(formatter.relative(reference - 3 * day, to: reference) == threeDaysAgo)
        #expect(formatter.relative(reference + 2 * hour, to: reference) == inTwoHours)
        #expect(formatter.relative(reference - 45 * day, to: reference) == twoMonthsAgo)
    }

    @Test("Counts are rounded as Foundation rounds them")
    func rounding() {
        let english = LocaleFormatter(language: "en", timeZone: .gmt)
        #expect(english.relative(reference - 90, to: reference) == "2 minutes ago")
        #expect(english.relative(reference - 36 * hour, to: reference) == "1 day ago")
        #expect(english.relative(reference - 7 * day, to: reference) == "1 week ago")
        #expect(english.relative(reference, to: reference) == "in 0 seconds")
    }

    @Test("Named presentation uses words where the language has them", arguments: [
        ("fr", "hier", "demain", "maintenant", "avant-hier"),
        ("en", "yesterday", "tomorrow", "now", "2 days ago"),
        ("it", "ieri", "domani", "ora", "l'altro ieri"),
        ("de", "gestern", "morgen", "jetzt", "vorgestern"),
    ])
    func named(language: String, yesterday: String, tomorrow: String, now: String, twoDaysAgo: String) {
        let formatter = LocaleFormatter(language: language, timeZone: .gmt)
        #expect(formatter.relative(reference - day, to: reference, presentation: .named) == yesterday)
        #expect(formatter.relative(reference + day, to: reference, presentation: .named) == tomorrow)
        #expect(formatter.relative(reference, to: reference, presentation: .named) == now)
        #expect(formatter.relative(reference - 2 * day, to: reference, presentation: .named) == twoDaysAgo)
    }

    @Test("A date that is not finite gives an empty string instead of a made-up count")
    func notFinite() {
        let french = LocaleFormatter(language: "fr", timeZone: .gmt)
        let broken = Date(timeIntervalSinceReferenceDate: .nan)
        #expect(french.relative(broken, to: reference) == "")
        #expect(french.relative(reference, to: Date(timeIntervalSinceReferenceDate: .infinity)) == "")
    }

    @Test("Lists join items with the language's words", arguments: [
        ("fr", "A, B et C", "A, B ou C", "A et B"),
        ("en", "A, B, and C", "A, B, or C", "A and B"),
        ("it", "A, B e C", "A, B o C", "A e B"),
        ("de", "A, B und C", "A, B oder C", "A und B"),
        ("vi", "A, B và C", "A, B hoặc C", "A và B"),
        ("pt-BR", "A, B e C", "A, B ou C", "A e B"),
        ("ar", "\u{2068}A\u{2069} و\u{2068}B\u{2069} و\u{2068}C\u{2069}",
         "\u{2068}A\u{2069} أو \u{2068}B\u{2069} أو \u{2068}C\u{2069}",
         "\u{2068}A\u{2069} و\u{2068}B\u{2069}"),
    ])
    func lists(language: String, and: String, or: String, two: String) {
        let formatter = LocaleFormatter(language: language)
        #expect(formatter.list(["A", "B", "C"]) == and)
        #expect(formatter.list(["A", "B", "C"], type: .or) == or)
        #expect(formatter.list(["A", "B"]) == two)
    }

    @Test("Empty lists, single items and empty items are printed as they are")
    func oddLists() {
        let french = LocaleFormatter(language: "fr")
        #expect(french.list([]) == "")
        #expect(french.list(["Anna"], type: .or) == "Anna")
        #expect(french.list([""]) == "")
        #expect(french.list(["", ""]) == " et ")
    }
}
