/// Reads XML property lists (`.stringsdict`, XML `.strings`) into located nodes.
///
/// Only what property lists use is accepted: the XML declaration, a DOCTYPE,
/// comments, CDATA, the five predefined entities and character references.
/// External entities are never resolved, nesting is bounded, and every error
/// names the line and column where reading stopped.
struct XMLPropertyListReader {
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private let lines: LineIndex
    private var position = 0
    private var depth = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.lines = LineIndex(bytes: bytes, file: file)
    }

    /// Reads the single value inside `<plist>` (or a bare top-level value).
    static func read(_ bytes: [UInt8], file: String) throws(ParseError) -> PropertyListNode {
        var reader = XMLPropertyListReader(bytes: bytes, file: file)
        return try reader.readDocument()
    }

    private mutating func readDocument() throws(ParseError) -> PropertyListNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        try validateUTF8()
        try skipMisc()
        guard position < bytes.count else { throw error("expected a property list, found the end of the file.") }
        let start = position
        let tag = try readStartTag()
        let node: PropertyListNode
        if tag.name == "plist" {
            if tag.selfClosing { throw error("expected a value inside '<plist>'.", at: start) }
            try skipMisc()
            node = try readValue()
            try skipMisc()
            try readEndTag("plist")
        } else {
            node = try readValue(startingWith: tag, at: start)
        }
        try skipMisc()
        if position < bytes.count { throw error("expected the end of the file after the property list.") }
        return node
    }

    // MARK: Values

    private mutating func readValue() throws(ParseError) -> PropertyListNode {
        let start = position
        guard peek(is: "<") else { throw error("expected a property list value such as '<string>' or '<dict>'.") }
        let tag = try readStartTag()
        return try readValue(startingWith: tag, at: start)
    }

    private mutating func readValue(startingWith tag: StartTag, at start: Int) throws(ParseError) -> PropertyListNode {
        let location = lines.location(ofByte: start)
        switch tag.name {
        case "string", "integer", "real", "date", "data":
            let text = tag.selfClosing ? "" : try readText(closing: tag.name)
            let value: PropertyListNode.Value = switch tag.name {
            case "string": .string(text)
            case "integer": .integer(text.trimmingWhitespace())
            case "real": .real(text.trimmingWhitespace())
            case "date": .date(text.trimmingWhitespace())
            default: .data(text)
            }
            return PropertyListNode(value: value, location: location)
        case "true", "false":
            if !tag.selfClosing { try skipMisc(); try readEndTag(tag.name) }
            return PropertyListNode(value: .bool(tag.name == "true"), location: location)
        case "array":
            return PropertyListNode(value: .array(try readArray(tag, at: start)), location: location)
        case "dict":
            return PropertyListNode(value: .dictionary(try readDictionary(tag, at: start)), location: location)
        default:
            throw error("unknown property list element '<\(tag.name)>'; expected string, integer, real, true, false, date, data, array or dict.", at: start)
        }
    }

    private mutating func enterContainer(at start: Int) throws(ParseError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("the property list nests deeper than \(Self.maximumDepth) levels.", at: start)
        }
    }

    private mutating func readArray(_ tag: StartTag, at start: Int) throws(ParseError) -> [PropertyListNode] {
        if tag.selfClosing { return [] }
        try enterContainer(at: start)
        defer { depth -= 1 }
        var elements: [PropertyListNode] = []
        while true {
            try skipMisc()
            if peek(is: "</") { try readEndTag("array"); return elements }
            elements.append(try readValue())
        }
    }

    private mutating func readDictionary(_ tag: StartTag, at start: Int) throws(ParseError) -> [PropertyListNode.Member] {
        if tag.selfClosing { return [] }
        try enterContainer(at: start)
        defer { depth -= 1 }
        var members: [PropertyListNode.Member] = []
        while true {
            try skipMisc()
            if peek(is: "</") { try readEndTag("dict"); return members }
            let keyStart = position
            guard peek(is: "<") else { throw error("expected '<key>' in a dictionary.") }
            let keyTag = try readStartTag()
            guard keyTag.name == "key" else {
                throw error("expected '<key>' in a dictionary, found '<\(keyTag.name)>'.", at: keyStart)
            }
            let key = keyTag.selfClosing ? "" : try readText(closing: "key")
            try skipMisc()
            guard position < bytes.count, !peek(is: "</") else {
                throw error("expected a value after the key \"\(key)\".")
            }
            let value = try readValue()
            members.append(.init(key: key, keyLocation: lines.location(ofByte: keyStart), value: value))
        }
    }

    // MARK: Tags

    private struct StartTag {
        var name: String
        var selfClosing: Bool
    }

    private mutating func readStartTag() throws(ParseError) -> StartTag {
        let start = position
        position += 1  // "<"
        let name = readName()
        guard !name.isEmpty else { throw error("expected an element name after '<'.", at: start) }
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw error("unterminated tag '<\(name)'; expected '>'.", at: start) }
            if bytes[position] == UInt8(ascii: ">") { position += 1; return StartTag(name: name, selfClosing: false) }
            if peek(is: "/>") { position += 2; return StartTag(name: name, selfClosing: true) }
            // An attribute: name = "value".
            let attribute = readName()
            guard !attribute.isEmpty else { throw error("unexpected character in the tag '<\(name)>'.") }
            skipWhitespace()
            guard peek(is: "=") else { throw error("expected '=' after the attribute '\(attribute)'.") }
            position += 1
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
                throw error("expected a quoted value for the attribute '\(attribute)'.")
            }
            let quote = bytes[position]
            position += 1
            while position < bytes.count, bytes[position] != quote { position += 1 }
            guard position < bytes.count else { throw error("unterminated attribute value in '<\(name)>'.", at: start) }
            position += 1
        }
    }

    private mutating func readEndTag(_ name: String) throws(ParseError) {
        let start = position
        guard peek(is: "</") else { throw error("expected '</\(name)>'.") }
        position += 2
        let found = readName()
        skipWhitespace()
        guard found == name, peek(is: ">") else {
            throw error("expected '</\(name)>', found '</\(found)>'.", at: start)
        }
        position += 1
    }

    private mutating func readName() -> String {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            let isNameByte = byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: ":")
            guard isNameByte else { break }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    // MARK: Text

    /// Reads character data up to `</closing>`, resolving entities and CDATA.
    private mutating func readText(closing name: String) throws(ParseError) -> String {
        let start = position
        var utf8: [UInt8] = []
        while true {
            guard position < bytes.count else {
                throw error("unterminated '<\(name)>'; expected '</\(name)>' before the end of the file.", at: start)
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                if peek(is: "<![CDATA[") {
                    position += 9
                    guard let end = find("]]>") else { throw error("unterminated CDATA section; expected ']]>'.") }
                    utf8.append(contentsOf: bytes[position..<end])
                    position = end + 3
                } else if peek(is: "<!--") {
                    try skipComment()
                } else {
                    try readEndTag(name)
                    return String(decoding: utf8, as: UTF8.self)
                }
            } else if byte == UInt8(ascii: "&") {
                utf8.append(contentsOf: try readEntity())
            } else if byte == UInt8(ascii: "\r") {
                // XML normalises CR and CRLF to LF.
                utf8.append(UInt8(ascii: "\n"))
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "\n") { position += 1 }
            } else {
                utf8.append(byte)
                position += 1
            }
        }
    }

    private mutating func readEntity() throws(ParseError) -> [UInt8] {
        let start = position
        guard let end = bytes[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw error("expected an entity such as '&amp;' after '&'.", at: start)
        }
        let name = String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
        position = end + 1
        switch name {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            var digits = Substring(name)
            var radix = 10
            guard digits.first == "#" else {
                throw error("unknown entity '&\(name);'; only &lt; &gt; &amp; &quot; &apos; and character references are allowed.", at: start)
            }
            digits = digits.dropFirst()
            if digits.first == "x" || digits.first == "X" { radix = 16; digits = digits.dropFirst() }
            guard let code = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(code), code != 0 else {
                throw error("invalid character reference '&\(name);'.", at: start)
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    // MARK: Whitespace, comments, prolog

    /// Skips whitespace, comments, processing instructions and the DOCTYPE.
    private mutating func skipMisc() throws(ParseError) {
        while true {
            skipWhitespace()
            if peek(is: "<!--") {
                try skipComment()
            } else if peek(is: "<?") {
                guard let end = find("?>") else { throw error("unterminated processing instruction; expected '?>'.") }
                position = end + 2
            } else if peek(is: "<!DOCTYPE") {
                try skipDoctype()
            } else {
                return
            }
        }
    }

    private mutating func skipComment() throws(ParseError) {
        let start = position
        guard let end = find("-->", from: position + 4) else {
            throw error("unterminated comment; expected '-->'.", at: start)
        }
        position = end + 3
    }

    private mutating func skipDoctype() throws(ParseError) {
        let start = position
        var bracketDepth = 0
        var quote: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                bracketDepth += 1
            } else if byte == UInt8(ascii: "]") {
                bracketDepth -= 1
            } else if byte == UInt8(ascii: ">"), bracketDepth <= 0 {
                return
            }
        }
        throw error("unterminated DOCTYPE; expected '>'.", at: start)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
            position += 1
        }
    }

    private func peek(is literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { buffer in
            for index in 0..<count where bytes[position + index] != buffer[index] { return false }
            return true
        }
    }

    private func find(_ literal: StaticString, from start: Int? = nil) -> Int? {
        let count = literal.utf8CodeUnitCount
        var index = start ?? position
        return literal.withUTF8Buffer { buffer -> Int? in
            while index + count <= bytes.count {
                var matches = true
                for offset in 0..<count where bytes[index + offset] != buffer[offset] { matches = false; break }
                if matches { return index }
                index += 1
            }
            return nil
        }
    }

    private func validateUTF8() throws(ParseError) {
        guard let bad = UTF8Validation.firstInvalidByte(in: bytes, from: position) else { return }
        throw error("invalid UTF-8 byte 0x\(String(bytes[bad], radix: 16, uppercase: true)); property lists must be UTF-8.", at: bad)
    }

    private func error(_ message: String, at offset: Int? = nil) -> ParseError {
        ParseError(message, at: lines.location(ofByte: offset ?? position))
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
