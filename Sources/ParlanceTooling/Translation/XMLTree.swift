import Foundation
@_spi(Files) import Parlance

/// An element of an XML document read by `XMLTreeReader`: its local name, attributes and
/// children, and the byte offset of its `<` for error locations.
struct XMLElement: Sendable {
    /// The name without its namespace prefix (`trans-unit` for `xliff:trans-unit`).
    var name: String
    /// Attributes as written, with prefixes kept (`xml:space`), in document order.
    var attributes: [(name: String, value: String)]
    var children: [XMLNode]
    var offset: Int

    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The child elements named `name`, in order.
    func elements(_ name: String) -> [XMLElement] {
        children.compactMap { if case .element(let element) = $0, element.name == name { element } else { nil } }
    }

    func firstElement(_ name: String) -> XMLElement? {
        for child in children { if case .element(let element) = child, element.name == name { return element } }
        return nil
    }
}

/// A child of an element: another element, or character data with entities resolved.
enum XMLNode: Sendable {
    case element(XMLElement)
    case text(String)
}

/// Reads XML into a tree, for translators' files that arrive from outside the project.
///
/// Built for untrusted input, so it reads less than a general XML parser on purpose:
/// - a document type declaration (`<!DOCTYPE`) is refused: no DTD is read, so no external
///   entity is ever resolved (no XXE) and no entity can be declared (no billion laughs);
/// - entity references are the five XML predefines and numeric character references;
/// - nesting deeper than ``Limits/depth``, names, attributes and attribute counts past their
///   limits, and documents past ``Limits/bytes`` are refused where they start;
/// - the text must be UTF-8 (with or without a byte order mark), as XLIFF from Xcode and
///   translation platforms is.
///
/// Every refusal is a ``/ParlanceCatalogs/ParseError`` naming file, line and column. Reading is one pass over
/// the bytes; the tree is at most a small multiple of the input.
struct XMLTreeReader {
    struct Limits: Sendable {
        var bytes = 256 << 20
        var depth = 64
        var nameLength = 1_024
        var attributeLength = 1 << 20
        var attributesPerElement = 64
    }

    private let bytes: [UInt8]
    private let lines: LineIndex
    private let limits: Limits
    private var position = 0

    /// Reads `bytes`, the content of `path`, and returns its root element.
    static func read(_ bytes: [UInt8], path: String, limits: Limits = Limits()) throws(ParseError) -> XMLElement {
        var reader = XMLTreeReader(bytes: bytes, lines: LineIndex(bytes: bytes, file: path), limits: limits)
        return try reader.document()
    }

    private init(bytes: [UInt8], lines: LineIndex, limits: Limits) {
        self.bytes = bytes
        self.lines = lines
        self.limits = limits
    }

    private func error(_ message: String, at offset: Int) -> ParseError {
        ParseError(message, at: lines.location(ofByte: offset))
    }

    // MARK: Document

    private mutating func document() throws(ParseError) -> XMLElement {
        guard bytes.count <= limits.bytes else {
            throw error("the file is \(bytes.count) bytes; XML past \(limits.bytes) bytes is not read.", at: 0)
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw error("the file is UTF-16; save it as UTF-8, as Xcode and translation platforms write XLIFF.", at: 0)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        if let invalid = UTF8Validation.firstInvalidByte(in: bytes, from: position) {
            throw error("the bytes here are not UTF-8.", at: invalid)
        }
        var root: XMLElement?
        while true {
            skipWhitespace()
            guard position < bytes.count else { break }
            guard bytes[position] == UInt8(ascii: "<") else {
                throw error(root == nil ? "expected an XML element, found text." : "text after the root element.", at: position)
            }
            if startsWith("<?") {
                try processingInstruction()
            } else if startsWith("<!--") {
                try comment()
            } else if startsWith("<!DOCTYPE") || startsWith("<!doctype") {
                throw error("a document type declaration (<!DOCTYPE) is not read: XLIFF needs none, and a DTD could declare entities or name external files.", at: position)
            } else if root == nil {
                root = try element(depth: 1)
            } else {
                throw error("a second root element; an XML document has one.", at: position)
            }
        }
        guard let root else { throw error("the file holds no XML element.", at: bytes.count) }
        return root
    }

    private mutating func processingInstruction() throws(ParseError) {
        let start = position
        guard let end = find("?>", from: position + 2) else {
            throw error("a processing instruction (<?) that never ends with ?>.", at: start)
        }
        let body = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        if body.hasPrefix("xml "), let range = body.range(of: "encoding=") {
            let value = body[range.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }
            if value.lowercased() != "utf-8" {
                throw error("the declared encoding is \"\(value)\"; only UTF-8 XML is read.", at: start)
            }
        }
        position = end + 2
    }

    private mutating func comment() throws(ParseError) {
        guard let end = find("-->", from: position + 4) else {
            throw error("a comment (<!--) that never ends with -->.", at: position)
        }
        position = end + 3
    }

    // MARK: Elements

    private mutating func element(depth: Int) throws(ParseError) -> XMLElement {
        let start = position
        guard depth <= limits.depth else {
            throw error("elements nest deeper than \(limits.depth) levels here.", at: start)
        }
        position += 1  // <
        let qualified = try name()
        var attributes: [(name: String, value: String)] = []
        while true {
            let hadSpace = skipWhitespace()
            guard position < bytes.count else { throw error("the tag <\(qualified)> never ends.", at: start) }
            if bytes[position] == UInt8(ascii: "/") {
                guard startsWith("/>") else { throw error("expected \"/>\" to close <\(qualified)>.", at: position) }
                position += 2
                return XMLElement(name: Self.localName(qualified), attributes: attributes, children: [], offset: start)
            }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                break
            }
            guard hadSpace else { throw error("expected a space before the attribute in <\(qualified)>.", at: position) }
            let attributeStart = position
            let attributeName = try name()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                throw error("expected \"=\" after the attribute \(attributeName).", at: position)
            }
            position += 1
            skipWhitespace()
            let value = try attributeValue(of: attributeName)
            if attributes.contains(where: { $0.name == attributeName }) {
                throw error("the attribute \(attributeName) appears twice in <\(qualified)>.", at: attributeStart)
            }
            guard attributes.count < limits.attributesPerElement else {
                throw error("<\(qualified)> has more than \(limits.attributesPerElement) attributes.", at: attributeStart)
            }
            attributes.append((attributeName, value))
        }
        var children: [XMLNode] = []
        var text: [UInt8] = []
        // White space beside child elements is indentation: XLIFF's mixed content (inline
        // markup) is refused anyway, so it is not kept, which spares a string per line.
        func flush(besideElement: Bool) {
            if !text.isEmpty {
                if !(besideElement && text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A })) {
                    children.append(.text(String(decoding: text, as: UTF8.self)))
                }
                text.removeAll(keepingCapacity: true)
            }
        }
        while true {
            guard position < bytes.count else {
                throw error("<\(qualified)> is never closed; expected </\(qualified)>.", at: start)
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                if startsWith("</") {
                    let closeStart = position
                    position += 2
                    let closing = try name()
                    skipWhitespace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
                        throw error("expected \">\" to end </\(closing)>.", at: position)
                    }
                    guard closing == qualified else {
                        throw error("</\(closing)> closes <\(qualified)>, opened at \(lines.location(ofByte: start)).", at: closeStart)
                    }
                    position += 1
                    flush(besideElement: !children.isEmpty)
                    return XMLElement(name: Self.localName(qualified), attributes: attributes, children: children, offset: start)
                } else if startsWith("<!--") {
                    try comment()
                } else if startsWith("<![CDATA[") {
                    guard let end = find("]]>", from: position + 9) else {
                        throw error("a CDATA section that never ends with ]]>.", at: position)
                    }
                    Self.appendNormalizingNewlines(bytes[(position + 9)..<end], to: &text)
                    position = end + 3
                } else if startsWith("<?") {
                    try processingInstruction()
                } else if startsWith("<!") {
                    throw error("a declaration (<!) inside an element; only comments and CDATA may appear here.", at: position)
                } else {
                    flush(besideElement: true)
                    children.append(.element(try element(depth: depth + 1)))
                }
            } else if byte == UInt8(ascii: "&") {
                try reference(into: &text)
            } else if byte == UInt8(ascii: "\r") {
                text.append(UInt8(ascii: "\n"))
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "\n") { position += 1 }
            } else {
                // A run of ordinary bytes at once.
                var end = position + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "<"), bytes[end] != UInt8(ascii: "&"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
                text.append(contentsOf: bytes[position..<end])
                position = end
            }
        }
    }

    private mutating func attributeValue(of attributeName: String) throws(ParseError) -> String {
        let start = position
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw error("expected a quoted value for the attribute \(attributeName).", at: position)
        }
        let quote = bytes[position]
        position += 1
        var value: [UInt8] = []
        while true {
            guard position < bytes.count else {
                throw error("the value of \(attributeName) never ends; expected a closing quote.", at: start)
            }
            guard value.count <= limits.attributeLength else {
                throw error("the value of \(attributeName) is longer than \(limits.attributeLength) bytes.", at: start)
            }
            let byte = bytes[position]
            if byte == quote {
                position += 1
                return String(decoding: value, as: UTF8.self)
            }
            switch byte {
            case UInt8(ascii: "<"):
                throw error("\"<\" inside the value of \(attributeName); write &lt;.", at: position)
            case UInt8(ascii: "&"):
                try reference(into: &value)
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"):
                // XML normalizes white space in attribute values to spaces.
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

    /// Reads `&…;` at `position`: a predefined entity or a character reference.
    private mutating func reference(into output: inout [UInt8]) throws(ParseError) {
        let start = position
        var end = position + 1
        while end < bytes.count, end - start < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw error("\"&\" that starts no entity reference; write &amp; for an ampersand.", at: start)
        }
        let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        let replacement: String
        switch name {
        case "lt": replacement = "<"
        case "gt": replacement = ">"
        case "amp": replacement = "&"
        case "quot": replacement = "\""
        case "apos": replacement = "'"
        default:
            guard name.hasPrefix("#") else {
                throw error("the entity &\(name); is not one of XML's five (&lt; &gt; &amp; &quot; &apos;); no others are declared, as no DTD is read.", at: start)
            }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, let scalar = Unicode.Scalar(value), Self.isXMLCharacter(scalar) else {
                throw error("&\(name); is not a character XML allows.", at: start)
            }
            replacement = String(Character(scalar))
        }
        output.append(contentsOf: replacement.utf8)
        position = end + 1
    }

    private mutating func name() throws(ParseError) -> String {
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position]) {
            position += 1
            guard position - start <= limits.nameLength else {
                throw error("a name longer than \(limits.nameLength) bytes.", at: start)
            }
        }
        guard position > start, !Self.isDigitOrPunctuation(bytes[start]) else {
            throw error("expected a name here.", at: start)
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    // MARK: Bytes

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = position
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
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

    private static func appendNormalizingNewlines(_ slice: ArraySlice<UInt8>, to output: inout [UInt8]) {
        var index = slice.startIndex
        while index < slice.endIndex {
            if slice[index] == UInt8(ascii: "\r") {
                output.append(UInt8(ascii: "\n"))
                if index + 1 < slice.endIndex, slice[index + 1] == UInt8(ascii: "\n") { index += 1 }
            } else {
                output.append(slice[index])
            }
            index += 1
        }
    }

    private static func localName(_ qualified: String) -> String {
        if let colon = qualified.lastIndex(of: ":") { String(qualified[qualified.index(after: colon)...]) } else { qualified }
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

    /// The locations of nondecreasing byte `offsets` in one pass over `bytes`, so that a
    /// hundred thousand units on one long line cost one walk, not one walk each.
    static func locations(ofSorted offsets: [Int], in bytes: [UInt8], file: String) -> [SourceLocation] {
        var locations: [SourceLocation] = []
        locations.reserveCapacity(offsets.count)
        var line = 1
        var column = 1
        var index = 0
        for offset in offsets {
            guard offset >= index else {
                // Not sorted after all: fall back to one lookup each.
                let lines = LineIndex(bytes: bytes, file: file)
                return offsets.map { lines.location(ofByte: $0) }
            }
            while index < min(offset, bytes.count) {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (index + 1 >= bytes.count || bytes[index + 1] != UInt8(ascii: "\n"))) {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80, byte != UInt8(ascii: "\r") {
                    column += 1
                }
                index += 1
            }
            locations.append(SourceLocation(file: file, line: line, column: column))
        }
        return locations
    }

}
