import Foundation
import Testing
import Parlance

/// Expected strings are what Foundation's CLDR data prints on Linux (Swift 6.3).
/// French groups with U+202F (narrow no-break space) and puts U+00A0 (no-break space)
/// before the currency sign; both are spelled out so a plain space never passes.
@Suite("Formatting numbers and money for a language")
struct LocaleFormatterNumberTests {
    @Suite("Currency")
    struct Currency {
        @Test("Euros, dollars and yen follow each language's pattern", arguments: [
            ("fr", "1234.5", "EUR", "1\u{202F}234,50\u{A0}€"),
            ("fr", "-1234.5", "USD", "-1\u{202F}234,50\u{A0}$US"),
            ("fr", "1234.56", "JPY", "1\u{202F}235\u{A0}JPY"),
            ("en", "1234.5", "EUR", "€1,234.50"),
            ("en", "-1234.5", "USD", "-$1,234.50"),
            ("en", "1234.56", "JPY", "¥1,235"),
            ("it", "1234.5", "EUR", "1234,50\u{A0}€"),
            ("it", "12345.5", "EUR", "12.345,50\u{A0}€"),
            ("it", "-1234.5", "USD", "-1234,50\u{A0}USD"),
            ("it", "1234.56", "JPY", "1235\u{A0}JPY"),
            ("de", "1234.5", "EUR", "1.234,50\u{A0}€"),
            ("de", "-1234.5", "USD", "-1.234,50\u{A0}$"),
            ("de", "1234.56", "JPY", "1.235\u{A0}¥"),
            ("vi", "1234.5", "EUR", "1.234,50\u{A0}€"),
            ("vi", "-1234.5", "USD", "-1.234,50\u{A0}US$"),
            ("vi", "1234.56", "JPY", "1.235\u{A0}¥"),
            ("ar", "1234.5", "EUR", "\u{200F}1,234.50\u{A0}€"),
            ("ar", "-1234.5", "USD", "\u{200F}\u{200E}-1,234.50\u{A0}US$"),
            ("ar", "1234.56", "JPY", "\u{200F}1,235\u{A0}JP¥"),
            ("pt-BR", "1234.5", "BRL", "R$\u{A0}1.234,50"),
        ])
        func currency(language: String, amount: String, code: String, expected: String) throws {
            let value = try #require(Decimal(string: amount, locale: Locale(identifier: "en_US_POSIX")))
            let formatter = LocaleFormatter(language: language, timeZone: .gmt)
            #expect(formatter.currency(value, code: code) == expected)
            #expect(formatter.currency(NSDecimalNumber(decimal: value).doubleValue, code: code) == expected)
        }

        @Test("Decimal amounts round half to even, as Foundation does on every platform")
        func rounding() {
            let french = LocaleFormatter(language: "fr", timeZone: .gmt)
            #expect(french.currency(Decimal(string: "12.345")!, code: "EUR") == "12,34\u{A0}€")
            #expect(french.currency(Decimal(string: "12.355")!, code: "EUR") == "12,36\u{A0}€")
        }

        @Test("A lower-case code is read as the currency it names")
        func lowerCaseCode() {
            #expect(LocaleFormatter(language: "fr").currency(12.5, code: "eur") == "12,50\u{A0}€")
        }

        @Test("A well-formed code Foundation does not know is printed beside the amount", arguments: [
            ("fr", "12,50\u{A0}XYZ"), ("en", "XYZ\u{A0}12.50"), ("it", "12,50\u{A0}XYZ"),
        ])
        func unknownCode(language: String, expected: String) {
            let formatter = LocaleFormatter(language: language)
            #expect(formatter.currency(12.5, code: "XYZ") == expected)
            #expect(formatter.currency(Decimal(string: "12.5")!, code: "XYZ") == expected)
        }

        @Test("A code that is not three ASCII letters still gives the amount and the code", arguments: [
            ("EURO", "12,50\u{A0}EURO"), ("", "12,50"), ("€", "12,50\u{A0}€"), ("E1R", "12,50\u{A0}E1R"), ("ÉUR", "12,50\u{A0}ÉUR"),
        ])
        func malformedCode(code: String, expected: String) {
            let french = LocaleFormatter(language: "fr")
            #expect(french.currency(12.5, code: code) == expected)
            #expect(french.currency(Decimal(string: "12.5")!, code: code) == expected)
        }

        @Test("NaN and infinity are printed, not trapped on")
        func notANumber() {
            let french = LocaleFormatter(language: "fr")
            #expect(french.currency(Double.nan, code: "EUR") == "NaN\u{A0}€")
            #expect(french.currency(-Double.infinity, code: "EUR") == "-∞\u{A0}€")
            #expect(french.currency(Decimal.nan, code: "EUR") == "NaN\u{A0}€")
            #expect(LocaleFormatter(language: "en").currency(Double.nan, code: "USD") == "$NaN")
        }
    }

    @Suite("Plain numbers")
    struct PlainNumbers {
        @Test("Decimals use the language's separators", arguments: [
            ("fr", "1\u{202F}234\u{202F}567,891", "1\u{202F}234\u{202F}567,89"),
            ("en", "1,234,567.891", "1,234,567.89"),
            ("it", "1.234.567,891", "1.234.567,89"),
            ("de", "1.234.567,891", "1.234.567,89"),
            ("vi", "1.234.567,891", "1.234.567,89"),
            ("ar", "1,234,567.891", "1,234,567.89"),
        ])
        func decimals(language: String, expected: String, twoDigits: String) {
            let formatter = LocaleFormatter(language: language)
            #expect(formatter.decimal(1_234_567.891) == expected)
            #expect(formatter.decimal(Decimal(string: "1234567.891")!) == expected)
            #expect(formatter.decimal(1_234_567.891, fractionDigits: 0...2) == twoDigits)
        }

        @Test("Fraction-digit bounds pad, cut, and are clamped to 0...38")
        func fractionDigits() {
            let french = LocaleFormatter(language: "fr")
            #expect(french.decimal(1.5, fractionDigits: 2...2) == "1,50")
            #expect(french.decimal(1.25, fractionDigits: 0...1) == "1,2")
            #expect(french.decimal(1.5, fractionDigits: -3 ... -1) == "2")
            #expect(french.decimal(Decimal(string: "1.5")!, fractionDigits: 40...500)
                == "1," + "5" + String(repeating: "0", count: 37))
        }

        @Test("Percentages take a fraction of one", arguments: [
            ("fr", "25,6\u{A0}%"), ("en", "25.6%"), ("it", "25,6%"), ("de", "25,6\u{A0}%"), ("vi", "25,6%"),
            ("ar", "25.6\u{200E}%\u{200E}"),
        ])
        func percent(language: String, expected: String) {
            #expect(LocaleFormatter(language: language).percent(0.256) == expected)
        }

        @Test("Percentages can be rounded to whole numbers")
        func wholePercent() {
            #expect(LocaleFormatter(language: "fr").percent(0.256, fractionDigits: 0...0) == "26\u{A0}%")
            #expect(LocaleFormatter(language: "en").percent(1) == "100%")
        }

        @Test("Integers group as CLDR says; Italian groups only from five digits", arguments: [
            ("fr", "1\u{202F}234", "1\u{202F}234\u{202F}567"),
            ("en", "1,234", "1,234,567"),
            ("it", "1234", "1.234.567"),
            ("de", "1.234", "1.234.567"),
            ("vi", "1.234", "1.234.567"),
            ("ar", "1,234", "1,234,567"),
        ])
        func integers(language: String, small: String, large: String) {
            let formatter = LocaleFormatter(language: language)
            #expect(formatter.integer(1234) == small)
            #expect(formatter.integer(Int64(1_234_567)) == large)
        }

        @Test("Extreme values print in full")
        func extremes() {
            let english = LocaleFormatter(language: "en")
            #expect(english.integer(Int.min) == "-9,223,372,036,854,775,808")
            #expect(english.integer(UInt8.max) == "255")
            #expect(english.decimal(Double.infinity) == "∞")
            #expect(english.decimal(Double.nan) == "NaN")
            #expect(english.percent(Double.nan) == "NaN%")
        }
    }
}
