extension JSONReader {
    /// Reads any value whole, for members a reader does not model, keeping members in
    /// file order and numbers as their exact text.
    package mutating func readValue() throws(ParseError) -> JSONValue {
        switch try peekKind() {
        case .object: return .object(try readObjectValue())
        case .array:
            var cursor = try enterArray()
            var elements: [JSONValue] = []
            while try nextElement(&cursor) { elements.append(try readValue()) }
            return .array(elements)
        case .string: return .string(try readStringValue())
        case .number: return .number(try readNumberText())
        case .bool: return .bool(try readBoolLiteral())
        case .null:
            try readNullLiteral()
            return .null
        }
    }

    private mutating func readObjectValue() throws(ParseError) -> JSONObject {
        var cursor = try enterObject()
        var members = MemberList()
        while let raw = try nextMember(&cursor) {
            let name = try string(of: raw)
            try members.append(name, try readValue(), at: raw, in: self)
        }
        return JSONObject(members.members)
    }

    /// The error for a member name an object already holds.
    ///
    /// A repeated name is an error rather than a warning because keeping either value
    /// would silently lose the other, and Xcode never writes one.
    package func duplicate(_ name: String, at raw: RawString) -> ParseError {
        error("expected each member name once in an object, found \(quoted(name)) again.", at: raw.open)
    }

    /// The error for a repeated member name, decoding the name for the message.
    package func duplicate(at raw: RawString) -> ParseError {
        error("expected each member name once in an object, found \(quotedName(at: raw.open)) again.", at: raw.open)
    }

    /// Reads a value that must be a string; `member` names it in the error.
    package mutating func readString(for member: String) throws(ParseError) -> String {
        let kind = try peekKind()
        guard kind == .string else { throw mismatch("a string", for: member, found: kind) }
        return try readStringValue()
    }

    /// Reads a value that must be `true` or `false`.
    package mutating func readBool(for member: String) throws(ParseError) -> Bool {
        let kind = try peekKind()
        guard kind == .bool else { throw mismatch("a boolean", for: member, found: kind) }
        return try readBoolLiteral()
    }

    /// Reads a value that must be an integer that fits in `Int`.
    package mutating func readInteger(for member: String) throws(ParseError) -> Int {
        let kind = try peekKind()
        guard kind == .number else { throw mismatch("an integer", for: member, found: kind) }
        let start = position
        let text = try readNumberText()
        guard let value = Int(text) else {
            throw error("expected an integer for \(quoted(member)), found the number \(text).", at: start)
        }
        return value
    }

    /// Enters a value that must be an object.
    package mutating func enterObject(for member: String) throws(ParseError) -> ObjectCursor {
        let kind = try peekKind()
        guard kind == .object else { throw mismatch("an object", for: member, found: kind) }
        return try enterObject()
    }

    /// Enters a value that must be an array.
    package mutating func enterArray(for member: String) throws(ParseError) -> ArrayCursor {
        let kind = try peekKind()
        guard kind == .array else { throw mismatch("an array", for: member, found: kind) }
        return try enterArray()
    }

    /// The schema error for a value of the wrong kind, at the value.
    package func mismatch(_ expected: String, for member: String, found kind: Kind) -> ParseError {
        error("expected \(expected) for \(quoted(member)), found \(kind.phrase).", at: position)
    }
}

/// Members read in file order, refusing a name seen before.
package struct MemberList {
    private(set) var members: [(name: String, value: JSONValue)] = []
    /// Built only once the list is long enough for a linear search to cost more,
    /// so a hostile object with many members cannot make reading quadratic.
    private var names: Set<String>?

    package init() {}

    package func contains(_ name: String) -> Bool {
        if let names { return names.contains(name) }
        return members.contains { $0.name == name }
    }

    package mutating func append(_ name: String, _ value: JSONValue, at raw: RawString, in reader: JSONReader) throws(ParseError) {
        if contains(name) { throw reader.duplicate(name, at: raw) }
        members.append((name, value))
        if names != nil {
            names?.insert(name)
        } else if members.count > 16 {
            names = Set(members.map(\.name))
        }
    }
}
