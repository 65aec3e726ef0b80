extension JSONReader {
    /// An error at a byte offset, with its line and column worked out now, only because it is needed.
    package func error(_ message: String, at offset: Int) -> ParseError {
        ParseError(message, at: location(of: offset))
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset.
    package func location(of offset: Int) -> SourceLocation {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        if lineStart == 0, end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            lineStart = min(3, end)
        }
        var column = 1
        // Continuation bytes (10xxxxxx) do not start a scalar.
        for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return SourceLocation(file: path, line: line, column: column)
    }

    /// What the text holds at `offset`, for "found …": `'x'`, `U+0009`, `the end of the file`.
    package func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        if byte < 0x20 || byte == 0x7F { return "the control character \(scalarName(byte))" }
        if byte < 0x80 { return "'\(Character(Unicode.Scalar(byte)))'" }
        let length = validSequenceLength(at: offset, end: bytes.count)
        if length > 0,
           let text = String(validating: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self) {
            return "'\(text)'"
        }
        return "the byte \(byteName(byte))"
    }

    /// `U+000A`, the way Unicode names a scalar.
    package func scalarName(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: 4 - digits.count) + digits
    }

    private func byteName(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count < 2 ? "0" : "") + digits
    }

    /// The member name whose opening quote is at `offset`, quoted and shortened for a message.
    package func quotedName(at offset: Int) -> String {
        var copy = self
        copy.position = offset
        guard let raw = try? copy.scanString(), let name = try? copy.string(of: raw) else { return "the member" }
        return quoted(name)
    }

    /// `"name"`, cut short when long so a message stays one readable line.
    package func quoted(_ text: String) -> String {
        let limit = 60
        if text.unicodeScalars.count <= limit { return "\"\(text)\"" }
        return "\"\(String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))))…\""
    }

    /// The error for a string whose bytes are not valid UTF-8, at the first bad byte.
    package func invalidUTF8(in raw: RawString) -> ParseError {
        var offset = raw.start
        while offset < raw.end {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\\") {
                // Escapes were checked before this runs; `\u` is six bytes, the others two.
                offset += bytes[offset + 1] == UInt8(ascii: "u") ? 6 : 2
                continue
            }
            if byte < 0x80 {
                offset += 1
                continue
            }
            let length = validSequenceLength(at: offset, end: raw.end)
            if length == 0 { break }
            offset += length
        }
        let found = offset < raw.end ? bytes[offset] : 0
        return error("expected UTF-8 text, found the invalid byte \(byteName(found)).", at: offset)
    }

    /// The length of the well-formed UTF-8 sequence at `offset` (RFC 3629), or 0 if there is none.
    private func validSequenceLength(at offset: Int, end: Int) -> Int {
        let lead = bytes[offset]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF4: length = 4; second = 0x80...0x8F
        case 0xF1...0xF3: length = 4
        default: return 0
        }
        guard offset + length <= end, second.contains(bytes[offset + 1]) else { return 0 }
        for index in offset + 2..<offset + length where bytes[index] & 0xC0 != 0x80 { return 0 }
        return length
    }
}
