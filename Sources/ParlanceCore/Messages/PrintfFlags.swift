/// The flags of one conversion, read once from ``/ParlanceCatalogs/FormatSpecifier/flags``.
struct PrintfFlags: Equatable, Sendable {
    /// `-`: pad on the right.
    var leftAlign = false
    /// `+`: always write a sign.
    var plus = false
    /// ` `: a space where a positive number has no sign.
    var space = false
    /// `#`: the alternate form (`0x`, a leading `0` in octal, a kept decimal point).
    var alternate = false
    /// `0`: pad numbers with zeros after the sign.
    var zero = false

    init(_ flags: String) {
        for flag in flags.utf8 {
            switch flag {
            case UInt8(ascii: "-"): leftAlign = true
            case UInt8(ascii: "+"): plus = true
            case UInt8(ascii: " "): space = true
            case UInt8(ascii: "#"): alternate = true
            case UInt8(ascii: "0"): zero = true
            // `'` asks for the locale's grouping, which the POSIX locale printf uses has none of.
            default: break
            }
        }
    }

    /// The sign a number gets: `-`, `+`, ` ` or none.
    func sign(negative: Bool) -> String {
        negative ? "-" : plus ? "+" : space ? " " : ""
    }
}

/// Padding to a width, counted in characters as people see them.
enum PrintfPadding {
    /// `text` padded with spaces to `width`, on the left unless `leftAlign`.
    static func padded(_ text: String, width: Int?, leftAlign: Bool) -> String {
        guard let width else { return text }
        let count = text.count
        guard count < width else { return text }
        let padding = String(repeating: " ", count: width - count)
        return leftAlign ? text + padding : padding + text
    }

    /// A number from its sign-and-prefix part and its digits, padded to `width`
    /// with zeros between the two when `zeroPad`, else with spaces.
    static func number(prefix: String, digits: String, width: Int?, leftAlign: Bool, zeroPad: Bool) -> String {
        if zeroPad, !leftAlign, let width {
            let count = prefix.utf8.count + digits.count
            if count < width {
                return prefix + String(repeating: "0", count: width - count) + digits
            }
        }
        return padded(prefix + digits, width: width, leftAlign: leftAlign)
    }
}
