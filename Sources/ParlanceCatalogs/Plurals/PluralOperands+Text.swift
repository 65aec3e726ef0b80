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

    /// Builds operands from digits whose decimal point moves `number.exponent` places right.
    ///
    /// - Parameter n: The value when the caller knows it exactly (a `Double`'s own digits).
    init(_ number: WrittenNumber, bytes: UnsafeBufferPointer<UInt8>, compact: Bool, n: Double? = nil) {
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
        var significand = SignificandAccumulator()
        for index in 0..<digitCount { significand.append(digit(index)) }
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

        self.init(
            n: n ?? significand.value(timesPowerOfTen: point - digitCount)
                ?? Self.parsedValue(number, bytes: bytes),
            i: integer.value, v: fractionCount, w: trimmedCount, f: fraction.value, t: trimmed.value,
            c: compact ? number.exponent : 0
        )
    }
}

extension PluralOperands {
    /// The value of a written number by the C library's correctly rounded reading; the slow path.
    private static func parsedValue(_ number: WrittenNumber, bytes: UnsafeBufferPointer<UInt8>) -> Double {
        var mantissa = String(decoding: UnsafeBufferPointer(rebasing: bytes[number.mantissa]), as: UTF8.self)
        if number.exponent != 0 { mantissa += "e\(number.exponent)" }
        return Double(mantissa) ?? .infinity
    }
}

/// All the digits of a number as one integer while it stays below 2⁵³, where a `Double`
/// holds it exactly.
private struct SignificandAccumulator {
    private var digits: UInt64 = 0
    private var exact = true

    mutating func append(_ digit: UInt64) {
        guard exact else { return }
        digits = digits * 10 + digit
        exact = digits <= 1 << 53
    }

    /// `digits × 10^power`, correctly rounded, when one exact multiplication or division
    /// gives it (Clinger's fast path: the digits and 10^|power| are both exact `Double`s).
    func value(timesPowerOfTen power: Int) -> Double? {
        guard exact, (-22...22).contains(power) else { return nil }
        var scale = 1.0
        for _ in 0..<power.magnitude { scale *= 10 }
        return power < 0 ? Double(digits) / scale : Double(digits) * scale
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
