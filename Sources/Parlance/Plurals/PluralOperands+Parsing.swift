import Foundation

extension PluralOperands {
    /// The operands of a number as written, so visible zeros count: `"1.0"` is not `"1"`.
    ///
    /// Accepts an optional sign, digits, an optional `.` and digits, and an optional
    /// compact exponent (`c` or `e`, then digits) that moves the decimal point right and
    /// sets ``c``: `"1.2c3"` is 1200 with `c` = 3, the way CLDR writes "1.2K". Exponents
    /// beyond 10⁸ count as 10⁸.
    ///
    /// - Parameter decimalString: ASCII digits such as `"12"`, `"-1.50"` or `"1.2c6"`.
    /// - Returns: `nil` when the text is not such a number (`""`, `"1."`, `".5"`, `"1e-3"`, `"1,5"`).
    public init?(decimalString: String) {
        var text = decimalString
        let operands = text.withUTF8 { bytes -> PluralOperands? in
            guard let number = WrittenNumber(bytes), !number.exponentIsNegative else { return nil }
            return PluralOperands(number, bytes: bytes, compact: true)
        }
        guard let operands else { return nil }
        self = operands
    }

    /// The operands of a `Double`, written the shortest way that reads back the same.
    ///
    /// A `Double` keeps no trailing zeros, so `1.0` is the whole number 1 (English "one")
    /// and `1.5` has one visible fraction digit; pass the formatted text to
    /// ``init(decimalString:)`` when the zeros shown to the reader matter.
    /// NaN and the infinities count as a huge whole number (see ``PluralOperands``).
    public init(_ value: Double) {
        let magnitude = value.magnitude
        guard magnitude.isFinite else {
            self = .unwritable
            return
        }
        if magnitude < 1e18, magnitude.rounded(.towardZero) == magnitude {
            self.init(n: magnitude, i: UInt64(magnitude), v: 0, w: 0, f: 0, t: 0, c: 0)
            return
        }
        var text = magnitude.description
        let operands = text.withUTF8 { bytes in
            WrittenNumber(bytes).map { PluralOperands($0, bytes: bytes, compact: false) }
        }
        self = operands ?? .unwritable
    }

    /// The operands of a `Decimal`, written the way its description writes it.
    ///
    /// Foundation drops trailing zeros from a `Decimal` (`Decimal(string: "1.50")` is 1.5),
    /// so pass formatted text to ``init(decimalString:)`` when the zeros matter.
    public init(_ value: Decimal) {
        if value.isNaN {
            self = .unwritable
            return
        }
        self = PluralOperands(decimalString: value.description)
            ?? PluralOperands(NSDecimalNumber(decimal: value).doubleValue)
    }

    /// Builds operands from digits whose decimal point moves `number.exponent` places right.
    private init(_ number: WrittenNumber, bytes: UnsafeBufferPointer<UInt8>, compact: Bool) {
        let digitCount = number.integerDigits.count + number.fractionDigits.count
        func digit(_ index: Int) -> UInt64 {
            guard index >= 0, index < digitCount else { return 0 }
            let integers = number.integerDigits
            let offset = index < integers.count
                ? integers.lowerBound + index
                : number.fractionDigits.lowerBound + index - integers.count
            return UInt64(bytes[offset] &- UInt8(ascii: "0"))
        }
        // Where the decimal point lands among all the digits.
        let point = number.integerDigits.count + number.exponent

        var integer = DigitAccumulator()
        // Past the written digits only zeros follow; 19 of them push any non-zero value
        // over 10¹⁸ and leave its last 18 digits zero, so more change nothing.
        for index in 0..<max(0, min(point, digitCount + 19)) {
            integer.append(digit(index))
        }

        let fractionStart = max(point, 0)
        var lastNonZero = -1
        for index in stride(from: digitCount - 1, through: fractionStart, by: -1) where digit(index) != 0 {
            lastNonZero = index
            break
        }
        var fraction = DigitAccumulator()
        var trimmed = DigitAccumulator()
        for index in fractionStart..<max(digitCount, fractionStart) {
            fraction.append(digit(index))
            if index <= lastNonZero { trimmed.append(digit(index)) }
        }
        // A point left of every digit (`1e-05`) adds leading zeros to the fraction.
        let fractionCount = max(digitCount - point, 0)
        let trimmedCount = lastNonZero < 0 ? 0 : lastNonZero + 1 - point

        var mantissa = String(decoding: UnsafeBufferPointer(rebasing: bytes[number.mantissa]), as: UTF8.self)
        if number.exponent != 0 { mantissa += "e\(number.exponent)" }
        self.init(
            n: Double(mantissa) ?? .infinity,
            i: integer.value, v: fractionCount, w: trimmedCount, f: fraction.value, t: trimmed.value,
            c: compact ? number.exponent : 0
        )
    }
}

/// A number's digits, read left to right, kept exact below 10¹⁸ and as their last 18
/// digits plus 10¹⁸ from there on.
private struct DigitAccumulator {
    private var low: UInt64 = 0
    private var overflowed = false

    mutating func append(_ digit: UInt64) {
        // low < 10¹⁸, so low × 10 + 9 < 1.9 × 10¹⁹ fits a UInt64.
        low = low * 10 + digit
        if low >= PluralOperands.exactLimit {
            overflowed = true
            low %= PluralOperands.exactLimit
        }
    }

    var value: UInt64 { overflowed ? PluralOperands.exactLimit + low : low }
}
