/// The one XML reader in the package: property lists (`.stringsdict`, XML `.strings`) and
/// XLIFF are read through it, so every XML file that arrives from outside meets the same
/// rules, limits and `file:line:column` errors.
///
/// It reads less than a general XML parser, on purpose, because its input is untrusted:
/// - a document type declaration is never read: ``DoctypePolicy/refuse`` refuses it,
///   ``DoctypePolicy/skip`` (property lists, which Xcode writes with one) steps over it
///   without looking at what it declares, so no external entity is ever resolved (no XXE)
///   and no entity is ever declared (no billion laughs);
/// - entity references are XML's five predefined ones and character references to
///   characters XML allows;
/// - nesting deeper than ``Options/depth``, names, attribute values and attribute counts
///   past their limits, and documents past ``Options/bytes`` are refused where they start;
/// - the text is UTF-8, with or without a byte order mark, checked by ``UTF8Validation``
///   before anything else is read; a declared encoding other than UTF-8 is refused.
///
/// It is a pull reader: ``next()`` returns one ``Event`` at a time, in document order, so
/// a reader built on it (``XMLTreeReader``, `XMLPropertyListReader`) reports the first
/// problem in the file, whether XML's or its own, and builds no tree it does not need. End
/// tags are checked against the open elements here; what elements may appear where is the
/// caller's to say. Reading is one pass over the bytes.
package struct XMLReader {
    /// What to do with a `<!DOCTYPE …>` before the root element.
    package enum DoctypePolicy: Sendable {
        /// Refuse it: the format needs none.
        case refuse
        /// Step over it, internal subset included, without reading a declaration in it.
        case skip
    }

    package struct Options: Sendable {
        /// The plural noun errors use for files of this format ("property lists").
        package var documentKind: String
        package var doctype: DoctypePolicy
        /// Elements nested deeper than this are refused at the start tag that passes it.
        package var depth: Int
        package var bytes = 256 << 20
        package var nameLength = 1_024
        package var attributeLength = 1 << 20
        package var attributesPerElement = 64

        package init(documentKind: String, doctype: DoctypePolicy, depth: Int) {
            self.documentKind = documentKind
            self.doctype = doctype
            self.depth = depth
        }
    }

    /// A start tag, as written.
    package struct StartTag {
        /// The name with its namespace prefix, if any (`xliff:trans-unit`).
        package var qualifiedName: String
        /// Attributes with prefixes kept (`xml:space`), values with references resolved.
        package var attributes: [(name: String, value: String)]
        /// The byte offset of its `<`.
        package var offset: Int
        /// The byte offset just past its `>`, where the element's content starts.
        package var contentOffset: Int
        /// Written `<name/>`; an ``Event/end(name:offset:)`` follows at once all the same.
        package var isEmptyElement: Bool

        /// The name without its namespace prefix (`trans-unit` for `xliff:trans-unit`).
        package var localName: String {
            if let colon = qualifiedName.lastIndex(of: ":") {
                String(qualifiedName[qualifiedName.index(after: colon)...])
            } else {
                qualifiedName
            }
        }
    }

    package enum Event {
        case start(StartTag)
        /// An end tag (or the end of an empty element) at `offset`.
        case end(name: String, offset: Int)
        /// A run of character data between two tags, CDATA sections and references
        /// resolved, comments left out, line ends normalised to LF; its text is ``text``.
        /// `offset` is the first byte that is not white space (the run's start when it is all
        /// white space), the place an error about it names.
        case text(offset: Int, isWhitespace: Bool)
        /// The end of the bytes, at `offset`; ``openElements`` says what was left open.
        case endOfDocument(offset: Int)
    }

    package let bytes: [UInt8]
    package let lines: LineIndex
    package let options: Options
    /// The names of the elements open at this point, outermost first.
    package private(set) var openElements: [String] = []
    /// The character data of the last ``Event/text(offset:isWhitespace:)`` event, as UTF-8.
    package private(set) var textBytes: [UInt8] = []

    private var position = 0
    private var started = false
    private var seenRoot = false
    private var pendingEnd: (name: String, offset: Int)?

    package init(_ bytes: [UInt8], path: String, options: Options) {
        self.bytes = bytes
        self.lines = LineIndex(bytes: bytes, file: path)
        self.options = options
    }

    /// The character data of the last text event, as a string.
    package var text: String { String(decoding: textBytes, as: UTF8.self) }

    package func error(_ message: String, at offset: Int) -> ParseError {
        ParseError(message, at: lines.location(ofByte: offset))
    }

    // MARK: Events

    /// The next event; after ``Event/endOfDocument(offset:)``, that again.
    package mutating func next() throws(ParseError) -> Event {
        if !started { try start() }
        if let end = pendingEnd {
            pendingEnd = nil
            openElements.removeLast()
            return .end(name: end.name, offset: end.offset)
        }
        textBytes.removeAll(keepingCapacity: true)
        var runStart: Int?
        var significant: Int?
        func textEvent() -> Event {
            .text(offset: significant ?? runStart ?? position, isWhitespace: significant == nil)
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                if startsWith("<!--") {
                    if runStart == nil { runStart = position }
                    try comment()
                } else if startsWith("<![CDATA[") {
                    if runStart == nil { runStart = position }
                    if significant == nil { significant = position }
                    try cdata()
                } else if startsWith("<?") {
                    if runStart == nil { runStart = position }
                    try processingInstruction()
                } else if startsWith("<!DOCTYPE") && openElements.isEmpty && !seenRoot {
                    if runStart == nil { runStart = position }
                    try doctype()
                } else if startsWith("<!") {
                    throw error("a declaration (<!) here; only comments and CDATA sections may appear in an element, and a DOCTYPE only before the root element.", at: position)
                } else if runStart != nil {
                    return textEvent()
                } else if startsWith("</") {
                    return try endTag()
                } else {
                    return .start(try startTag())
                }
            } else {
                if runStart == nil { runStart = position }
                if byte == UInt8(ascii: "&") {
                    if significant == nil { significant = position }
                    Self.append(try reference(), to: &textBytes)
                } else if byte == UInt8(ascii: "\r") {
                    textBytes.append(UInt8(ascii: "\n"))
                    position += 1
                    if position < bytes.count, bytes[position] == UInt8(ascii: "\n") { position += 1 }
                } else {
                    // A run of ordinary bytes at once.
                    var end = position
                    while end < bytes.count {
                        let next = bytes[end]
                        if next == UInt8(ascii: "<") || next == UInt8(ascii: "&") || next == UInt8(ascii: "\r") { break }
                        if significant == nil, next != 0x20, next != 0x09, next != 0x0A { significant = end }
                        end += 1
                    }
                    textBytes.append(contentsOf: bytes[position..<end])
                    position = end
                }
            }
        }
        if runStart != nil { return textEvent() }
        return .endOfDocument(offset: bytes.count)
    }

    /// The checks made once, before the first event: size, encoding.
    private mutating func start() throws(ParseError) {
        started = true
        guard bytes.count <= options.bytes else {
            throw error("the file is \(bytes.count) bytes; XML past \(options.bytes) bytes is not read.", at: 0)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        if let invalid = UTF8Validation.firstInvalidByte(in: bytes, from: position) {
            let hex = String(bytes[invalid], radix: 16, uppercase: true)
            throw error("invalid UTF-8 byte 0x\(hex.count == 1 ? "0" + hex : hex); \(options.documentKind) must be UTF-8.", at: invalid)
        }
    }

    // MARK: Tags

    private mutating func startTag() throws(ParseError) -> StartTag {
        let start = position
        guard openElements.count < options.depth else {
            throw error("elements nest deeper than \(options.depth) levels here.", at: start)
        }
        position += 1  // <
        let qualified = try name()
        var attributes: [(name: String, value: String)] = []
        while true {
            let hadSpace = skipWhitespace()
            guard position < bytes.count else { throw error("the tag <\(qualified)> never ends; expected '>'.", at: start) }
            if bytes[position] == UInt8(ascii: "/") {
                guard startsWith("/>") else { throw error("expected \"/>\" to close <\(qualified)>.", at: position) }
                position += 2
                seenRoot = true
                openElements.append(qualified)
                pendingEnd = (qualified, start)
                return StartTag(qualifiedName: qualified, attributes: attributes, offset: start, contentOffset: position, isEmptyElement: true)
            }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                seenRoot = true
                openElements.append(qualified)
                return StartTag(qualifiedName: qualified, attributes: attributes, offset: start, contentOffset: position, isEmptyElement: false)
            }
            guard hadSpace else { throw error("expected a space before the attribute in <\(qualified)>.", at: position) }
            let attributeStart = position
            let attributeName = try name()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                throw error("expected '=' after the attribute '\(attributeName)'.", at: position)
            }
            position += 1
            skipWhitespace()
            let value = try attributeValue(of: attributeName)
            if attributes.contains(where: { $0.name == attributeName }) {
                throw error("the attribute \(attributeName) appears twice in <\(qualified)>.", at: attributeStart)
            }
            guard attributes.count < options.attributesPerElement else {
                throw error("<\(qualified)> has more than \(options.attributesPerElement) attributes.", at: attributeStart)
            }
            attributes.append((attributeName, value))
        }
    }

    private mutating func endTag() throws(ParseError) -> Event {
        let start = position
        position += 2  // </
        let closing = try name()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw error("expected '>' to end '</\(closing)>'.", at: position)
        }
        guard let open = openElements.last else {
            throw error("'</\(closing)>' closes no open element.", at: start)
        }
        guard closing == open else {
            throw error("expected '</\(open)>', found '</\(closing)>'.", at: start)
        }
        position += 1
        openElements.removeLast()
        return .end(name: closing, offset: start)
    }

    private mutating func attributeValue(of attributeName: String) throws(ParseError) -> String {
        let start = position
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw error("expected a quoted value for the attribute '\(attributeName)'.", at: position)
        }
        let quote = bytes[position]
        position += 1
        var value: [UInt8] = []
        while true {
            guard position < bytes.count else {
                throw error("the value of \(attributeName) never ends; expected a closing quote.", at: start)
            }
            guard value.count <= options.attributeLength else {
                throw error("the value of \(attributeName) is longer than \(options.attributeLength) bytes.", at: start)
            }
            let byte = bytes[position]
            if byte == quote {
                position += 1
                return String(decoding: value, as: UTF8.self)
            }
            switch byte {
            case UInt8(ascii: "<"):
                throw error("'<' inside the value of \(attributeName); write &lt;.", at: position)
            case UInt8(ascii: "&"):
                Self.append(try reference(), to: &value)
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"):
                // XML normalises white space in attribute values to spaces.
                value.append(UInt8(ascii: " "))
                position += 1
            case UInt8(ascii: "\r"):
                value.append(UInt8(ascii: " "))
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "\n") { position += 1 }
            default:
                value.append(byte)
                position += 1
            }
        }
    }

    private mutating func name() throws(ParseError) -> String {
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position]) {
            position += 1
            guard position - start <= options.nameLength else {
                throw error("a name longer than \(options.nameLength) bytes.", at: start)
            }
        }
        guard position > start, !Self.isDigitOrPunctuation(bytes[start]) else {
            throw error("expected a name here.", at: start)
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    // MARK: Character data and references

    /// Reads `&…;` at `position`: a predefined entity or a character reference, and returns
    /// the character it stands for.
    private mutating func reference() throws(ParseError) -> Unicode.Scalar {
        let start = position
        var end = position + 1
        while end < bytes.count, end - start < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw error("expected an entity such as '&amp;' after '&'.", at: start)
        }
        let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        let scalar: Unicode.Scalar
        switch name {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default:
            guard name.hasPrefix("#") else {
                throw error("unknown entity '&\(name);'; only &lt; &gt; &amp; &quot; &apos; and character references are allowed.", at: start)
            }
            var digits = Substring(name).dropFirst()
            var radix = 10
            if digits.first == "x" || digits.first == "X" {
                radix = 16
                digits = digits.dropFirst()
            }
            guard let value = UInt32(digits, radix: radix), let referenced = Unicode.Scalar(value), Self.isXMLCharacter(referenced) else {
                throw error("invalid character reference '&\(name);'.", at: start)
            }
            scalar = referenced
        }
        position = end + 1
        return scalar
    }

    private static func append(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        if scalar.isASCII {
            output.append(UInt8(scalar.value))
        } else {
            output.append(contentsOf: Character(scalar).utf8)
        }
    }

    private mutating func cdata() throws(ParseError) {
        guard let end = find("]]>", from: position + 9) else {
            throw error("unterminated CDATA section; expected ']]>'.", at: position)
        }
        var index = position + 9
        while index < end {
            if bytes[index] == UInt8(ascii: "\r") {
                textBytes.append(UInt8(ascii: "\n"))
                if index + 1 < end, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
            } else {
                textBytes.append(bytes[index])
            }
            index += 1
        }
        position = end + 3
    }

    // MARK: Comments, processing instructions, DOCTYPE

    private mutating func comment() throws(ParseError) {
        guard let end = find("-->", from: position + 4) else {
            throw error("unterminated comment; expected '-->'.", at: position)
        }
        position = end + 3
    }

    private mutating func processingInstruction() throws(ParseError) {
        let start = position
        guard let end = find("?>", from: position + 2) else {
            throw error("unterminated processing instruction; expected '?>'.", at: start)
        }
        if let value = Self.declaredEncoding(bytes[(start + 2)..<end]), value.lowercased() != "utf-8" {
            throw error("the declared encoding is \"\(value)\"; only UTF-8 XML is read.", at: start)
        }
        position = end + 2
    }

    /// The `encoding` of an XML declaration's body (`xml version="1.0" encoding="UTF-8"`).
    private static func declaredEncoding(_ body: ArraySlice<UInt8>) -> String? {
        let words = Array(body)
        guard words.starts(with: Array("xml ".utf8)) else { return nil }
        let needle = Array("encoding".utf8)
        var index = 0
        while index + needle.count <= words.count, !words[index..<(index + needle.count)].elementsEqual(needle) { index += 1 }
        guard index + needle.count <= words.count else { return nil }
        index += needle.count
        while index < words.count, words[index] == 0x20 || words[index] == UInt8(ascii: "=") { index += 1 }
        guard index < words.count, words[index] == UInt8(ascii: "\"") || words[index] == UInt8(ascii: "'") else { return nil }
        let quote = words[index]
        let valueStart = index + 1
        var valueEnd = valueStart
        while valueEnd < words.count, words[valueEnd] != quote { valueEnd += 1 }
        return String(decoding: words[valueStart..<valueEnd], as: UTF8.self)
    }

    private mutating func doctype() throws(ParseError) {
        let start = position
        guard options.doctype == .skip else {
            throw error("a document type declaration (<!DOCTYPE) is not read: \(options.documentKind) need none, and a DTD could declare entities or name external files.", at: start)
        }
        // Stepped over, quotes and the internal subset's brackets respected; nothing in it is read.
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

    // MARK: Bytes

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { break }
            position += 1
        }
        return position > start
    }

    private func startsWith(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return text.withUTF8Buffer { prefix in
            for index in 0..<count where bytes[position + index] != prefix[index] { return false }
            return true
        }
    }

    private func find(_ text: StaticString, from start: Int) -> Int? {
        text.withUTF8Buffer { needle in
            let count = needle.count
            var index = start
            while index + count <= bytes.count {
                if bytes[index] == needle[0] {
                    var matched = true
                    for offset in 1..<count where bytes[index + offset] != needle[offset] {
                        matched = false
                        break
                    }
                    if matched { return index }
                }
                index += 1
            }
            return nil
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "."), 0x80...0xFF:
            true
        default: false
        }
    }

    private static func isDigitOrPunctuation(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
