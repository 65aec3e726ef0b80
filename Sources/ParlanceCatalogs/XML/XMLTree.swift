/// An element of an XML document read by ``XMLTreeReader``: its local name, attributes and
/// children, and the byte offset of its `<` for error locations.
package struct XMLElement: Sendable {
    /// The name without its namespace prefix (`trans-unit` for `xliff:trans-unit`).
    package var name: String
    /// Attributes as written, with prefixes kept (`xml:space`), in document order.
    package var attributes: [(name: String, value: String)]
    package var children: [XMLNode]
    package var offset: Int

    package func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The child elements named `name`, in order.
    package func elements(_ name: String) -> [XMLElement] {
        children.compactMap { if case .element(let element) = $0, element.name == name { element } else { nil } }
    }

    package func firstElement(_ name: String) -> XMLElement? {
        for child in children { if case .element(let element) = child, element.name == name { return element } }
        return nil
    }
}

/// A child of an element: another element, or character data with references resolved.
package enum XMLNode: Sendable {
    case element(XMLElement)
    case text(String)
}

/// Reads a whole XML document into a tree of ``XMLElement``s over ``XMLReader``, for
/// translators' files (XLIFF) that arrive from outside the project: no DOCTYPE, the five
/// entities, nesting to ``XMLReader/Options/depth``, every refusal a located ``ParseError``.
///
/// White space beside child elements is indentation and is not kept (a format with mixed
/// content refuses it anyway), which spares a string per line; text in an element with no
/// child elements is kept as written.
package enum XMLTreeReader {
    /// The options XLIFF is read with: no DOCTYPE, 64 levels.
    package static let xliff = XMLReader.Options(documentKind: "XLIFF files", doctype: .refuse, depth: 64)

    /// Reads `bytes`, the content of `path`, and returns its root element.
    package static func read(_ bytes: [UInt8], path: String, options: XMLReader.Options = xliff) throws(ParseError) -> XMLElement {
        var reader = XMLReader(bytes, path: path, options: options)
        var root: XMLElement?
        while true {
            switch try reader.next() {
            case .text(let offset, let isWhitespace):
                if !isWhitespace {
                    throw reader.error(root == nil ? "expected an XML element, found text." : "text after the root element.", at: offset)
                }
            case .start(let tag):
                if root != nil { throw reader.error("a second root element; an XML document has one.", at: tag.offset) }
                root = try element(tag, &reader)
            case .end(_, let offset):
                // XMLReader refuses an end tag with nothing open; kept for completeness.
                throw reader.error("an end tag outside the root element.", at: offset)
            case .endOfDocument(let offset):
                guard let root else { throw reader.error("the file holds no XML element.", at: offset) }
                return root
            }
        }
    }

    private static func element(_ tag: XMLReader.StartTag, _ reader: inout XMLReader) throws(ParseError) -> XMLElement {
        var children: [XMLNode] = []
        var pending: (text: String, isWhitespace: Bool)?
        while true {
            switch try reader.next() {
            case .text(_, let isWhitespace):
                let text = reader.text
                pending = text.isEmpty ? nil : (text, isWhitespace)
            case .start(let child):
                if let text = pending, !text.isWhitespace { children.append(.text(text.text)) }
                pending = nil
                children.append(.element(try element(child, &reader)))
            case .end:
                if let text = pending, !(text.isWhitespace && !children.isEmpty) { children.append(.text(text.text)) }
                return XMLElement(name: tag.localName, attributes: tag.attributes, children: children, offset: tag.offset)
            case .endOfDocument:
                throw reader.error("<\(tag.qualifiedName)> is never closed; expected </\(tag.qualifiedName)>.", at: tag.offset)
            }
        }
    }
}
