extension JSONReader {
    /// Where the cursor is inside an object: what was read last, for error messages.
    package struct ObjectCursor {
        /// The offset of the object's `{`.
        package let start: Int
        /// The offset of the opening quote of the last member name read; `nil` before the first.
        var lastName: Int?
    }

    /// Where the cursor is inside an array.
    package struct ArrayCursor {
        let start: Int
        var isFirst = true
    }

    /// Enters the object under the cursor; the caller has checked it is one.
    package mutating func enterObject() throws(ParseError) -> ObjectCursor {
        let start = position
        try descend()
        return ObjectCursor(start: start)
    }

    /// Reads up to the next member's value and returns its name, or `nil` after the closing `}`.
    package mutating func nextMember(_ cursor: inout ObjectCursor) throws(ParseError) -> RawString? {
        skipWhitespace()
        if let lastName = cursor.lastName {
            switch byte(at: position) {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
                if byte(at: position) == UInt8(ascii: "}") {
                    throw error("expected another member after ',', found '}'; JSON allows no trailing comma.", at: position)
                }
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return nil
            default:
                throw error(
                    "expected ',' or '}' after the value of \(quotedName(at: lastName)), found \(describe(at: position)).",
                    at: position)
            }
        } else if byte(at: position) == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return nil
        }
        guard byte(at: position) == UInt8(ascii: "\"") else {
            let expected = cursor.lastName == nil ? "a member name in quotes or '}'" : "a member name in quotes"
            throw error("expected \(expected), found \(describe(at: position)).", at: position)
        }
        cursor.lastName = position
        let name = try scanString()
        skipWhitespace()
        guard byte(at: position) == UInt8(ascii: ":") else {
            throw error("expected ':' after the object key \(quotedName(at: name.open)).", at: position)
        }
        position += 1
        return name
    }

    /// Enters the array under the cursor; the caller has checked it is one.
    package mutating func enterArray() throws(ParseError) -> ArrayCursor {
        let start = position
        try descend()
        return ArrayCursor(start: start)
    }

    /// Moves to the next element and returns `true`, or returns `false` after the closing `]`.
    package mutating func nextElement(_ cursor: inout ArrayCursor) throws(ParseError) -> Bool {
        skipWhitespace()
        if byte(at: position) == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return false
        }
        if cursor.isFirst {
            cursor.isFirst = false
            return true
        }
        guard byte(at: position) == UInt8(ascii: ",") else {
            throw error("expected ',' or ']' after an array element, found \(describe(at: position)).", at: position)
        }
        position += 1
        skipWhitespace()
        if byte(at: position) == UInt8(ascii: "]") {
            throw error("expected another element after ',', found ']'; JSON allows no trailing comma.", at: position)
        }
        return true
    }
}
