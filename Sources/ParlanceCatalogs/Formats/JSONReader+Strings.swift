/// A JSON string found in the text but not decoded yet, so member names a reader
/// knows can be matched without building a `String`.
package struct RawString {
    /// The offset of the opening quote.
    let open: Int
    /// The offsets of the first content byte and of the closing quote.
    package let start: Int
    package let end: Int
    /// Whether the content holds a backslash escape.
    package let hasEscapes: Bool
    /// Whether every content byte is ASCII, so it needs no UTF-8 check.
    package let isASCII: Bool
}

extension JSONReader {
    /// Finds the end of the string whose opening quote is under the cursor and moves past it.
    ///
    /// Control characters are rejected here; escapes and UTF-8 are checked when the
    /// string is decoded, which every string eventually is.
    package mutating func scanString() throws(ParseError) -> RawString {
        let open = position
        var offset = open + 1
        var hasEscapes = false
        var high: UInt8 = 0
        let count = bytes.count
        while offset < count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                position = offset + 1
                return RawString(open: open, start: open + 1, end: offset, hasEscapes: hasEscapes, isASCII: high < 0x80)
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                offset += 2
                continue
            }
            if byte < 0x20 {
                throw error(
                    "expected an escape such as \\n or \\u0000 instead of the control character \(scalarName(byte)) in a string.",
                    at: offset)
            }
            high |= byte
            offset += 1
        }
        throw error("expected '\"' to end the string, found the end of the file.", at: count)
    }

    /// Reads the string under the cursor.
    package mutating func readStringValue() throws(ParseError) -> String {
        try string(of: scanString())
    }

    /// Decodes a scanned string: unescapes it and checks it is valid UTF-8.
    package mutating func string(of raw: RawString) throws(ParseError) -> String {
        let content = UnsafeBufferPointer(rebasing: bytes[raw.start..<raw.end])
        if !raw.hasEscapes {
            if raw.isASCII { return String(decoding: content, as: UTF8.self) }
            if let text = String(validating: content, as: UTF8.self) { return text }
            throw invalidUTF8(in: raw)
        }
        try unescape(raw)
        if let text = String(validating: scratch, as: UTF8.self) { return text }
        throw invalidUTF8(in: raw)
    }

    /// Whether a scanned string is exactly `literal`, which must be ASCII.
    ///
    /// A name written with escapes (`"st\u0061te"`) is decoded first, so it matches too.
    package func matches(_ raw: RawString, _ literal: StaticString) -> Bool {
        if raw.hasEscapes {
            var copy = self
            return (try? copy.string(of: raw)) == literal.description
        }
        let count = literal.utf8CodeUnitCount
        if raw.end - raw.start != count { return false }
        let text = literal.utf8Start
        for index in 0..<count where bytes[raw.start + index] != text[index] { return false }
        return true
    }

    /// Writes the unescaped bytes of `raw` into ``scratch``.
    private mutating func unescape(_ raw: RawString) throws(ParseError) {
        scratch.removeAll(keepingCapacity: true)
        var offset = raw.start
        while offset < raw.end {
            let byte = bytes[offset]
            guard byte == UInt8(ascii: "\\") else {
                scratch.append(byte)
                offset += 1
                continue
            }
            // The scanner skipped the byte after every backslash, so it is inside the string.
            switch bytes[offset + 1] {
            case UInt8(ascii: "\""): scratch.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): scratch.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): scratch.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                offset = try unescapeUnicode(at: offset, end: raw.end)
                continue
            default:
                throw error(
                    "expected an escape such as \\n, \\\" or \\u0041 after '\\', found \(describe(at: offset + 1)).",
                    at: offset)
            }
            offset += 2
        }
    }

    /// Decodes `\uXXXX` (and the low half of a surrogate pair) at `offset`; returns the offset after it.
    private mutating func unescapeUnicode(at offset: Int, end: Int) throws(ParseError) -> Int {
        let first = try hexQuad(at: offset, end: end)
        var scalarValue = UInt32(first)
        var next = offset + 6
        switch first {
        case 0xD800...0xDBFF:
            let pairs = next + 1 < end && bytes[next] == UInt8(ascii: "\\") && bytes[next + 1] == UInt8(ascii: "u")
            let second = try pairs ? hexQuad(at: next, end: end) : 0
            guard (0xDC00...0xDFFF).contains(second) else {
                throw error(
                    "expected a low surrogate \\uDC00 to \\uDFFF after the high surrogate \(hexName(first)), found none.",
                    at: offset)
            }
            scalarValue = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
            next += 6
        case 0xDC00...0xDFFF:
            throw error(
                "expected a high surrogate \\uD800 to \\uDBFF before the low surrogate \(hexName(first)), found none.",
                at: offset)
        default:
            break
        }
        // Both branches above leave a valid scalar value.
        if let scalar = Unicode.Scalar(scalarValue) {
            UTF8.encode(scalar) { scratch.append($0) }
        }
        return next
    }

    /// The four hex digits after `\u` at `offset`.
    private func hexQuad(at offset: Int, end: Int) throws(ParseError) -> UInt16 {
        var value: UInt16 = 0
        for index in offset + 2..<offset + 6 {
            let digit: UInt8? = if index < end { hexDigit(bytes[index]) } else { nil }
            guard let digit else {
                let found = index < end ? describe(at: index) : "'\"'"
                throw error("expected four hex digits after \\u, found \(found).", at: index)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private func hexName(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
