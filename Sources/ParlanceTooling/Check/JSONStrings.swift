/// JSON string scanning shared by the String Catalog and key manifest scans.
enum JSONStrings {
    /// The offset just past the closing quote of the string opening at `start`.
    static func end(of bytes: [UInt8], openingQuoteAt start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }

    /// The text of the string between `start` (its opening quote) and `end` (past its
    /// closing quote), with JSON escapes resolved.
    static func decode(_ bytes: [UInt8], from start: Int, to end: Int) -> String {
        let contentEnd = max(start + 1, min(end - 1, bytes.count))
        let content = bytes[min(start + 1, contentEnd)..<contentEnd]
        guard content.contains(UInt8(ascii: "\\")) else { return String(decoding: content, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var plain: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: plain, as: UTF8.self).unicodeScalars)
            plain.removeAll(keepingCapacity: true)
        }
        var index = content.startIndex
        while index < content.endIndex {
            let byte = content[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < content.endIndex else {
                plain.append(byte)
                index += 1
                continue
            }
            let escaped = content[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "n"): plain.append(0x0A)
            case UInt8(ascii: "t"): plain.append(0x09)
            case UInt8(ascii: "r"): plain.append(0x0D)
            case UInt8(ascii: "b"): plain.append(0x08)
            case UInt8(ascii: "f"): plain.append(0x0C)
            case UInt8(ascii: "u"):
                guard let unit = hexValue(content, at: index) else { continue }
                index += 4
                var value = unit
                if (0xD800..<0xDC00).contains(unit), index + 5 < content.endIndex,
                   content[index] == UInt8(ascii: "\\"), content[index + 1] == UInt8(ascii: "u"),
                   let low = hexValue(content, at: index + 2), (0xDC00..<0xE000).contains(low) {
                    value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                flush()
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            default: plain.append(escaped)
            }
        }
        flush()
        return String(scalars)
    }

    private static func hexValue(_ bytes: ArraySlice<UInt8>, at start: Int) -> UInt32? {
        guard start + 4 <= bytes.endIndex else { return nil }
        var value: UInt32 = 0
        for byte in bytes[start..<start + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value * 16 + UInt32(digit)
        }
        return value
    }
}
