/// Where the parts of a written number sit in its UTF-8 bytes: `-12.50c3`, `1.5e-07`.
///
/// Reading only finds the parts; ``PluralOperands`` turns them into operands. Nothing is
/// copied, so a long input costs one pass.
struct WrittenNumber {
    /// The digits before the decimal point (never empty).
    var integerDigits: Range<Int>
    /// The digits after the decimal point (empty when there is no point).
    var fractionDigits: Range<Int>
    /// Integer digits, point and fraction digits, without sign or exponent.
    var mantissa: Range<Int>
    /// How many places the exponent moves the decimal point right (left when negative).
    var exponent: Int
    /// Whether the exponent was written with a minus sign.
    var exponentIsNegative: Bool

    /// The largest exponent kept; larger ones count as this. 10⁸ keeps `exponent × 10 + 9`
    /// within a 32-bit `Int` while reading, and no rule looks past 5.
    static let exponentLimit = 100_000_000

    /// Reads `[+-]? digits ('.' digits)? ([cCeE] [+-]? digits)?`, or returns `nil`.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        func skipDigits() -> Range<Int> {
            let start = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return start..<index
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            index += 1
        }
        integerDigits = skipDigits()
        guard !integerDigits.isEmpty else { return nil }
        fractionDigits = index..<index
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = skipDigits()
            guard !fractionDigits.isEmpty else { return nil }
        }
        mantissa = integerDigits.lowerBound..<index
        exponent = 0
        exponentIsNegative = false
        // `c` and `e` both mark the compact exponent in CLDR's samples; any case.
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "c") || bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentIsNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let digits = skipDigits()
            guard !digits.isEmpty else { return nil }
            for position in digits {
                exponent = min(exponent * 10 + Int(bytes[position] &- UInt8(ascii: "0")), Self.exponentLimit)
            }
            if exponentIsNegative { exponent = -exponent }
        }
        guard index == bytes.count else { return nil }
    }
}
