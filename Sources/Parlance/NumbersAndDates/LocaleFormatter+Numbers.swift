import Foundation

extension LocaleFormatter {
    /// Money as the language writes it: `"1 234,50 €"` in French, `"€1,234.50"` in English.
    ///
    /// The number of decimals is the currency's own (two for EUR, none for JPY), rounded half
    /// to even as Foundation does everywhere (`12.345` → `12,34`). A well-formed code Foundation
    /// does not know (`"XYZ"`) is printed as it is: `"12,50 XYZ"`. A code that is not three
    /// ASCII letters (`""`, `"EURO"`) is not a currency at all, and ICU would drop both the
    /// separators and the code; such an amount is written as a number with two decimals,
    /// followed by a no-break space and the code as given.
    /// - Parameters:
    ///   - amount: The amount, exact to the cent.
    ///   - code: An ISO 4217 code such as `"EUR"`; lower case is accepted.
    public func currency(_ amount: Decimal, code: String) -> String {
        guard let isoCode = Self.isoCurrencyCode(code) else {
            return decimal(amount, fractionDigits: 2...2) + Self.suffix(forCode: code)
        }
        return Decimal.FormatStyle.Currency(code: isoCode, locale: locale).format(amount)
    }

    /// Money from a `Double`, for amounts that are already floating point.
    ///
    /// Prefer the `Decimal` form for prices: `0.1 + 0.2` as a `Double` is not `0.3`.
    /// NaN prints as `"NaN €"` and infinity as `"∞ €"` in French.
    ///
    /// The output is Foundation's, character for character. After the first amount in a
    /// currency, the formatter writes amounts below 10¹⁵ itself, from a pattern it read off
    /// Foundation's output and checked against it: 150 ns a call against 967 ns through
    /// `FloatingPointFormatStyle.Currency` on the benchmark machine (2026-11-28, docs/PERFORMANCE.md).
    /// Each formatter keeps patterns for at most 32 currencies.
    public func currency(_ amount: Double, code: String) -> String {
        guard let isoCode = Self.isoCurrencyCode(code) else {
            return decimal(amount, fractionDigits: 2...2) + Self.suffix(forCode: code)
        }
        return currencyPatterns.format(amount, isoCode: isoCode)
    }

    /// A number with the language's separators: `"1 234 567,891"` in French.
    ///
    /// - Parameters:
    ///   - value: The number.
    ///   - fractionDigits: The fewest and most decimals to show; `nil` keeps Foundation's
    ///     default (up to six for a `Double`). Bounds are clamped to `0...38`, the most a
    ///     `Decimal` holds, so an odd range never reaches ICU.
    public func decimal(_ value: Double, fractionDigits: ClosedRange<Int>? = nil) -> String {
        var style = FloatingPointFormatStyle<Double>(locale: locale)
        if let range = Self.clamped(fractionDigits) {
            style = style.precision(.fractionLength(range))
        }
        return style.format(value)
    }

    /// A `Decimal` with the language's separators, exact to its last digit.
    public func decimal(_ value: Decimal, fractionDigits: ClosedRange<Int>? = nil) -> String {
        var style = Decimal.FormatStyle(locale: locale)
        if let range = Self.clamped(fractionDigits) {
            style = style.precision(.fractionLength(range))
        }
        return style.format(value)
    }

    /// A fraction as a percentage: `0.256` prints `"25,6 %"` in French and `"25.6%"` in English.
    ///
    /// - Parameters:
    ///   - fraction: The share of a whole; `1` is 100 %.
    ///   - fractionDigits: The fewest and most decimals of the percentage, clamped to `0...38`.
    public func percent(_ fraction: Double, fractionDigits: ClosedRange<Int>? = nil) -> String {
        var style = FloatingPointFormatStyle<Double>.Percent(locale: locale)
        if let range = Self.clamped(fractionDigits) {
            style = style.precision(.fractionLength(range))
        }
        return style.format(fraction)
    }

    /// A whole number with the language's grouping: `"1 234"` in French, `"1234"` in Italian,
    /// whose CLDR data groups only from five digits on.
    public func integer<Value: BinaryInteger>(_ value: Value) -> String {
        IntegerFormatStyle<Value>(locale: locale).format(value)
    }

    /// The upper-case code when `code` is three ASCII letters, the only shape ICU accepts.
    static func isoCurrencyCode(_ code: String) -> String? {
        let bytes = code.utf8
        guard bytes.count == 3 else { return nil }
        var upper = true
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): break
            case UInt8(ascii: "a")...UInt8(ascii: "z"): upper = false
            default: return nil
            }
        }
        return upper ? code : code.uppercased()
    }

    private static func suffix(forCode code: String) -> String {
        code.isEmpty ? "" : "\u{00A0}" + code
    }

    private static func clamped(_ range: ClosedRange<Int>?) -> ClosedRange<Int>? {
        guard let range else { return nil }
        let lower = min(max(range.lowerBound, 0), 38)
        let upper = min(max(range.upperBound, lower), 38)
        return lower...upper
    }
}
