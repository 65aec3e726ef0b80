extension StringsFileParser {
    /// Whether `byte` can start a string: a quote, or a character of an unquoted string.
    static func canStartString(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || isUnquotedStringCharacter(byte)
    }

    /// `[A-Za-z0-9_$/:.-]`, exactly Foundation's `isValidUnquotedStringCharacter`.
    static func isUnquotedStringCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"),
             UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    /// Reads the string at `index`, which `canStartString` accepted.
    mutating func readString() throws(ParseError) -> String {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            return try readQuotedString()
        }
        let start = index
        while index < bytes.count, Self.isUnquotedStringCharacter(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Reads a string in double or single quotes. Line breaks may appear raw; a backslash
    /// starts an escape (see `readEscape(into:)`).
    private mutating func readQuotedString() throws(ParseError) -> String {
        let open = index
        let quote = bytes[open]
        index += 1
        var runStart = index
        var unescaped: StringsUnescapedText?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                let run = bytes[runStart..<index]
                index += 1
                guard var text = unescaped else { return String(decoding: run, as: UTF8.self) }
                text.append(run)
                return finishUnescaped(text)
            }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            var text = unescaped ?? StringsUnescapedText()
            unescaped = nil  // so appending does not copy the buffer
            text.append(bytes[runStart..<index])
            index += 1
            guard index < bytes.count else { break }
            if readEscape(into: &text) {
                runStart = index
            } else {
                // The escaped character stands for itself: it starts the next run, and is
                // stepped over so that an escaped quote does not end the string.
                runStart = index
                index += 1
            }
            unescaped = text
        }
        let expected = quote == UInt8(ascii: "\"") ? "'\"'" : "\"'\""
        throw error("unterminated quoted string; expected \(expected) before the end of the file.", at: open)
    }

    private mutating func finishUnescaped(_ text: StringsUnescapedText) -> String {
        let (string, loneSurrogates) = text.finish()
        for surrogate in loneSurrogates {
            warn(
                "lone UTF-16 surrogate \\U\(surrogate.code) becomes U+FFFD; write a character outside the "
                    + "Basic Multilingual Plane as itself or as a pair such as \\UD83D\\UDE00.",
                at: surrogate.offset)
        }
        return string
    }
}
