/// `%d %i %u %o %x %X` written in Swift, the same on every platform.
enum PrintfIntegers {
    /// Writes a whole number for `conversion`, which is one of `d D i u U o O x X`.
    ///
    /// Unsigned conversions of a negative number write its 64-bit two's complement,
    /// as C's `%llu` and `%llx` do; length modifiers do not narrow the value.
    static func format(
        negative: Bool, magnitude: UInt64, conversion: Character,
        flags: PrintfFlags, width: Int?, precision: Int?
    ) -> String {
        let signed = ConversionKind(conversion) == .signed
        // The common case, `%d` or `%lld` with nothing else, skips every adjustment.
        if width == nil, precision == nil, flags == PrintfFlags(""), conversion == "d" || conversion == "u" {
            if !negative { return String(magnitude) }
            if signed { return "-" + String(magnitude) }
        }
        var value = magnitude
        var isNegative = negative
        if !signed, negative {
            value = 0 &- magnitude
            isNegative = false
        }
        let radix: Int
        switch conversion.asciiValue {
        case UInt8(ascii: "o"), UInt8(ascii: "O"): radix = 8
        case UInt8(ascii: "x"), UInt8(ascii: "X"): radix = 16
        default: radix = 10
        }
        let uppercase = conversion.asciiValue == UInt8(ascii: "X")
        var digits = value == 0 && precision == 0 ? "" : String(value, radix: radix, uppercase: uppercase)
        if let precision, digits.utf8.count < precision {
            digits = String(repeating: "0", count: precision - digits.utf8.count) + digits
        }
        var prefix = signed ? flags.sign(negative: isNegative) : ""
        if flags.alternate {
            if radix == 8, !digits.hasPrefix("0") {
                digits = "0" + digits
            } else if radix == 16, value != 0 {
                prefix += uppercase ? "0X" : "0x"
            }
        }
        return PrintfPadding.number(
            prefix: prefix, digits: digits, width: width, leftAlign: flags.leftAlign,
            zeroPad: flags.zero && precision == nil)
    }
}
