extension StringsFileParser {
    /// Reads the escape whose first character is at `index` (just after the backslash),
    /// exactly as Foundation's `getSlashedChar` does:
    ///
    /// * `\n` `\t` `\r` `\a` `\b` `\f` `\v`: the control characters;
    /// * `\0`…`\377`, one to three octal digits: a byte in the NeXTSTEP encoding (the value
    ///   wraps at 256, as Foundation's 8-bit arithmetic does);
    /// * `\U` and up to four hex digits: a UTF-16 code unit, so a character outside the Basic
    ///   Multilingual Plane takes two escapes (`\UD83D\UDE00`); `\U` with no digits is U+0000;
    /// * anything else, including `"`, `'`, `\`, a line break and lower-case `\u`: that
    ///   character itself.
    ///
    /// - Returns: `false` for the last kind, leaving `index` at the character so it can start
    ///   the next run of plain text.
    mutating func readEscape(into text: inout StringsUnescapedText) -> Bool {
        let escapeStart = index - 1
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = byte &- UInt8(ascii: "0")
            index += 1
            for _ in 0..<2 {
                guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) else { break }
                value = value &<< 3 &+ (bytes[index] &- UInt8(ascii: "0"))
                index += 1
            }
            text.append(NeXTSTEPLatin.scalar(for: value))
        case UInt8(ascii: "U"):
            index += 1
            var unit: UInt16 = 0
            var digits = 0
            while digits < 4, index < bytes.count, let digit = Self.hexValue(bytes[index]) {
                unit = unit << 4 | UInt16(digit)
                index += 1
                digits += 1
            }
            text.appendUTF16(unit, escapeAt: escapeStart)
        default:
            guard let control = Self.controlCharacterEscapes[byte] else { return false }
            index += 1
            text.append(control)
        }
        return true
    }

    private static let controlCharacterEscapes: [UInt8: Unicode.Scalar] = [
        UInt8(ascii: "a"): "\u{07}", UInt8(ascii: "b"): "\u{08}", UInt8(ascii: "f"): "\u{0C}",
        UInt8(ascii: "n"): "\n", UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t", UInt8(ascii: "v"): "\u{0B}",
    ]

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// The text of a quoted string that contains escapes, built as UTF-8.
///
/// `\U` escapes give UTF-16 code units, so a lead surrogate waits here for a trail surrogate
/// from the very next escape. Anything else in between leaves it lone; Foundation keeps such a
/// unit, which Swift strings cannot hold, so it becomes U+FFFD (as it does when Foundation's
/// result is bridged to `String`).
struct StringsUnescapedText {
    private var utf8: [UInt8] = []
    private var pendingLead: (unit: UInt16, offset: Int)?
    private var loneSurrogates: [(code: String, offset: Int)] = []

    mutating func append(_ run: ArraySlice<UInt8>) {
        guard !run.isEmpty else { return }
        settlePendingLead()
        utf8.append(contentsOf: run)
    }

    mutating func append(_ scalar: Unicode.Scalar) {
        settlePendingLead()
        UTF8.encode(scalar) { utf8.append($0) }
    }

    /// Appends a code unit from a `\U` escape that starts at `offset`.
    mutating func appendUTF16(_ unit: UInt16, escapeAt offset: Int) {
        if UTF16.isLeadSurrogate(unit) {
            settlePendingLead()
            pendingLead = (unit, offset)
        } else if UTF16.isTrailSurrogate(unit) {
            if let lead = pendingLead {
                pendingLead = nil
                let value = 0x10000 + (UInt32(lead.unit - 0xD800) << 10) + UInt32(unit - 0xDC00)
                append(Unicode.Scalar(value) ?? "\u{FFFD}")
            } else {
                noteLoneSurrogate(unit, at: offset)
            }
        } else {
            append(Unicode.Scalar(unit) ?? "\u{FFFD}")
        }
    }

    /// The string, and the lone surrogates that became U+FFFD.
    consuming func finish() -> (String, loneSurrogates: [(code: String, offset: Int)]) {
        settlePendingLead()
        return (String(decoding: utf8, as: UTF8.self), loneSurrogates)
    }

    private mutating func settlePendingLead() {
        guard let lead = pendingLead else { return }
        pendingLead = nil
        noteLoneSurrogate(lead.unit, at: lead.offset)
    }

    private mutating func noteLoneSurrogate(_ unit: UInt16, at offset: Int) {
        loneSurrogates.append((String(unit, radix: 16, uppercase: true), offset))
        UTF8.encode("\u{FFFD}") { utf8.append($0) }
    }
}
