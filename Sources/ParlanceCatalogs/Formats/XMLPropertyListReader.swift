/// Reads XML property lists (`.stringsdict`, XML `.strings`) into located nodes, over the
/// package's one ``XMLReader``.
///
/// What XML allows is the reader's to say (no DTD read: the DOCTYPE Xcode writes is stepped
/// over; XML's five entities; UTF-8); what a property list allows is said here: the
/// elements `plist`, `dict`, `key`, `array`, `string`, `integer`, `real`, `true`, `false`,
/// `date` and `data`, each where the format puts it, and containers nested at most
/// ``maximumDepth`` deep. Every error names the line and column where reading stopped, in
/// document order, so the first problem in the file is the one reported.
struct XMLPropertyListReader {
    static let maximumDepth = 512

    /// Two levels beyond ``maximumDepth`` for `<plist>` and the innermost value, so the
    /// container limit, with its own message, is always met first.
    static let options = XMLReader.Options(documentKind: "property lists", doctype: .skip, depth: maximumDepth + 2)

    private var xml: XMLReader
    private var depth = 0

    /// Reads the single value inside `<plist>` (or a bare top-level value).
    static func read(_ bytes: [UInt8], file: String) throws(ParseError) -> PropertyListNode {
        var reader = XMLPropertyListReader(xml: XMLReader(bytes, path: file, options: options))
        return try reader.readDocument()
    }

    private init(xml: XMLReader) {
        self.xml = xml
    }

    /// The next event that is not white space between elements.
    private mutating func nextSignificant() throws(ParseError) -> XMLReader.Event {
        while true {
            let event = try xml.next()
            if case .text(_, true) = event { continue }
            return event
        }
    }

    private mutating func readDocument() throws(ParseError) -> PropertyListNode {
        let node: PropertyListNode
        switch try nextSignificant() {
        case .endOfDocument(let offset):
            throw xml.error("expected a property list, found the end of the file.", at: offset)
        case .text(let offset, _):
            throw xml.error("expected a property list value such as '<string>' or '<dict>'.", at: offset)
        case .end(_, let offset):
            throw xml.error("expected a property list value such as '<string>' or '<dict>'.", at: offset)
        case .start(let tag) where tag.qualifiedName == "plist":
            if tag.isEmptyElement { throw xml.error("expected a value inside '<plist>'.", at: tag.offset) }
            switch try nextSignificant() {
            case .start(let value):
                node = try readValue(value)
            case .end(_, let offset):
                throw xml.error("expected a value inside '<plist>'.", at: offset)
            case .text(let offset, _), .endOfDocument(let offset):
                throw xml.error("expected a property list value such as '<string>' or '<dict>'.", at: offset)
            }
            switch try nextSignificant() {
            case .end: break
            case .start(let tag): throw xml.error("expected '</plist>'.", at: tag.offset)
            case .text(let offset, _), .endOfDocument(let offset): throw xml.error("expected '</plist>'.", at: offset)
            }
        case .start(let tag):
            node = try readValue(tag)
        }
        switch try nextSignificant() {
        case .endOfDocument: return node
        case .start(let tag): throw xml.error("expected the end of the file after the property list.", at: tag.offset)
        case .text(let offset, _), .end(_, let offset):
            throw xml.error("expected the end of the file after the property list.", at: offset)
        }
    }

    // MARK: Values

    /// The value whose start tag is `tag`, read to its end tag.
    private mutating func readValue(_ tag: XMLReader.StartTag) throws(ParseError) -> PropertyListNode {
        let location = xml.lines.location(ofByte: tag.offset)
        switch tag.qualifiedName {
        case "string", "integer", "real", "date", "data":
            let text = try readText(tag)
            let value: PropertyListNode.Value = switch tag.qualifiedName {
            case "string": .string(text)
            case "integer": .integer(text.trimmingWhitespace())
            case "real": .real(text.trimmingWhitespace())
            case "date": .date(text.trimmingWhitespace())
            default: .data(text)
            }
            return PropertyListNode(value: value, location: location)
        case "true", "false":
            try readEnd(of: tag)
            return PropertyListNode(value: .bool(tag.qualifiedName == "true"), location: location)
        case "array":
            return PropertyListNode(value: .array(try readArray(tag)), location: location)
        case "dict":
            return PropertyListNode(value: .dictionary(try readDictionary(tag)), location: location)
        default:
            throw xml.error(
                "unknown property list element '<\(tag.qualifiedName)>'; expected string, integer, real, true, false, date, data, array or dict.",
                at: tag.offset)
        }
    }

    /// The next value in a container: its start tag, or `nil` at the container's end tag.
    private mutating func nextValueTag() throws(ParseError) -> XMLReader.StartTag? {
        switch try nextSignificant() {
        case .start(let tag): return tag
        case .end: return nil
        case .text(let offset, _), .endOfDocument(let offset):
            throw xml.error("expected a property list value such as '<string>' or '<dict>'.", at: offset)
        }
    }

    private mutating func enterContainer(_ tag: XMLReader.StartTag) throws(ParseError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw xml.error("the property list nests deeper than \(Self.maximumDepth) levels.", at: tag.offset)
        }
    }

    private mutating func readArray(_ tag: XMLReader.StartTag) throws(ParseError) -> [PropertyListNode] {
        try enterContainer(tag)
        defer { depth -= 1 }
        var elements: [PropertyListNode] = []
        while let next = try nextValueTag() {
            elements.append(try readValue(next))
        }
        return elements
    }

    private mutating func readDictionary(_ tag: XMLReader.StartTag) throws(ParseError) -> [PropertyListNode.Member] {
        try enterContainer(tag)
        defer { depth -= 1 }
        var members: [PropertyListNode.Member] = []
        while true {
            let keyTag: XMLReader.StartTag
            switch try nextSignificant() {
            case .end:
                return members
            case .start(let tag):
                guard tag.qualifiedName == "key" else {
                    throw xml.error("expected '<key>' in a dictionary, found '<\(tag.qualifiedName)>'.", at: tag.offset)
                }
                keyTag = tag
            case .text(let offset, _), .endOfDocument(let offset):
                throw xml.error("expected '<key>' in a dictionary.", at: offset)
            }
            let key = try readText(keyTag)
            let valueTag: XMLReader.StartTag
            switch try nextSignificant() {
            case .start(let tag): valueTag = tag
            case .end(_, let offset), .endOfDocument(let offset):
                throw xml.error("expected a value after the key \"\(key)\".", at: offset)
            case .text(let offset, _):
                throw xml.error("expected a property list value such as '<string>' or '<dict>'.", at: offset)
            }
            let value = try readValue(valueTag)
            members.append(.init(key: key, keyLocation: xml.lines.location(ofByte: keyTag.offset), value: value))
        }
    }

    // MARK: Text

    /// The character data of a leaf element (`<key>`, `<string>`…) up to its end tag.
    private mutating func readText(_ tag: XMLReader.StartTag) throws(ParseError) -> String {
        var text: String?
        while true {
            switch try xml.next() {
            case .text:
                if text == nil { text = xml.text } else { text! += xml.text }
            case .end:
                return text ?? ""
            case .start(let inner):
                throw xml.error("expected '</\(tag.qualifiedName)>'.", at: inner.offset)
            case .endOfDocument:
                throw xml.error(
                    "unterminated '<\(tag.qualifiedName)>'; expected '</\(tag.qualifiedName)>' before the end of the file.",
                    at: tag.contentOffset)
            }
        }
    }

    /// The end tag of an element that holds nothing (`<true/>`, or `<true></true>`).
    private mutating func readEnd(of tag: XMLReader.StartTag) throws(ParseError) {
        switch try nextSignificant() {
        case .end: return
        case .start(let inner): throw xml.error("expected '</\(tag.qualifiedName)>'.", at: inner.offset)
        case .text(let offset, _), .endOfDocument(let offset): throw xml.error("expected '</\(tag.qualifiedName)>'.", at: offset)
        }
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
