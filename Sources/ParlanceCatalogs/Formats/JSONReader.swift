/// A cursor over the raw UTF-8 bytes of a JSON text (RFC 8259).
///
/// Readers of JSON-based formats walk the text with it and decode straight into
/// their model, so no intermediate tree is built for the parts they know, and
/// every schema error can point at the value it is about. What a reader does not
/// know it reads with ``readValue()`` and keeps as a ``JSONValue``.
///
/// The cursor only borrows `bytes`: use it inside `withUnsafeBytes` and let it go
/// before the closure returns. Line and column are worked out only when an error
/// is thrown, so reading valid text pays nothing for them.
package struct JSONReader {
    /// Objects and arrays nested deeper than this are an error, so hostile input
    /// cannot exhaust the stack.
    package static let maximumDepth = 512

    package let bytes: UnsafeBufferPointer<UInt8>
    /// The file name errors carry.
    package let path: String
    package var position = 0
    /// How many objects and arrays enclose the cursor.
    package var depth = 0
    /// Reused when a string holds escapes, to avoid an allocation per string.
    package var scratch: [UInt8] = []

    package init(bytes: UnsafeBufferPointer<UInt8>, path: String) {
        self.bytes = bytes
        self.path = path
        // Foundation reads a leading byte order mark; so does this reader.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    /// The kinds of JSON value, as schema errors name them.
    package enum Kind {
        case object, array, string, number, bool, null

        /// The kind with its article, for "found a number".
        var phrase: String {
            switch self {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .number: "a number"
            case .bool: "a boolean"
            case .null: "null"
            }
        }
    }

    package var isAtEnd: Bool { position >= bytes.count }

    package mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// Skips whitespace and names the kind of the value that starts there.
    package mutating func peekKind() throws(ParseError) -> Kind {
        skipWhitespace()
        guard position < bytes.count else {
            throw error("expected a value, found the end of the file.", at: position)
        }
        switch bytes[position] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: throw error("expected a value, found \(describe(at: position)).", at: position)
        }
    }

    /// Checks that only whitespace follows the top-level value.
    package mutating func expectEnd() throws(ParseError) {
        skipWhitespace()
        if position < bytes.count {
            throw error(
                "expected the end of the file after the top-level value, found \(describe(at: position)).",
                at: position)
        }
    }

    /// Enters one more level of nesting at the `{` or `[` under the cursor.
    package mutating func descend() throws(ParseError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error(
                "expected at most \(Self.maximumDepth) nested objects and arrays, found deeper nesting.",
                at: position)
        }
        position += 1
    }

    /// Reads `true` or `false`; the cursor is on `t` or `f`.
    package mutating func readBoolLiteral() throws(ParseError) -> Bool {
        if matchLiteral("true") { return true }
        if matchLiteral("false") { return false }
        throw error("expected a value, found \(describe(at: position)).", at: position)
    }

    /// Reads `null`; the cursor is on `n`.
    package mutating func readNullLiteral() throws(ParseError) {
        if !matchLiteral("null") {
            throw error("expected a value, found \(describe(at: position)).", at: position)
        }
    }

    private mutating func matchLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        let text = literal.utf8Start
        for index in 0..<count where bytes[position + index] != text[index] { return false }
        position += count
        return true
    }

    /// Reads a number and returns its exact text; the cursor is on `-` or a digit.
    package mutating func readNumberText() throws(ParseError) -> String {
        let start = position
        if byte(at: position) == UInt8(ascii: "-") { position += 1 }
        if byte(at: position) == UInt8(ascii: "0") {
            position += 1
        } else {
            try digits(after: "'-'")
        }
        if byte(at: position) == UInt8(ascii: ".") {
            position += 1
            try digits(after: "'.'")
        }
        if let e = byte(at: position), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            position += 1
            if let sign = byte(at: position), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            try digits(after: "the exponent mark")
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    private mutating func digits(after what: String) throws(ParseError) {
        let start = position
        while let digit = byte(at: position), digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") { position += 1 }
        if position == start {
            throw error("expected a digit after \(what), found \(describe(at: position)).", at: position)
        }
    }

    package func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }
}
