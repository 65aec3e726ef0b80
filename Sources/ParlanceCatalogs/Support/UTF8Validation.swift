/// The one UTF-8 validator every reader uses (`.strings`, property lists, XLIFF and the other
/// XML formats): where the first byte that is not well-formed UTF-8 is, by the Unicode
/// Standard's table 3-7 (no overlong forms, no surrogates, nothing past U+10FFFF), so every
/// reader reports a bad byte at the same place.
@_spi(Files) public enum UTF8Validation {
    /// The offset of the first byte, at or after `start`, that begins no well-formed UTF-8
    /// sequence (a truncated sequence is reported at its first byte), or `nil` when the bytes
    /// from `start` on are all UTF-8.
    public static func firstInvalidByte(in bytes: [UInt8], from start: Int = 0) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidByte(in: $0, from: start) }
    }

    /// The same over a buffer: where the first byte at or after `start` that is not UTF-8 is.
    public static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                continue
            }
            let length: Int
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            let second = bytes[index + 1]
            switch byte {
            case 0xE0: if second < 0xA0 || second > 0xBF { return index }
            case 0xED: if second < 0x80 || second > 0x9F { return index }
            case 0xF0: if second < 0x90 || second > 0xBF { return index }
            case 0xF4: if second < 0x80 || second > 0x8F { return index }
            default: if second & 0xC0 != 0x80 { return index }
            }
            var offset = 2
            while offset < length {
                if bytes[index + offset] & 0xC0 != 0x80 { return index }
                offset += 1
            }
            index += length
        }
        return nil
    }
}
