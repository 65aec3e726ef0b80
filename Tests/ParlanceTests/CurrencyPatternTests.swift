import Foundation
import Testing
@testable import Parlance
import ParlanceTestSupport

/// The currency fast path writes exactly what Foundation writes; these compare the two over
/// every locale Foundation has and amounts chosen to hit rounding, grouping and sign cases.
@Suite("Currency patterns read off Foundation")
struct CurrencyPatternTests {
    /// Codes with 0, 2, 3 and 4 decimals, symbols before and after, and Indian grouping.
    static let codes = ["EUR", "USD", "JPY", "KWD", "INR", "CLF", "CHF", "IRR"]

    /// Amounts from a seeded generator: every magnitude below 10¹⁵, both signs, and values
    /// sitting exactly on a half at the currency's last decimal.
    static func amounts(count: Int, seed: UInt64) -> [Double] {
        var generator = SplitMix(seed: seed)
        return (0..<count).map { index in
            let magnitude = Double(generator.next() % 16)
            let mantissa = Double(generator.next() % 1_000_000) / 1_000_000
            var amount = mantissa * pow(10, magnitude)
            switch index % 4 {
            case 0: amount = (amount * 1000).rounded() / 1000 + 0.005   // on a half for two decimals
            case 1: amount = (amount * 10).rounded() / 10 + 0.05
            default: break
            }
            return index % 3 == 0 ? -amount : amount
        }
    }

    @Test("In every locale Foundation has, a derived pattern writes 200 amounts per currency as Foundation does")
    func everyLocale() async throws {
        // About 1,000 locales × 8 codes × 200 amounts: seconds of work, off the cooperative pool.
        let (derived, declined, mismatches) = try await onOwnThread { Self.compareEveryLocale(amounts: Self.amounts(count: 200, seed: 0x5eed)) }
        #expect(mismatches.isEmpty, "\(mismatches)")
        // Most locales fit the shape (8,232 of 8,272 locale-code pairs with Swift 6.3's ICU, the
        // rest keep Foundation); the counts show a change in ICU.
        #expect(derived > declined * 4, "derived \(derived), declined \(declined)")
    }

    static func compareEveryLocale(amounts: [Double]) -> (derived: Int, declined: Int, mismatches: [String]) {
        var derived = 0, declined = 0
        var mismatches: [String] = []
        for identifier in Locale.availableIdentifiers.sorted() {
            let locale = Locale(identifier: identifier)
            for code in Self.codes {
                let style = FloatingPointFormatStyle<Double>.Currency(code: code, locale: locale)
                guard let pattern = CurrencyPattern.derive(style) else {
                    declined += 1
                    continue
                }
                derived += 1
                for amount in amounts {
                    let expected = style.format(amount)
                    if let written = pattern.format(amount), written != expected, mismatches.count < 10 {
                        mismatches.append("\(identifier) \(code) \(amount): \(written.debugDescription), Foundation \(expected.debugDescription)")
                    }
                }
            }
        }
        return (derived, declined, mismatches)
    }

    @Test("The load benchmark's twenty languages each have a euro pattern", arguments: [
        "ar", "cs", "de", "en", "es", "fr", "he", "hi", "it", "ja",
        "ko", "nl", "pl", "pt-BR", "ru", "sv", "tr", "uk", "zh-Hans", "zh-Hant",
    ])
    func benchmarkLanguages(_ language: String) {
        let formatter = LocaleFormatter(language: language)
        let style = FloatingPointFormatStyle<Double>.Currency(code: "EUR", locale: formatter.locale)
        #expect(CurrencyPattern.derive(style) != nil)
    }

    @Test("Known outputs: grouping from five digits, Indian groups, Persian digits, no decimals, three decimals", arguments: [
        ("es", "EUR", 1_234.5, "1234,50\u{00A0}€"),
        ("es", "EUR", 12_345.5, "12.345,50\u{00A0}€"),
        ("hi", "INR", 1_234_567.125, "₹12,34,567.12"),
        ("fa", "IRR", 1_234_567, "\u{200E}ریال\u{00A0}۱٬۲۳۴٬۵۶۷"),
        ("ja", "JPY", 12_345.5, "¥12,346"),
        ("ar", "KWD", -0.004, "\u{200F}\u{200E}-0.004\u{00A0}د.ك.\u{200F}"),
        ("en", "EUR", 2.675, "€2.68"),
        ("en", "EUR", -0.0, "-€0.00"),
        ("fr", "EUR", 99.995, "100,00\u{00A0}€"),
    ] as [(String, String, Double, String)])
    func knownOutputs(_ language: String, _ code: String, _ amount: Double, _ expected: String) {
        let formatter = LocaleFormatter(language: language)
        let foundation = FloatingPointFormatStyle<Double>.Currency(code: code, locale: formatter.locale).format(amount)
        // The fast path and Foundation agree, and both give what a reader of the language expects.
        #expect(formatter.currency(amount, code: code) == foundation)
        #expect(formatter.currency(amount, code: code) == expected, "Foundation: \(foundation.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test("Amounts a pattern leaves to Foundation: infinities, NaN, 10¹⁵ and more")
    func leftToFoundation() throws {
        let style = FloatingPointFormatStyle<Double>.Currency(code: "EUR", locale: Locale(identifier: "fr"))
        let pattern = try #require(CurrencyPattern.derive(style))
        for amount in [Double.infinity, -.infinity, .nan, 1e15, -1e15, 1e300, .greatestFiniteMagnitude] {
            #expect(pattern.format(amount) == nil)
            #expect(LocaleFormatter(language: "fr").currency(amount, code: "EUR") == style.format(amount))
        }
        #expect(pattern.format(999_999_999_999_999) == style.format(999_999_999_999_999))
    }

    @Test("A whole number of the smallest unit is written from the integer, digit for digit as the shortest decimal gives it")
    func wholeUnits() {
        var generator = SplitMix(seed: 0xC0FFEE)
        var checked = 0, whole = 0
        for fractionDigits in 0...6 {
            let scale = pow(10, Double(fractionDigits))
            for index in 0..<40_000 {
                // Whole units of every size up to 2⁵², the same divided back, and their neighbours
                // one unit in the last place away; then amounts of every magnitude.
                let units = Double(generator.next() >> UInt64(12 + Int(generator.next() % 48)))
                let amount: Double
                switch index % 4 {
                case 0: amount = units / scale
                case 1: amount = (units / scale).nextUp
                case 2: amount = (units / scale).nextDown.magnitude
                default: amount = Double(generator.next() % 1_000_000) / 1_000_000 * pow(10, Double(generator.next() % 16))
                }
                guard amount < CurrencyPattern.largestAmount else { continue }
                let fast = CurrencyPattern.roundedDigits(amount, fractionDigits: fractionDigits)
                let general = CurrencyPattern.roundedDigitsThroughDescription(amount, fractionDigits: fractionDigits)
                #expect(fast == general, "\(amount) with \(fractionDigits) decimals")
                if fast != general { return }
                checked += 1
                if withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32, {
                    CurrencyPattern.writeWholeUnits(amount, fractionDigits: fractionDigits, into: $0) != nil
                }) { whole += 1 }
            }
        }
        // Both paths were taken: over a third of the generated amounts are whole units (most of
        // the first kind, a few of their neighbours), the rest are not.
        #expect(whole > checked / 3 && whole < checked, "\(whole) of \(checked) whole")
        // The load benchmark's amount takes the new path; 2.675 (not a whole number of cents) does not.
        let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            CurrencyPattern.writeWholeUnits(37.5, fractionDigits: 2, into: buffer).map { Array(buffer[..<$0]) }
        }
        #expect(written == [3, 7, 5, 0])
        #expect(withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { CurrencyPattern.writeWholeUnits(2.675, fractionDigits: 2, into: $0) } == nil)
    }

    @Test("Rounding the shortest decimal half to even", arguments: [
        (2.675, 2, "268"), (0.125, 2, "012"), (0.375, 2, "038"), (99.995, 2, "10000"), (0.004, 2, "000"),
        (1e-7, 2, "000"), (9e-5, 4, "00001"), (12_345.5, 0, "12346"), (12_344.5, 0, "12344"), (0.5, 0, "0"),
        (1_234_567.125, 3, "1234567125"), (7, 2, "700"), (0, 0, "0"),
    ] as [(Double, Int, String)])
    func rounding(_ amount: Double, _ fractionDigits: Int, _ expected: String) {
        let digits = CurrencyPattern.roundedDigits(amount, fractionDigits: fractionDigits)
        #expect(String(digits.map { Character(String($0)) }) == expected)
    }
}
