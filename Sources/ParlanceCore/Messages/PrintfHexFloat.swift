/// `%a` and `%A`: a `Double` in hexadecimal, `0x1.8p+1`, written in Swift.
///
/// C libraries disagree on subnormals and on rounding to a precision, so Parlance writes
/// these itself: the leading digit is always 1 (0 for zero), and a precision rounds half to even.
enum PrintfHexFloat {
    static func format(_ value: Double, uppercase: Bool, flags: PrintfFlags, width: Int?, precision: Int?) -> String {
        let sign = flags.sign(negative: value.sign == .minus && !value.isNaN)
        guard value.isFinite else {
            let text = value.isNaN ? "nan" : "inf"
            return PrintfPadding.padded(sign + (uppercase ? text.uppercased() : text), width: width, leftAlign: flags.leftAlign)
        }
        var leading: UInt64 = 0
        var fraction: UInt64 = 0
        var exponent = 0
        if value != 0 {
            let significand = value.significand.magnitude
            leading = 1
            fraction = significand.significandBitPattern
            exponent = Int(value.exponent)
        }
        let fractionBits = Double.significandBitCount
        var digits: String
        if let precision, precision < fractionBits / 4 {
            let dropped = UInt64(fractionBits - 4 * precision)
            var kept = fraction >> dropped
            let rest = fraction & ((1 << dropped) - 1)
            let half: UInt64 = 1 << (dropped - 1)
            let lastKept = precision == 0 ? leading : kept
            if rest > half || (rest == half && lastKept & 1 == 1) { kept += 1 }
            if kept >> UInt64(4 * precision) != 0 {
                leading += 1
                kept = 0
            }
            digits = precision == 0 ? "" : hexDigits(kept, count: precision)
        } else {
            digits = hexDigits(fraction, count: fractionBits / 4)
            if let precision {
                digits += String(repeating: "0", count: precision - digits.utf8.count)
            } else {
                while digits.hasSuffix("0") { digits.removeLast() }
            }
        }
        var body = String(leading)
        if !digits.isEmpty || flags.alternate { body += "." + digits }
        body += "p" + (exponent < 0 ? "-" : "+") + String(exponent.magnitude)
        let prefix = sign + "0x"
        let text = PrintfPadding.number(
            prefix: prefix, digits: body, width: width, leftAlign: flags.leftAlign, zeroPad: flags.zero)
        return uppercase ? text.uppercased() : text
    }

    private static func hexDigits(_ value: UInt64, count: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(count - text.utf8.count, 0)) + text
    }
}
