import Foundation
import Testing
import Parlance

@Suite("Choosing the language of a formatter")
struct LocaleFormatterLanguageTests {
    @Test("A language Foundation has no data for falls back to English", arguments: [
        "xx", "", "tlh", "und", "!!garbage**", "zz-Latn", "x-private",
    ])
    func fallback(tag: String) {
        let formatter = LocaleFormatter(language: tag, timeZone: .gmt)
        #expect(formatter.locale.identifier == "en")
        #expect(formatter.currency(1234.5, code: "EUR") == "€1,234.50")
        #expect(formatter.date(Date(timeIntervalSince1970: 1_700_000_000), style: .medium) == "Nov 14, 2023")
        #expect(formatter.list(["A", "B", "C"]) == "A, B, and C")
    }

    @Test("Folder-style and legacy spellings name the same language", arguments: [
        ("pt_BR", "pt-BR"), ("pt-br", "pt-BR"), ("English", "en"), ("fr-CA", "fr-CA"), ("zh-Hant-TW", "zh-Hant-TW"),
    ])
    func spellings(tag: String, identifier: String) {
        #expect(LocaleFormatter(language: tag).locale.identifier == identifier)
    }

    @Test("A region with no data for the language is dropped, keeping the language's separators", arguments: [
        ("fr-XX", "fr", "12\u{202F}345,50\u{A0}€"),
        ("fr-419", "fr", "12\u{202F}345,50\u{A0}€"),
        ("fr-XX-u-nu-arab", "fr@numbers=arab", "\u{661}\u{662}\u{66C}\u{663}\u{664}\u{665}\u{66B}\u{665}\u{660}\u{A0}€"),
    ])
    func unknownRegion(tag: String, identifier: String, expected: String) {
        let formatter = LocaleFormatter(language: tag)
        #expect(formatter.locale.identifier == identifier)
        #expect(formatter.currency(12345.5, code: "EUR") == expected)
    }

    @Test("A region with data for the language is kept", arguments: [
        ("fr-CH", "€\u{A0}12\u{202F}345,50"), ("es-419", "EUR\u{A0}12,345.50"), ("de-AT", "€\u{A0}12.345,50"),
    ])
    func knownRegion(tag: String, expected: String) {
        #expect(LocaleFormatter(language: tag).currency(12345.5, code: "EUR") == expected)
    }

    @Test("Unicode extensions in the tag are honoured: Arabic-Indic digits on request")
    func numberingSystem() {
        #expect(LocaleFormatter(language: "ar-u-nu-arab").integer(1234) == "\u{661}\u{66C}\u{662}\u{663}\u{664}")
    }

    @Test("A locale passed in directly is used as it is")
    func fromLocale() {
        let italian = LocaleFormatter(locale: Locale(identifier: "it_IT"), timeZone: .gmt)
        #expect(italian.locale.identifier == "it_IT")
        #expect(italian.currency(99.99, code: "EUR") == "99,99\u{A0}€")
        #expect(italian.date(Date(timeIntervalSince1970: 1_732_320_000), style: .short) == "23/11/24")
    }

    @Test("One formatter used from many tasks at once gives the same strings")
    func concurrentUse() async {
        let french = LocaleFormatter(language: "fr", timeZone: .gmt)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let results = await withTaskGroup(of: Set<String>.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var seen = Set<String>()
                    for index in 0..<200 {
                        let style = LocaleFormatter.DateStyle.allCases[(task + index) % 4]
                        seen.insert(french.date(date, style: style, time: .short))
                        seen.insert(french.currency(1234.5, code: "EUR"))
                    }
                    return seen
                }
            }
            return await group.reduce(into: Set<String>()) { $0.formUnion($1) }
        }
        #expect(results == [
            "14/11/2023 22:13", "14 nov. 2023 à 22:13", "14 novembre 2023 à 22:13",
            "mardi 14 novembre 2023 à 22:13", "1\u{202F}234,50\u{A0}€",
        ])
    }
}
